# Known answer for allocations: AllocSite allocates exactly 400000 AllocSite$Item objects
# in make().  On HotSpot allocations are sampled (here one per KB on average, about 9000
# samples) and scaled to estimates; the estimate must be within 15 % (HotSpot's sampler
# measured about 5 % low; the statistical error is about 1 %).
. "$ROOT/tests/prof/lib/prof.bash"
compile AllocSite
"$LP" run -o alloc.collapsed -e alloc --alloc 1k -- "$PROF_JAVA" -cp classes AllocSite 400000 >run.out
grep -q '^allocated 400000' run.out || fail "the program did not finish"
n=$(weight alloc.collapsed 'AllocSite\.make;AllocSite\$Item ')
echo "estimated AllocSite\$Item objects at AllocSite.make: $n (exactly 400000 allocated)"
[ "$n" -ge 340000 ] && [ "$n" -le 460000 ] || fail "estimate $n is not 400000 ± 15 %"
