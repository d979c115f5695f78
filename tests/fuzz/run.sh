#!/bin/bash
# tests/fuzz/run.sh — builds the two fuzz targets and runs each for a bounded time.
#
# fuzz_classfile (tests/fuzz/fuzz_classfile.c) is built with clang's libFuzzer, ASan and
# UBSan directly from the parser's sources (classfile.c, descriptor.c, symbol.c, vmutil.c)
# and the bytecode verifiers' (verify.c, vtypes.c, stackmap.c, vfyinfer.c, opcodes.c), not
# from the gcc-built archive, so that every line of them is instrumented; the rest of
# src/classfile (loading, linking) needs the whole VM and is left out (tests/fuzz/vfy_stubs.c
# stands in for the few functions the verifier names).
#
# fuzz_exec (tests/fuzz/fuzz_exec.c, with the structure-aware mutator mutate_code.c and
# the class-file model cfmodel.c) links the whole VM, every object compiled again with
# clang, coverage and ASan/UBSan into $BUILD/fuzz/vmobj: it boots a VM once and defines,
# verifies and runs each input (bounded by a watchdog).  FUZZ_TARGETS selects the targets
# (default "classfile exec"); FUZZ_SECONDS is each one's time.
#
# The corpora are seeded with real class files: a few hundred small ones from java.base
# (java/lang and java/util, extracted from $JAVA_HOME/lib/modules) and the classes javac
# makes of tests/fuzz/seeds/*.java; fuzz_exec also gets the classes of a few of the suite's
# java tests (tests/java), which it also has on its class path.  A dictionary of
# class-file tokens (magic, attribute names, descriptor fragments) helps the mutator build
# well-formed structures.
#
# Everything goes under $BUILD/fuzz:
#   fuzz_classfile, fuzz_exec   the fuzzers
#   seeds/, seeds-exec/         the seed classes (made once)
#   corpus/, corpus-exec/       the growing corpora, kept between runs
#   crashes/, crashes-exec/     inputs that crashed, timed out or leaked, if any
#   fuzz.log, fuzz-exec.log     the last runs' logs
#
# Environment: BUILD (default build), JAVA_HOME (default: tools/find_jdk.sh),
# FUZZ_SECONDS (default 60), FUZZ_JOBS (parallel fuzzing processes, default 1),
# FUZZ_ARGS (extra libFuzzer options), FUZZ_TARGETS.  Exits non-zero if a fuzzer finds a
# problem.
set -euo pipefail
cd "$(dirname "$0")/../.."

BUILD=${BUILD:-build}
JAVA_HOME=${JAVA_HOME:-$(tools/find_jdk.sh)}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_JOBS=${FUZZ_JOBS:-1}
OUT=$BUILD/fuzz
SOURCES="tests/fuzz/fuzz_classfile.c src/classfile/classfile.c src/classfile/descriptor.c
         src/classfile/symbol.c src/runtime/vmutil.c
         src/classfile/verify.c src/classfile/vtypes.c src/classfile/stackmap.c src/classfile/vfyinfer.c
         src/interp/opcodes.c
         tests/fuzz/vfy_stubs.c"

# (deps.sh finds the JDK itself; it mistakes a JAVA_HOME directory for its finder script)
env -u JAVA_HOME tools/deps.sh clang libclang-rt-14-dev
CLANG=$(command -v clang || command -v clang-14)
mkdir -p "$OUT/seeds" "$OUT/corpus" "$OUT/crashes"

# ---- the fuzzer
FUZZER=$OUT/fuzz_classfile
if [ ! -x "$FUZZER" ] || [ -n "$(find $SOURCES src/include src/classfile/*.h -newer "$FUZZER" 2>/dev/null)" ]; then
  echo "fuzz: building $FUZZER"
  # shellcheck disable=SC2086
  "$CLANG" -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer \
      -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
      -Wall -Wextra -Werror -Wno-unused-parameter \
      -Isrc/include -Isrc -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
      $SOURCES -pthread -lm -o "$FUZZER"
fi

# ---- seeds, made once
if [ ! -f "$OUT/seeds/.done" ]; then
  echo "fuzz: extracting seed classes"
  rm -rf "$OUT/jdk" "$OUT/javac"
  "$JAVA_HOME/bin/jimage" extract --dir "$OUT/jdk" \
      --include 'regex:/java\.base/java/(lang|util)/[^/]*\.class' "$JAVA_HOME/lib/modules"
  # A few hundred of the smaller ones: small inputs mutate fast.
  find "$OUT/jdk" -name '*.class' -size -12k | sort | head -n 400 | while read -r f; do
    cp "$f" "$OUT/seeds/jdk_$(echo "${f#"$OUT"/jdk/}" | tr '/$' '__')"
  done
  "$JAVA_HOME/bin/javac" -nowarn -d "$OUT/javac/17" tests/fuzz/seeds/*.java
  "$JAVA_HOME/bin/javac" -nowarn -Xlint:-options --release 7 -d "$OUT/javac/7" tests/fuzz/seeds/Small.java
  find "$OUT/javac" -name '*.class' | while read -r f; do
    cp "$f" "$OUT/seeds/javac_$(echo "${f#"$OUT"/javac/}" | tr '/$' '__')"
  done
  rm -rf "$OUT/jdk" "$OUT/javac"
  touch "$OUT/seeds/.done"
fi

# ---- dictionary
DICT=$OUT/classfile.dict
{
  echo '"\xca\xfe\xba\xbe"'
  echo '"\x00\x00\x00\x3d"'
  echo '"\x00\x00\x00\x2d"'
  echo '"\xff\xff"'
  for w in Code ConstantValue StackMapTable Exceptions InnerClasses EnclosingMethod Synthetic \
           Signature SourceFile SourceDebugExtension LineNumberTable LocalVariableTable \
           LocalVariableTypeTable Deprecated RuntimeVisibleAnnotations RuntimeInvisibleAnnotations \
           RuntimeVisibleParameterAnnotations RuntimeVisibleTypeAnnotations AnnotationDefault \
           BootstrapMethods MethodParameters NestHost NestMembers Record PermittedSubclasses \
           Module ModulePackages ModuleMainClass '<init>' '<clinit>' '()V' '(I)V' \
           'java/lang/Object' 'java/lang/String' 'Ljava/lang/String;' '[Ljava/lang/Object;' \
           'java/lang/invoke/MethodHandle' 'Ljdk/internal/reflect/CallerSensitive;' \
           'Ljdk/internal/vm/annotation/Hidden;' 'Ljdk/internal/vm/annotation/ForceInline;'; do
    echo "\"$w\""
  done
} > "$DICT"

# ---- the exec target: the whole VM compiled again, instrumented
CFLAGS_EXEC="-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
    -fno-sanitize-recover=undefined -Wall -Wextra -Werror -Wno-unused-parameter -fvisibility=hidden
    -fno-strict-aliasing -ftls-model=initial-exec -pthread -I. -Isrc/include -Isrc
    -I$JAVA_HOME/include -I$JAVA_HOME/include/linux"
EXEC=$OUT/fuzz_exec
build_exec() {
  local vmobj=$OUT/vmobj newest_h
  mkdir -p "$vmobj"
  newest_h=$(ls -t src/*/*.h src/include/*.h | head -n 1)
  # an object is made again when its source or any VM header is newer
  # shellcheck disable=SC2086,SC2016
  for f in src/*/*.c; do
    o=$vmobj/$(echo "${f#src/}" | tr / _).o
    if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then echo "$f $o"; fi
  done | xargs -r -P "$(nproc)" -n 2 sh -c '"$0" $1 -fsanitize=fuzzer-no-link -c "$2" -o "$3"' "$CLANG" "$CFLAGS_EXEC"
  tools/gen_exports.sh src/native/exports.list "$vmobj/stubs.c" "$vmobj/version.map" "$vmobj"/*.c.o
  # shellcheck disable=SC2086
  "$CLANG" $CFLAGS_EXEC -c "$vmobj/stubs.c" -o "$vmobj/stubs.o"
  # Exported under libjvm.so's name and version, so that libjava.so binds to this VM.
  # shellcheck disable=SC2086
  "$CLANG" $CFLAGS_EXEC -fsanitize=fuzzer tests/fuzz/fuzz_exec.c tests/fuzz/mutate_code.c tests/fuzz/cfmodel.c \
      $(ls "$vmobj"/*.o) -rdynamic -Wl,-soname,libjvm.so -Wl,--version-script="$vmobj/version.map" \
      -lffi -ldl -lm -pthread -o "$EXEC"
}

# ---- seeds of the exec target, made once: the shared seeds and a few test programs
EXEC_TESTS="Arith ArrayCopy Arrays1 BigNumbers BitOps Boxing CallSites Casts Collections1 Enums Exceptions
            FloatDouble Generics Indy Inheritance InnerClasses Interfaces MiscBytecodes NpeMessages
            RecordsPatterns Recursion StaticInit StringConcat Strings Switches TwoSlot Wide"
seeds_exec() {
  [ -f "$OUT/seeds-exec/.done" ] && return
  echo "fuzz: making the exec target's seeds"
  rm -rf "$OUT/seeds-exec" "$OUT/classes-exec"
  mkdir -p "$OUT/seeds-exec" "$OUT/classes-exec"
  # shellcheck disable=SC2046
  "$JAVA_HOME/bin/javac" -nowarn -d "$OUT/classes-exec" $(for t in $EXEC_TESTS; do echo "tests/java/$t.java"; done)
  cp "$OUT"/seeds/*.class "$OUT/seeds-exec/"
  find "$OUT/classes-exec" -name '*.class' | while read -r f; do
    cp "$f" "$OUT/seeds-exec/test_$(basename "$f" | tr '$' '_')"
  done
  touch "$OUT/seeds-exec/.done"
}

# ---- the watchdog must end every method of tests/fuzz/watchdog/Spin.java, each an endless loop
check_watchdog() {
  rm -rf "$OUT/watchdog" && mkdir -p "$OUT/watchdog"
  "$JAVA_HOME/bin/javac" -nowarn -d "$OUT/watchdog" tests/fuzz/watchdog/Spin.java
  if ! ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_segv=0} FUZZ_EXEC_STATS=1 timeout 300 "$EXEC" \
        "$OUT/watchdog/Spin.class" > "$OUT/watchdog/log" 2>&1 ||
     ! grep -q 'fuzz_exec: \([1-9]\) inputs, \1 defined, \1 verified, \1 run .* [1-9][0-9]* watchdog stops' \
         "$OUT/watchdog/log"; then
    cat "$OUT/watchdog/log" >&2
    echo "fuzz: the exec target's watchdog did not end Spin's loops" >&2
    return 1
  fi
  echo "fuzz: exec watchdog ends endless loops ($(grep -o '[0-9]* watchdog stops' "$OUT/watchdog/log"))"
}

# ---- run
# run_target NAME BINARY CORPUS SEEDS CRASHES LOG [libFuzzer options]
run_target() {
  local name=$1 bin=$2 corpus=$3 seeds=$4 crashes=$5 log=$6 status=0
  shift 6
  mkdir -p "$corpus" "$crashes"
  echo "fuzz: $name, $(find "$seeds" -name '*.class' | wc -l) seeds, $(find "$corpus" -type f | wc -l) corpus entries, ${FUZZ_SECONDS}s"
  # shellcheck disable=SC2086
  "$bin" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=4096 -dict="$DICT" \
      -print_final_stats=1 -artifact_prefix="$crashes/" -fork="$FUZZ_JOBS" "$@" ${FUZZ_ARGS:-} \
      "$corpus" "$seeds" > "$log" 2>&1 || status=$?
  grep -E '^#[0-9]+: cov' "$log" | tail -n 1 || true
  if [ "$status" -ne 0 ]; then
    grep -E 'ERROR|SUMMARY|runtime error|broken invariant|Test unit written|CRASH|crash-' "$log" | head -n 20 || true
    echo "fuzz: $name FAILED (status $status); log in $log, inputs in $crashes/" >&2
    return 1
  fi
}

failed=0
for target in ${FUZZ_TARGETS:-classfile exec}; do
  case $target in
  classfile)
    run_target classfile "$FUZZER" "$OUT/corpus" "$OUT/seeds" "$OUT/crashes" "$OUT/fuzz.log" -timeout=10 || failed=1 ;;
  exec)
    if [ ! -x "$EXEC" ] || [ -n "$(find src tests/fuzz -name '*.[ch]' -newer "$EXEC" 2>/dev/null)" ]; then
      echo "fuzz: building $EXEC"
      build_exec
    fi
    seeds_exec
    check_watchdog || { failed=1; continue; }
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_segv=0:allocator_may_return_null=1} \
    FUZZ_EXEC_CLASSPATH=$OUT/classes-exec JAVA_HOME=$JAVA_HOME \
    run_target exec "$EXEC" "$OUT/corpus-exec" "$OUT/seeds-exec" "$OUT/crashes-exec" "$OUT/fuzz-exec.log" \
        -timeout=60 -detect_leaks=0 -max_len=65536 || failed=1 ;;
  *) echo "fuzz: no target $target" >&2; exit 2 ;;
  esac
done
[ "$failed" -eq 0 ] || exit 1
echo "fuzz: no problems found"
