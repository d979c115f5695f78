// Locks: monitor and j.u.c lock costs. Uncontended: one thread enters a synchronized
// method, a synchronized block and a ReentrantLock millions of times. Contended: four
// threads increment one counter under a shared monitor, then under a shared
// ReentrantLock, then with AtomicLong CAS loops. Checksum: the final counts.
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

public final class Locks {
    static final Object MONITOR = new Object();
    static final ReentrantLock LOCK = new ReentrantLock();
    static final AtomicLong ATOMIC = new AtomicLong();
    static long shared;
    long mine;

    synchronized void bump() {
        mine++;
    }

    static long uncontended(int n) {
        Locks l = new Locks();
        Object o = new Object();
        long block = 0;
        ReentrantLock rl = new ReentrantLock();
        long locked = 0;
        for (int i = 0; i < n; i++) {
            l.bump();
            synchronized (o) {
                block++;
            }
            rl.lock();
            try {
                locked++;
            } finally {
                rl.unlock();
            }
        }
        return l.mine + block + locked;
    }

    static final class Worker extends Thread {
        final int kind;
        final int n;

        Worker(int kind, int n) {
            this.kind = kind;
            this.n = n;
        }

        @Override
        public void run() {
            for (int i = 0; i < n; i++) {
                if (kind == 0) {
                    synchronized (MONITOR) {
                        shared++;
                    }
                } else if (kind == 1) {
                    LOCK.lock();
                    try {
                        shared++;
                    } finally {
                        LOCK.unlock();
                    }
                } else {
                    long v;
                    do {
                        v = ATOMIC.get();
                    } while (!ATOMIC.compareAndSet(v, v + 1));
                }
            }
        }
    }

    static long contended(int kind, int threads, int n) throws InterruptedException {
        Worker[] ws = new Worker[threads];
        for (int i = 0; i < threads; i++) {
            ws[i] = new Worker(kind, n);
            ws[i].start();
        }
        for (Worker w : ws) {
            w.join();
        }
        return kind == 2 ? ATOMIC.get() : shared;
    }

    public static void main(String[] args) throws InterruptedException {
        int reps = reps(args, 4);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 31 + uncontended(300_000);
            shared = 0;
            sum = sum * 31 + contended(0, 4, 60_000);
            shared = 0;
            sum = sum * 31 + contended(1, 4, 60_000);
            ATOMIC.set(0);
            sum = sum * 31 + contended(2, 4, 60_000);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Locks ").append(sum);
        System.out.println(sb.toString());
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
