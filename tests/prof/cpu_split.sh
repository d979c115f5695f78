# Known answer for CPU samples: CpuSplit spends 70 % of its CPU time in seventy() and
# 30 % in thirty() (by its own CPU clock, whatever the load); the profile must say
# 70 ± 5 / 30 ± 5.  The 1 ms interval gives several hundred samples (the kernel's tick
# caps the rate), so the tolerance is more than three standard errors.
. "$ROOT/tests/prof/lib/prof.bash"
compile CpuSplit
"$LP" run -o cpu.collapsed -e cpu -i 1ms -- "$PROF_JAVA" -cp classes CpuSplit 4000 >run.out
grep -q '^done' run.out || fail "the program did not finish: $(cat run.out)"
a=$(weight cpu.collapsed 'CpuSplit\.seventy;')
b=$(weight cpu.collapsed 'CpuSplit\.thirty;')
[ $((a + b)) -ge 300 ] || fail "only $((a + b)) samples in seventy/thirty"
pct=$((100 * a / (a + b)))
echo "seventy $a, thirty $b samples: $pct % / $((100 - pct)) %"
[ "$pct" -ge 65 ] && [ "$pct" -le 75 ] || fail "expected 70 ± 5 % in seventy(), got $pct %"
