# -javaagent on each VM: the JDK's instrument agent (libinstrument, unmodified) loads a
# JAR's Premain-Class and runs premain with its options before main; a missing JAR is
# HotSpot's start-up failure.  (Transformation: tool/javaagent_transform.)
set -e
mkdir -p src
cat >src/Premain.java <<'J'
import java.lang.instrument.Instrumentation;

public class Premain {
    public static void premain(String args, Instrumentation inst) {
        System.out.println("premain(" + args + ") redefine " + inst.isRedefineClassesSupported()
            + ", retransform " + inst.isRetransformClassesSupported()
            + ", Premain loaded " + java.util.Arrays.stream(inst.getAllLoadedClasses()).anyMatch(c -> c == Premain.class));
    }
}
J
printf 'Premain-Class: Premain\n' >manifest.txt
"$JDK/bin/javac" -d classes src/Premain.java
"$JDK/bin/jar" cfm agent.jar manifest.txt -C classes .
"$JDK/bin/java" -javaagent:agent.jar=one,two -cp "$CLASSES" Arith 2>&1 | head -n 2
"$JDK/bin/java" -javaagent:agent.jar -javaagent:agent.jar=second -cp "$CLASSES" Arith 2>&1 | head -n 3
"$JDK/bin/java" -javaagent:missing.jar -cp "$CLASSES" Arith 2>&1 || echo "status $?"
