#!/bin/bash
# bench/prof-overhead.sh — what the profiler costs, on HotSpot and on Loupe: each kernel
# run without the profiler, with loupe-prof's defaults (CPU samples every 10 ms, sampled
# allocations every 512 KB, lock contention), and on Loupe also in the exact mode (every
# object's allocation and lifetime: -e cpu,alloc,lock,live --alloc exact).  The median
# of REPS rounds, each running the modes one after another (so that a drift of the
# machine's speed weighs on all alike; the best run of each was no steadier: two plain
# runs in a row differ by 15 % here), measured as the processes' CPU time (user +
# system, the front-end included), which is steadier than wall time on a shared machine.  `make bench` runs it after the
# kernels' table; `make bench-prof` alone.
#   BUILD=build REPS=5 SCALE=20 LOUPE_SCALE=3 JAVAC_SCALE=1 PROF_VMS="hotspot loupe" \
#     bench/prof-overhead.sh [KERNEL...]
# (SCALE multiplies each kernel's work on HotSpot, LOUPE_SCALE on Loupe, an interpreter,
# so that both run for a second or two; Javac, the same fixed work on both, JAVAC_SCALE:
# bench/README.md.)  The first row, Empty, is the profiler's fixed cost (the agent's
# start, method ids for the classes loaded, the front-end, the last drain), which every
# other row carries too: on a short run it is most of the overhead.  The column "agent"
# is the agent's own account of the default mode (the recording's STATS: its callbacks,
# signal handler and writer thread, in CPU time) over the plain run's CPU time: it does
# not move with the machine's noise, which is larger than the goals here (2 %, 3 %).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
REPS=${REPS:-5}
SCALE=${SCALE:-20}
LOUPE_SCALE=${LOUPE_SCALE:-3}
JAVAC_SCALE=${JAVAC_SCALE:-1}
PROF_VMS=${PROF_VMS:-hotspot loupe}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(Empty BinaryTrees Richards Collections Locks Javac)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root"/bench/java/*.java
. "$root/bench/lib.sh"
profiled=("$BUILD/bin/loupe-prof" run -o "$work/p.lprof")
# agent_cpu: the last recording's own account of the agent's CPU time, in seconds.
agent_cpu() {
  "$BUILD/bin/loupe-prof" convert "$work/p.lprof" -o "$work/p.summary" >/dev/null
  sed -n 's/^cost: agent cpu \([0-9.]*\) ms.*/\1/p' "$work/p.summary" | awk '{ print $1 / 1000 }'
}
printf '%-8s %-12s %9s %11s %9s %7s %11s %9s\n' vm kernel "plain s" "profiled s" overhead agent "exact s" overhead
for vm in $PROF_VMS; do
  case $vm in
    hotspot) java=$JAVA_HOME/bin/java scale=$SCALE ;;
    loupe) java=$BUILD/jdk/bin/java scale=$LOUPE_SCALE ;;
    *) echo "prof-overhead: unknown VM $vm (hotspot, loupe)" >&2; exit 2 ;;
  esac
  for k in "${kernels[@]}"; do
    s=$scale
    [ $k = Javac ] && s=$JAVAC_SCALE
    run=("$java" -cp "$work/classes" "$k" "$s")
    modes=(plain prof)
    [ $vm = loupe ] && modes+=(exact)
    rm -f "$work"/m.*
    for ((i = 0; i < REPS; i++)); do
      for m in "${modes[@]}"; do
        case $m in
          plain) cmd=("${run[@]}") ;;
          prof) cmd=("${profiled[@]}" -- "${run[@]}") ;;
          exact) cmd=("${profiled[@]}" -e cpu,alloc,lock,live --alloc exact -- "${run[@]}") ;;
        esac
        cpu_of "${cmd[@]}" >>"$work/m.$m" || { echo "${0##*/}: ${cmd[*]} failed" >&2; exit 1; }
        [ $m = prof ] && agent_cpu >>"$work/m.agent"
      done
    done
    plain=$(median "$work/m.plain") prof=$(median "$work/m.prof") exact=- exact_pct=-
    if [ $vm = loupe ]; then
      exact=$(printf %.2f "$(median "$work/m.exact")")
      exact_pct=$(pct "$plain" "$exact")
    fi
    agent=$(echo "$(median "$work/m.agent") $plain" | awk '{ printf "%.1f%%", 100 * $1 / $2 }')
    printf '%-8s %-12s %9.2f %11.2f %9s %7s %11s %9s\n' $vm "$k" "$plain" "$prof" "$(pct "$plain" "$prof")" "$agent" \
      "$exact" "$exact_pct"
  done
done
