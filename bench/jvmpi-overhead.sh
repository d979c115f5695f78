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
cpu_of() {
  /usr/bin/time -f '%U %S' -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  awk '{ printf "%.3f\n", $1 + $2 }' "$work/t"
}
best() { local b=999999 v i; for ((i = 0; i < REPS; i++)); do v=$("$@"); b=$(echo "$v $b" | awk '{ print ($1 < $2) ? $1 : $2 }'); done; echo "$b"; }
pct() { echo "$1 $2" | awk '{ printf "%+.0f%%", 100 * ($2 - $1) / $1 }'; }
printf '%-12s %-12s %8s %14s %14s %14s\n' kernel collector "none s" "heap s" "methods s" "both s"
for k in "${kernels[@]}"; do
  for gc in ${COLLECTORS:-semispace marksweep markcompact generational refcount}; do
    run() { cpu_of "$JAVA" -XX:LoupeGC=$gc ${1:+-agentpath:$work/libhprof.so=$1,file=$work/r.txt} -cp "$work/classes" "$k" "$SCALE"; }
    none=$(best run "")
    heap=$(best run heap)
    meth=$(best run cpu)
    both=$(best run heap,cpu)
    printf '%-12s %-12s %8.2f %8.2f %5s %8.2f %5s %8.2f %5s\n' "$k" "$gc" "$none" "$heap" "$(pct "$none" "$heap")" \
      "$meth" "$(pct "$none" "$meth")" "$both" "$(pct "$none" "$both")"
  done
done
