// Monitors: synchronized methods (instance and static) and blocks, reentrancy, lock
// release when an exception leaves a synchronized block, mutual exclusion under
// contention, Thread.holdsLock, IllegalMonitorStateException from wait/notify/notifyAll
// without owning the monitor, wait with timeout, and locking on class objects, arrays
// and strings.
public class Monitors {
    private int count;
    private int blockCount;
    private static int staticCount;
    private final Object lock = new Object();

    synchronized void inc() { count++; }
    static synchronized void staticInc() { staticCount++; }

    synchronized int reentrant(int depth) {
        if (depth == 0) return Thread.holdsLock(this) ? 1 : 0;
        return reentrant(depth - 1) + 1;
    }

    void blockInc() {
        synchronized (lock) {
            synchronized (lock) {      // nested on the same object
                blockCount++;
            }
        }
    }

    static String imse(Runnable r) {
        try {
            r.run();
            return "no exception";
        } catch (IllegalMonitorStateException e) {
            return "IllegalMonitorStateException: " + e.getMessage();
        }
    }

    static void throwInside(Object o) {
        synchronized (o) {
            throw new IllegalStateException("leaving the monitor by exception");
        }
    }

    public static void main(String[] args) throws Exception {
        final Monitors m = new Monitors();
        System.out.println("holdsLock outside: " + Thread.holdsLock(m));
        try { m.wait(-1); } catch (RuntimeException e) { System.out.println("wait(-1) unowned: " + e); }
        synchronized (m) {
            System.out.println("holdsLock inside: " + Thread.holdsLock(m) + ", other object: " + Thread.holdsLock(m.lock));
        }
        System.out.println("reentrant depth 100: " + m.reentrant(100));
        System.out.println("holdsLock after reentrant calls: " + Thread.holdsLock(m));

        try {
            throwInside(m);
        } catch (IllegalStateException e) {
            System.out.println("caught: " + e.getMessage() + ", still holds: " + Thread.holdsLock(m));
        }

        // Contention: several threads hammer the same monitors.
        final int threads = 4, iterations = 50000;
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            ts[i] = new Thread() {
                @Override public void run() {
                    for (int k = 0; k < iterations; k++) {
                        m.inc();
                        staticInc();
                        m.blockInc();
                    }
                }
            };
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println("count " + m.count + ", blockCount " + m.blockCount + " (expected " + threads * iterations
            + "), staticCount " + staticCount
            + " (expected " + threads * iterations + ")");

        // A monitor released by an exception must be acquirable by another thread.
        final Object shared = new Object();
        try {
            throwInside(shared);
        } catch (IllegalStateException e) {
            // expected
        }
        final boolean[] acquired = { false };
        Thread other = new Thread() {
            @Override public void run() {
                synchronized (shared) {
                    acquired[0] = true;
                }
            }
        };
        other.start();
        other.join();
        System.out.println("other thread acquired the released monitor: " + acquired[0]);

        // wait/notify without the monitor.
        final Object o = new Object();
        System.out.println("wait(): " + imse(new Runnable() {
            public void run() {
                try {
                    o.wait();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
        }));
        System.out.println("wait(10): " + imse(new Runnable() {
            public void run() {
                try {
                    o.wait(10);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
        }));
        System.out.println("notify(): " + imse(new Runnable() { public void run() { o.notify(); } }));
        System.out.println("notifyAll(): " + imse(new Runnable() { public void run() { o.notifyAll(); } }));
        System.out.println("notify while holding another lock: " + imse(new Runnable() {
            public void run() {
                synchronized (m) {
                    o.notify();
                }
            }
        }));
        synchronized (o) {
            o.notify();      // nobody waits: fine
            o.notifyAll();
            long deadline = System.nanoTime() + 50000000L;
            long left;
            while ((left = deadline - System.nanoTime()) > 0) {
                o.wait(left / 1000000 + 1);   // times out (a spurious wakeup just loops)
            }
            System.out.println("timed wait over, holds lock again: " + Thread.holdsLock(o));
            o.wait(0, 500000);   // waits at least 0.5 ms... or returns early on a spurious wakeup: no output
        }
        try {
            synchronized (o) {
                o.wait(-1);
            }
        } catch (IllegalArgumentException e) {
            System.out.println("wait(-1): " + e.getMessage());
        }

        // Class objects, arrays and strings are objects with monitors too.
        synchronized (Monitors.class) {
            System.out.println("holds Monitors.class: " + Thread.holdsLock(Monitors.class));
            staticInc();   // static synchronized on the same monitor: reentrant
        }
        int[] arr = new int[1];
        synchronized (arr) {
            arr[0]++;
            System.out.println("holds array: " + Thread.holdsLock(arr));
        }
        String s = "literal lock";
        synchronized (s) {
            synchronized ("literal lock") {
                System.out.println("same interned string locked twice: " + Thread.holdsLock("literal lock"));
            }
        }
        try {
            Object nothing = null;
            synchronized (nothing) {
                System.out.println("unreachable");
            }
        } catch (NullPointerException e) {
            System.out.println("synchronized (null): NullPointerException");
        }
        // Many distinct monitors held at the same time.
        Object[] many = new Object[64];
        for (int i = 0; i < many.length; i++) many[i] = new Object();
        System.out.println("nested locks on 64 objects: " + lockAll(many, 0));
    }

    static int lockAll(Object[] objs, int i) {
        if (i == objs.length) {
            int held = 0;
            for (Object o : objs) if (Thread.holdsLock(o)) held++;
            return held;
        }
        synchronized (objs[i]) {
            return lockAll(objs, i + 1);
        }
    }
}
