# Builds the test programs into $(BUILD)/tests (placeholder; see tests/README.md).
test-programs:
	@true
