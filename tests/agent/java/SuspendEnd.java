// The Java side of agent/SuspendEnd: short threads, each suspended and resumed by the
// agent over and over while it runs and ends.
public class SuspendEnd {
    static native int hammer(Thread t);

    static volatile int sink;

    public static void main(String[] args) throws Exception {
        int n = 300, wrong = 0;
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                int x = 0;
                for (int k = 0; k < 1000; k++) x += k;
                sink = x;
            });
            t.start();
            wrong += hammer(t);
            t.join();
        }
        System.out.println(n + " threads, suspend/resume cycles that went wrong: " + wrong);
    }
}
