// A class reference whose resolution failed with a LinkageError fails again with the same
// error, even when the class could be found now (JVMS 5.4.3): each later attempt throws a
// new error of the first one's class and message, with a cause of its cause's class and
// message.  Errors that are not LinkageErrors are not recorded: the next attempt resolves
// anew.  A loader that cannot find Target the first time it is asked (and can later)
// defines the class whose constant pool names it.
import java.io.InputStream;

public class ResolutionErrors {
    public static class Target {
        public String toString() { return "a Target"; }
    }

    // Its Target.class, new Target() and Target[] all use one constant-pool entry.
    public static class User {
        public static Object byLdc() { return Target.class; }
        public static Object byNew() { return new Target(); }
        public static Object byArray() { return new Target[1]; }
    }

    // Defines User itself; answers Target with `failure` (null: finds it) the first time.
    static class Flaky extends ClassLoader {
        final Throwable failure;
        boolean asked;

        Flaky(Throwable failure) {
            super(ResolutionErrors.class.getClassLoader());
            this.failure = failure;
        }

        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.endsWith("$User")) return own(name);
            if (name.endsWith("$Target") && !asked) {
                asked = true;
                if (failure instanceof ClassNotFoundException) throw (ClassNotFoundException) failure;
                if (failure instanceof Error) throw (Error) failure;
                if (failure instanceof RuntimeException) throw (RuntimeException) failure;
            }
            return super.loadClass(name, resolve);
        }

        Class<?> own(String name) throws ClassNotFoundException {
            Class<?> c = findLoadedClass(name);
            if (c != null) return c;
            String file = name.substring(name.lastIndexOf('.') + 1) + ".class";
            try (InputStream in = ResolutionErrors.class.getResourceAsStream(file)) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static Throwable first;

    static void attempt(Class<?> user, String how) {
        try {
            Object r = user.getMethod(how).invoke(null);
            System.out.println("  " + how + ": " + (r instanceof Class ? ((Class<?>) r).getName() : r.getClass().getName()));
        } catch (java.lang.reflect.InvocationTargetException ite) {
            Throwable e = ite.getCause();
            Throwable c = e.getCause();
            System.out.println("  " + how + ": " + e + (c == null ? "" : " caused by " + c)
                    + (first == null ? "" : e == first ? " (the first error)" : " (a new one)"));
            if (first == null) first = e;
        } catch (ReflectiveOperationException e) {
            System.out.println("  " + how + ": " + e);
        }
    }

    static void run(String what, Throwable failure) throws Exception {
        System.out.println(what + ":");
        first = null;
        Class<?> user = new Flaky(failure).loadClass(User.class.getName());
        for (String how : new String[] { "byLdc", "byNew", "byArray", "byLdc" }) attempt(user, how);
    }

    public static void main(String[] args) throws Exception {
        run("not found the first time", new ClassNotFoundException("not yet"));
        run("a LinkageError the first time", new ClassFormatError("bad bytes, once"));
        run("a LinkageError with a cause", new NoClassDefFoundError("gone once").initCause(new IllegalStateException("why")));
        run("not a LinkageError (not recorded)", new IllegalStateException("just once"));
        run("an OutOfMemoryError (not recorded)", new OutOfMemoryError("pretend"));
        run("found at once", null);
    }
}
