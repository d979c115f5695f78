// gcstress-args: 100
// References and finalization with several threads: workers allocate (driving collections
// from their allocations and System.gc() calls) while making weak references registered
// with one shared queue and finalizable objects; a consumer thread drains the queue at the
// same time, while the Reference Handler and Finalizer threads run.  Every reference must
// arrive exactly once, cleared, and every finalizer must run once.  The argument is the
// number of iterations per worker (default 300).
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

public class RefThreads {
    static final int WORKERS = 4;
    static final ReferenceQueue<Object> queue = new ReferenceQueue<Object>();
    static final Object lock = new Object();
    static int finalized;

    static final class Payload {
        final int[] data;
        Payload(int n) { data = new int[n]; }
    }

    static final class Finalizable {
        @Override protected void finalize() {
            synchronized (lock) { finalized++; }
        }
    }

    static final class Worker extends Thread {
        final int iterations;
        final List<WeakReference<Object>> refs = new ArrayList<WeakReference<Object>>();
        long sink;
        Worker(int id, int iterations) {
            super("worker-" + id);
            this.iterations = iterations;
        }

        WeakReference<Object> make(int i) { return new WeakReference<Object>(new Payload(i % 64), queue); }

        @Override public void run() {
            for (int i = 0; i < iterations; i++) {
                refs.add(make(i));
                if (i % 10 == 0) new Finalizable();
                byte[] garbage = new byte[512];
                sink += garbage.length;
                if (i % 50 == 49) System.gc();
            }
        }
    }

    static final class Consumer extends Thread {
        final int expected;
        final IdentityHashMap<Reference<?>, Boolean> seen = new IdentityHashMap<Reference<?>, Boolean>();
        int duplicates, uncleared;
        Consumer(int expected) {
            super("consumer");
            this.expected = expected;
        }

        @Override public void run() {
            try {
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (seen.size() < expected && System.nanoTime() < deadline) {
                    Reference<?> r = queue.remove(100);
                    if (r == null) continue;
                    if (seen.put(r, Boolean.TRUE) != null) duplicates++;
                    if (!r.refersTo(null)) uncleared++;
                }
            } catch (InterruptedException e) {
                System.out.println("consumer interrupted");
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int total = WORKERS * iterations;
        Consumer consumer = new Consumer(total);
        consumer.start();
        Worker[] workers = new Worker[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = new Worker(i, iterations);
            workers[i].start();
        }
        for (Worker w : workers) w.join();
        // Whatever the workers' collections left behind goes now.
        for (int i = 0; i < 600 && consumer.isAlive(); i++) {
            System.gc();
            consumer.join(100);
        }
        consumer.join();
        int mine = 0, cleared = 0;
        for (Worker w : workers)
            for (WeakReference<Object> r : w.refs) {
                if (consumer.seen.containsKey(r)) mine++;
                if (r.get() == null) cleared++;
            }
        System.out.println("references: " + total + ", queued " + consumer.seen.size() + ", ours " + mine
            + ", cleared " + cleared + ", duplicates " + consumer.duplicates + ", uncleared when queued "
            + consumer.uncleared);
        int expectedFinalized = WORKERS * ((iterations + 9) / 10);
        boolean allFinalized = false;
        for (int i = 0; i < 2000 && !allFinalized; i++) {
            synchronized (lock) { allFinalized = finalized == expectedFinalized; }
            if (!allFinalized) {
                if (i % 20 == 0) {
                    System.gc();
                    System.runFinalization();
                }
                Thread.sleep(5);
            }
        }
        synchronized (lock) {
            System.out.println("finalizers: expected " + expectedFinalized + ", ran " + finalized);
        }
    }
}
