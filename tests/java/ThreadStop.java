import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

// Thread.stop: the ThreadDeath it sends arrives in a running thread, wakes a sleeping,
// waiting or parked one (replacing InterruptedException), unwinds synchronized blocks, is
// thrown at once on the calling thread, kills a thread silently when uncaught, makes a
// thread stopped before start() never run, and does nothing to a finished thread.
@SuppressWarnings("removal")
public class ThreadStop {
    static final List<String> log = new ArrayList<>();
    static volatile boolean ready;
    static volatile long sink;

    static synchronized void note(String s) { log.add(s); }

    static void awaitReady() throws InterruptedException {
        while (!ready) Thread.sleep(1);
        ready = false;
    }

    static void spin() {
        long n = 0;
        while (true) { n++; if ((n & 0xFFFFF) == 0) sink = n; }
    }

    static void caught(String what, Throwable e) {
        note(what + ": caught " + e.getClass().getName() + ", interrupted=" + Thread.currentThread().isInterrupted());
    }

    static void stopAndJoin(Thread t) throws InterruptedException {
        awaitReady();
        Thread.sleep(20);
        t.stop();
        t.join();
    }

    static void running() throws InterruptedException {
        Thread t = new Thread(() -> {
            try { ready = true; spin(); } catch (ThreadDeath e) { caught("running", e); }
        });
        t.start();
        stopAndJoin(t);
    }

    static void sleeping() throws InterruptedException {
        Thread t = new Thread(() -> {
            try { ready = true; Thread.sleep(600_000); note("sleeping: woke normally"); }
            catch (InterruptedException e) { caught("sleeping", e); }
            catch (ThreadDeath e) { caught("sleeping", e); }
        });
        t.start();
        stopAndJoin(t);
    }

    static void waiting() throws InterruptedException {
        Object lock = new Object();
        Thread t = new Thread(() -> {
            try {
                synchronized (lock) { ready = true; lock.wait(); }
                note("waiting: woke normally");
            } catch (InterruptedException e) { caught("waiting", e); }
            catch (ThreadDeath e) { caught("waiting", e); note("waiting: holds lock " + Thread.holdsLock(lock)); }
        });
        t.start();
        stopAndJoin(t);
        synchronized (lock) { note("waiting: lock free again"); }
    }

    static void parked() throws InterruptedException {
        Thread t = new Thread(() -> {
            try { ready = true; while (true) LockSupport.park(); }
            catch (ThreadDeath e) { caught("parked", e); }
        });
        t.start();
        stopAndJoin(t);
    }

    static void inSynchronized() throws InterruptedException {
        Object lock = new Object();
        Thread t = new Thread(() -> {
            synchronized (lock) { ready = true; spin(); }
        });
        t.start();
        stopAndJoin(t);
        synchronized (lock) { note("synchronized: unwound, lock free, state " + t.getState()); }
    }

    static void uncaught() throws InterruptedException {
        Thread t = new Thread(() -> { ready = true; spin(); });
        t.start();
        stopAndJoin(t);
        note("uncaught: alive=" + t.isAlive() + " state=" + t.getState());
    }

    static void self() {
        try {
            Thread.currentThread().stop();
            note("self: not thrown");
        } catch (ThreadDeath e) {
            note("self: caught " + e.getClass().getName());
        }
    }

    static void beforeStart() throws InterruptedException {
        Thread t = new Thread(() -> note("before start: run() ran"));
        t.stop();
        t.start();
        t.join();
        note("before start: state " + t.getState());
    }

    static void afterEnd() throws InterruptedException {
        Thread t = new Thread(() -> note("after end: ran"));
        t.start();
        t.join();
        t.stop();
        note("after end: state " + t.getState());
    }

    static void handler() throws InterruptedException {
        Thread t = new Thread(() -> { ready = true; spin(); });
        t.setUncaughtExceptionHandler((th, e) -> note("handler: got " + e.getClass().getName()));
        t.start();
        stopAndJoin(t);
    }

    public static void main(String[] args) throws Exception {
        running();
        sleeping();
        waiting();
        parked();
        inSynchronized();
        uncaught();
        self();
        beforeStart();
        afterEnd();
        handler();
        for (String s : log) System.out.println(s);
    }
}
