// Threads started while other threads keep collecting: Thread.start() may have to wait for
// a collection to end before the new thread is registered, and the new thread must still
// see its own (moved) java.lang.Thread object.  Each started thread checks
// currentThread() against the object it was started as, and allocates.
import java.util.ArrayList;
import java.util.List;

public class ThreadStartGC {
    static volatile boolean stop;

    static final class Collector extends Thread {
        int collections;
        Collector(String name) { super(name); }
        @Override public void run() {
            // (a short pause between collections, or the other threads could wait a long
            // time for a moment without a safepoint)
            while (!stop) {
                System.gc();
                collections++;
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    static final class Short extends Thread {
        final int id;
        boolean sawItself;
        long sum;
        Short(int id) {
            super("short-" + id);
            this.id = id;
        }
        @Override public void run() {
            sawItself = Thread.currentThread() == this;
            List<int[]> keep = new ArrayList<int[]>();
            for (int i = 0; i < 20; i++) keep.add(new int[64 + i]);
            for (int[] a : keep) sum += a.length;
        }
    }

    public static void main(String[] args) throws Exception {
        Collector[] collectors = { new Collector("gc-0"), new Collector("gc-1") };
        for (Collector c : collectors) c.start();
        int n = 300, ok = 0;
        long total = 0;
        for (int round = 0; round < n / 10; round++) {
            Short[] batch = new Short[10];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = new Short(round * 10 + i);
                batch[i].start();
            }
            for (Short s : batch) {
                s.join();
                if (s.sawItself) ok++;
                total += s.sum;
            }
        }
        stop = true;
        for (Collector c : collectors) c.join();
        System.out.println("threads: " + n + ", saw themselves: " + ok + ", allocated: " + total);
    }
}
