// Threads: start/join, names and ids ordering, daemon flag inheritance, priorities,
// Thread.currentThread, a bounded-buffer producer/consumer with wait/notifyAll, sleep,
// interrupting a sleeping thread, a waiting thread and a joining thread, the interrupt
// flag (interrupted() clears it, isInterrupted() does not), thread states that are
// deterministic (NEW, TERMINATED), join with timeout, uncaught exceptions in threads
// (handler and default printing), ThreadLocal, volatile publication, and starting a
// thread twice.  Results are collected and printed after join in a fixed order.
import java.util.ArrayList;
import java.util.List;

public class Threads {
    static class BoundedBuffer {
        private final int[] items;
        private int head, tail, size;
        int maxSeen;

        BoundedBuffer(int capacity) { items = new int[capacity]; }

        synchronized void put(int v) throws InterruptedException {
            while (size == items.length) wait();
            items[tail] = v;
            tail = (tail + 1) % items.length;
            size++;
            if (size > maxSeen) maxSeen = size;
            notifyAll();
        }

        synchronized int take() throws InterruptedException {
            while (size == 0) wait();
            int v = items[head];
            head = (head + 1) % items.length;
            size--;
            notifyAll();
            return v;
        }
    }

    static volatile boolean ready;
    static int payload;
    static final ThreadLocal<String> local = new ThreadLocal<String>() {
        @Override protected String initialValue() { return "initial-" + Thread.currentThread().getName(); }
    };

    public static void main(String[] args) throws Exception {
        Thread main = Thread.currentThread();
        System.out.println("main: name " + main.getName() + ", daemon " + main.isDaemon() + ", priority "
            + main.getPriority() + ", alive " + main.isAlive() + ", group " + main.getThreadGroup().getName());

        // start/join and names.
        final int n = 5;
        final long[] results = new long[n];
        final String[] names = new String[n];
        Thread[] ts = new Thread[n];
        for (int i = 0; i < n; i++) {
            final int id = i;
            ts[i] = new Thread("worker-" + i) {
                @Override public void run() {
                    long s = 0;
                    for (int k = 0; k <= 100000 * (id + 1); k++) s += k % 7;
                    results[id] = s;
                    names[id] = Thread.currentThread().getName() + "/" + (Thread.currentThread() == this);
                }
            };
        }
        System.out.println("state before start: " + ts[0].getState() + ", alive " + ts[0].isAlive());
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        for (int i = 0; i < n; i++) System.out.println(names[i] + " computed " + results[i]);
        System.out.println("state after join: " + ts[0].getState() + ", alive " + ts[0].isAlive());
        System.out.println("ids increase: " + (ts[0].getId() < ts[1].getId() && ts[1].getId() < ts[4].getId()));
        Thread unnamed = new Thread();
        System.out.println("default name pattern: " + unnamed.getName().startsWith("Thread-"));

        // Daemon flag and priority inheritance.
        final boolean[] inherited = new boolean[2];
        final int[] prio = new int[1];
        Thread daemonParent = new Thread("daemon-parent") {
            @Override public void run() {
                Thread child = new Thread("daemon-child");
                inherited[0] = child.isDaemon();
                prio[0] = child.getPriority();
            }
        };
        daemonParent.setDaemon(true);
        daemonParent.setPriority(Thread.MIN_PRIORITY + 1);
        daemonParent.start();
        daemonParent.join();
        System.out.println("child of daemon is daemon: " + inherited[0] + ", inherits priority: " + prio[0]);
        try {
            daemonParent.setDaemon(false);   // terminated thread: allowed
            Thread running = new Thread() {
                @Override public void run() {
                    synchronized (this) {
                        try { wait(); } catch (InterruptedException e) { /* done */ }
                    }
                }
            };
            running.start();
            try {
                running.setDaemon(true);
            } catch (IllegalThreadStateException e) {
                System.out.println("setDaemon on a running thread: IllegalThreadStateException");
            }
            running.interrupt();
            running.join();
        } catch (IllegalThreadStateException e) {
            System.out.println("unexpected " + e);
        }

        // Producer/consumer with a small buffer.
        final BoundedBuffer buf = new BoundedBuffer(4);
        final int producers = 3, perProducer = 2000;
        final long[] consumed = new long[2];
        Thread[] prod = new Thread[producers];
        for (int p = 0; p < producers; p++) {
            final int base = p * 1000000;
            prod[p] = new Thread("producer-" + p) {
                @Override public void run() {
                    try {
                        for (int k = 1; k <= perProducer; k++) buf.put(base + k);
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }
            };
        }
        Thread[] cons = new Thread[2];
        for (int c = 0; c < 2; c++) {
            final int id = c;
            cons[c] = new Thread("consumer-" + c) {
                @Override public void run() {
                    try {
                        long sum = 0;
                        for (int k = 0; k < producers * perProducer / 2; k++) sum += buf.take();
                        consumed[id] = sum;
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }
            };
        }
        for (Thread t : cons) t.start();
        for (Thread t : prod) t.start();
        for (Thread t : prod) t.join();
        for (Thread t : cons) t.join();
        long expected = 0;
        for (int p = 0; p < producers; p++) for (int k = 1; k <= perProducer; k++) expected += p * 1000000 + k;
        System.out.println("producer/consumer total " + (consumed[0] + consumed[1]) + " expected " + expected
            + ", buffer never over capacity: " + (buf.maxSeen <= 4));

        // Interrupting a sleeping thread.
        final String[] outcome = new String[4];
        Thread sleeper = new Thread("sleeper") {
            @Override public void run() {
                try {
                    Thread.sleep(60000);
                    outcome[0] = "slept the whole time";
                } catch (InterruptedException e) {
                    outcome[0] = "sleep interrupted: " + e.getMessage() + ", flag after: " + isInterrupted();
                }
            }
        };
        sleeper.start();
        sleeper.interrupt();
        sleeper.join();
        System.out.println(outcome[0]);

        // Interrupting a waiting thread: it must reacquire the monitor before throwing.
        final Object mon = new Object();
        final boolean[] waiting = { false };
        Thread waiter = new Thread("waiter") {
            @Override public void run() {
                synchronized (mon) {
                    waiting[0] = true;
                    mon.notifyAll();
                    try {
                        while (true) mon.wait();
                    } catch (InterruptedException e) {
                        outcome[1] = "wait interrupted, holds monitor: " + Thread.holdsLock(mon) + ", flag: "
                            + isInterrupted();
                    }
                }
            }
        };
        waiter.start();
        synchronized (mon) {
            while (!waiting[0]) mon.wait();
            waiter.interrupt();   // delivered once we release the monitor
        }
        waiter.join();
        System.out.println(outcome[1]);

        // Interrupting a thread blocked in join().
        final Thread forever = new Thread("forever") {
            @Override public void run() {
                synchronized (mon) {
                    try { mon.wait(); } catch (InterruptedException e) { /* stop */ }
                }
            }
        };
        forever.start();
        Thread joiner = new Thread("joiner") {
            @Override public void run() {
                try {
                    forever.join();
                    outcome[2] = "join returned";
                } catch (InterruptedException e) {
                    outcome[2] = "join interrupted";
                }
            }
        };
        joiner.start();
        joiner.interrupt();
        joiner.join();
        forever.interrupt();
        forever.join();
        System.out.println(outcome[2] + ", forever state " + forever.getState());

        // The interrupt flag on the current thread.
        main.interrupt();
        System.out.println("isInterrupted " + main.isInterrupted() + ", interrupted() " + Thread.interrupted()
            + ", then " + Thread.interrupted() + ", isInterrupted " + main.isInterrupted());
        main.interrupt();
        try {
            Thread.sleep(1000);
            System.out.println("slept despite interrupt");
        } catch (InterruptedException e) {
            System.out.println("sleep with pending interrupt: " + e.getMessage() + ", flag cleared: " + !main.isInterrupted());
        }
        main.interrupt();
        synchronized (mon) {
            try {
                mon.wait(1000);
                System.out.println("waited despite interrupt");
            } catch (InterruptedException e) {
                System.out.println("wait with pending interrupt: InterruptedException, flag cleared: " + !main.isInterrupted());
            }
        }
        try {
            Thread.sleep(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("sleep(-1): " + e.getMessage());
        }
        Thread.sleep(0);
        Thread.sleep(1, 500);
        Thread.yield();

        // join with a timeout on a thread that outlives it.
        final Object gate = new Object();
        final boolean[] open = { false };
        Thread slow = new Thread("slow") {
            @Override public void run() {
                synchronized (gate) {
                    while (!open[0]) {
                        try { gate.wait(); } catch (InterruptedException e) { return; }
                    }
                }
            }
        };
        slow.start();
        slow.join(30);
        System.out.println("after join(30): alive " + slow.isAlive());
        synchronized (gate) {
            open[0] = true;
            gate.notifyAll();
        }
        slow.join();
        System.out.println("after join(): alive " + slow.isAlive() + ", state " + slow.getState());

        // Uncaught exceptions in threads.
        final List<String> caught = new ArrayList<String>();
        Thread failing = new Thread("failing") {
            @Override public void run() { throw new IllegalStateException("thread failed"); }
        };
        failing.setUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
            public void uncaughtException(Thread t, Throwable e) {
                synchronized (caught) {
                    caught.add(t.getName() + ": " + e.getMessage());
                }
            }
        });
        failing.start();
        failing.join();
        System.out.println("handler saw: " + caught);
        Thread defaultPrint = new Thread("default-print") {
            @Override public void run() { throw new UnsupportedOperationException("printed by the default handler"); }
        };
        defaultPrint.start();
        defaultPrint.join();
        System.err.flush();

        // ThreadLocal.
        local.set("main value");
        final String[] seen = new String[1];
        Thread tl = new Thread("tl-thread") {
            @Override public void run() { seen[0] = local.get(); local.set("changed"); }
        };
        tl.start();
        tl.join();
        System.out.println("ThreadLocal: main " + local.get() + ", other " + seen[0]);

        // Volatile publication.
        Thread publisher = new Thread("publisher") {
            @Override public void run() {
                payload = 42;
                ready = true;
            }
        };
        final int[] got = new int[1];
        Thread reader = new Thread("reader") {
            @Override public void run() {
                while (!ready) Thread.onSpinWait();
                got[0] = payload;
            }
        };
        reader.start();
        publisher.start();
        reader.join();
        publisher.join();
        System.out.println("volatile publication: " + got[0]);

        try {
            publisher.start();
        } catch (IllegalThreadStateException e) {
            System.out.println("start twice: IllegalThreadStateException");
        }

        // Many short-lived threads.
        final int[] counter = new int[1];
        for (int round = 0; round < 20; round++) {
            Thread[] batch = new Thread[10];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = new Thread() {
                    @Override public void run() {
                        synchronized (counter) {
                            counter[0]++;
                        }
                    }
                };
                batch[i].start();
            }
            for (Thread t : batch) t.join();
        }
        System.out.println("200 short threads ran: " + counter[0]);
        System.out.println("activeCount at end >= 1: " + (Thread.activeCount() >= 1));
    }
}
