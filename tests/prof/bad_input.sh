# Bad input gets a clear message and a non-zero status, and never harms the program:
# unknown options and events (front-end and agent), a pid that is no process, a process
# that is no Java VM, and the front-end killed in the middle of a recording (the program
# goes on and ends normally), a VM that refuses attach, and a full disk (/dev/full) for
# the front-end's output and for the agent's own file.
. "$ROOT/tests/prof/lib/prof.bash"
compile Spinner
# expect_error WANTED CMD...: CMD fails and says WANTED on stderr
expect_error() {
  local want=$1; shift
  if "$@" >out.txt 2>err.txt; then fail "'$*' succeeded"; fi
  grep -qF -- "$want" err.txt || fail "'$*' said '$(cat err.txt)', expected '$want'"
}
expect_error "unknown option '--bogus'" "$LP" run --bogus -- "$PROF_JAVA" -version
expect_error "unknown event 'disk'" "$LP" run -e cpu,disk -o x.html -- "$PROF_JAVA" -version
expect_error "unknown command 'profile'" "$LP" profile
expect_error "say where the profile goes" "$LP" record 1
expect_error "no process 4194303" "$LP" record -o x.html 4194303
sleep 30 &
expect_error "is not a Java VM" "$LP" record -o x.html $!
kill $! 2>/dev/null || true
expect_error "unknown option 'frequency'" "$PROF_JAVA" -agentpath:"$BUILD/lib/libloupeprof.so=frequency=9" -version
expect_error "bad value '1h' for option 'interval'" "$PROF_JAVA" -agentpath:"$BUILD/lib/libloupeprof.so=file=x,interval=1h" -version
expect_error "not a loupe-prof recording" "$LP" convert "$ROOT/README.md" -o x.html
# Damaged recordings (cut anywhere, bytes changed) convert or fail with a message: no
# crash.  A recording of HotSpot here; one of Loupe with the live heap at the end.
damage() {
  local size i cut f out rc
  size=$(stat -c %s "$1")
  [ "$size" -gt 200 ] || fail "recording too small ($size bytes)"
  for ((i = 1; i <= 40; i++)); do
    cut=$((size * i / 41))
    head -c "$cut" "$1" >cut.lprof
    cp "$1" bent.lprof
    printf "\\x$(printf %02x $((i * 37 % 256)))" | dd of=bent.lprof bs=1 seek="$cut" conv=notrunc status=none
    for f in cut bent; do
      for out in s.summary s.html s.pb.gz s.collapsed s.jfr; do
        rc=0
        "$LP" convert $f.lprof -o "$out" >/dev/null 2>err.txt || rc=$?
        if [ "$rc" -gt 2 ] || grep -qE 'Sanitizer|runtime error' err.txt; then
          fail "convert of a damaged recording ($1, $f at $cut) ended with status $rc: $(cat err.txt)"
        fi
      done
    done
  done
}
"$LP" run -o good.lprof -e cpu,alloc,lock -- "$PROF_JAVA" -cp classes Spinner 1 >/dev/null 2>&1
damage good.lprof
# A full disk: the front-end says so; the agent stops recording and the program goes on.
expect_error "cannot write /dev/full" "$LP" convert good.lprof --format collapsed -o /dev/full
"$PROF_JAVA" -agentpath:"$BUILD/lib/libloupeprof.so=file=/dev/full" -cp classes Spinner 1 >full.out 2>full.err ||
  fail "the program failed with a full disk: $(cat full.err)"
grep -q '^finished ok' full.out || fail "the program did not finish with a full disk"
grep -q 'No space left on device' full.err || fail "the agent did not report the full disk: $(cat full.err)"
# A VM that refuses attach.
"$PROF_JAVA" -XX:+DisableAttachMechanism -cp classes Spinner 100 stop >refuse.out 2>&1 &
refuser=$!
wait_for refuse.out ready 60
expect_error "refuses attach" "$LP" record -d 1 -o x.html "$refuser"
touch stop
wait "$refuser" || fail "the VM that refused attach ended with status $?"
rm -f stop
# The front-end killed mid-recording: the program ends normally.
"$LP" run -o killed.html -- "$PROF_JAVA" -cp classes Spinner 100 stop >prog.out 2>prog.err &
lp=$!
wait_for prog.out ready 60
sleep 0.5
java_pid=$(pgrep -P "$lp") || fail "no java under loupe-prof"
kill -9 "$lp"
sleep 1
touch stop
for ((i = 0; i < 600 && $(kill -0 "$java_pid" 2>/dev/null && echo 1 || echo 0); i++)); do sleep 0.1; done
grep -q '^finished ok' prog.out || fail "the program did not finish after the front-end died: $(cat prog.out prog.err)"
grep -q 'recording stopped' prog.err || fail "the agent did not say the recording stopped"
# A damaged recording of Loupe's live heap and lifetimes.
compile Survive
on_loupe
"$LP" run -o live.lprof -e cpu,alloc,live -- "$PROF_JAVA" -cp classes Survive 2000 10 >/dev/null 2>&1
damage live.lprof
