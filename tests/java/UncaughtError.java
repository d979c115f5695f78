// An Error thrown from deep inside a static initialiser escapes main: the launcher-style
// report shows ExceptionInInitializerError with its cause, exit status 1.  A non-daemon
// thread that is still running must be waited for before the VM exits.
public class UncaughtError {
    static class Config {
        static final String VALUE = load();
        static String load() { throw new IllegalStateException("config missing"); }
    }

    public static void main(String[] args) throws Exception {
        Thread worker = new Thread("worker") {
            @Override public void run() {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    System.out.println("interrupted");
                }
                System.out.println("worker finished after main died");
            }
        };
        worker.start();
        System.out.println("main about to fail");
        System.out.println(Config.VALUE);
    }
}
