// Class.forName with each kind of loader and name: the boot loader (null) finds only the
// classes of modules defined to it (java.base, java.logging, java.naming...), never those
// of platform modules (java.sql, javax.script) or application modules (jdk.compiler),
// which their own loaders define; the platform loader finds both; a loader whose
// loadClass returns null; array names of every shape, names in internal form, malformed
// names.  The VM's ClassNotFoundException names the class as asked for, in internal form
// (an array by its own name).  Also the Module of JDK classes loaded during start-up
// before and after java.base was defined, which must all be java.base.
public class ClassForName {
    static class NullLoader extends ClassLoader {
        NullLoader() { super(null); }
        @Override protected Class<?> loadClass(String name, boolean resolve) { return null; }
    }

    static final String[] NAMES = {
        "java.lang.String", "java.util.logging.Logger", "javax.naming.Context", "java.sql.Date",
        "javax.script.ScriptEngine", "com.sun.tools.javac.Main", "jdk.internal.misc.VM", "ClassForName",
        "ClassForName$NullLoader", "x.Y", "Z", "java/lang/String", "x/Y", "[Ljava.lang.String;", "[Ljava.sql.Date;",
        "[[Lx.Y;", "[Lx/Y;", "[L;", "[Lx.Y", "[", "[V", "[[I", "[Q", "L", "I", "",
    };

    static String find(String name, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(name, false, loader);
            ClassLoader l = c.getClassLoader();
            String by = l == null ? "boot" : l == ClassLoader.getPlatformClassLoader() ? "platform"
                      : l == ClassLoader.getSystemClassLoader() ? "app" : l.getClass().getName();
            return c.getName() + " (" + by + ")";
        } catch (Throwable e) {
            return e.toString();
        }
    }

    public static void main(String[] args) throws Exception {
        ClassLoader[] loaders = { null, ClassLoader.getPlatformClassLoader(), new NullLoader() };
        String[] labels = { "boot", "platform", "null-returning" };
        for (int i = 0; i < loaders.length; i++) {
            System.out.println(labels[i] + " loader:");
            for (String n : NAMES) System.out.println("  '" + n + "' -> " + find(n, loaders[i]));
        }
        // The same class whichever loader is asked first.
        Class<?> viaPlatform = Class.forName("java.sql.Timestamp", false, ClassLoader.getPlatformClassLoader());
        System.out.println("java.sql.Timestamp from the boot loader: " + find("java.sql.Timestamp", null));
        System.out.println("same class: " + (viaPlatform == java.sql.Timestamp.class));
        String[] early = { "java.lang.Object", "java.lang.Thread", "jdk.internal.access.SharedSecrets", "java.net.URL",
                           "jdk.internal.loader.URLClassPath", "jdk.internal.loader.ClassLoaders", "java.io.File",
                           "jdk.internal.module.ModuleBootstrap", "java.lang.invoke.MethodHandles$Lookup",
                           "[Ljava.net.URL;", "java.util.logging.Logger" };
        for (String n : early) System.out.println(n + " in " + Class.forName(n).getModule());
        System.out.println("int in " + int.class.getModule() + ", int[][] in " + int[][].class.getModule());
    }
}
