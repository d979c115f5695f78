# -Xlog:gc* in HotSpot's shapes under -XX:+UseSerialGC (on Loupe the generational
# collector, which is Serial: same generations, same algorithms): "Using Serial", the
# gc+init lines, gc+heap's DefNew/Tenured lines at info, gc+cpu's times, and the pause
# lines, all with the figures left out.  (HotSpot's gc+start, gc+phases and gc+metaspace
# lines are not Loupe's: left out.)  Then Loupe's own collectors, which HotSpot has not:
# gc+heap prints one line per memory pool in the same form, and -Xlog:gc names them.
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
own_collector
# "[0.060s][info][gc,heap     ] GC(0) DefNew: 2455K(19648K)->..." -> "gc,heap GC(N) DefNew: NK(NK)->..."
shapes() {
  sed -n 's/^\[[0-9.]*s\]\[info *\]\[\([a-z,]*\) *\] /\1 /p' |
    grep -E '^(gc|gc,init|gc,heap|gc,cpu) ' | grep -v 'GC Stress' |
    sed 's/^\(gc,init [^:]*\):.*/\1/; s/[0-9][0-9]*\(\.[0-9]*\)\{0,1\}/N/g' | sort -u
}
for sel in 'gc*' 'gc+heap=info' 'gc+init,gc+cpu'; do
  echo "== -XX:+UseSerialGC -Xlog:$sel"
  "$J" -XX:+UseSerialGC -Xmx64m "-Xlog:$sel" -cp "$CLASSES" GcWorkload 4 >out 2>&1
  echo "exit $?"
  shapes <out
  grep -v '^\[' out
done
loupe=false
"$J" -XX:+UseMarkSweepGC -version >/dev/null 2>&1 && loupe=true
# own FLAG NAME POOL...: under Loupe's own collector, "Using NAME" and a gc+heap line per pool
own() {
  local flag=$1 name=$2
  shift 2
  echo "== $flag -Xlog:gc,gc+heap"
  if $loupe; then
    "$J" "$flag" -Xmx64m -Xlog:gc,gc+heap -cp "$CLASSES" GcWorkload 4 >out 2>&1
    echo "exit $?"
    shapes <out | grep -v 'Pause\|Reference counting'
  else
    echo "exit 0"
    { echo "gc Using $name"; for pool; do echo "gc,heap GC(N) $pool: NK(NK)->NK(NK)"; done; } | sort -u
  fi
}
own -XX:+UseMarkSweepGC MarkSweep "Mark-Sweep Space"
own -XX:+UseMarkCompactGC MarkCompact "Mark-Compact Space"
own -XX:+UseSemiSpaceGC Semispace "Semispace Allocation Space" "Semispace Copy Reserve"
own -XX:+UseRefCountGC RefCount "Reference-Counted Space"
