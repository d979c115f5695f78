# Known answer for exact allocations: with --alloc exact on Loupe the agent takes the
# collector's every-object event (com.loupe.events.ObjectAlloc), so AllocSite's N
# AllocSite$Item objects are reported exactly N at AllocSite.make, under each collector,
# and the summary says the allocations are exact and its per-class view gives N.  On
# HotSpot the same request falls back to sampling and says so; by default Loupe samples
# too (SampledObjectAlloc), and its estimate is within 15 %.  Exact counts are kept per
# thread and site (profiler/agent/sites.c): AllocThreads' 4 threads, ended before the
# recording does, allocate 4 x N AllocThreads$Item, all counted.
. "$ROOT/tests/prof/lib/prof.bash"
compile AllocSite AllocThreads
n=20000
"$LP" run -o hs.lprof -e alloc --alloc exact -- "$PROF_JAVA" -cp classes AllocSite $n >hs.out 2>hs.err
"$LP" convert hs.lprof -o hs.summary
grep -q '^allocations: sampled' hs.summary || { cat hs.summary; fail "HotSpot's recording does not say sampled"; }
grep -q 'no every-object allocation event' hs.err || fail "HotSpot: no message about the fallback to sampling"
on_loupe
"$LP" run -o sampled.collapsed -e alloc --alloc 1k -- "$PROF_JAVA" -cp classes AllocSite $n >sampled.out
est=$(weight sampled.collapsed 'AllocSite\.make;AllocSite\$Item ')
echo "Loupe, sampled: $est AllocSite\$Item estimated (exactly $n allocated)"
[ "$est" -ge $((n * 85 / 100)) ] && [ "$est" -le $((n * 115 / 100)) ] || fail "Loupe's sampled estimate $est is not $n ± 15 %"
for gc in semispace marksweep markcompact; do
  "$LP" run -o $gc.lprof -e alloc --alloc exact -- "$PROF_JAVA" -XX:LoupeGC=$gc -cp classes AllocSite $n >$gc.out 2>$gc.err
  grep -q "^allocated $n" $gc.out || { cat $gc.err; fail "$gc: the program did not finish"; }
  "$LP" convert $gc.lprof -o $gc.collapsed
  "$LP" convert $gc.lprof -o $gc.summary
  grep -q '^allocations: exact' $gc.summary || { cat $gc.summary; fail "$gc: the recording does not say exact"; }
  grep -q ' 0 events dropped' $gc.summary || fail "$gc: events were dropped"
  got=$(weight $gc.collapsed 'AllocSite\.make;AllocSite\$Item ')
  echo "$gc: $got AllocSite\$Item objects at AllocSite.make (exactly $n allocated)"
  [ "$got" = "$n" ] || fail "$gc: $got objects reported, $n allocated"
  grep -qE "^ +$n +[0-9]+ +[0-9]+  AllocSite\\\$Item\$" $gc.summary || fail "$gc: the per-class view does not give $n AllocSite\$Item"
done
"$LP" run -o threads.collapsed -e alloc --alloc exact -- "$PROF_JAVA" -cp classes AllocThreads 4 $n >threads.out 2>threads.err
grep -q "^allocated $((4 * n))" threads.out || { cat threads.err; fail "AllocThreads did not finish"; }
got=$(weight threads.collapsed 'AllocThreads\.make;AllocThreads\$Item ')
echo "4 threads: $got AllocThreads\$Item objects at AllocThreads.make (exactly $((4 * n)) allocated)"
[ "$got" = $((4 * n)) ] || fail "4 threads: $got objects reported, $((4 * n)) allocated"
