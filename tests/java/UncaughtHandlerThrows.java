// An uncaught-exception handler that throws: the thread ends with HotSpot's one-line report
// on stderr ("Exception: ... thrown from the UncaughtExceptionHandler in thread ..."),
// for a started thread and for main (exit status 1).
public class UncaughtHandlerThrows {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> { throw new IllegalStateException("worker"); }, "worker");
        t.setUncaughtExceptionHandler((th, e) -> { throw new RuntimeException("from handler"); });
        t.start();
        t.join();
        Thread.currentThread().setUncaughtExceptionHandler((th, e) -> { throw new IllegalArgumentException("main handler"); });
        throw new Exception("main");
    }
}
