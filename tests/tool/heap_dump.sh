# HPROF heap dumps of a running VM through the JDK's tools (jmap -dump, jcmd GC.heap_dump,
# with and without -all), their failures (an existing file, no file name), and what a
# reader finds in each dump (HprofCheck, run on the same JDK): the same objects, fields
# and statics whichever VM wrote it.
# normalize: s/^[0-9][0-9]*:$/PID:/
# normalize: s/^Heap dump file created \[[0-9]* bytes in [0-9.]* secs\]$/Heap dump file created [N bytes in S secs]/
set -u
J=$JDK/bin
marker=$PWD/dump.done
rm -f "$marker" ./*.hprof
: >target.out
"$J/java" -cp "$CLASSES" AttachTarget "$marker" >target.out 2>&1 &
pid=$!
for _ in $(seq 1200); do grep -q ready target.out && break; sleep 0.1; done
check() {
  "$J/java" -cp "$CLASSES" HprofCheck "$1"
  echo "check exit $?"
}
echo "== jmap -dump:live"
"$J/jmap" -dump:live,format=b,file="$PWD/live.hprof" "$pid" | sed "s|$PWD|DIR|"
echo "exit ${PIPESTATUS[0]}"
check live.hprof
echo "== jcmd GC.heap_dump"
"$J/jcmd" "$pid" GC.heap_dump "$PWD/jcmd.hprof" | sed "s|$PWD|DIR|"
check jcmd.hprof
echo "== jcmd GC.heap_dump -all"
"$J/jcmd" "$pid" GC.heap_dump -all "$PWD/all.hprof" | sed "s|$PWD|DIR|"
check all.hprof
echo "== to an existing file"
"$J/jcmd" "$pid" GC.heap_dump "$PWD/live.hprof" | sed "s|$PWD|DIR|"
echo "== without a file name"
"$J/jcmd" "$pid" GC.heap_dump 2>&1
echo "exit $?"
touch "$marker"
wait "$pid"
echo "target exit $?"
cat target.out
