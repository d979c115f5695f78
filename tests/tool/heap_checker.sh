# The JVMTI heap extension events checked against the heap under every Loupe collector:
# agent/HeapChecker (tests/agent/HeapChecker.c) rebuilds the heap from
# com.loupe.events.ObjectAlloc/Free/Move/ArenaNew/ArenaDelete alone and compares it with
# IterateThroughHeap after each collection, while several threads allocate; once with
# -XX:+UseMarkSweepGC, once with -XX:+UseMarkCompactGC, once with the default collector
# under GC stress.  HotSpot has no such events (nor Loupe's collectors): it runs the same
# program with the agent, which then prints what a passing run prints.
set -u
J=$JDK/bin/java
AGENT=$(dirname "$CLASSES")/agent/libHeapChecker.so
ACLASSES=$(dirname "$CLASSES")/agent-classes
loupe=false
"$J" -XX:+LoupeCheckGCEvents -version >/dev/null 2>&1 && loupe=true
for opts in -XX:+UseMarkSweepGC -XX:+UseMarkCompactGC -XX:GCStressInterval=200; do
  echo "== ${opts#-XX:}"
  if $loupe; then
    "$J" $opts -agentpath:"$AGENT" -cp "$ACLASSES" HeapChecker 200
  else
    "$J" -agentpath:"$AGENT" -cp "$ACLASSES" HeapChecker 200
  fi
  echo "exit $?"
done
