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

# settled PATTERN FROM: waits (up to 120 s) until jdb's output has grown past FROM bytes,
# ends with PATTERN and has not grown for 0.6 s.
settled() {
    local last=-1 size stable=0
    for _ in $(seq 1200); do
        size=$(stat -c %s jdb.out)
        if [ "$size" = "$last" ] && [ "$size" -gt "$2" ] && tail -c 200 jdb.out | tr -d '\n' | grep -Eq "($1)\$"; then
            stable=$((stable + 1))
            [ $stable -ge 6 ] && return 0
        else
            stable=0
        fi
        last=$size
        sleep 0.1
    done
}

mkfifo jdb.in
: >jdb.out
trap '' PIPE
"$JAVA_HOME/bin/jdb" -connect "com.sun.jdi.CommandLineLaunch:home=$JDK,main=JdbTarget,options=-cp $CLASSES" \
    <jdb.in >jdb.out 2>&1 &
jdb=$!
exec 3>jdb.in
settled '> |\] ' 0
while IFS= read -r cmd; do
    case $cmd in
    '!'*) cmd=${cmd#!}; wait_for='[a-z]+\[[0-9]+\] |application exited' ;;
    *) wait_for='> |\] ' ;;
    esac
    sent=$(stat -c %s jdb.out)
    echo "$cmd" >&3
    settled "$wait_for" "$sent"
done <<'EOF2'
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
exec 3>&-
wait $jdb
echo "jdb status $?"
grep -q 'result 24 19' jdb.out && echo "the debuggee printed its result"
sed 's/result 24 19//' jdb.out
