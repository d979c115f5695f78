// The exec fuzz target's watchdog check (tests/fuzz/run.sh runs fuzz_exec on this class
// before fuzzing): each static method would run forever without the watchdog, and each
// catches what it can, the ThreadDeath included, to try to go on.
public class Spin {
    static int sink;

    public static void main(String[] args) {
        for (;;) {
            try {
                for (;;) sink++;
            } catch (Throwable t) {
                sink--;
            }
        }
    }

    static void sleeper() {
        for (;;) {
            try {
                Thread.sleep(1000);
            } catch (Throwable t) {
                sink++;
            }
        }
    }

    static void recurse(int depth) {
        for (;;) {
            try {
                recurse(depth + 1);
            } catch (Throwable t) {
                sink += depth;
            }
        }
    }

    static synchronized void locked() {
        for (;;) {
            try {
                synchronized (Spin.class) { sink++; }
            } finally {
                sink--;
            }
        }
    }
}
