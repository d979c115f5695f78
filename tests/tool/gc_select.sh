# Choosing the collector as HotSpot does: one -XX:+Use...GC flag, the last setting of each
# flag counting, two at once an error during initialisation ("Multiple garbage collectors
# selected", status 1), and so is turning off the default collector (G1 on a machine with
# 2 processors and 2 GB) and selecting none.  HotSpot's own flags work on Loupe too (each picks the closest
# Loupe collector); Loupe's own (-XX:+UseMarkSweepGC, -XX:+UseMarkCompactGC,
# -XX:+UseSemiSpaceGC, -XX:+UseGenerationalGC, -XX:+UseRefCountGC) are unknown to HotSpot, so for those the HotSpot side prints what
# Loupe must print.
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
own_collector
loupe=false
"$J" -XX:+UseMarkSweepGC -version >/dev/null 2>&1 && loupe=true
run() {
  echo "== $*"
  "$J" "$@" -cp "$CLASSES" GcWorkload 4 2>&1
  echo "exit $?"
}
run -XX:+UseSerialGC -XX:+UseG1GC
run -XX:+UseParallelGC -XX:+UseSerialGC -XX:-UseParallelGC
run -XX:+UseG1GC -XX:-UseG1GC
run -XX:-UseSerialGC
run -XX:+UseSerialGC -XX:-UseSerialGC -XX:+UseParallelGC
for gc in UseSerialGC UseParallelGC UseG1GC; do
  echo "== -XX:+$gc -Xlog:gc"
  "$J" -XX:+$gc -Xlog:gc -cp "$CLASSES" GcWorkload 4 | grep -c '\[gc *\] Using '
done
# own NAME FLAGS...: NAME is the collector Loupe must name, or - for the error
own() {
  local name=$1
  shift
  echo "== $*"
  if $loupe; then
    "$J" "$@" -Xlog:gc -cp "$CLASSES" GcWorkload 4 2>&1 | sed -n 's/^\[[0-9.]*s\]\[info *\]\[gc *\] \(Using .*\)/\1/p; t; /^\[/!p'
    echo "exit ${PIPESTATUS[0]}"
  elif [ "$name" = - ]; then
    printf 'Error occurred during initialization of VM\nMultiple garbage collectors selected\nexit 1\n'
  else
    echo "Using $name"
    "$J" -cp "$CLASSES" GcWorkload 4
    echo "exit $?"
  fi
}
own MarkSweep -XX:+UseMarkSweepGC
own MarkCompact -XX:+UseMarkCompactGC
own Semispace -XX:+UseSemiSpaceGC
own Generational -XX:+UseGenerationalGC
own RefCount -XX:+UseRefCountGC
own - -XX:+UseMarkSweepGC -XX:+UseMarkCompactGC
own - -XX:+UseMarkSweepGC -XX:+UseG1GC
