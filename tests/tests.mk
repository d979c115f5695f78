# tests/tests.mk — builds everything tests/run.sh runs, under $(BUILD)/tests:
#
#   classes/                  tests/java/*.java and tests/embed/java/*.java, compiled by
#                             tests/lib/javac.sh (recompiled when any source changes)
#   jembed, jembed-hotspot    the Invocation-API launcher, against Loupe / against HotSpot
#   embed/NAME, NAME-hotspot  each tests/embed/NAME.c, against Loupe / against HotSpot
#   unit/test_NAME            each tests/unit/test_NAME.c, linked with libloupe.a
#   agent/libNAME.so          each tests/agent/NAME.c, a JVMTI agent (one build for both VMs,
#                             without sanitizers: HotSpot loads it too)
#   agent-classes/            tests/agent/java/*.java, the agents' Java targets (-g)
#
# The HotSpot builds are the reference side of the comparison: they are built without
# sanitizers (HotSpot is not), the Loupe builds with $(CFLAGS) as they are.  Included by
# the top-level Makefile, which defines BUILD, JAVA_HOME, CC, CFLAGS, LDLIBS, SANFLAGS,
# LIBJVM.

TEST_OUT := $(BUILD)/tests
TEST_JAVA_SRCS := $(sort $(wildcard tests/java/*.java) $(wildcard tests/embed/java/*.java))
TEST_EMBED_NAMES := $(filter-out jembed,$(patsubst tests/embed/%.c,%,$(wildcard tests/embed/*.c)))
TEST_EMBED_BINS := $(TEST_EMBED_NAMES:%=$(TEST_OUT)/embed/%) \
                   $(TEST_EMBED_NAMES:%=$(TEST_OUT)/embed/%-hotspot)
TEST_UNIT_BINS := $(patsubst tests/unit/%.c,$(TEST_OUT)/unit/%,$(wildcard tests/unit/test_*.c))
TEST_AGENT_LIBS := $(patsubst tests/agent/%.c,$(TEST_OUT)/agent/lib%.so,$(wildcard tests/agent/*.c))
TEST_AGENT_JAVA_SRCS := $(sort $(wildcard tests/agent/java/*.java))

# Compiling and linking against each VM's libjvm.so; the rpath is absolute so that the
# binaries run from any directory.
TEST_REF_CFLAGS := $(filter-out $(SANFLAGS),$(CFLAGS))
TEST_LOUPE_LINK := -L$(dir $(LIBJVM)) -ljvm -Wl,--enable-new-dtags -Wl,--allow-shlib-undefined -Wl,-rpath,$(abspath $(dir $(LIBJVM))) -pthread
TEST_HOTSPOT_LINK := -L$(JAVA_HOME)/lib/server -ljvm -Wl,-rpath,$(JAVA_HOME)/lib/server -pthread

test-programs: $(TEST_OUT)/classes/.built $(TEST_OUT)/jembed $(TEST_OUT)/jembed-hotspot \
               $(TEST_EMBED_BINS) $(TEST_UNIT_BINS) $(TEST_AGENT_LIBS) \
               $(if $(TEST_AGENT_JAVA_SRCS),$(TEST_OUT)/agent-classes/.built)

$(TEST_OUT)/classes/.built: $(TEST_JAVA_SRCS) tests/lib/javac.sh | deps
	@tests/lib/javac.sh $(JAVA_HOME) $(TEST_OUT)/classes $(TEST_JAVA_SRCS)

$(TEST_OUT)/jembed: tests/embed/jembed.c | $(LIBJVM)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(CFLAGS) -o $@ $< $(TEST_LOUPE_LINK)

$(TEST_OUT)/jembed-hotspot: tests/embed/jembed.c | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(TEST_REF_CFLAGS) -o $@ $< $(TEST_HOTSPOT_LINK)

$(TEST_OUT)/embed/%-hotspot: tests/embed/%.c tests/embed/embed_util.h | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(TEST_REF_CFLAGS) -o $@ $< $(TEST_HOTSPOT_LINK)

$(TEST_OUT)/embed/%: tests/embed/%.c tests/embed/embed_util.h | $(LIBJVM)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(CFLAGS) -o $@ $< $(TEST_LOUPE_LINK)

# embed/embed_checkjni_fatalN.c build embed/embed_checkjni.c again.
$(foreach n,1 2 3,$(eval $(TEST_OUT)/embed/embed_checkjni_fatal$(n) $(TEST_OUT)/embed/embed_checkjni_fatal$(n)-hotspot: \
    tests/embed/embed_checkjni.c))

# White-box unit tests see all of the VM through libloupe.a.
$(TEST_OUT)/unit/%: tests/unit/%.c $(BUILD)/libloupe.a
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(CFLAGS) -MMD -MP -o $@ $< $(BUILD)/libloupe.a $(LDLIBS)

# test_debug, test_unload, test_page_move, test_ste_offsets and test_compiled boot a VM in their own process: they export the VM's interface
# under libjvm.so's name and version, so libjava.so binds to it as to the real library.
# UNIT_WRAP: VM functions a test wraps (its __wrap_NAME is called instead).
$(TEST_OUT)/unit/test_ste_offsets: UNIT_WRAP = -Wl,--wrap=class_find_declared_field
$(TEST_OUT)/unit/test_debug $(TEST_OUT)/unit/test_unload $(TEST_OUT)/unit/test_page_move $(TEST_OUT)/unit/test_ste_offsets $(TEST_OUT)/unit/test_compiled: $(TEST_OUT)/unit/%: tests/unit/%.c $(BUILD)/libloupe.a $(BUILD)/gen/stubs.o
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(CFLAGS) -MMD -MP -o $@ $< $(UNIT_WRAP) $(BUILD)/gen/stubs.o -Wl,--whole-archive $(BUILD)/libloupe.a \
	    -Wl,--no-whole-archive -rdynamic -Wl,-soname,libjvm.so -Wl,--version-script=$(BUILD)/gen/version.map $(LDLIBS)

-include $(TEST_UNIT_BINS:=.d)

# JVMTI agents: shared libraries against the JDK's jvmti.h, loaded by both VMs.
$(TEST_OUT)/agent/lib%.so: tests/agent/%.c tests/agent/agent.h | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(TEST_REF_CFLAGS) -fvisibility=default -shared -o $@ $<

$(TEST_OUT)/agent-classes/.built: $(TEST_AGENT_JAVA_SRCS) tests/lib/javac.sh | deps
	@tests/lib/javac.sh $(JAVA_HOME) $(TEST_OUT)/agent-classes $(TEST_AGENT_JAVA_SRCS)
