# The HPROF-like agent's live objects per class, rebuilt from the alloc, free, move and
# arena delete events alone, compared with a JVMTI heap walk (IterateThroughHeap from a
# second environment of the same agent, classes tagged) after EVERY GC finish, not only at
# shut down (lib/hprof.c, option gcwalk): under each collector, on allocation-heavy
# programs: AllocChurn (trees, rings, maps of strings, old objects pointing to young ones,
# under a small heap) and AllocThreads (four threads allocating 64 KB arrays).  Under GC
# stress and sanitizers: smaller runs.
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
agent
churn=30000 arrays=300
$light && churn=2000 arrays=40
checks=("${CHECKS_BASE[@]}" "${CHECKS_HEAP[@]}" "${CHECKS_WALK[@]}"
  "live objects per class from events agree with a JVMTI heap walk at every GC finish")
for gc in semispace marksweep markcompact generational refcount; do
  run churn-$gc heap,gcwalk -- -XX:LoupeGC=$gc -Xmx16m -Djava.class.path="$CLASSES" AllocChurn $churn
  expect churn-$gc "${checks[@]}"
  run threads-$gc heap,gcwalk -- -XX:LoupeGC=$gc -Xmx16m -Djava.class.path="$CLASSES" AllocThreads $arrays
  expect threads-$gc "${checks[@]}"
  grep -h '^gcwalk:' churn-$gc.out threads-$gc.out
done
exit $fail
