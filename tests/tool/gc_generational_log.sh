# -Xlog:gc of the generational collector in HotSpot's shape: -XX:+UseSerialGC (on Loupe the
# generational collector, Loupe's closest) with a small young generation logs minor
# collections as "Pause Young (Allocation Failure) B->A(C) Tms" and System.gc() as
# "Pause Full (System.gc()) ...", on both VMs; the figures differ, the shapes must not.
# -Xlog:gc+heap=debug prints the heap in Serial's layout before and after each one.
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
own_collector
"$J" -XX:+UseSerialGC -Xmx64m -Xmn2m -Xlog:gc -cp "$CLASSES" GenBarrier 40 >out 2>&1
echo "exit $?"
pause='[0-9]*M->[0-9]*M([0-9]*M) [0-9.]*ms$'
# (under GC stress Loupe's forced collections come first, with the cause "GC Stress")
grep -qE "GC\([0-9]*\) Pause Young \((Allocation Failure|GC Stress)\) $pause" out && echo "young pauses logged"
grep -q "GC([0-9]*) Pause Full (System.gc()) $pause" out && echo "full pauses logged"
grep -v '^\[' out
echo "== -Xlog:gc+heap=debug: the heap before and after each collection (shapes)"
"$J" -XX:+UseSerialGC -Xmx64m -Xmn2m -Xlog:gc+heap=debug -cp "$CLASSES" GenBarrier 40 >heap.out 2>&1
echo "exit $?"
# HotSpot's address ranges and class space are not Loupe's (no compressed class pointers)
grep '^\[[0-9.]*s\]\[debug\]\[gc,heap\] GC([0-9]*) ' heap.out |
  sed 's/^[^]]*\]\[debug\]\[gc,heap\] GC([0-9]*) //; s/ *\[0x.*//; s/ *[0-9]*% used/ N% used/; s/[0-9][0-9]*/N/g' |
  grep -v '^  class space' | sort -u
