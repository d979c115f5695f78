# Module boundaries between named modules, enforced when a class reference is resolved
# and when a class's supertypes are checked.  A modular application (m.a exports p.a but
# not p.a.internal; m.b requires m.a; m.c is not required by anyone; q.* is on the class
# path, in the unnamed module) is compiled by the JDK's javac with --add-exports and
# --add-reads, then run with java -p/-m without them: each access fails with HotSpot's
# IllegalAccessError (not exported, module not read, unnamed module not read, superclass
# in a package not exported).  With the options on the command line everything links,
# and so it does when the modules grant the access at run time (Module.addReads,
# Module.addExports called by m.a).  Last, a class-path class whose superclass became
# package-private in another package.
# normalize: s/@0x[0-9a-f]*/@0xHASH/g
set -u
mkdir -p src/m.a/p/a/internal src/m.b/p/b src/m.c/p/c lib/q lib/r out cp
cat >src/m.a/module-info.java <<'JAVA'
module m.a { exports p.a; }
JAVA
cat >src/m.a/p/a/A.java <<'JAVA'
package p.a;

public class A {
    public static String hello() { return "A.hello"; }
    /** Lets `to` use p.a.internal from now on (only m.a itself may say so). */
    public static void exportInternalTo(Module to) { A.class.getModule().addExports("p.a.internal", to); }
}
JAVA
cat >src/m.a/p/a/internal/Secret.java <<'JAVA'
package p.a.internal;

public class Secret {
    public static String secret() { return "Secret.secret"; }
}
JAVA
cat >src/m.a/p/a/internal/Base.java <<'JAVA'
package p.a.internal;

public abstract class Base {
    public String name() { return "Base"; }
}
JAVA
cat >src/m.c/module-info.java <<'JAVA'
module m.c { exports p.c; }
JAVA
cat >src/m.c/p/c/C.java <<'JAVA'
package p.c;

public class C {
    public static String see() { return "C.see"; }
}
JAVA
cat >src/m.b/module-info.java <<'JAVA'
module m.b { requires m.a; }
JAVA
cat >src/m.b/p/b/Main.java <<'JAVA'
package p.b;

import java.util.function.Supplier;

public class Main {
    static class Exported { static String run() { return p.a.A.hello(); } }
    static class Internal { static String run() { return p.a.internal.Secret.secret(); } }
    static class Unread { static String run() { return p.c.C.see(); } }
    static class ClassPath { static String run() { return q.Lib.lib(); } }
    static class Sub extends p.a.internal.Base { }
    static class MakeSub { static String run() { return new Sub().name(); } }
    // the same, resolved only after the modules granted access at run time
    static class Internal2 { static String run() { return p.a.internal.Secret.secret(); } }
    static class Unread2 { static String run() { return p.c.C.see(); } }
    static class ClassPath2 { static String run() { return q.Lib.lib(); } }

    static void attempt(String what, Supplier<String> s) {
        try {
            System.out.println(what + ": " + s.get());
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        Module me = Main.class.getModule();
        System.out.println(me + " reads m.c: " + ModuleLayer.boot().findModule("m.c").map(me::canRead).orElse(false)
                + ", reads unnamed: " + me.canRead(ClassLoader.getSystemClassLoader().getUnnamedModule()));
        attempt("exported", Exported::run);
        attempt("not exported", Internal::run);
        attempt("not read", Unread::run);
        attempt("unnamed not read", ClassPath::run);
        attempt("superclass", MakeSub::run);
        if (args.length > 0) {
            ModuleLayer.boot().findModule("m.c").ifPresent(me::addReads);
            me.addReads(ClassLoader.getSystemClassLoader().getUnnamedModule());
            p.a.A.exportInternalTo(me);
            attempt("not exported, then exported", Internal2::run);
            attempt("not read, then read", Unread2::run);
            attempt("unnamed not read, then read", ClassPath2::run);
        }
    }
}
JAVA
cat >lib/q/Lib.java <<'JAVA'
package q;

public class Lib {
    public static String lib() { return "Lib.lib"; }
}
JAVA
cat >lib/q/Hidden.java <<'JAVA'
package q;

public class Hidden {
    public String name() { return "Hidden"; }
}
JAVA
cat >lib/r/Sub.java <<'JAVA'
package r;

public class Sub extends q.Hidden {
    public static void main(String[] args) { System.out.println(new Sub().name()); }
}
JAVA

"$JDK/bin/javac" -d cp lib/q/Lib.java lib/q/Hidden.java lib/r/Sub.java
echo "javac class path: exit $?"
"$JDK/bin/javac" -d out --module-source-path src -cp cp --add-exports m.a/p.a.internal=m.b --add-reads m.b=m.c,ALL-UNNAMED \
  --module m.a,m.b,m.c
echo "javac modules: exit $?"

echo "== without the options"
"$JDK/bin/java" -p out -cp cp --add-modules m.c -m m.b/p.b.Main 2>&1
echo "exit $?"
echo "== with them"
"$JDK/bin/java" -p out -cp cp --add-modules m.c --add-exports m.a/p.a.internal=m.b --add-reads m.b=m.c,ALL-UNNAMED \
  -m m.b/p.b.Main 2>&1
echo "exit $?"
echo "== granted at run time"
"$JDK/bin/java" -p out -cp cp --add-modules m.c -m m.b/p.b.Main grant 2>&1
echo "exit $?"
echo "== m.c left out of the boot layer"
"$JDK/bin/java" -p out -cp cp -m m.b/p.b.Main grant 2>&1
echo "exit $?"
echo "== a superclass that became package-private"
sed -i 's/^public class Hidden/class Hidden/' lib/q/Hidden.java
"$JDK/bin/javac" -d cp lib/q/Hidden.java
"$JDK/bin/java" -cp cp r.Sub 2>&1 | head -n 3
echo "exit ${PIPESTATUS[0]}"
