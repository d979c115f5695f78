#!/bin/bash
# bench/gc-table.sh — the collectors side by side: binary-trees (bench/java/BinaryTrees) and
# a GCBench-style kernel (bench/gc/GCBench) on each of Loupe's five collectors and on
# HotSpot's Serial and Parallel collectors with -Xint, all with the same -Xmx, and the cost
# of the full heap event stream on Loupe.
#
# For each VM and kernel: the CPU time (user + system: the machine may be shared, which
# stretches wall times) and the wall time of the run with the median CPU time of REPS
# runs, and in that run the longest and the mean
# pause (from the "Pause" lines of -Xlog:gc, which both VMs print in the same form), the
# number of collections, and the peak RSS (/usr/bin/time -v, "Maximum resident set
# size").  Then, per Loupe collector, binary-trees with a JVMTI agent that enables every
# com.loupe.events.* extension event with a callback that does nothing
# (bench/gc/nulllistener.c), against the same run without it: the cost of building and
# delivering the whole event stream (goal: at most 1.3x).  Both in CPU seconds
# (user + system), best of REPS.
#
#   BUILD=build XMX=64m REPS=3 BT_SCALE=1 GCB_SCALE=4 bench/gc-table.sh
# Needs /usr/bin/time (tools/deps.sh installs it: package "time").
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
XMX=${XMX:-64m}
REPS=${REPS:-3}
BT_SCALE=${BT_SCALE:-1}
GCB_SCALE=${GCB_SCALE:-4}
[ -x /usr/bin/time ] || "$root/tools/deps.sh" time
[ -x /usr/bin/time ] || { echo "gc-table: /usr/bin/time is missing" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root/bench/java/BinaryTrees.java" "$root/bench/gc/GCBench.java"
gcc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -shared -I"$BUILD/jdk/include" -I"$BUILD/jdk/include/linux" \
  -o "$work/libnulllistener.so" "$root/bench/gc/nulllistener.c"
LOUPE=$BUILD/jdk/bin/java
HOTSPOT=$JAVA_HOME/bin/java
# label, then the command that runs a class
vms=("loupe semispace|$LOUPE -XX:+UseSemiSpaceGC" "loupe marksweep|$LOUPE -XX:+UseMarkSweepGC"
  "loupe markcompact|$LOUPE -XX:+UseMarkCompactGC" "loupe generational|$LOUPE -XX:+UseGenerationalGC"
  "loupe refcount|$LOUPE -XX:+UseRefCountGC"
  "hotspot -Xint Serial|$HOTSPOT -Xint -XX:+UseSerialGC" "hotspot -Xint Parallel|$HOTSPOT -Xint -XX:+UseParallelGC")

# one run: wall seconds, peak RSS KB and the -Xlog:gc output in $work/run.*
run_once() {
  /usr/bin/time -v -o "$work/run.time" "$@" >"$work/run.out" 2>&1 || { cat "$work/run.out" >&2; return 1; }
}
wall() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$work/run.time"; }
rss() { awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/run.time"; }
cpu() { awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.3f\n", u + s }' "$work/run.time"; }
# max, mean (ms) and count of the pauses -Xlog:gc printed
pauses() {
  sed -n 's/^\[[^]]*\]\[info *\]\[gc *\] GC([0-9]*) Pause .* \([0-9.]*\)ms$/\1/p' "$work/run.out" |
    awk '{ n++; s += $1; if ($1 > m) m = $1 } END { if (n) printf "%.2f %.2f %d\n", m, s / n, n; else print "- - 0" }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# kernel KERNEL SCALE CMD...: "cpu_s wall_s max_ms mean_ms gcs rss_mb" (the run of median CPU time)
kernel() {
  local k=$1 scale=$2 i
  shift 2
  : >"$work/runs"
  for ((i = 0; i < REPS; i++)); do
    run_once "$@" -Xmx$XMX -Xlog:gc -cp "$work/classes" "$k" "$scale"
    echo "$(cpu) $(wall) $(pauses) $(( $(rss) / 1024 ))" >>"$work/runs"
  done
  local m
  m=$(awk '{ print $1 }' "$work/runs" | median)
  awk -v m="$m" '$1 == m { print; exit }' "$work/runs"
}

best_cpu() {
  local b=999999 i
  for ((i = 0; i < REPS; i++)); do
    run_once "$@" -Xmx$XMX -cp "$work/classes" BinaryTrees "$BT_SCALE"
    b=$(echo "$(cpu) $b" | awk '{ print ($1 < $2) ? $1 : $2 }')
  done
  echo "$b"
}

echo "binary-trees (scale $BT_SCALE) and GCBench (scale $GCB_SCALE), -Xmx$XMX, the run of median CPU time of $REPS"
echo "(cpu: user + system seconds; wall: seconds; pauses from -Xlog:gc; RSS: peak)"
printf '%-24s | %6s %6s %7s %7s %4s %6s | %6s %6s %7s %7s %4s %6s\n' "" "BT cpu" "wall" "max ms" "mean ms" "GCs" \
  "RSS MB" "GCB cpu" "wall" "max ms" "mean ms" "GCs" "RSS MB"
for v in "${vms[@]}"; do
  label=${v%%|*}
  read -r -a cmd <<<"${v#*|}"
  bt=$(kernel BinaryTrees "$BT_SCALE" "${cmd[@]}")
  gcb=$(kernel GCBench "$GCB_SCALE" "${cmd[@]}")
  # shellcheck disable=SC2086
  printf '%-24s | %6.2f %6.2f %7s %7s %4s %6s | %6.2f %6.2f %7s %7s %4s %6s\n' "$label" $bt $gcb
done
echo
echo "the full event stream (every com.loupe.events.* extension event, a listener that does nothing):"
echo "binary-trees CPU seconds (user + system), best of $REPS"
printf '%-24s | %9s %9s %6s\n' "" "no agent" "listener" "ratio"
for v in "${vms[@]:0:5}"; do
  label=${v%%|*}
  read -r -a cmd <<<"${v#*|}"
  none=$(best_cpu "${cmd[@]}")
  with=$(best_cpu "${cmd[@]}" -agentpath:"$work/libnulllistener.so")
  printf '%-24s | %9.2f %9.2f %5.2fx\n' "$label" "$none" "$with" "$(echo "$none $with" | awk '{ print $2 / $1 }')"
done
