# What an ordinary redefinition (no -XX:+AllowEnhancedClassRedefinition) may change, on
# each VM, through a Java agent's Instrumentation.redefineClasses:
#  - with -XX:+AllowRedefinitionToAddDeleteMethods (deprecated: HotSpot's warning), a
#    private static or private final method may be added or deleted (any other method may
#    not; without the flag none may); a call of a deleted one, direct or through a method
#    handle made before, throws NoSuchMethodError;
#  - NestMembers may list the same classes in another order; a record component's generic
#    signature may not change (same descriptor);
# and a class of a named module whose bytes a ClassFileLoadHook changed reads the unnamed
# modules of the boot and application loaders, so that instrumented code may call the
# agent's classes (HotSpot's "default read edges").
# normalize: s/^.* VM warning: /(VM name) VM warning: /
set -e
H=${JAVA_HOME:-$JDK}/bin
mkdir -p src v1 v2 agent m1 mp
cat >src/Agent.java <<'J'
import java.lang.instrument.*;
import java.security.ProtectionDomain;
import java.nio.file.*;

public class Agent {
    public static Instrumentation inst;

    public static void premain(String args, Instrumentation i) {
        inst = i;
        if (args == null) return;
        // args: the file whose bytes replace p/Target's when module m loads it
        i.addTransformer(new ClassFileTransformer() {
            public byte[] transform(Module m, ClassLoader l, String name, Class<?> c, ProtectionDomain pd, byte[] b) {
                if (!"p/Target".equals(name)) return null;
                try { return Files.readAllBytes(Paths.get(args)); } catch (Exception e) { throw new RuntimeException(e); }
            }
        });
    }
}
J
# Redefined classes: v1 is what runs first, v2 the new versions.
cat >v1/Host.java <<'J'
import java.lang.invoke.*;
import java.util.List;

public class Host {
    static MethodHandle goneMH;

    private static String gone() { return "gone() still here"; }

    static String callGone() { return gone(); }

    static String callAdded() { return "no added methods yet"; }

    static class A { }

    static class B { }

    record R(List<String> items) { }
}
J
cat >v2/Host.java <<'J'
import java.lang.invoke.*;
import java.util.List;

public class Host {
    static MethodHandle goneMH;

    static String callGone() { return gone(); }

    private static String gone() { return "never called"; }

    static String callAdded() { return addedStatic() + ", " + new Host().addedFinal(); }

    private static String addedStatic() { return "added private static"; }

    private final String addedFinal() { return "added private final"; }

    static class B { }

    static class A { }

    record R(List<String> items) { }
}
J
"$H/javac" -d v1 v1/Host.java
"$H/javac" -d v2 v2/Host.java
mkdir -p v3 v4 v5 v6
# v3: gone() deleted; v4: a public method added; v5: the record component List<Integer>;
# v6: v1 with gone() deleted (nothing added)
sed -e '/private static String gone()/d' -e 's/return gone();/return "gone() deleted";/' v2/Host.java >v3/Host.java
sed -e '/private static String gone()/d' -e 's/return gone();/return "gone() deleted";/' v1/Host.java >v6/Host.java
sed -e 's/static String callAdded/public static String more() { return ""; }\n    static String callAdded/' v2/Host.java >v4/Host.java
sed -e 's/record R(List<String> items)/record R(List<Integer> items)/' v2/Host.java >v5/Host.java
for v in v3 v4 v5 v6; do "$H/javac" -d $v $v/Host.java; done
cat >src/Main.java <<'J'
import java.lang.invoke.*;
import java.nio.file.*;
import java.lang.instrument.ClassDefinition;

public class Main {
    static void redefine(String dir, Class<?>... cs) {
        try {
            ClassDefinition[] d = new ClassDefinition[cs.length];
            for (int i = 0; i < cs.length; i++)
                d[i] = new ClassDefinition(cs[i], Files.readAllBytes(Paths.get(dir, cs[i].getName() + ".class")));
            Agent.inst.redefineClasses(d);
            System.out.println(dir + ": redefined");
        } catch (Throwable e) {
            System.out.println(dir + ": " + e);
        }
    }

    static void call(String what, Callable c) {
        try {
            System.out.println("  " + what + ": " + c.call());
        } catch (Throwable e) {
            System.out.println("  " + what + ": " + e);
        }
    }

    interface Callable { Object call() throws Throwable; }

    public static void main(String[] args) throws Throwable {
        Host.goneMH = MethodHandles.privateLookupIn(Host.class, MethodHandles.lookup())
            .findStatic(Host.class, "gone", MethodType.methodType(String.class));
        call("callGone", Host::callGone);
        redefine("v2", Host.class, Host.A.class, Host.B.class, Host.R.class);
        call("callAdded", Host::callAdded);
        call("callGone", Host::callGone);
        redefine("v4", Host.class);
        redefine("v5", Host.R.class);
        redefine(args[0], Host.class);
        call("callGone", Host::callGone);
        call("gone through its handle", () -> (String) Host.goneMH.invokeExact());
        call("A's nest host", () -> Host.A.class.getNestHost().getName());
    }
}
J
# Module m: p.Target as compiled, and another p.Target (compiled outside any module) that
# calls h.Helper, a class of the class path; the agent's transformer substitutes it.
mkdir -p m1/p plain/p
cat >m1/module-info.java <<'J'
module m { exports p; }
J
cat >m1/p/Target.java <<'J'
package p;
public class Target { public static String hello() { return "Target as compiled"; } }
J
cat >plain/p/Target.java <<'J'
package p;
public class Target { public static String hello() { return "Target transformed, " + h.Helper.greet(); } }
J
mkdir -p src/h
cat >src/h/Helper.java <<'J'
package h;
public class Helper { public static String greet() { return "Helper called from module m"; } }
J
cat >src/UseM.java <<'J'
public class UseM {
    public static void main(String[] args) {
        try {
            System.out.println(p.Target.hello() + " (module " + p.Target.class.getModule().getName() + ")");
            System.out.println("m reads the class path's module: "
                + p.Target.class.getModule().canRead(UseM.class.getModule()));
        } catch (Throwable e) {
            System.out.println(e);
        }
    }
}
J
"$H/javac" -d mp/m m1/module-info.java m1/p/Target.java
"$H/javac" -d classes src/Agent.java src/h/Helper.java
"$H/javac" -d classes -cp v1:classes src/Main.java
"$H/javac" -d classes -p mp --add-modules m src/UseM.java
"$H/javac" -d plain -cp classes plain/p/Target.java
printf 'Premain-Class: Agent\nCan-Redefine-Classes: true\n' >manifest.txt
"$H/jar" cfm agent.jar manifest.txt -C classes Agent.class -C classes 'Agent$1.class'
echo "== without -XX:+AllowRedefinitionToAddDeleteMethods"
"$JDK/bin/java" -javaagent:agent.jar -cp classes:v1 Main v6 2>&1
echo "== with it"
"$JDK/bin/java" -XX:+AllowRedefinitionToAddDeleteMethods -javaagent:agent.jar -cp classes:v1 Main v3 2>&1
"$JDK/bin/java" -javaagent:agent.jar=plain/p/Target.class -p mp --add-modules m -cp classes UseM 2>&1
