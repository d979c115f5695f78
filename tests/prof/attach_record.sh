# `loupe-prof record` attaches to a running VM through the attach mechanism (the `load`
# operation, as jcmd JVMTI.agent_load does: Agent_OnAttach), records and detaches; a second
# recording of the same VM gets sampled allocations again (the agent reuses its JVMTI
# environment, which still holds that one-environment-at-a-time capability: a new
# environment could not have it) and names in its wall-clock samples the threads that were
# running before the agent (by their OS names, which both VMs set from the Java names);
# `loupe-prof top` shows the hot method live and quits on q.  The program runs on and ends
# normally.  No fixed sleeps: each step waits for its marker, with limits meant for a
# loaded machine, GC stress and sanitizer builds.  prof/loupe_attach runs it on Loupe.
. "$ROOT/tests/prof/lib/prof.bash"
compile Spinner
"$PROF_JAVA" -cp classes Spinner 3600 stop >prog.out 2>prog.err &
pid=$!
trap 'touch stop; kill $pid 2>/dev/null || true' EXIT
wait_for prog.out ready 600
"$LP" record -d 2 -o first.collapsed "$pid" 2>record.err || fail "record failed: $(cat record.err)"
# Spinner.hot in the CPU profile, unless the machine is so loaded that the program got
# little CPU time (then HotSpot's AsyncGetCallTrace may fail on every sample): the
# wall-clock samples of one more second must show it then
if [ "$(weight first.collapsed 'Spinner\.hot')" -eq 0 ]; then
  "$LP" record -d 1 -e wall -o retry.collapsed "$pid" 2>>record.err || fail "record failed: $(cat record.err)"
  [ "$(weight retry.collapsed 'Spinner\.hot')" -gt 0 ] || fail "no Spinner.hot in the first recording"
fi
"$LP" record -d 1 -e cpu,alloc,wall -o second.lprof "$pid" 2>>record.err || fail "second record failed: $(cat record.err)"
"$LP" convert second.lprof -o second.summary
grep -q '^wall: [1-9]' second.summary || fail "no wall-clock samples"
"$LP" convert second.lprof --event wall -o second-wall.collapsed
# (wall-clock samples: a loaded machine may give the program no CPU sample in 1 s)
grep -q 'Spinner\.main' second-wall.collapsed || fail "no Spinner.main in the second recording's wall-clock samples"
# threads that started before the agent are named by their OS names, which Loupe sets from
# the Java names as HotSpot does (15 bytes)
grep -q '^\[thread Reference Handl\];' second-wall.collapsed || { cat second-wall.collapsed; fail "the wall-clock samples do not name the Reference Handler"; }
grep -q 'events cpu,wall,alloc' second.summary || { cat second.summary prog.err; fail "the second recording has no allocations"; }
# top: q once it has shown the hot method (or after 10 minutes, to end the test)
(
  for ((i = 0; i < 6000; i++)); do
    grep -q 'Spinner.hot' top.out 2>/dev/null && break
    sleep 0.1
  done
  echo q
) | "$LP" top "$pid" >top.out 2>top.err || fail "top failed: $(cat top.err)"
grep -q 'Spinner.hot' top.out || fail "top did not show Spinner.hot: $(cat top.out top.err)"
grep -q '(q or Ctrl-C quits)' top.out || fail "top showed no live view"
kill -0 "$pid" 2>/dev/null || fail "the program died under top"
touch stop
trap - EXIT
wait "$pid" || fail "the program ended with status $?"
grep -q '^finished ok' prog.out || fail "the program did not finish normally: $(cat prog.out prog.err)"
[ ! -s prog.err ] || fail "the program wrote to stderr: $(cat prog.err)"
