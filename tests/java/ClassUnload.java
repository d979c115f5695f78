// Class unloading: classes defined through thousands of fresh loaders, and hidden classes
// defined without ClassOption.STRONG, each holding a 32 KB static array, in a 32 MB heap.
// Kept, they would need several times the heap: the run ends only if the VM unloads
// them.  A class stays while anything names it (an instance, its mirror, a method handle,
// a live class that resolved it, a hidden class's STRONG link to its loader), its
// WeakReference clears once nothing does, and ClassLoadingMXBean counts the unloaded.
// vm-options: -Xmx32m
// gcstress-args: 150
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;

public class ClassUnload {
    public static class Payload {
        static byte[] ballast = new byte[32 * 1024];
        public int value() { return 42; }
        public static int size() { return ballast.length; }
    }

    /* resolves Payload through its own loader: keeps Payload's loader alive while it lives */
    public static class User {
        public static int use() { return new Payload().value() + 1; }
    }

    public static class Hidden {
        static byte[] ballast = new byte[32 * 1024];
        public static int size() { return ballast.length; }
    }

    /* defined in a loader of its own, so that the hidden classes it defines belong to it */
    public static class Definer {
        public static Class<?> define(byte[] b, boolean strong) throws Exception {
            MethodHandles.Lookup l = MethodHandles.lookup();
            return strong ? l.defineHiddenClass(b, true, MethodHandles.Lookup.ClassOption.STRONG).lookupClass()
                          : l.defineHiddenClass(b, true).lookupClass();
        }
    }

    static byte[] bytes(String name) throws Throwable {
        try (InputStream in = ClassUnload.class.getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    /* defines the given classes from bytes (before asking the boot loader, which finds the
     * test's classes too when they are on the boot class path), anything else from it */
    static class OneShot extends ClassLoader {
        final String[] names;
        final byte[][] codes;
        OneShot(String[] names, byte[][] codes) {
            super(null);
            this.names = names;
            this.codes = codes;
        }
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                for (int i = 0; c == null && i < names.length; i++)
                    if (names[i].equals(name)) c = defineClass(name, codes[i], 0, codes[i].length);
                return c != null ? c : super.loadClass(name, resolve);
            }
        }
    }

    static final String P = "ClassUnload$Payload", U = "ClassUnload$User", D = "ClassUnload$Definer";
    static byte[] payload, user, hidden, definer;
    static MethodHandle kept;

    static Class<?> fresh(String name) throws Throwable {
        return Class.forName(name, true, new OneShot(new String[] { P, U }, new byte[][] { payload, user }));
    }

    static boolean collected(WeakReference<?> r) {
        for (int i = 0; i < 5 && r.get() != null; i++) System.gc();
        return r.get() == null;
    }

    static void loaders(int n) throws Throwable {
        long sum = 0;
        for (int i = 0; i < n; i++) sum += (Integer) fresh(P).getMethod("size").invoke(null);
        System.out.println("loaders: " + n + " payloads, " + sum / n + " bytes each");
    }

    static void hiddenClasses(int n) throws Throwable {
        OneShot host = new OneShot(new String[] { D }, new byte[][] { definer });
        Class<?> d = Class.forName(D, true, host);
        MethodHandle define = MethodHandles.lookup().findStatic(d, "define",
                MethodType.methodType(Class.class, byte[].class, boolean.class));
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Class<?> h = (Class<?>) define.invoke(hidden, false);
            sum += (Integer) h.getMethod("size").invoke(null);
            /* an array class of a hidden class is recorded by its loader, which lives on */
            if (i % 10 == 0) sum += java.lang.reflect.Array.getLength(java.lang.reflect.Array.newInstance(h, 2)) - 2;
        }
        System.out.println("hidden: " + n + " classes, " + sum / n + " bytes each");
        Class<?> weak = (Class<?>) define.invoke(hidden, false);
        Class<?> strong = (Class<?>) define.invoke(hidden, true);
        WeakReference<Class<?>> w = new WeakReference<>(weak), s = new WeakReference<>(strong);
        weak = strong = null;
        System.out.println("hidden, not strong, unreachable: collected " + collected(w));
        System.out.println("hidden, strong, loader alive: collected " + collected(s));
        System.out.println("loader of the strong one alive: " + (host.names.length == 1));
    }

    static void holders() throws Throwable {
        Class<?> c = fresh(P);
        Object instance = c.getDeclaredConstructor().newInstance();
        WeakReference<Class<?>> w = new WeakReference<>(c);
        c = null;
        System.out.println("held by an instance: collected " + collected(w) + ", " + instance.getClass().getName());
        instance = null;
        System.out.println("instance dropped: collected " + collected(w));

        c = fresh(P);
        kept = MethodHandles.publicLookup().findVirtual(c, "value", MethodType.methodType(int.class));
        Object o = c.getDeclaredConstructor().newInstance();
        w = new WeakReference<>(c);
        WeakReference<Object> wo = new WeakReference<>(o);
        c = null;
        o = null;
        System.out.println("held by a method handle: collected " + collected(w) + ", instance collected " + collected(wo));
        System.out.println("handle still works: " + (int) kept.invoke(kept.type().parameterType(0).getDeclaredConstructor().newInstance()));
        kept = null;
        System.out.println("handle dropped: collected " + collected(w));

        Class<?> u = fresh(U);
        System.out.println("user of Payload: " + u.getMethod("use").invoke(null));
        w = new WeakReference<>(Class.forName(P, false, u.getClassLoader()));
        System.out.println("resolved by a live class: collected " + collected(w));
        WeakReference<ClassLoader> wl = new WeakReference<>(u.getClassLoader());
        u = null;
        System.out.println("user dropped: class collected " + collected(w) + ", loader collected " + collected(wl));
    }

    /* several threads define and drop classes while collections unload others' */
    static void threads(int n) throws Throwable {
        long[] sums = new long[4];
        Throwable[] failures = new Throwable[4];
        Thread[] ts = new Thread[4];
        for (int k = 0; k < ts.length; k++) {
            final int id = k;
            ts[k] = new Thread(() -> {
                try {
                    for (int i = 0; i < n / 4; i++) {
                        Class<?> c = fresh(i % 2 == 0 ? P : U);
                        sums[id] += (Integer) c.getMethod(i % 2 == 0 ? "size" : "use").invoke(null);
                    }
                } catch (Throwable e) {
                    failures[id] = e;
                }
            });
            ts[k].start();
        }
        for (Thread t : ts) t.join();
        for (int k = 0; k < ts.length; k++)
            System.out.println("thread " + k + ": " + (failures[k] != null ? failures[k].toString() : sums[k]));
    }

    public static void main(String[] args) throws Throwable {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        payload = bytes(P);
        user = bytes(U);
        hidden = bytes("ClassUnload$Hidden");
        definer = bytes(D);
        ClassLoadingMXBean mx = ManagementFactory.getClassLoadingMXBean();
        long before = mx.getUnloadedClassCount();
        loaders(n);
        hiddenClasses(n);
        holders();
        threads(n);
        System.gc();
        long unloaded = mx.getUnloadedClassCount() - before;
        System.out.println("unloaded at least " + n + ": " + (unloaded >= n));
        System.out.println("total = loaded + unloaded: "
                + (mx.getTotalLoadedClassCount() == mx.getLoadedClassCount() + mx.getUnloadedClassCount()));
    }
}
