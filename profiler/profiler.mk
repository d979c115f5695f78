# profiler/profiler.mk — the profiler, a product beside the VM (included by the Makefile):
#
#   $(BUILD)/lib/libloupeprof.so   the agent (profiler/agent/), loaded into a VM
#   $(BUILD)/bin/loupe-prof        the front-end (profiler/frontend/)
#   $(BUILD)/share/loupe-prof/report.html   the HTML report's template with its library
#                                  (d3 and d3-flame-graph from npm) inlined
#
# It shares nothing with src/ but the JDK's headers: the wire protocol is
# profiler/protocol.h (docs/PROFILER-PROTOCOL.md).  The agent runs inside any VM,
# HotSpot included, so it is built without the sanitizers of a SAN build; the
# front-end, a program of its own, is built with them.

PROF_CFLAGS := $(filter-out $(SANFLAGS),$(CFLAGS)) -Iprofiler
PROF_AGENT := $(BUILD)/lib/libloupeprof.so
PROF_FRONTEND := $(BUILD)/bin/loupe-prof
PROF_REPORT := $(BUILD)/share/loupe-prof/report.html
PROF_AGENT_SRCS := $(wildcard profiler/agent/*.c)
PROF_FRONTEND_SRCS := $(wildcard profiler/frontend/*.c)
PROF_NPM := $(BUILD)/npm
PROF_NPM_PKGS := d3@7.9.2 d3-flame-graph@4.1.3

all: $(PROF_AGENT) $(PROF_FRONTEND) $(PROF_REPORT)

$(PROF_AGENT): $(PROF_AGENT_SRCS) $(wildcard profiler/agent/*.h) profiler/protocol.h | deps
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(PROF_CFLAGS) -shared -o $@ $(PROF_AGENT_SRCS) -Wl,--no-undefined -ldl -pthread

$(PROF_FRONTEND): $(PROF_FRONTEND_SRCS) $(wildcard profiler/frontend/*.h) profiler/protocol.h | deps
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) -Iprofiler -o $@ $(PROF_FRONTEND_SRCS) -lz -lm -pthread

# The report's library comes from the npm registry at build time (never from the
# repository); without it the front-end still writes every other format.
$(PROF_REPORT): profiler/report/report.html profiler/report/inline.sh
	@mkdir -p $(dir $@)
	@profiler/report/inline.sh profiler/report/report.html $(PROF_NPM) "$(PROF_NPM_PKGS)" $@ || \
	    echo "  (the HTML report's library could not be fetched: no .html output)" >&2

# What the profiler costs on the benchmark kernels (bench/prof-overhead.sh).
.PHONY: bench-prof
bench-prof: all
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/prof-overhead.sh
