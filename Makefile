# Loupe — a Java SE 17 virtual machine in C.
#
#   make            build build/jdk: a JDK image whose VM is Loupe
#   make demo       run the demonstration
#   make test       run the test suite (prints "N passed, N failed"); the java tests run
#                   embedded, through bin/java and through -XXaltjvm (TEST_MODE)
#   make test-gcstress / test-asan / test-tsan   the suite under GC stress / ASan+UBSan /
#                   ThreadSanitizer; GC=marksweep|markcompact runs any of them under that
#                   collector; make test-collectors: a smoke set under each non-default one;
#                   make ci-smoke: what CI runs of these (smaller sets)
#   make fuzz       run the class-file fuzzer for a bounded time
#   make bench      benchmarks: Loupe vs HotSpot -Xint vs Zero vs HotSpot JIT, and start-up;
#                   then what tools cost (profiler, JVMTI, JVMPI), the collectors' table and
#                   what verification costs (bench/README.md)
#
# Variables: JAVA_HOME (the OpenJDK 17 to build against), SAN=1 (ASan+UBSan build in
# build/asan), SAN=thread (ThreadSanitizer build in build/tsan), DEBUG=1 (unoptimised build in build/debug), OPT (optimisation flags).

SHELL := /bin/bash
JAVA_HOME ?= $(shell tools/find_jdk.sh)
ifeq ($(SAN),1)
BUILD ?= build/asan
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT ?= -O1 -g
else ifeq ($(SAN),thread)
BUILD ?= build/tsan
SANFLAGS := -fsanitize=thread -fno-omit-frame-pointer -Wno-error=tsan -Wno-tsan
OPT ?= -O1 -g
else ifeq ($(DEBUG),1)
BUILD ?= build/debug
SANFLAGS :=
OPT ?= -O0 -g
else
BUILD ?= build
SANFLAGS :=
OPT ?= -O2 -g
endif

CC := gcc
# Thread-locals use the initial-exec model although libjvm.so is loaded with dlopen: they
# are few (64 bytes, within the static TLS glibc keeps spare for dlopen), a thread_current()
# is then one load, and no thread's TLS block is malloc'ed and freed by another thread
# (which ThreadSanitizer reports as a race inside glibc).
CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-unused-parameter \
          -fPIC -fvisibility=hidden -fno-strict-aliasing -ftls-model=initial-exec -pthread $(OPT) $(SANFLAGS) \
          -Isrc/include -Isrc -I$(JAVA_HOME)/include -I$(JAVA_HOME)/include/linux
LDLIBS := -lffi -ldl -lm -pthread

SRCS := $(wildcard src/*/*.c)
OBJS := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(SRCS))
JDK := $(BUILD)/jdk
LIBJVM := $(JDK)/lib/server/libjvm.so

.PHONY: all deps jdk demo test test-gcstress test-asan test-tsan test-collectors ci-smoke fuzz bench clean test-programs jtreg jtreg-smoke conformance realapps
all: deps $(LIBJVM) $(JDK)/release $(JDK)/include/jvmpi.h $(BUILD)/libloupe.a

deps:
	@tools/deps.sh

$(BUILD)/obj/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(OBJS:.o=.d)

# The interpreter loop is direct-threaded (computed gotos): keep GCC from merging the
# dispatch jumps into one shared indirect jump, which would defeat branch prediction.
$(BUILD)/obj/interp/interp.o: CFLAGS += -fno-gcse -fno-crossjumping -fno-tree-vectorize -fno-tree-slp-vectorize --param max-goto-duplication-insns=100

# Export glue: stubs for exported names nothing defines, and the version script.
$(BUILD)/gen/stubs.c $(BUILD)/gen/version.map &: $(OBJS) src/native/exports.list tools/gen_exports.sh
	@mkdir -p $(BUILD)/gen
	@tools/gen_exports.sh src/native/exports.list $(BUILD)/gen/stubs.c $(BUILD)/gen/version.map $(OBJS)

$(BUILD)/gen/stubs.o: $(BUILD)/gen/stubs.c
	@$(CC) $(CFLAGS) -c $< -o $@

$(LIBJVM): $(OBJS) $(BUILD)/gen/stubs.o $(BUILD)/gen/version.map
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) -shared -o $@ $(OBJS) $(BUILD)/gen/stubs.o \
	    -Wl,-soname,libjvm.so -Wl,--no-undefined -Wl,--version-script=$(BUILD)/gen/version.map -Wl,-z,now $(LDLIBS)

# All VM objects as an archive, for white-box unit tests and the fuzz target.
$(BUILD)/libloupe.a: $(OBJS)
	@rm -f $@ && ar rcs $@ $(OBJS)

# The JDK image: bin/* copied (the launchers find their home through /proc/self/exe),
# lib/* linked to the system JDK except lib/server, which holds Loupe.  Made again when
# the system JDK was updated (its release file differs from the copy; a package keeps its
# files' old times): the copied launchers must match the libraries they load.
JDK_UPDATED := $(shell cmp -s $(JAVA_HOME)/release $(JDK)/release || echo jdk-updated)
.PHONY: jdk-updated
$(JDK)/release: tools/mkjdk.sh $(JDK_UPDATED)
	@tools/mkjdk.sh $(JAVA_HOME) $(JDK)

# The profiler interface's header, shipped with the image (src/include/jvmpi.h).
$(JDK)/include/jvmpi.h: src/include/jvmpi.h $(JDK)/release
	@cp -f $< $@

demo: all
	@tools/demo.sh $(BUILD)

# Test programs (Java classes, embedding programs, unit tests) are built by tests/tests.mk.
include tests/tests.mk
include profiler/profiler.mk

# The modes the java tests run in (tests/README.md): all three for `make test`; the slower
# GC-stress and sanitizer runs keep to the embedding mode unless TEST_MODE is given.
TEST_MODE ?= embed launcher altjvm
CHECK_TEST_MODE := $(if $(filter environment command,$(firstword $(origin TEST_MODE))),$(TEST_MODE),embed)

# GC=marksweep (or markcompact, generational, refcount, semispace): the suite with that collector on the Loupe side
# (LOUPE_OPTIONS, which HotSpot never reads).
GC_OPTIONS := $(if $(GC),-XX:LoupeGC=$(GC))

test: all test-programs
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) TEST_MODE="$(TEST_MODE)" LOUPE_OPTIONS="$(GC_OPTIONS) $${LOUPE_OPTIONS:-}" tests/run.sh

# A collection every 50 allocations makes the tool tests (javac, jshell) take minutes.
test-gcstress: all test-programs
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) TEST_MODE="$(CHECK_TEST_MODE)" TEST_TIMEOUT=$${TEST_TIMEOUT:-900} \
	    LOUPE_OPTIONS="-XX:GCStressInterval=$${GCSTRESS_INTERVAL:-50} $(GC_OPTIONS)" tests/run.sh

# The collectors other than the default: a smoke set under each, then a smaller one under
# GC stress as well.
COLLECTORS_OTHER := marksweep markcompact generational refcount
COLLECTOR_SMOKE := AgentUnload AllocChurn AllocSmallThreads AllocThreads ArrayCopy Arrays1 ClassUnload Collections1 \
    Concurrency Exceptions ExitWhileCollecting GcLoopFairness GcWorkload GenBarrier HugeArray IdentityClone InternChurn \
    JniReturnGC LargeArray ManagementMemory Monitors OomFill OutOfMemory RefCleaner RefFinalize RefSoft RefThreads RefWeak \
    Strings ThreadStartGC ThreadStress embed_weak embed_attach_gc gc_events heap_dump refcount
COLLECTOR_STRESS_SMOKE := AllocChurn GcWorkload GenBarrier IdentityClone InternChurn JniReturnGC Monitors RefCleaner \
    RefFinalize RefSoft RefWeak Strings ThreadStartGC embed_weak
test-collectors: all test-programs
	@for gc in $(COLLECTORS_OTHER); do \
	  echo "== $$gc"; \
	  BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) TEST_MODE=embed TESTS="$(COLLECTOR_SMOKE)" \
	      LOUPE_OPTIONS="-XX:LoupeGC=$$gc" tests/run.sh || exit 1; \
	  echo "== $$gc, GC stress"; \
	  BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) TEST_MODE=embed TESTS="$(COLLECTOR_STRESS_SMOKE)" TEST_TIMEOUT=900 \
	      LOUPE_OPTIONS="-XX:LoupeGC=$$gc -XX:GCStressInterval=$${GCSTRESS_INTERVAL:-50}" tests/run.sh || exit 1; \
	done

# Sanitized builds run several times slower: each test gets 300 s unless TEST_TIMEOUT says.
test-asan:
	@TEST_TIMEOUT=$${TEST_TIMEOUT:-300} $(MAKE) --no-print-directory SAN=1 TEST_MODE="$(CHECK_TEST_MODE)" test

# ThreadSanitizer over the whole suite (build/tsan); see tests/tsan.supp for what it
# leaves out and src/interp/interp.c for why the interpreter loop is not instrumented.
test-tsan:
	@TEST_TIMEOUT=$${TEST_TIMEOUT:-300} $(MAKE) --no-print-directory SAN=thread TEST_MODE="$(CHECK_TEST_MODE)" test

# CI (.ci/run) runs `make test` whole and, beside it, smoke sets of the runs that take the
# suite several times as long (a collection every 50 allocations, ASan+UBSan,
# ThreadSanitizer, the other collectors), so that it stays well inside its time: the tests
# that stress what each run catches (roots and moving objects; memory errors; races:
# threads, monitors, suspension, JVMTI, JNI, the profiler's agent) without the tool tests
# that run javac or jdb for minutes under them.  The make targets above run everything.
CI_COLLECTOR_SMOKE := AgentUnload AllocChurn AllocThreads ClassUnload Exceptions ExitWhileCollecting GcWorkload \
    GenBarrier HugeArray IdentityClone JniReturnGC LargeArray Monitors OomFill RefFinalize RefSoft RefWeak \
    ThreadStartGC embed_weak gc_events heap_dump refcount
CI_COLLECTOR_STRESS_SMOKE := GcWorkload GenBarrier IdentityClone JniReturnGC RefFinalize RefWeak ThreadStartGC embed_weak
CI_GCSTRESS_SMOKE := java/AllocChurn java/GcWorkload java/GenBarrier java/IdentityClone java/InternChurn \
    java/JniReturnGC java/Monitors java/RefCleaner java/RefFinalize java/RefSoft java/RefWeak java/Strings \
    java/ThreadStartGC java/HugeArray java/LargeArray java/ClassUnload java/Exceptions java/Collections1 \
    java/Concurrency java/HiddenClasses java/Indy java/VarHandles java/UnsafeOps java/ThreadStress \
    java/ExitWhileCollecting embed/embed_weak embed/embed_attach_gc embed/embed_threads agent/HeapWalk \
    agent/ForceGcFree agent/AllocEvents agent/HeapChecker agent/AgentTags agent/Lifetimes agent/StackMarks \
    agent/Redefine jvmpi/gcwalk jvmpi/events prof/loupe_alloc_exact prof/loupe_lifetimes tool/gc_events \
    tool/class_unload
CI_SAN_SMOKE := java/Threads java/ThreadStress java/ThreadSuspend java/ThreadStop java/Monitors java/Concurrency \
    java/RefThreads java/AllocThreads java/AllocSmallThreads java/ExitRace java/ExitWhileCollecting \
    java/JniRecursion java/UncaughtOverflow java/MappedTruncate java/BrokenPipe java/Exceptions java/Strings \
    java/HiddenClasses java/ClassUnload java/IndyThreads java/VerifyErrors java/GcWorkload java/UnsafeCopySwap \
    agent/ThreadStates agent/MonitorEvents agent/SuspendEnd agent/AllocCounts agent/HeapWalk agent/DebugEvents \
    agent/AgentUnload agent/AsgctTorture agent/RawMonitorWalk agent/AgentThreadViews agent/HotSpotExtensions \
    agent/Redefine agent/Lifetimes embed/embed_threads embed/embed_attach_gc embed/embed_calls \
    embed/embed_checkjni jvmpi/events jvmpi/gcwalk prof/loupe_alloc_exact prof/loupe_lifetimes \
    prof/thread_churn prof/loupe_cpu_split tool/javac_compile tool/jdwp_load tool/attach tool/javaagent \
    tool/thread_dump tool/exit_races unit/*
ci-smoke: all test-programs
	@$(MAKE) --no-print-directory test-collectors COLLECTOR_SMOKE="$(CI_COLLECTOR_SMOKE)" \
	    COLLECTOR_STRESS_SMOKE="$(CI_COLLECTOR_STRESS_SMOKE)"
	@echo "== GC stress (smoke)"; TESTS="$(CI_GCSTRESS_SMOKE)" $(MAKE) --no-print-directory test-gcstress
	@echo "== ASan+UBSan (smoke)"; TESTS="$(CI_SAN_SMOKE)" $(MAKE) --no-print-directory test-asan
	@echo "== ThreadSanitizer (smoke)"; TESTS="$(CI_SAN_SMOKE)" $(MAKE) --no-print-directory test-tsan

fuzz: deps
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) tests/fuzz/run.sh

bench: all
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/run.sh
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/prof-overhead.sh
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/jvmti-heap.sh
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/jvmti-overhead.sh
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/gc-table.sh
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/jvmpi-overhead.sh
	@BUILD=$(BUILD) JAVA_HOME=$(JAVA_HOME) bench/verify-overhead.sh

# OpenJDK's own tests (sources fetched with apt-get source, never committed; tests/README.md):
# jtreg's test/jdk groups and the JVMTI conformance tests, on HotSpot and on Loupe side by side.
# JTREG_ARGS, e.g. "--sample 20 java/lang"; CONFORMANCE_ARGS, e.g. "GetThreadState".
jtreg: all
	@JAVA_HOME=$(JAVA_HOME) LOUPE_JDK=$(abspath $(JDK)) tools/jtreg.sh $(JTREG_ARGS)

jtreg-smoke: all
	@JAVA_HOME=$(JAVA_HOME) LOUPE_JDK=$(abspath $(JDK)) tools/jtreg.sh --smoke --side $(or $(JTREG_SMOKE_SIDE),loupe)

realapps: all
	@JAVA_HOME=$(JAVA_HOME) LOUPE_JDK=$(abspath $(JDK)) tools/realapps.sh $(APPS)

conformance: all
	@JAVA_HOME=$(JAVA_HOME) LOUPE_JDK=$(abspath $(JDK)) tools/conformance.sh $(CONFORMANCE_ARGS)

clean:
	rm -rf build
