// A hidden class is itself only under its hidden name: its class file's name, in a field
// or method descriptor, names another class, which linking (at definition, as
// Lookup.defineHiddenClass links what it does not initialise) loads by that name.  Where no
// such class exists definition fails with NoClassDefFoundError; where one does, the
// verifier finds the hidden class is not it.  The bytes are the nested classes' own, the
// name rewritten (same length) so that the loader cannot find it.
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import static java.lang.invoke.MethodHandles.Lookup.ClassOption.NESTMATE;

public class HiddenSelfReference {
    public static class SelfRefField implements Runnable {
        SelfRefField other;
        public void run() { other = this; }
    }

    public static class SelfRefMethod implements Runnable {
        private void set(SelfRefMethod t) { }
        public void run() { set(this); }
    }

    public static class NoSelfRef implements Runnable {
        Object other;
        public void run() { other = this; System.out.println("  NoSelfRef ran"); }
    }

    static byte[] bytes(Class<?> c, String from, String to) throws Exception {
        String file = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
        byte[] b;
        try (InputStream in = HiddenSelfReference.class.getResourceAsStream(file)) { b = in.readAllBytes(); }
        if (from == null) return b;
        byte[] f = from.getBytes("UTF-8"), t = to.getBytes("UTF-8");
        for (int i = 0; i + f.length <= b.length; i++) {
            boolean same = true;
            for (int j = 0; j < f.length && same; j++) same = b[i + j] == f[j];
            if (same) System.arraycopy(t, 0, b, i, t.length);
        }
        return b;
    }

    static void define(String what, byte[] b) {
        try {
            Class<?> c = MethodHandles.lookup().defineHiddenClass(b, false, NESTMATE).lookupClass();
            System.out.println(what + ": defined " + c.getSimpleName().replaceAll("0x[0-9a-f]+", "0x..."));
            ((Runnable) c.getDeclaredConstructor().newInstance()).run();
        } catch (Throwable e) {
            System.out.println(what + ": " + e.getClass().getName() + ": "
                + String.valueOf(e.getMessage()).replaceAll("0x[0-9a-f]+", "0x...").split("\n")[0]);
        }
    }

    public static void main(String[] args) throws Exception {
        define("field, name unknown", bytes(SelfRefField.class, "SelfRefField", "SelfRefFielX"));
        define("method, name unknown", bytes(SelfRefMethod.class, "SelfRefMethod", "SelfRefMethoX"));
        define("field, name of a loaded class", bytes(SelfRefField.class, null, null));
        define("no self reference", bytes(NoSelfRef.class, "NoSelfRef", "NoSelfReX"));
    }
}
