# A scripted jdb session against the JDK's own unmodified JDWP agent: the debuggee runs on
# $JDK with -agentlib:jdwp (suspend=y, a free port), the debugger is always HotSpot's jdb,
# attached over a socket.  Breakpoints by method and by line, deferred until the class
# loads; run/cont; pop (the call runs again); step, next, step up; where, locals, print,
# dump, set; eval of method calls (JDWP InvokeMethod in the thread stopped at the
# breakpoint); suspend, threads (the VM's own threads and their states), resume; watch of a field;
# catch of an exception; clear, unwatch, ignore; the application runs to its end.
# Each command is sent once jdb has answered the one before (its output ends with a
# prompt and has been quiet for a moment; after a command that resumes the debuggee, a
# prompt naming the stopped thread), so the transcript does not depend on timing.
# The debuggee runs with bytecode verification on: ClassPrepare comes after verification,
# as on HotSpot (when it came at definition, jdb set its deferred breakpoints in a class not
# yet verified, JDWP's listener thread verified it and loaded JdbTarget$Oops, whose
# ClassPrepare, suspend policy "all", waited for the event helper while the helper waited
# for jdb's next command: the session hung), and JdbTarget$Oops is prepared when first used.
# Ports and the debugger's object ids are normalised, and so are jdb's "> " prompts, which
# it prints concurrently with the first event (VM Started), in either order.
# normalize: s/address: [0-9][0-9]*/address: PORT/
# normalize: s/(id=[0-9][0-9]*)/(id=N)/g
# normalize: s/0x[0-9a-f][0-9a-f]*/0xN/g
# normalize: s/^\(  ([A-Za-z.$]*)\)[0-9][0-9]* */\1N /
# normalize: s/> //g
# normalize: s/\(main\[1\] \)\{2,\}/main[1] /g
. "$(dirname "$0")/../lib/tool.sh"
jdwp_debuggee -cp "$CLASSES" JdbTarget
jdb_session -attach "127.0.0.1:$port" <<'EOF'
stop in JdbTarget.square
stop at JdbTarget:32
watch JdbTarget.counter
catch JdbTarget$Oops
!run
where
pop
where
!step
where
locals
print x
!step
!step
locals
!step up
!next
!cont
print b
print h.value
dump h
print h.data
set a = 10
print a
eval h.add(0)
eval JdbTarget.fail(0)
suspend 1
threads
resume 1
threads
!cont
!cont
where
!step
clear JdbTarget.square
clear JdbTarget:32
unwatch JdbTarget.counter
ignore JdbTarget$Oops
!cont
EOF
wait $jdb
wait $vm
echo "debuggee status $?"
cat jdb.out
echo "--- debuggee"
cat vm.out
