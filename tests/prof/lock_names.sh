# Lock contention: in LockFight, thread "waiter" blocks about 400 ms on the monitor of a
# LockFight$TheLock that thread "holder" keeps.  The summary must name the lock's class,
# both threads, a wait of at least 200 ms and where the waiter waited; the collapsed lock
# stacks end with the lock.
. "$ROOT/tests/prof/lib/prof.bash"
compile LockFight
"$LP" run -o lock.lprof -e lock -- "$PROF_JAVA" -cp classes LockFight >run.out
grep -q '^done' run.out || fail "the program did not finish"
"$LP" convert lock.lprof -o lock.summary
"$LP" convert lock.lprof -o lock.collapsed --event lock --total
cat lock.summary
row=$(grep -E '^  LockFight\$TheLock@[0-9a-f]+ +holder +waiter +[0-9.]+ +LockFight\.lambda' lock.summary) ||
  fail "no contention row naming LockFight\$TheLock, holder and waiter"
ms=$(echo "$row" | awk '{ print int($4) }')
[ "$ms" -ge 200 ] || fail "waited $ms ms, expected about 400"
grep -qE ';LockFight\$TheLock@[0-9a-f]+ [0-9]+$' lock.collapsed || fail "collapsed lock stacks do not end with the lock"
