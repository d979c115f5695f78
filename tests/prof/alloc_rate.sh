# The rate of allocation samples: with the default interval (512 KB) the agent holds
# samples to about 500 a second (profiler/agent/events.c), so that an allocation-heavy
# program does not pay a stack walk for every half megabyte it allocates, and the
# estimate stays right: each sample is weighed by the interval it was drawn with.
# AllocSite allocates 60 million 24-byte objects at one site (1.4 GB: about 2700 samples
# at a fixed 512 KB, in well under a second on HotSpot); the recording may hold at most
# 1000 a second of its length, plus 200 (the interval adapts window by window), and the
# estimate must be within 30 % below and 15 % above (as alloc_site.sh: HotSpot's sampler
# runs low).  With alloc=512k given, the interval is kept as given: all the samples.
. "$ROOT/tests/prof/lib/prof.bash"
compile AllocSite
n_items=60000000
unthrottled=$((n_items * 24 / 524288))
for mode in default given; do
  opts=()
  [ $mode = given ] && opts=(--alloc 512k)
  "$LP" run -o $mode.lprof -e alloc ${opts[@]+"${opts[@]}"} -- "$PROF_JAVA" -cp classes AllocSite $n_items >run.out 2>run.err ||
    { cat run.err; fail "$mode: the recording failed"; }
  grep -q "^allocated $n_items" run.out || fail "$mode: the program did not finish"
  "$LP" convert $mode.lprof -o $mode.summary >/dev/null
  "$LP" convert $mode.lprof -o $mode.collapsed >/dev/null
  samples=$(sed -n 's/^allocations: sampled (estimates from \([0-9]*\) samples)$/\1/p' $mode.summary)
  est=$(weight $mode.collapsed 'AllocSite\.make;AllocSite\$Item ')
  echo "$mode: $samples samples (at a fixed 512 KB about $unthrottled), estimate $est of $n_items"
  [ -n "$samples" ] || fail "$mode: no sample count in the summary"
  secs=$(sed -n '1s/.*, \([0-9.]*\) s$/\1/p' $mode.summary)
  if [ $mode = default ]; then
    limit=$(awk -v s="$secs" 'BEGIN { printf "%d", 1000 * s + 200 }')
    [ "$samples" -le "$limit" ] || fail "default: $samples samples in $secs s, not held to about 500 a second"
  else
    [ "$samples" -gt $((unthrottled * 6 / 10)) ] || fail "given: $samples samples, the given interval was not kept"
  fi
  [ "$est" -ge $((n_items * 7 / 10)) ] && [ "$est" -le $((n_items * 115 / 100)) ] ||
    fail "$mode: estimate $est is not within $n_items -30 % / +15 %"
done
