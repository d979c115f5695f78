# The HPROF-like JVMPI agent (lib/hprof.c: heap=sites, cpu=times, monitor=y, dumps, every
# interface function, bad calls) on GcWorkload (trees, cycles, arrays, weak references,
# finalizers, several threads) and Monitors, under each collector, with the other events
# (JNI references, instruction start, SIGQUIT's data dump request, threads, arenas) too:
# the live objects rebuilt from the events must match the collector's count at every GC
# finish, and class by class a level 2 heap dump and a JVMTI heap walk at shut down (walk);
# JVMPI's method entries JVMTI's; the dumps must parse.  Under GC stress and sanitizers: a
# smaller tree, three collectors, method events under the default collector only, no
# Monitors run.
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
agent
size=6
$light && size=3
collectors="semispace marksweep markcompact generational refcount"
$light && collectors="semispace marksweep markcompact"
for gc in $collectors; do
  opts=heap,monitor,dumps,funcs,bad,events,walk
  checks=("${CHECKS_BASE[@]}" "${CHECKS_HEAP[@]}" "${CHECKS_DUMPS[@]}" "${CHECKS_FUNCS[@]}" "${CHECKS_BAD[@]}"
    "${CHECKS_EVENTS[@]}" "${CHECKS_WALK[@]}")
  if ! $light || [ $gc = semispace ]; then
    opts=$opts,cpu,jvmti
    checks+=("${CHECKS_JVMTI[@]}")
  fi
  run gc-$gc "$opts" -- -XX:LoupeGC=$gc -Xmx64m -Djava.class.path="$CLASSES" GcWorkload $size
  expect gc-$gc "${checks[@]}"
  grep -q '^SITES BEGIN' gc-$gc.txt && grep -q '^MONITOR BEGIN' gc-$gc.txt ||
    { echo "FAIL gc-$gc: report incomplete"; fail=1; }
done
if ! $light; then
  run monitors heap,cpu,jvmti,monitor -- -Djava.class.path="$CLASSES" Monitors
  expect monitors "${CHECKS_BASE[@]}" "${CHECKS_HEAP[@]}" "${CHECKS_JVMTI[@]}"
  grep -q '^CPU TIME (ms) BEGIN' monitors.txt || { echo "FAIL monitors: report incomplete"; fail=1; }
fi
exit $fail
