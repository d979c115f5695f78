// vm-options: -Xss256k
// gcstress-args: light
// Recursion across class initialisers: each class's <clinit> defines and initialises the
// next class (a hidden class from the same bytes through Lookup.defineHiddenClass, and a
// named one through a class loader and Class.forName), so every level passes through the
// VM's class-initialisation code and a native method.  The chain ends in a
// StackOverflowError, which is an Error and so escapes every <clinit> unwrapped; the
// thread then carries on, and the classes of the chain are erroneous.
//
// Each failed initialisation is recorded, for later NoClassDefFoundErrors, with the stack
// trace of its cause, which the VM gets by calling Throwable.getStackTrace.  Called at the
// bottom of the chain, that call can fail half-way in the first initialisation of
// StackTraceElement$HashedModules, which is then erroneous for the rest of the run: no
// stack trace with a java.base frame can be made any more, not even by the uncaught-
// exception handler.  HotSpot starts such a call only with a margin of free stack (its
// shadow zone), and still loses the class in about one run of four here; Loupe started it
// with no margin and lost the class every time (and took seconds where HotSpot takes a
// fraction of one).  HashedModules is therefore initialised beforehand, which makes
// HotSpot's output deterministic, and the test checks the rest.  -Xss256k keeps the chain
// short (the "chain" thread asks for 1 MB, which each VM takes as it likes).  With an
// argument (GC stress) only the hidden-class chain runs.
import java.io.InputStream;
import java.lang.invoke.MethodHandles;

public class InitChain {
    static int depth, deepest;
    static byte[] linkBytes;

    public static class Link {
        static final int LEVEL;
        static {
            LEVEL = InitChain.next();
        }
    }

    static int next() {
        int d = ++depth;
        if (d > deepest) deepest = d;
        try {
            MethodHandles.lookup().defineHiddenClass(linkBytes, true);
        } catch (IllegalAccessException e) {
            throw new RuntimeException(e);
        }
        return d;
    }

    static String hidden() {
        depth = deepest = 0;
        try {
            MethodHandles.lookup().defineHiddenClass(linkBytes, true);
            return "hidden chain ended?";
        } catch (Throwable t) {
            return "hidden chain: " + t.getClass().getName() + ", deeper than 20: " + (deepest > 20);
        }
    }

    /** Loads class NamedNNNNN from the bytes of Named, renamed. */
    static final class Renamer extends ClassLoader {
        final byte[] template;
        Renamer(byte[] template) {
            super(InitChain.class.getClassLoader());
            this.template = template;
        }
        @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith("InitChain$Named")) throw new ClassNotFoundException(name);
            byte[] b = template.clone();
            byte[] from = "InitChain$Named00000".getBytes(), to = name.getBytes();
            for (int i = 0; i + from.length <= b.length; i++) {
                boolean match = true;
                for (int k = 0; k < from.length && match; k++) match = b[i + k] == from[k];
                if (match) System.arraycopy(to, 0, b, i, to.length);
            }
            return defineClass(name, b, 0, b.length);
        }
    }

    static Renamer renamer;

    public static class Named00000 {
        static final int LEVEL;
        static {
            LEVEL = InitChain.nextNamed();
        }
    }

    public static int nextNamed() {
        int d = ++depth;
        if (d > deepest) deepest = d;
        try {
            Class.forName(String.format("InitChain$Named%05d", d), true, renamer);
        } catch (ClassNotFoundException e) {
            throw new RuntimeException(e);
        }
        return d;
    }

    static String named() {
        depth = deepest = 1;
        try {
            Class.forName("InitChain$Named00001", true, renamer);
            return "named chain ended?";
        } catch (Throwable t) {
            String again;
            try {
                Class.forName("InitChain$Named00001", true, renamer);
                again = "initialised";
            } catch (Throwable u) {
                again = u.getClass().getName();
            }
            return "named chain: " + t.getClass().getName() + ", deeper than 20: " + (deepest > 20) + ", then " + again;
        }
    }

    static String javaBaseTrace() {
        try {
            Integer.parseInt("x");
            return "parsed?";
        } catch (NumberFormatException e) {
            return e.getStackTrace()[0].toString();
        }
    }

    static byte[] read(String name) throws Exception {
        try (InputStream in = InitChain.class.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }

    public static void main(String[] args) throws Exception {
        // HotSpot initialises ExceptionInInitializerError when it first records a failed
        // initialisation: at the bottom of the chain, where that fails for want of stack
        // and leaves the class erroneous (HotSpot's own quirk, not what is tested here)
        System.out.println(new ExceptionInInitializerError("initialised beforehand").getMessage());
        System.out.println("a java.base stack trace before: " + javaBaseTrace());
        boolean light = args.length > 0;
        linkBytes = read("InitChain$Link.class");
        renamer = new Renamer(read("InitChain$Named00000.class"));
        String[] out = new String[2];
        Thread t = new Thread(null, () -> {
            out[0] = hidden();
            out[1] = light ? "named chain: skipped" : named();
        }, "chain", 1 << 20);
        t.start();
        t.join();
        System.out.println(out[0]);
        System.out.println(out[1]);
        System.out.println("a java.base stack trace afterwards: " + javaBaseTrace());
        System.out.println("afterwards: " + hidden().startsWith("hidden chain: java.lang.StackOverflowError"));
    }
}
