# Java agents that change classes, on each VM: a ClassFileTransformer added in premain
# rewrites a string constant of a class as it loads, Instrumentation.retransformClasses
# runs it again on the class's bytes, redefineClasses swaps in another compiled version
# (renamed to the same class), and the method's callers see each new body; then the same
# agent as an executable JAR's Launcher-Agent-Class.
set -e
# compiled with the reference JDK's tools: only the runs are under test
H=${JAVA_HOME:-$JDK}/bin
mkdir -p src classes app
cat >src/Premain.java <<'J'
import java.lang.instrument.*;
import java.security.ProtectionDomain;

public class Premain {
    public static Instrumentation inst;
    public static volatile String replacement = "loaded!!";

    static byte[] replace(byte[] b, String from, String to) {
        byte[] f = from.getBytes(), t = to.getBytes();
        byte[] out = b.clone();
        outer:
        for (int i = 0; i + f.length <= out.length; i++) {
            for (int j = 0; j < f.length; j++)
                if (out[i + j] != f[j]) continue outer;
            System.arraycopy(t, 0, out, i, t.length);
            return out;
        }
        return null;
    }

    public static void premain(String args, Instrumentation i) {
        inst = i;
        System.out.println("premain: redefine " + i.isRedefineClassesSupported() + ", retransform "
            + i.isRetransformClassesSupported());
        i.addTransformer(new ClassFileTransformer() {
            public byte[] transform(ClassLoader l, String name, Class<?> redefined, ProtectionDomain pd, byte[] b) {
                if (!"Greeter".equals(name)) return null;
                System.out.println("transform " + name + (redefined != null ? " (again)" : ""));
                return replace(b, "original", replacement);
            }
        }, true);
    }

    public static void agentmain(String args, Instrumentation i) {
        premain(args, i);
    }
}
J
cat >src/Greeter.java <<'J'
public class Greeter {
    public static String text() { return "original"; }
}
J
cat >src/Greetez.java <<'J'
public class Greetez {
    public static String text() { return "version " + 2; }
}
J
cat >src/Main.java <<'J'
import java.lang.instrument.*;

public class Main {
    public static void main(String[] args) throws Exception {
        Class<?> p = Class.forName("Premain");
        Instrumentation inst = (Instrumentation) p.getField("inst").get(null);
        System.out.println("text: " + Greeter.text());
        p.getField("replacement").set(null, "retrans!");
        inst.retransformClasses(Greeter.class);
        System.out.println("text: " + Greeter.text());
        byte[] b;
        try (var in = Main.class.getResourceAsStream("Greetez.class")) { b = in.readAllBytes(); }
        String s = new String(b, "ISO-8859-1").replace("Greetez", "Greeter");
        inst.redefineClasses(new ClassDefinition(Greeter.class, s.getBytes("ISO-8859-1")));
        System.out.println("text: " + Greeter.text());
        System.out.println("modifiable: " + inst.isModifiableClass(Greeter.class) + " " + inst.isModifiableClass(int.class));
        System.out.println("object size > 0: " + (inst.getObjectSize(new int[10]) > 0));
        System.out.println("loaded classes include Main: "
            + java.util.Arrays.asList(inst.getAllLoadedClasses()).contains(Main.class));
    }
}
J
"$H/javac" -d classes src/Premain.java
"$H/javac" -d app src/Greeter.java src/Greetez.java src/Main.java
printf 'Premain-Class: Premain\nCan-Redefine-Classes: true\nCan-Retransform-Classes: true\n' >manifest.txt
"$H/jar" cfm agent.jar manifest.txt -C classes .
echo "== -javaagent"
"$JDK/bin/java" -javaagent:agent.jar -cp app Main 2>&1
echo "exit $?"
echo "== Launcher-Agent-Class"
printf 'Main-Class: Main\nLauncher-Agent-Class: Premain\nCan-Redefine-Classes: true\nCan-Retransform-Classes: true\n' >launcher.txt
cp -r classes/. app/
"$H/jar" cfm app.jar launcher.txt -C app .
"$JDK/bin/java" -jar app.jar 2>&1
echo "exit $?"
