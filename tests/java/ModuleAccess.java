// vm-options: --add-opens=java.base/java.lang=ALL-UNNAMED
// normalize: s/@0x[0-9a-f]*/@0xHASH/g
// Module boundaries at link time.  The test is compiled with jdk.internal.misc exported
// to it, but runs without that export: resolving a class of that package (a static call,
// an array class, a class literal, the type of an invokedynamic call site) and loading a
// class whose superclass or superinterface is there fail with HotSpot's IllegalAccessError
// messages (the unnamed module's identity hash normalised away).  Then java.base exports
// the package to this module at run time (Module.implAddExports, through --add-opens of
// java.lang) and classes not yet resolved link.  Module.isExported/isOpen/canRead print
// the Java-side bookkeeping before and after, and the java.lang.Module natives reject bad
// arguments with HotSpot's exceptions.
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class ModuleAccess {
    static class Call { static Object run() { return jdk.internal.misc.Unsafe.getUnsafe(); } }
    static class Array { static Object run() { return new jdk.internal.misc.Unsafe[2]; } }
    static class Literal { static Object run() { return jdk.internal.misc.VM.class; } }
    static class Handler implements jdk.internal.misc.Signal.Handler {
        public void handle(jdk.internal.misc.Signal s) { }
    }
    static class Local extends jdk.internal.misc.TerminatingThreadLocal<String> { }
    static class MakeHandler { static Object run() { return new Handler(); } }
    static class Capture {
        static Object run() {
            jdk.internal.misc.Unsafe u = null;
            java.util.function.Supplier<Object> s = () -> u;
            return s.get();
        }
    }
    static class MakeLocal { static Object run() { return new Local(); } }
    // the same accesses from classes whose references are resolved after the export
    static class Call2 { static Object run() { return jdk.internal.misc.Unsafe.getUnsafe(); } }
    static class Array2 { static Object run() { return new jdk.internal.misc.Unsafe[2]; } }
    static class Handler2 implements jdk.internal.misc.Signal.Handler {
        public void handle(jdk.internal.misc.Signal s) { }
    }
    static class MakeHandler2 { static Object run() { return new Handler2(); } }
    static class Capture2 {
        static Object run() {
            jdk.internal.misc.Unsafe u = null;
            java.util.function.Supplier<Object> s = () -> u;
            return s.get();
        }
    }

    interface Action { Object run() throws Throwable; }

    static void attempt(String what, Action a) {
        try {
            Object r = a.run();
            System.out.println(what + ": ok " + (r instanceof Class ? ((Class<?>) r).getName() : r == null ? "null" : r.getClass().getName()));
        } catch (InvocationTargetException e) {
            System.out.println(what + ": " + e.getCause());
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    static void bookkeeping(String when) {
        Module me = ModuleAccess.class.getModule();
        Module base = Object.class.getModule();
        Module compiler = ModuleLayer.boot().findModule("jdk.compiler").orElseThrow();
        Module jshell = ModuleLayer.boot().findModule("jdk.jshell").orElseThrow();
        Module sql = ModuleLayer.boot().findModule("java.sql").orElseThrow();
        System.out.println(when + ": me named " + me.isNamed() + ", base reads me " + base.canRead(me) + ", me reads base " + me.canRead(base));
        System.out.println("  java.base exports java.lang " + base.isExported("java.lang") + ", jdk.internal.misc " + base.isExported("jdk.internal.misc")
                + ", jdk.internal.misc to me " + base.isExported("jdk.internal.misc", me) + ", opens java.lang to me " + base.isOpen("java.lang", me)
                + ", opens java.util to me " + base.isOpen("java.util", me));
        System.out.println("  java.base exports jdk.internal.misc to jdk.compiler " + base.isExported("jdk.internal.misc", compiler)
                + ", jdk.internal.module to jdk.jshell " + base.isExported("jdk.internal.module", jshell));
        System.out.println("  jdk.compiler exports com.sun.tools.javac.main to jdk.jshell " + compiler.isExported("com.sun.tools.javac.main", jshell)
                + ", to me " + compiler.isExported("com.sun.tools.javac.main", me) + ", com.sun.source.tree " + compiler.isExported("com.sun.source.tree"));
        System.out.println("  jdk.jshell reads jdk.compiler " + jshell.canRead(compiler) + ", java.sql reads java.logging "
                + sql.canRead(ModuleLayer.boot().findModule("java.logging").orElseThrow()) + ", java.sql reads jdk.compiler " + sql.canRead(compiler)
                + ", java.sql reads me " + sql.canRead(me));
    }

    static Method natives(String name, Class<?>... types) throws Exception {
        Method m = Module.class.getDeclaredMethod(name, types);
        m.setAccessible(true);
        return m;
    }

    public static void main(String[] args) throws Exception {
        bookkeeping("before");
        attempt("static call", Call::run);
        attempt("array class", Array::run);
        attempt("class literal", Literal::run);
        attempt("superinterface", MakeHandler::run);
        attempt("superclass", MakeLocal::run);
        attempt("invokedynamic type", Capture::run);

        Module me = ModuleAccess.class.getModule();
        Module base = Object.class.getModule();
        Method addExports = natives("implAddExports", String.class, Module.class);
        addExports.invoke(base, "jdk.internal.misc", me);
        bookkeeping("after");
        attempt("static call after export", () -> Call2.run() != null ? "unsafe" : null);
        attempt("array class after export", Array2::run);
        attempt("superinterface after export", MakeHandler2::run);
        attempt("invokedynamic type after export", Capture2::run);

        Method addExports0 = natives("addExports0", Module.class, String.class, Module.class);
        Method addExportsToAll0 = natives("addExportsToAll0", Module.class, String.class);
        Method addExportsToAllUnnamed0 = natives("addExportsToAllUnnamed0", Module.class, String.class);
        Method addReads0 = natives("addReads0", Module.class, Module.class);
        attempt("addExports0 null package", () -> addExports0.invoke(null, base, null, me));
        attempt("addExports0 null to", () -> addExports0.invoke(null, base, "jdk.internal.misc", null));
        attempt("addExports0 null from", () -> addExports0.invoke(null, null, "jdk.internal.misc", me));
        attempt("addExports0 unknown package", () -> addExports0.invoke(null, base, "no.such.pkg", me));
        attempt("addExports0 unnamed from", () -> addExports0.invoke(null, me, "no.such.pkg", base));
        attempt("addExportsToAll0 unknown package", () -> addExportsToAll0.invoke(null, base, "java.nope"));
        attempt("addExportsToAllUnnamed0 null module", () -> addExportsToAllUnnamed0.invoke(null, null, null));
        attempt("addExportsToAllUnnamed0 null package", () -> addExportsToAllUnnamed0.invoke(null, base, null));
        attempt("addExportsToAllUnnamed0 unknown package", () -> addExportsToAllUnnamed0.invoke(null, base, "java.nope"));
        attempt("addReads0 null from", () -> addReads0.invoke(null, null, base));
        attempt("addReads0 all unnamed", () -> addReads0.invoke(null, base, null));
        attempt("addReads0 unnamed from", () -> addReads0.invoke(null, me, base));
    }
}
