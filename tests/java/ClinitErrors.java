// Failing static initialisers: the first use throws ExceptionInInitializerError
// wrapping the original exception; every later use throws NoClassDefFoundError
// ("Could not initialize class ..."); an Error thrown by <clinit> is not wrapped; other
// classes are unaffected; a failing superclass initialiser fails its subclass.
public class ClinitErrors {
    static int zero = 0;

    static class Bad {
        static int value = 10 / zero;
        static void touch() { System.out.println("Bad.touch ran (unexpected)"); }
    }

    static class BadError {
        static { if (zero == 0) throw new AssertionError("assertion in clinit"); }
        static int x = 1;
    }

    static class BadSuper {
        static { if (zero == 0) throw new IllegalStateException("super clinit fails"); }
    }
    static class GoodSub extends BadSuper {
        static int y = 5;
    }

    static class Good {
        static int value = 99;
    }

    static class Thrower {
        static final Object INSTANCE;
        static {
            Object o = null;
            try {
                o = make();
            } finally {
                INSTANCE = o;
            }
        }
        static Object make() { throw new UnsupportedOperationException("make failed"); }
    }

    static void show(String what, Throwable t) {
        System.out.println(what + ": " + t.getClass().getName() + ": " + t.getMessage());
        Throwable c = t.getCause();
        while (c != null) {
            System.out.println("    cause " + c.getClass().getName() + ": " + c.getMessage());
            c = c.getCause();
        }
    }

    public static void main(String[] args) {
        for (int round = 1; round <= 3; round++) {
            try {
                System.out.println("Bad.value = " + Bad.value);
            } catch (Throwable t) {
                show("round " + round + " Bad.value", t);
            }
        }
        try {
            Bad.touch();
        } catch (Throwable t) {
            show("Bad.touch()", t);
        }
        try {
            Object o = new Bad();
            System.out.println("new Bad() " + (o != null));
        } catch (Throwable t) {
            show("new Bad()", t);
        }
        try {
            Bad[] arr = new Bad[2];   // creating an array does not initialise the class
            System.out.println("new Bad[2] works: length " + arr.length + ", class " + arr.getClass().getName());
        } catch (Throwable t) {
            show("new Bad[2]", t);
        }
        System.out.println("Bad.class still usable: " + Bad.class.getName());
        for (int round = 1; round <= 2; round++) {
            try {
                System.out.println("BadError.x = " + BadError.x);
            } catch (Throwable t) {
                show("round " + round + " BadError.x", t);
            }
        }
        for (int round = 1; round <= 2; round++) {
            try {
                System.out.println("GoodSub.y = " + GoodSub.y);
            } catch (Throwable t) {
                show("round " + round + " GoodSub.y", t);
            }
        }
        try {
            new BadSuper();
        } catch (Throwable t) {
            show("new BadSuper()", t);
        }
        System.out.println("Good.value = " + Good.value);
        try {
            System.out.println(Thrower.INSTANCE);
        } catch (ExceptionInInitializerError e) {
            show("Thrower.INSTANCE", e);
            System.out.println("getException is the cause: " + (e.getException() == e.getCause()));
            e.printStackTrace(System.out);
        }
        try {
            System.out.println(Thrower.INSTANCE);
        } catch (NoClassDefFoundError e) {
            show("Thrower.INSTANCE again", e);
            e.printStackTrace(System.out);
        }
    }
}
