# `loupe-prof record` attaches to a running VM through the attach mechanism (the `load`
# operation, as jcmd JVMTI.agent_load does), records 2 s and detaches: the profile shows
# the program's hot method, the program runs on and ends normally; a second recording of
# the same VM works too (the agent was switched off, not left half-running).
. "$ROOT/tests/prof/lib/prof.bash"
compile Spinner
"$PROF_JAVA" -cp classes Spinner 100 stop >prog.out 2>prog.err &
pid=$!
wait_for prog.out ready 60
"$LP" record -d 2 -o first.collapsed "$pid" 2>record.err || fail "record failed: $(cat record.err)"
[ "$(weight first.collapsed 'Spinner\.hot')" -gt 0 ] || fail "no Spinner.hot in the first recording"
"$LP" record -d 1 -e cpu,wall -o second.lprof "$pid" 2>>record.err || fail "second record failed: $(cat record.err)"
"$LP" convert second.lprof -o second.summary
grep -q 'Spinner.hot' second.summary || fail "no Spinner.hot in the second recording"
grep -q '^wall: [1-9]' second.summary || fail "no wall-clock samples"
touch stop
wait "$pid" || fail "the program ended with status $?"
grep -q '^finished ok' prog.out || fail "the program did not finish normally: $(cat prog.out prog.err)"
[ ! -s prog.err ] || fail "the program wrote to stderr: $(cat prog.err)"
