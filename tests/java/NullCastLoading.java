// checkcast and instanceof of null resolve nothing, as in HotSpot: a class its loader
// cannot give is not asked for until a value that is not null is checked, and neither is
// one whose loading is under way in this thread (jtreg's java/io/File/CheckPermission: the
// app loader reads a class file, File.exists asks the SecurityManager's checkRead, which
// casts a null ThreadLocal value to that very class; resolving it there loaded it again,
// until StackOverflowError).
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;

public class NullCastLoading {
    public static class Missing {}
    public static class Late {}

    public static class Hook {
        public static Object nullCast() { Object o = null; return (Missing) o; }
        public static boolean nullInstanceof() { Object o = null; return o instanceof Missing; }
        public static Object nullArrayCast() { Object o = null; return (Missing[]) o; }
        public static Object cast() { return (Missing) new Object(); }
        public static boolean instanceOf() { return new Object() instanceof Missing; }
        public static Object castLate(Object o) { return (Late) o; }
        public static boolean isLate(Object o) { return o instanceof Late; }
    }

    /* Defines the classes above itself (from their class files), refuses Missing, and
     * while it loads Late runs Hook's casts of null to Late. */
    static final class Loader extends ClassLoader {
        int nested;
        boolean loadingLate;
        Class<?> hook;

        Loader() { super(null); }

        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                if (!name.startsWith("NullCastLoading$")) return super.loadClass(name, resolve);
                if (name.equals("NullCastLoading$Missing")) throw new ClassNotFoundException(name);
                if (name.equals("NullCastLoading$Late")) {
                    if (loadingLate) {
                        nested++;
                        throw new ClassNotFoundException(name + " while loading it");
                    }
                    loadingLate = true;
                    try {
                        System.out.println("  while loading Late: castLate(null) " + call(hook, "castLate", null)
                                           + ", isLate(null) " + call(hook, "isLate", null));
                    } finally {
                        loadingLate = false;
                    }
                }
                byte[] b = read(name);
                return defineClass(name, b, 0, b.length);
            }
        }
    }

    static byte[] read(String name) throws ClassNotFoundException {
        try (InputStream in = NullCastLoading.class.getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        } catch (Exception e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    static String call(Class<?> hook, String name, Object arg) {
        try {
            Object r = arg == null && !name.endsWith("Late")
                ? hook.getMethod(name).invoke(null)
                : hook.getMethod(name, Object.class).invoke(null, arg);
            return String.valueOf(r);
        } catch (InvocationTargetException e) {
            return "threw " + e.getCause();
        } catch (ReflectiveOperationException e) {
            return "reflection: " + e;
        }
    }

    public static void main(String[] args) throws Exception {
        Loader loader = new Loader();
        Class<?> hook = loader.loadClass("NullCastLoading$Hook");
        loader.hook = hook;
        for (String m : new String[] { "nullCast", "nullInstanceof", "nullArrayCast", "cast", "instanceOf", "nullCast" })
            System.out.println(m + ": " + call(hook, m, null));
        Class<?> late = loader.loadClass("NullCastLoading$Late");
        System.out.println("nested loads of Late: " + loader.nested);
        Object o = late.getDeclaredConstructor().newInstance();
        System.out.println("castLate(new Late) is it: " + (call(hook, "castLate", o).startsWith("NullCastLoading$Late@")));
        System.out.println("isLate(new Late): " + call(hook, "isLate", o) + ", isLate(\"\"): " + call(hook, "isLate", ""));
    }
}
