#!/bin/bash
# tests/fuzz/run.sh — builds the class-file fuzz target and runs it for a bounded time.
#
# The target (tests/fuzz/fuzz_classfile.c) is built with clang's libFuzzer, ASan and UBSan
# directly from the parser's sources (classfile.c, descriptor.c, symbol.c, vmutil.c) and
# the bytecode verifiers' (verify.c, vtypes.c, stackmap.c, vfyinfer.c, opcodes.c), not from the
# gcc-built archive, so that every line of them is instrumented; the rest of src/classfile
# (loading, linking) needs the whole VM and is left out (tests/fuzz/vfy_stubs.c stands in
# for the few functions the verifier names).  The
# corpus is seeded with real class files: a few hundred small ones from java.base
# (java/lang and java/util, extracted from $JAVA_HOME/lib/modules) and the classes javac
# makes of tests/fuzz/seeds/*.java.  A dictionary of class-file tokens (magic, attribute
# names, descriptor fragments) helps the mutator build well-formed structures.
#
# Everything goes under $BUILD/fuzz:
#   fuzz_classfile   the fuzzer
#   seeds/           the seed classes (made once)
#   corpus/          the growing corpus, kept between runs
#   crashes/         inputs that crashed, timed out or leaked, if any
#
# Environment: BUILD (default build), JAVA_HOME (default: tools/find_jdk.sh),
# FUZZ_SECONDS (default 60), FUZZ_JOBS (parallel fuzzing processes, default 1),
# FUZZ_ARGS (extra libFuzzer options).  Exits non-zero if the fuzzer finds a problem.
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
echo "fuzz: $(find "$OUT/seeds" -name '*.class' | wc -l) seeds, $(find "$OUT/corpus" -type f | wc -l) corpus entries"

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

# ---- run
echo "fuzz: running for ${FUZZ_SECONDS}s"
status=0
# shellcheck disable=SC2086
"$FUZZER" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=4096 -dict="$DICT" \
    -print_final_stats=1 -artifact_prefix="$OUT/crashes/" -fork="$FUZZ_JOBS" ${FUZZ_ARGS:-} \
    "$OUT/corpus" "$OUT/seeds" > "$OUT/fuzz.log" 2>&1 || status=$?
grep -E '^#[0-9]+: cov' "$OUT/fuzz.log" | tail -n 1 || true
if [ "$status" -ne 0 ]; then
  grep -E 'ERROR|SUMMARY|runtime error|broken invariant|Test unit written|CRASH|crash-' "$OUT/fuzz.log" | head -n 20 || true
  echo "fuzz: FAILED (status $status); log in $OUT/fuzz.log, inputs in $OUT/crashes/" >&2
  exit 1
fi
echo "fuzz: no problems found"
