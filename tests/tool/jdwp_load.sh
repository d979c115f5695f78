# The JDK's own JDWP agent (lib/libjdwp.so, unmodified) loads on each VM and the program
# runs with its output unchanged: jdwp's Agent_OnLoad, its initialisation at VMInit (raw
# monitors, capabilities, thread groups, agent threads, class tracking with tags) and the
# listening transport, with no debugger attached.  The port varies: it is normalised.
# normalize: s/^Listening for transport dt_socket at address: [0-9]*$/Listening for transport dt_socket at address: PORT/
set -e
"$JDK/bin/java" -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0 -cp "$CLASSES" Arith 2>&1
echo "status $?"
"$JDK/bin/java" -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0 -cp "$CLASSES" Threads 2>&1
echo "status $?"
"$JDK/bin/java" -Xdebug -Xrunjdwp:transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0 -cp "$CLASSES" Exceptions 2>&1
echo "status $?"
"$JDK/bin/java" -agentlib:jdwp=help 2>&1 | head -n 5
