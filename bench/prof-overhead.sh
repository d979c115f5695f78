#!/bin/bash
# bench/prof-overhead.sh — what the profiler costs: each kernel run with and without
# loupe-prof (CPU samples every 10 ms, sampled allocations every 512 KB, lock
# contention: the defaults), best of REPS runs, measured as the process's CPU time
# (user + system), which is steadier than wall time on a shared machine.
#   BUILD=build JAVA=$JAVA_HOME/bin/java REPS=3 SCALE=20 bench/prof-overhead.sh [KERNEL...]
# (SCALE multiplies each kernel's work: bench/README.md.)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
JAVA=${JAVA:-$JAVA_HOME/bin/java}
REPS=${REPS:-3}
SCALE=${SCALE:-20}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(BinaryTrees Richards Collections Locks)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root"/bench/java/*.java
# cpu_of CMD...: the CPU seconds CMD used (user + system, children included)
cpu_of() {
  /usr/bin/time -f '%U %S' -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  awk '{ printf "%.3f\n", $1 + $2 }' "$work/t"
}
best() { local b=999999 v i; for ((i = 0; i < REPS; i++)); do v=$("$@"); b=$(echo "$v $b" | awk '{ print ($1 < $2) ? $1 : $2 }'); done; echo "$b"; }
printf '%-14s %10s %12s %9s\n' kernel "plain s" "profiled s" overhead
for k in "${kernels[@]}"; do
  plain=$(best cpu_of "$JAVA" -cp "$work/classes" "$k" "$SCALE")
  prof=$(best cpu_of "$BUILD/bin/loupe-prof" run -o "$work/p.lprof" -- "$JAVA" -cp "$work/classes" "$k" "$SCALE")
  printf '%-14s %10.2f %12.2f %8.1f%%\n' "$k" "$plain" "$prof" "$(echo "$plain $prof" | awk '{ print 100 * ($2 - $1) / $1 }')"
done
