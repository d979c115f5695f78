// The Java side of agent/ClassHook: classes defined every way a program can, one whose
// bytes an agent breaks, and a retransformation.
import java.lang.invoke.MethodHandles;

public class HookMain {
    static native int retransform(Class<?> c);

    static class Loader extends ClassLoader {
        Loader() { super(HookMain.class.getClassLoader()); }
        Class<?> def(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    static byte[] bytesOf(String name) throws Exception {
        try (var in = HookMain.class.getResourceAsStream(name + ".class")) { return in.readAllBytes(); }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("msg: " + HookTarget.msg());
        Runnable r = () -> System.out.println("lambda runs");
        r.run();
        try {
            Class.forName("HookBad");
        } catch (Throwable t) {
            System.out.println("HookBad: " + t);
        }
        Class<?> k = new Loader().def("HookLoaded", bytesOf("HookLoaded"));
        System.out.println("defineClass: " + k.getMethod("msg").invoke(null));
        Class<?> l = MethodHandles.lookup().defineClass(bytesOf("HookLookup"));
        System.out.println("Lookup.defineClass: " + l.getMethod("msg").invoke(null));
        Class<?> h = MethodHandles.lookup().defineHiddenClass(bytesOf("HookHidden"), true).lookupClass();
        System.out.println("hidden: " + h.getMethod("msg").invoke(null));
        System.out.println("retransform: " + retransform(HookTarget.class));
        System.out.println("msg: " + HookTarget.msg());
        System.out.println("retransform again: " + retransform(HookTarget.class));
        System.out.println("msg: " + HookTarget.msg());
    }
}

class HookTarget {
    static String msg() { return "original"; }
}

class HookBad {
}
