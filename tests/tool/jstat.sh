# jstat on a running VM of the JDK under test (HotSpot's jstat reads it): each collector
# publishes HotSpot's sun.gc.* perf counters, so -gcutil prints its columns with figures
# that parse and a collection count that goes up while the target allocates.  Loupe runs the target under each of its five collectors, HotSpot
# under Serial, Parallel and G1 in turn; only facts both agree on are printed.  (The
# other options: tool/jstat_options.)
set -u
J=$JDK/bin
. "$(dirname "$0")/../lib/tool.sh"
own_collector
# The fourth is Serial on both (on Loupe the generational collector, which is Serial and
# publishes Serial's names): its collector and policy names are printed as they are.
if "$J/java" -XX:+UseMarkSweepGC -version >/dev/null 2>&1; then
  gcs="SemiSpace MarkSweep MarkCompact Serial RefCount"
else
  gcs="Serial Parallel G1 Serial Parallel"
fi
# HotSpot's jstat reads the VM under test (the subject is the target's counters, and
# jstat on Loupe is too slow under the sanitizers)
tool() { "$JAVA_HOME/bin/jstat" "$@"; }
# -gcutil's samples, up to the first whose YGC + FGC + CGC (columns 7, 9, 11) is above
# the first sample's; a line still being written (fewer fields) is left out
gc_util='function total() { return $7 + $9 + ($11 == "-" ? 0 : $11) }
  NR == 1 { print "columns:", $0; n = NF; next }
  NF != n { next }
  { for (i = 1; i <= NF; i++) if ($i != "-" && $i !~ /^[0-9]+(\.[0-9]+)?$/) bad = 1 }
  !seen { first = total(); seen = 1; next }
  total() > first { up = 1; exit }
  END { print "figures parse:", bad ? "no" : "yes"; print "GC count increased:", up ? "yes" : "no" }'
# -gc, -gccapacity and -gccause once: their columns, figures that parse, a last cause
# named (the count went up); and the collectors' names in the perf counters: a young and
# a full one named after the policy's collector, printed as they are for Serial
fields_parse() {
  awk -v n="$1" 'NR == 1 { next } { for (i = 1; i <= n; i++) if ($i != "-" && $i !~ /^-?[0-9]+(\.[0-9]+)?$/) bad = 1; if (NF < n) bad = 1 }
       END { print (NR >= 2 && !bad) ? "figures parse: yes" : "figures parse: no" }'
}
others() {
  local pid opt n
  pid=$(cat pid.$1)
  for opt in -gc -gccapacity -gccause; do
    tool $opt "$pid" >opt.out 2>&1
    sed -n "1s/^/$opt columns: /p" opt.out
    n=$(awk 'NR == 1 { print NF - ($1 == "S0" ? 2 : 0) }' opt.out)
    fields_parse "$n" <opt.out
  done
  # (sampled again for up to a minute while it says "No GC": a loaded machine may be slow to show the first cause)
  for _ in $(seq 240); do
    awk 'NR == 2 { $1 = $2 = $3 = $4 = $5 = $6 = $7 = $8 = $9 = $10 = $11 = $12 = $13 = ""; sub(/^ */, "");
         print "last cause named:", ($0 ~ /^[A-Za-z]/ && $0 !~ /^No GC/) ? "yes" : "no" }' opt.out >cause.out
    grep -q yes cause.out && break
    sleep 0.25
    tool -gccause "$pid" >opt.out 2>&1
  done
  cat cause.out
  "$JAVA_HOME/bin/jcmd" "$pid" PerfCounter.print >perf.out 2>&1
  awk -F'"' -v gc="$(sed -n 's/^sun.gc.policy.name="\(.*\)"$/\1/p' perf.out)" -v show=$([ $1 = 4 ] && echo 1) '
    /^sun.gc.collector.0.name=/ { y = $2 } /^sun.gc.collector.1.name=/ { f = $2 }
    END { split(y, w, " "); print "collector names:", (gc != "" && y == w[1] " young collection pauses" && f == w[1] " full collection pauses") ? "a young and a full one" : "no";
          if (show) print "policy", gc ", collectors", y ", " f }' perf.out
}
# the targets start together (start-up is most of the time under the sanitizers), then
# jstat reads each in turn
k=0
for gc in $gcs; do
  k=$((k + 1))
  : >target.$k.out
  ("$J/java" -XX:+Use${gc}GC -Xint -Xmx64m -cp "$CLASSES" JstatTarget "$PWD/jstat.$k.done" >target.$k.out 2>&1 &
   echo $! >pid.$k; wait) &
done
for k in $(seq $k); do
  for _ in $(seq 1200); do grep -q ready target.$k.out && break; sleep 0.1; done
  pid=$(cat pid.$k)
  echo "== collector $k: jstat -gcutil PID 250"
  # samples until the count has gone up (at most 10 minutes); jstat goes on sampling
  # into its file (a closed pipe would not stop it) until it is stopped
  : >gcutil.$k.out     # there before the first look, whenever jstat opens it
  tool -gcutil "$pid" 250 2400 >gcutil.$k.out 2>&1 &
  jstat_pid=$!
  for _ in $(seq 2400); do
    [ "$(awk "$gc_util" gcutil.$k.out | tail -n 1)" = "GC count increased: yes" ] && break
    kill -0 $jstat_pid 2>/dev/null || break
    sleep 0.25
  done
  kill $jstat_pid 2>/dev/null
  wait $jstat_pid 2>/dev/null
  awk "$gc_util" gcutil.$k.out
  others $k
  touch jstat.$k.done
done
wait
for k in $(seq $k); do
  echo "== collector $k: the target"
  cat target.$k.out
done
