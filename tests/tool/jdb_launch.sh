# jdb starting the debuggee itself through JDI's launching connector, as `jdb -launch`
# does, with the connector's home set to $JDK (a $JDK VM with the JDWP agent, suspended
# until jdb says cont); then a breakpoint, where, locals, print, step, clear and the
# debuggee's end (`run` launches it: jdb -launch would have done so at once).  jdb itself is HotSpot's (JDI on Loupe is tool/jshell_remote's front
# end; jdb on Loupe is too slow for a test under ThreadSanitizer).  Each command is sent once jdb
# has answered the one before (see tool/jdb_session).  The debuggee's own output reaches
# jdb's through a pipe that jdb copies on a thread of its own, at no fixed place among
# the events, and jdb may end before it has copied all of it (seen under GC stress, where
# the debuggee ends late): the transcript stops at the answer to the last clear, and
# only the application's end is checked after it (tool/jdb_session checks the debuggee's
# output, which it reads apart).
# normalize: s/(id=[0-9][0-9]*)/(id=N)/g
# normalize: s/> //g
# normalize: s/\(main\[1\] \)\{2,\}/main[1] /g

. "$(dirname "$0")/../lib/tool.sh"
jdb_session -connect "com.sun.jdi.CommandLineLaunch:home=$JDK,main=JdbTarget,options=-cp $CLASSES" <<'EOF2'
stop in JdbTarget.square
stop at JdbTarget:32
!run
where
locals
print x
!step
!step
!cont
print b
dump h
clear JdbTarget.square
clear JdbTarget:32
!cont
EOF2
wait $jdb
echo "jdb status $?"
sed '/Removed: breakpoint JdbTarget:32/q' jdb.out
grep -q 'The application exited' jdb.out && echo "the application exited"
