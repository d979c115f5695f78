#!/bin/bash
# bench/jvmpi-overhead.sh — what a JVMPI agent costs on Loupe: each kernel under each
# collector with no agent, then with the HPROF-like agent of the tests
# (tests/jvmpi/lib/hprof.c) recording heap events only (heap=sites: alloc/free/move with
# a two-frame call trace per allocation), method events only (cpu=times: entry/exit with
# a thread-CPU clock read at each), and both; best of REPS runs of the process's CPU time.
#   BUILD=build REPS=3 SCALE=1 COLLECTORS="semispace ..." bench/jvmpi-overhead.sh [KERNEL...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
JAVA=$BUILD/jdk/bin/java
REPS=${REPS:-3}
SCALE=${SCALE:-1}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(BinaryTrees Richards)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root"/bench/java/*.java
gcc -std=c11 -D_GNU_SOURCE -O2 -fPIC -shared -I"$BUILD/jdk/include" -I"$BUILD/jdk/include/linux" \
    -o "$work/libhprof.so" "$root/tests/jvmpi/lib/hprof.c"
. "$root/bench/lib.sh"
printf '%-12s %-12s %8s %14s %14s %14s\n' kernel collector "none s" "heap s" "methods s" "both s"
for k in "${kernels[@]}"; do
  for gc in ${COLLECTORS:-semispace marksweep markcompact generational refcount}; do
    vm=("$JAVA" -XX:LoupeGC=$gc) prog=(-cp "$work/classes" "$k" "$SCALE") agent=-agentpath:$work/libhprof.so
    none=$(best "${vm[@]}" "${prog[@]}")
    heap=$(best "${vm[@]}" "$agent=heap,file=$work/r.txt" "${prog[@]}")
    meth=$(best "${vm[@]}" "$agent=cpu,file=$work/r.txt" "${prog[@]}")
    both=$(best "${vm[@]}" "$agent=heap,cpu,file=$work/r.txt" "${prog[@]}")
    printf '%-12s %-12s %8.2f %8.2f %5s %8.2f %5s %8.2f %5s\n' "$k" "$gc" "$none" "$heap" "$(pct "$none" "$heap")" \
      "$meth" "$(pct "$none" "$meth")" "$both" "$(pct "$none" "$both")"
  done
done
