# The attach mechanism and the perf-data file, through the tools of the same JDK (so on
# Loupe both the tools and the target run on Loupe): jps and jcmd -l list a running VM
# by its main class, jcmd runs diagnostic commands in it (by pid and by main class),
# jstack prints its threads, jmap -histo and GC.class_histogram count its objects (the
# numbers of bytes are each VM's own), an unknown command fails as on HotSpot, and the target
# goes on and ends normally.
# normalize: s/^[0-9][0-9]*:$/PID:/
# normalize: s/^[0-9][0-9]*\.[0-9]* s$/UPTIME s/
set -u
J=$JDK/bin
marker=$PWD/attach.done
rm -f "$marker"
: >target.out
"$J/java" -Dattach.test=yes -cp "$CLASSES" AttachTarget "$marker" >target.out 2>&1 &
pid=$!
for _ in $(seq 1200); do grep -q ready target.out && break; sleep 0.1; done
echo "== jps -l"
"$J/jps" -l | grep -c "^$pid AttachTarget\$"
echo "== jcmd -l"
"$J/jcmd" -l | grep "^$pid " | sed "s|^$pid |PID |; s|$marker|MARKER|"
echo "== jcmd PID VM.uptime"
"$J/jcmd" "$pid" VM.uptime
echo "exit $?"
echo "== jcmd MAINCLASS VM.system_properties"
# (every VM on the machine whose main class is AttachTarget answers, other test runs' too:
# each line once)
"$J/jcmd" AttachTarget VM.system_properties | grep -E '^(java.specification.version|attach.test)=' | sort -u
echo "== jcmd PID Thread.print (main)"
"$J/jcmd" "$pid" Thread.print | sed -n '/^"main"/,/^$/p' | grep -v '^"main"'
echo "== jstack PID (main)"
"$J/jstack" "$pid" | sed -n '/^"main"/,/^$/p' | grep -v '^"main"'
echo "== jmap -histo:live PID (header, the target's own class: instances and name)"
"$J/jmap" -histo:live "$pid" >histo.out
echo "exit $?"
head -n 2 histo.out
awk '$NF == "AttachTarget$Kept" { print $2, $4 }' histo.out
grep -c '^Total ' histo.out
echo "== jcmd PID GC.class_histogram"
"$J/jcmd" "$pid" GC.class_histogram | awk '$NF == "AttachTarget$Kept" { print $2, $4 } / java\.lang\.String \(java\.base@/ { print "String line:", $5, $6 }'
echo "== jcmd PID GC.run_finalization"
"$J/jcmd" "$pid" GC.run_finalization
echo "exit $?"
echo "== jcmd PID VM.dynlibs"
"$J/jcmd" "$pid" VM.dynlibs >dynlibs.out
echo "exit $?"
sed -n 2p dynlibs.out
grep -q '/libjava\.so$' dynlibs.out && echo "libjava.so is listed"
echo "== jcmd PID GC.heap_info (the first line's shape)"
"$J/jcmd" "$pid" GC.heap_info | sed -n 2p | grep -q '^ .* total [0-9]*K, used [0-9]*K' && echo "total and used"
echo "== jcmd PID help VM.uptime"
"$J/jcmd" "$pid" help VM.uptime
echo "== jcmd PID No.such"
"$J/jcmd" "$pid" No.such 2>&1
echo "exit $?"
touch "$marker"
wait "$pid"
echo "target exit $?"
cat target.out
