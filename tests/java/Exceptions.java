// Exceptions: try/catch/finally control flow (return in finally overriding, finally
// after break/continue, nested finally), rethrow, multi-catch, custom checked and
// unchecked exceptions, causes and suppressed exceptions, try-with-resources (close
// order, suppression), exceptions crossing many frames, stack traces printed with
// printStackTrace() to System.out (line numbers must match), getStackTrace contents,
// and fillInStackTrace/setStackTrace.
import java.io.Closeable;
import java.io.IOException;

public class Exceptions {
    static StringBuilder trace = new StringBuilder();

    static class AppException extends Exception {
        final int code;
        AppException(String m, int code) { super(m); this.code = code; }
        AppException(String m, Throwable cause) { super(m, cause); this.code = -1; }
        @Override public String toString() { return "AppException[" + code + "]: " + getMessage(); }
    }

    static class Unchecked extends RuntimeException {
        Unchecked(String m) { super(m); }
    }

    static class NoStack extends RuntimeException {
        NoStack(String m) { super(m, null, false, false); }
    }

    @SuppressWarnings("finally")
    static int returnInFinally() {
        try {
            return 1;
        } finally {
            return 2;
        }
    }

    @SuppressWarnings("finally")
    static String finallySwallows() {
        try {
            throw new Unchecked("lost");
        } finally {
            return "finally won";
        }
    }

    static int finallyModifies() {
        int x = 10;
        try {
            return x;          // value saved before finally runs
        } finally {
            x = 20;
            trace.append("finallyModifies(x=" + x + ") ");
        }
    }

    static String loopFinally() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            try {
                if (i == 1) continue;
                if (i == 3) break;
                sb.append("body").append(i).append(' ');
            } finally {
                sb.append("fin").append(i).append(' ');
            }
        }
        return sb.toString();
    }

    static String nested() {
        StringBuilder sb = new StringBuilder();
        try {
            try {
                try {
                    throw new IllegalStateException("inner");
                } finally {
                    sb.append("f1 ");
                }
            } catch (IllegalArgumentException e) {
                sb.append("wrong catch ");
            } finally {
                sb.append("f2 ");
            }
        } catch (IllegalStateException e) {
            sb.append("caught ").append(e.getMessage()).append(' ');
        } finally {
            sb.append("f3");
        }
        return sb.toString();
    }

    static void thrower(int kind) throws AppException {
        switch (kind) {
            case 0: throw new AppException("checked", 7);
            case 1: throw new Unchecked("unchecked");
            case 2: throw new ArithmeticException("arith");
            case 3: Object o = null; o.hashCode(); break;
            case 4: throw new Error("an error");
            default: break;
        }
    }

    static String multiCatch(int kind) {
        try {
            thrower(kind);
            return "no exception";
        } catch (AppException | ArithmeticException e) {
            return "multi: " + e;
        } catch (NullPointerException e) {
            return "npe";
        } catch (RuntimeException e) {
            return "runtime: " + e.getMessage();
        } catch (Throwable t) {
            return "throwable: " + t;
        }
    }

    static void rethrow() throws AppException {
        try {
            thrower(0);
        } catch (Exception e) {
            trace.append("rethrowing ");
            throw e;   // precise rethrow: still AppException
        }
    }

    static class Resource implements Closeable {
        final String name;
        final boolean failOnClose;
        Resource(String name, boolean failOnClose) {
            this.name = name;
            this.failOnClose = failOnClose;
            trace.append("open ").append(name).append(' ');
        }
        @Override public void close() throws IOException {
            trace.append("close ").append(name).append(' ');
            if (failOnClose) throw new IOException("close failed: " + name);
        }
    }

    static String twr(boolean bodyFails, boolean closeFails) {
        trace.setLength(0);
        try (Resource a = new Resource("a", closeFails); Resource b = new Resource("b", closeFails)) {
            trace.append("body ");
            if (bodyFails) throw new IllegalStateException("body failed");
        } catch (Exception e) {
            trace.append("caught ").append(e.getMessage());
            for (Throwable s : e.getSuppressed()) trace.append(" suppressed: ").append(s.getMessage());
        }
        return trace.toString();
    }

    static int depth(int n) {
        if (n == 0) throw new Unchecked("bottom");
        return depth(n - 1) + 1;
    }

    static void level3() { throw new IllegalArgumentException("from level3"); }
    static void level2() { level3(); }
    static void level1() {
        try {
            level2();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("wrapped in level1", e);
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("returnInFinally: " + returnInFinally());
        System.out.println("finallySwallows: " + finallySwallows());
        System.out.println("finallyModifies: " + finallyModifies() + " " + trace);
        System.out.println("loopFinally: " + loopFinally());
        System.out.println("nested: " + nested());
        for (int k = 0; k <= 5; k++) System.out.println("multiCatch(" + k + "): " + multiCatch(k));
        trace.setLength(0);
        try {
            rethrow();
        } catch (AppException e) {
            System.out.println(trace + "-> " + e + " code " + e.code);
        }
        System.out.println("twr ok: " + twr(false, false));
        System.out.println("twr body fails: " + twr(true, false));
        System.out.println("twr close fails: " + twr(false, true));
        System.out.println("twr both fail: " + twr(true, true));

        try {
            depth(200);
        } catch (Unchecked e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("deep: " + st.length + " frames, top " + st[0].getMethodName() + ":" + st[0].getLineNumber()
                + ", bottom " + st[st.length - 1].getMethodName() + " in " + st[st.length - 1].getClassName()
                + " file " + st[0].getFileName());
        }

        // Causes and suppressed exceptions, printed in full.
        try {
            level1();
        } catch (IllegalStateException e) {
            e.addSuppressed(new Unchecked("suppressed one"));
            e.addSuppressed(new AppException("suppressed two", new Error("root of two")));
            System.out.println("cause: " + e.getCause() + ", suppressed: " + e.getSuppressed().length);
            e.printStackTrace(System.out);
        }
        AppException chain = new AppException("top", new RuntimeException("middle", new Error("bottom")));
        Throwable root = chain;
        int links = 0;
        while (root.getCause() != null) { root = root.getCause(); links++; }
        System.out.println("chain: " + links + " links, root " + root);
        chain.printStackTrace(System.out);

        // Exceptions without stack traces, with replaced traces, and re-filled traces.
        NoStack ns = new NoStack("no stack");
        ns.addSuppressed(new Unchecked("ignored"));
        System.out.println("NoStack: trace length " + ns.getStackTrace().length + ", suppressed " + ns.getSuppressed().length);
        ns.printStackTrace(System.out);
        Unchecked u = new Unchecked("custom trace");
        u.setStackTrace(new StackTraceElement[] { new StackTraceElement("Fake", "method", "Fake.java", 12),
            new StackTraceElement("Fake", "nat", null, -2) });
        u.printStackTrace(System.out);
        Unchecked refill = new Unchecked("refilled");
        int before = refill.getStackTrace().length;
        refill = fill(refill);
        System.out.println("refilled: " + before + " -> " + refill.getStackTrace().length + " top "
            + refill.getStackTrace()[0].getMethodName());
        Throwable selfCause = new Exception("self");
        try {
            selfCause.initCause(selfCause);
        } catch (IllegalArgumentException e) {
            System.out.println("initCause(self): " + e.getMessage());
        }
        try {
            new Exception("x", null).initCause(new Error());
        } catch (IllegalStateException e) {
            System.out.println("initCause twice: " + e.getMessage());
        }
        System.out.println("toString without message: " + new RuntimeException() + " / getLocalizedMessage "
            + new RuntimeException("loc").getLocalizedMessage());
        Exception e2 = new Exception(new Error("wrapped error"));
        System.out.println("message from cause: " + e2.getMessage());
        // An exception thrown in a catch block replaces the first one; finally still runs.
        try {
            try {
                throw new Unchecked("first");
            } catch (Unchecked e) {
                throw new Unchecked("second");
            } finally {
                System.out.println("finally after catch threw");
            }
        } catch (Unchecked e) {
            System.out.println("outer caught " + e.getMessage());
        }
        // Stack trace through a constructor and a static initializer-free nested call.
        try {
            new Thrower();
        } catch (RuntimeException e) {
            e.printStackTrace(System.out);
        }
    }

    static Unchecked fill(Unchecked u) {
        u.fillInStackTrace();
        return u;
    }

    static class Thrower {
        Thrower() { this(0); }
        Thrower(int x) { throw new UnsupportedOperationException("in constructor " + x); }
    }
}
