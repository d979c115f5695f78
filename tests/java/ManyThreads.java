// Thousands of threads: 2000 short-lived ones started in waves of 100 and joined, each
// allocating a little, while a collection may come at any time; then 500 threads alive at
// once, all parked on a latch, visible to Thread.enumerate and getAllStackTraces, which are
// then released together and end; then 200 threads started and never joined, ended by
// main returning (the non-daemon ones are waited for, the daemon ones are not).
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

public class ManyThreads {
    static final AtomicInteger ran = new AtomicInteger();

    static void shortLived() throws InterruptedException {
        long[] sums = new long[2000];
        for (int wave = 0; wave < 20; wave++) {
            Thread[] ts = new Thread[100];
            for (int i = 0; i < ts.length; i++) {
                final int id = wave * 100 + i;
                ts[i] = new Thread(() -> {
                    int[] a = new int[64 + id % 64];
                    for (int k = 0; k < a.length; k++) a[k] = k;
                    long s = 0;
                    for (int v : a) s += v;
                    sums[id] = s;
                    ran.incrementAndGet();
                }, "short-" + id);
                ts[i].start();
            }
            for (Thread t : ts) t.join();
        }
        long total = 0;
        for (long s : sums) total += s;
        System.out.println("2000 short-lived threads ran: " + ran.get() + ", checksum " + total);
    }

    static void aliveAtOnce() throws InterruptedException {
        int n = 500;
        CountDownLatch started = new CountDownLatch(n), release = new CountDownLatch(1);
        Thread[] ts = new Thread[n];
        ThreadGroup g = new ThreadGroup("crowd");
        for (int i = 0; i < n; i++) {
            ts[i] = new Thread(g, () -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }, "alive-" + i);
            ts[i].start();
        }
        started.await();
        Thread[] seen = new Thread[n + 10];
        int listed = g.enumerate(seen);
        int alive = 0, waiting = 0;
        for (Thread t : ts) {
            if (t.isAlive()) alive++;
            Thread.State s = t.getState();
            if (s == Thread.State.WAITING) waiting++;
        }
        int traces = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getThreadGroup() == g) traces++;
        System.out.println(n + " at once: alive " + alive + ", listed " + listed + ", stack traces " + traces
                + ", all waiting eventually " + waitAll(ts));
        release.countDown();
        for (Thread t : ts) t.join();
        int still = 0;
        for (Thread t : ts) if (t.isAlive()) still++;
        System.out.println("after release: alive " + still + ", active in group " + g.activeCount());
    }

    static boolean waitAll(Thread[] ts) throws InterruptedException {
        for (Thread t : ts) {
            for (int i = 0; t.getState() != Thread.State.WAITING; i++) {
                if (i > 6000) return false;
                Thread.sleep(10);
            }
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        shortLived();
        aliveAtOnce();
        System.out.println("main starts 200 threads and returns");
        AtomicInteger finished = new AtomicInteger();
        for (int i = 0; i < 200; i++) {
            final boolean daemon = i % 2 == 1;
            Thread t = new Thread(() -> {
                if (daemon) {
                    try {
                        Thread.sleep(1_000_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (finished.incrementAndGet() == 100) System.out.println("the 100 non-daemon threads finished");
            }, "unjoined-" + i);
            t.setDaemon(daemon);
            t.start();
        }
    }
}
