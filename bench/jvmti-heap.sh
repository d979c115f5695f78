#!/bin/bash
# bench/jvmti-heap.sh — the heap side of JVMTI on Loupe against HotSpot -Xint, in the same
# run (issue 11's bench item):
#  1. IterateThroughHeap and FollowReferences over a heap of 1,000,000 objects of a known
#     shape (bench/jvmti/HeapWalkBench.java, timed inside the VM by bench/jvmti/heapwalk.c):
#     the median and best of WALKS walks each, and the objects and references each walk
#     found (the program's own must be equal on both VMs; the script checks them).
#  2. What SampledObjectAlloc at the default 512 KB interval, with a callback that only
#     counts (bench/jvmti/sampler.c), costs allocation-heavy kernels: the median CPU time
#     (user + system) of REPS runs with and without the agent, interleaved, on each VM
#     (issue 11's goal for Loupe: under 3 %).
#   BUILD=build REPS=5 WALKS=7 SCALE=4 bench/jvmti-heap.sh [KERNEL...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
REPS=${REPS:-5}
WALKS=${WALKS:-7}
SCALE=${SCALE:-4}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(BinaryTrees ParallelAlloc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root"/bench/java/*.java "$root/bench/jvmti/HeapWalkBench.java"
for a in heapwalk sampler; do
  gcc -std=c11 -O2 -fPIC -shared -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
      -o "$work/lib$a.so" "$root/bench/jvmti/$a.c"
done
vms=(loupe xint)
java_of() { if [ "$1" = loupe ]; then echo "$BUILD/jdk/bin/java"; else echo "$JAVA_HOME/bin/java -Xint"; fi; }

# ---- 1. the walks ----
echo "heap walks over 1,000,000 objects (500,000 Nodes in a list, each with a Leaf), ms, median/best of $WALKS"
for v in "${vms[@]}"; do
  # shellcheck disable=SC2046
  $(java_of "$v") -agentpath:"$work/libheapwalk.so" -cp "$work/classes" HeapWalkBench "$WALKS" >"$work/walk.$v"
done
field() { awk -v w="$2" -v f="$3" '$1 == w { print $f }' "$work/walk.$1"; }
for w in iterate follow; do
  for c in 7 9; do
    [ "$(field loupe "$w" "$c")" = "$(field xint "$w" "$c")" ] ||
      { echo "jvmti-heap: $w: the VMs found different counts:" >&2; cat "$work/walk.loupe" "$work/walk.xint" >&2; exit 1; }
  done
done
ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }
printf '%-8s %19s %19s %10s   %s\n' walk "loupe median/best" "xint median/best" loupe/xint "found (loupe/xint)"
for w in iterate follow; do
  printf '%-8s %10s/%-8s %10s/%-8s %10s   %s %s/%s, %s %s, %s %s\n' "$w" "$(field loupe $w 2)" "$(field loupe $w 3)" \
    "$(field xint $w 2)" "$(field xint $w 3)" "$(ratio "$(field loupe $w 2)" "$(field xint $w 2)")" \
    "$(field loupe $w 4)" "$(field loupe $w 5)" "$(field xint $w 5)" "$(field loupe $w 6)" "$(field loupe $w 7)" \
    "$(field loupe $w 8)" "$(field loupe $w 9)"
done

# ---- 2. SampledObjectAlloc ----
. "$root/bench/lib.sh"
echo
echo "SampledObjectAlloc at the default interval (512 KB), a counting callback: CPU s, median of $REPS, scale $SCALE"
printf '%-14s %-6s %8s %9s %8s %9s\n' kernel vm none sampled cost samples
for k in "${kernels[@]}"; do
  for v in "${vms[@]}"; do : >"$work/$v.none"; : >"$work/$v.sampled"; done
  for ((i = 0; i < REPS; i++)); do
    for v in "${vms[@]}"; do
      # shellcheck disable=SC2046
      cpu_of $(java_of "$v") -cp "$work/classes" "$k" "$SCALE" >>"$work/$v.none"
      # shellcheck disable=SC2046
      cpu_of $(java_of "$v") -agentpath:"$work/libsampler.so" -cp "$work/classes" "$k" "$SCALE" >>"$work/$v.sampled"
      awk '$1 == "samples" { print $2 }' "$work/err" >"$work/$v.samples"
    done
  done
  for v in "${vms[@]}"; do
    none=$(median "$work/$v.none") sampled=$(median "$work/$v.sampled")
    printf '%-14s %-6s %8.2f %9.2f %8s %9s\n' "$k" "$v" "$none" "$sampled" "$(pct "$none" "$sampled")" "$(cat "$work/$v.samples")"
  done
done
