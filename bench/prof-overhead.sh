#!/bin/bash
# bench/prof-overhead.sh — what the profiler costs, on HotSpot and on Loupe: each kernel
# run without the profiler, with loupe-prof's defaults (CPU samples every 10 ms, sampled
# allocations every 512 KB, lock contention), and on Loupe also in the exact mode (every
# object's allocation and lifetime: -e cpu,alloc,lock,live --alloc exact).  Best of REPS
# runs, measured as the processes' CPU time (user + system, the front-end included),
# which is steadier than wall time on a shared machine.  `make bench` runs it after the
# kernels' table; `make bench-prof` alone.
#   BUILD=build REPS=3 SCALE=20 LOUPE_SCALE=1 PROF_VMS="hotspot loupe" bench/prof-overhead.sh [KERNEL...]
# (SCALE multiplies each kernel's work on HotSpot, LOUPE_SCALE on Loupe, an interpreter:
# bench/README.md.)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
REPS=${REPS:-3}
SCALE=${SCALE:-20}
LOUPE_SCALE=${LOUPE_SCALE:-1}
PROF_VMS=${PROF_VMS:-hotspot loupe}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(BinaryTrees Richards Collections Locks)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root"/bench/java/*.java
. "$root/bench/lib.sh"
profiled=("$BUILD/bin/loupe-prof" run -o "$work/p.lprof")
printf '%-8s %-12s %9s %11s %9s %11s %9s\n' vm kernel "plain s" "profiled s" overhead "exact s" overhead
for vm in $PROF_VMS; do
  case $vm in
    hotspot) java=$JAVA_HOME/bin/java scale=$SCALE ;;
    loupe) java=$BUILD/jdk/bin/java scale=$LOUPE_SCALE ;;
    *) echo "prof-overhead: unknown VM $vm (hotspot, loupe)" >&2; exit 2 ;;
  esac
  for k in "${kernels[@]}"; do
    run=("$java" -cp "$work/classes" "$k" "$scale")
    plain=$(best "${run[@]}")
    prof=$(best "${profiled[@]}" -- "${run[@]}")
    exact=- exact_pct=-
    if [ $vm = loupe ]; then
      exact=$(best "${profiled[@]}" -e cpu,alloc,lock,live --alloc exact -- "${run[@]}")
      exact_pct=$(pct "$plain" "$exact")
    fi
    printf '%-8s %-12s %9.2f %11.2f %9s %11s %9s\n' $vm "$k" "$plain" "$prof" "$(pct "$plain" "$prof")" "$exact" "$exact_pct"
  done
done
