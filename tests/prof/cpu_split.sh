# Known answer for CPU samples: CpuSplit spends 70 % of its CPU time in seventy() and
# 30 % in thirty() (by its own CPU clock, whatever the load); the profile must say
# 70 ± 5 / 30 ± 5.  The kernel's tick caps the sampling rate (250 Hz or less), so runs
# are added until there are 800 samples: the tolerance is then over three standard errors.
. "$ROOT/tests/prof/lib/prof.bash"
compile CpuSplit
a=0 b=0
for run in 1 2 3; do
  "$LP" run -o cpu$run.collapsed -e cpu -i 1ms -- "$PROF_JAVA" -cp classes CpuSplit 4000 >run.out
  grep -q '^done' run.out || fail "the program did not finish: $(cat run.out)"
  a=$((a + $(weight cpu$run.collapsed 'CpuSplit\.seventy;')))
  b=$((b + $(weight cpu$run.collapsed 'CpuSplit\.thirty;')))
  [ $((a + b)) -ge 800 ] && break
done
[ $((a + b)) -ge 300 ] || fail "only $((a + b)) samples in seventy/thirty"
pct=$((100 * a / (a + b)))
echo "seventy $a, thirty $b samples: $pct % / $((100 - pct)) %"
[ "$pct" -ge 65 ] && [ "$pct" -le 75 ] || fail "expected 70 ± 5 % in seventy(), got $pct %"
