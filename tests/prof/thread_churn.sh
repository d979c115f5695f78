# CPU samples while threads start all the time: 300 rounds of 8 short threads under a
# 100 us CPU timer.  The sampling signal must never make the agent call into the VM where
# that is unsafe: on HotSpot, GetEnv from the handler, in a thread that had just started
# (inside its own malloc, before its first use of the VM's thread-local), deadlocked the
# program (about one run in two before the fix).  Each run must end, and the threads
# started during the recording must still be sampled: on HotSpot the JIT makes 20000
# rounds of spin() take a few microseconds, too short for a 100 us CPU timer on a loaded
# machine, so there each thread spins ten times longer, and the samples of all runs count.
. "$ROOT/tests/prof/lib/prof.bash"
compile ThreadChurn
churn() {   # NAME JAVA RUNS ROUNDS WORK
  local i
  for ((i = 1; i <= $3; i++)); do
    timeout -k 5 60 "$LP" run --interval 100us -e cpu -o $1-$i.collapsed -- "$2" -cp classes ThreadChurn $4 $5 \
      >$1-$i.out 2>$1-$i.err || { cat $1-$i.err; fail "$1: run $i did not end (status $?)"; }
    grep -q '^done$' $1-$i.out || fail "$1: run $i did not finish"
  done
  [ "$(cat $1-*.collapsed | weight - 'ThreadChurn\.spin')" -gt 0 ] || fail "$1: no samples of the threads started meanwhile"
}
churn hotspot "$PROF_JAVA" 3 300 200000
on_loupe
churn loupe "$PROF_JAVA" 1 100 20000
