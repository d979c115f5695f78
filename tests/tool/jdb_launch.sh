# jdb starting the debuggee itself through JDI's launching connector, as `jdb -launch`
# does, with the connector's home set to $JDK (a $JDK VM with the JDWP agent, suspended
# until jdb says cont); then a breakpoint, where, locals, print, step, clear and the
# debuggee's end (`run` launches it: jdb -launch would have done so at once).  jdb itself is HotSpot's (JDI on Loupe is tool/jshell_remote's front
# end; jdb on Loupe is too slow for a test under ThreadSanitizer).  Each command is sent once jdb
# has answered the one before (see tool/jdb_session).  The debuggee's own output reaches
# jdb's through a pipe that jdb copies on a thread of its own, at no fixed place among
# the events: it is taken out of the transcript and checked apart.
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
grep -q 'result 24 19' jdb.out && echo "the debuggee printed its result"
sed 's/result 24 19//' jdb.out
