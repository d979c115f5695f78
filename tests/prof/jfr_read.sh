# JFR output read by the JDK's own tools: recordings from HotSpot (Mixed: CPU, sampled
# allocations, collections in a small heap, a contended monitor) and from Loupe (CpuSplit)
# converted to .jfr; `jfr summary` counts each event type (as many execution samples as
# the recording's CPU samples) and `jfr print` shows the hot method, the allocated class,
# the lock with both threads.  From Loupe also wall-clock samples (loupe.WallClockSample, as
# many as recorded), the live heap per class (jdk.ObjectCount) and the exact lifetimes of
# Survive's batch (loupe.ObjectLifetimes: 9000 Survive$Obj died, 1000 alive at the end).
. "$ROOT/tests/prof/lib/prof.bash"
compile CpuSplit AllocSite LockFight Mixed Survive
JFR=$JAVA_HOME/bin/jfr

# count FILE TYPE: the count `jfr summary` gives for an event type
count() { "$JFR" summary "$1" | awk -v t="$2" '$1 == t { print $2 }'; }

# check_samples NAME: the .jfr has as many execution samples as the recording has CPU samples
check_samples() {
  "$LP" convert "$1.lprof" -o "$1.jfr"
  "$LP" convert "$1.lprof" -o "$1.summary"
  local want got
  want=$(awk '/^cpu: / { print $2 }' "$1.summary")
  got=$(count "$1.jfr" jdk.ExecutionSample)
  echo "$1: $got execution samples in the .jfr, $want CPU samples recorded"
  [ -n "$want" ] && [ "$want" -gt 0 ] && [ "$got" = "$want" ] || fail "$1.jfr: $got execution samples, expected $want"
  "$JFR" print --events jdk.ExecutionSample "$1.jfr" >"$1.samples"
  grep -q 'CpuSplit.spin(long) line: [0-9]' "$1.samples" || fail "$1.jfr: no sample in CpuSplit.spin(long)"
}

"$LP" run -o hs.lprof -e cpu,alloc,lock -- "$JAVA_HOME/bin/java" -Xmx64m -cp classes Mixed >hs.out
grep -q '^done' hs.out || fail "Mixed did not finish on HotSpot"
check_samples hs
[ "$(count hs.jfr jdk.ObjectAllocationSample)" -gt 0 ] || fail "no allocation samples"
[ "$(count hs.jfr jdk.GarbageCollection)" -gt 0 ] || fail "no collections"
"$JFR" print --events jdk.ObjectAllocationSample hs.jfr | grep -q 'objectClass = AllocSite\$Item' ||
  fail "no allocation of AllocSite\$Item"
"$JFR" print --events jdk.JavaMonitorEnter hs.jfr >hs.locks
grep -q 'monitorClass = LockFight\$TheLock' hs.locks && grep -q 'previousOwner = "holder"' hs.locks &&
  grep -q 'eventThread = "waiter"' hs.locks || { cat hs.locks; fail "the contended lock is not named with both threads"; }

on_loupe
"$LP" run -o lo.lprof -e cpu,lock -- "$PROF_JAVA" -cp classes CpuSplit 600 >lo.out
grep -q '^done' lo.out || fail "CpuSplit did not finish on Loupe"
check_samples lo
"$JFR" summary lo.jfr

"$LP" run -o live.lprof -e wall,live -- "$PROF_JAVA" -cp classes Survive 10000 10 300 >live.out
grep -q '^kept 1000 sum 4995000' live.out || fail "Survive did not finish on Loupe"
"$LP" convert live.lprof -o live.jfr
"$LP" convert live.lprof -o live.summary
want=$(awk '/^wall: / { print $2 }' live.summary)
got=$(count live.jfr loupe.WallClockSample)
[ -n "$want" ] && [ "$want" -gt 0 ] && [ "$got" = "$want" ] || fail "live.jfr: $got wall-clock samples, expected $want"
"$JFR" print --events loupe.WallClockSample live.jfr | grep -q 'sampledThread = ' || fail "no thread in the wall-clock samples"
[ "$(count live.jfr jdk.ObjectCount)" -gt 0 ] || fail "no jdk.ObjectCount events"
"$JFR" print --events jdk.ObjectCount live.jfr | grep -q 'objectClass = Survive\$Obj' || fail "no live Survive\$Obj in jdk.ObjectCount"
"$JFR" print --events loupe.ObjectLifetimes live.jfr >live.lifetimes
# lifetimes ALIVE: the Survive$Obj counted with alive = ALIVE
lifetimes() {
  awk -v alive="$1" '/objectClass = Survive\$Obj /{ c = 1 } /^}/{ c = 0 } c && /alive = /{ a = $3 }
    c && /^  count = /{ if (a == alive) s += $3 } END { print s + 0 }' live.lifetimes
}
died=$(lifetimes false) kept=$(lifetimes true)
echo "live.jfr: $got wall-clock samples, Survive\$Obj lifetimes: $died died, $kept alive at the end"
[ "$died" = 9000 ] && [ "$kept" = 1000 ] || { cat live.lifetimes; fail "expected 9000 Survive\$Obj dead and 1000 alive"; }
