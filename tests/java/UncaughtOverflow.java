// Uncaught exceptions whose report itself overflows the stack: the default handler calls
// printStackTrace, which calls toString, which recurses without end.  HotSpot then prints
// its one-line "Exception: java.lang.StackOverflowError thrown from the
// UncaughtExceptionHandler in thread ..." and the thread ends; for main the exit status is
// 1.  Also an uncaught StackOverflowError itself (its 1024-frame trace printed), and a
// handler that recurses forever.
public class UncaughtOverflow {
    static class Loud extends RuntimeException {
        Loud(String m) { super(m); }
        @Override public String toString() { return "Loud: " + toString(); }
    }

    static class Message extends RuntimeException {
        @Override public String getMessage() { return "message of " + getMessage(); }
    }

    static int forever(int n) { return forever(n + 1) + 1; }

    static void run(String name, Runnable r, Thread.UncaughtExceptionHandler h) throws InterruptedException {
        Thread t = new Thread(null, r, name, 1 << 20);
        if (h != null) t.setUncaughtExceptionHandler(h);
        t.start();
        t.join();
        System.out.println(name + " ended");
    }

    static void handlerForever(Thread t, Throwable e) { handlerForever(t, e); }

    public static void main(String[] args) throws Exception {
        run("toString", () -> { throw new Loud("from toString"); }, null);
        run("getMessage", () -> { throw new Message(); }, null);
        run("handler", () -> { throw new IllegalStateException("handled"); }, UncaughtOverflow::handlerForever);
        run("overflow", () -> forever(0), (t, e) -> System.out.println(t.getName() + ": " + e.getClass().getName()
                + ", trace of " + (e.getStackTrace().length == 1024 ? "1024" : "another number of") + " frames"));
        System.out.flush();
        throw new Loud("from main");
    }
}
