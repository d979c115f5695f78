import java.util.ArrayList;
import java.util.List;

// Thread.suspend/resume: a suspended thread runs no Java code until resumed, whether it
// was running, sleeping, waiting, blocked on a monitor (which it then does not take) or
// suspended itself; suspension is a flag (two suspends, one resume); collections go on
// while threads are suspended; stop() resumes a suspended thread to kill it.
@SuppressWarnings("removal")
public class ThreadSuspend {
    static final List<String> log = new ArrayList<>();
    static volatile long counter;
    static volatile boolean flag;

    static synchronized void note(String s) { log.add(s); }

    static void waitFor(java.util.function.BooleanSupplier c) throws InterruptedException {
        while (!c.getAsBoolean()) Thread.sleep(1);
    }

    static Thread counting() throws InterruptedException {
        counter = 0;
        Thread t = new Thread(() -> {
            long[] keep = new long[16];
            while (!flag) { counter++; keep[(int) (counter & 15)] = counter; }
        });
        flag = false;
        t.start();
        waitFor(() -> counter > 1000);
        return t;
    }

    static void running() throws InterruptedException {
        Thread t = counting();
        t.suspend();
        long c1 = counter;
        Thread.sleep(50);
        note("running: frozen=" + (counter == c1) + " state=" + t.getState());
        t.resume();
        waitFor(() -> counter > c1);
        note("running: advances again");
        flag = true;
        t.join();
    }

    static void twice() throws InterruptedException {
        Thread t = counting();
        t.suspend();
        t.suspend();
        long c1 = counter;
        t.resume();
        waitFor(() -> counter > c1);
        note("twice: one resume is enough");
        flag = true;
        t.join();
    }

    static void gcWhileSuspended() throws InterruptedException {
        Thread[] ts = new Thread[3];
        long[] sums = new long[3];
        flag = false;
        for (int i = 0; i < 3; i++) {
            final int k = i;
            ts[i] = new Thread(() -> {
                long s = 0;
                do {
                    Object[] junk = new Object[8];
                    junk[k] = new long[] { 1 };
                    s += ((long[]) junk[k])[0];
                } while (!flag);
                sums[k] = s > 0 ? 1 : 0;
            });
            ts[i].start();
        }
        Thread.sleep(20);
        for (Thread t : ts) t.suspend();
        for (int i = 0; i < 5; i++) System.gc();
        for (Thread t : ts) t.resume();
        flag = true;
        for (Thread t : ts) t.join();
        note("gc: " + sums[0] + sums[1] + sums[2]);
    }

    static void self() throws InterruptedException {
        flag = false;
        Thread t = new Thread(() -> {
            flag = true;
            Thread.currentThread().suspend();
            note("self: resumed");
        });
        t.start();
        waitFor(() -> flag);
        while (t.isAlive()) { t.resume(); t.join(10); }
    }

    static void sleeping() throws InterruptedException {
        flag = false;
        Thread t = new Thread(() -> {
            try { Thread.sleep(30); } catch (InterruptedException e) { }
            flag = true;
        });
        t.start();
        t.suspend();
        Thread.sleep(150);
        note("sleeping: ran while suspended=" + flag);
        t.resume();
        t.join();
        note("sleeping: after resume=" + flag);
    }

    static void blocked() throws InterruptedException {
        Object lock = new Object();
        flag = false;
        Thread t = new Thread(() -> { synchronized (lock) { flag = true; } });
        synchronized (lock) {
            t.start();
            waitFor(() -> t.getState() == Thread.State.BLOCKED);
            t.suspend();
        }
        Thread.sleep(50);
        synchronized (lock) { note("blocked: entered while suspended=" + flag + ", lock free for others"); }
        t.resume();
        t.join();
        note("blocked: after resume=" + flag);
    }

    static void waiting() throws InterruptedException {
        Object lock = new Object();
        flag = false;
        Thread t = new Thread(() -> {
            synchronized (lock) {
                try { lock.wait(); } catch (InterruptedException e) { }
                flag = true;
            }
        });
        t.start();
        waitFor(() -> t.getState() == Thread.State.WAITING);
        t.suspend();
        synchronized (lock) { lock.notify(); }
        Thread.sleep(50);
        note("waiting: ran while suspended=" + flag);
        t.resume();
        t.join();
        note("waiting: after resume=" + flag);
    }

    static void inNative() throws Exception {
        java.net.ServerSocket server = new java.net.ServerSocket(0);
        flag = false;
        Thread t = new Thread(() -> {
            try { server.accept(); } catch (java.io.IOException e) { }
            flag = true;
        });
        t.start();
        Thread.sleep(50);
        t.suspend();
        server.close();
        Thread.sleep(100);
        note("native: back in Java while suspended=" + flag);
        t.resume();
        t.join();
        note("native: after resume=" + flag);
    }

    static void stopSuspended() throws InterruptedException {
        Thread t = counting();
        t.setUncaughtExceptionHandler((th, e) -> note("stop: " + e.getClass().getName()));
        t.suspend();
        t.stop();
        t.join();
    }

    static void notAlive() throws InterruptedException {
        Thread t = new Thread(() -> note("not alive: ran"));
        t.suspend();
        t.resume();
        t.start();
        t.join();
        t.suspend();
        t.resume();
        note("not alive: state " + t.getState());
    }

    public static void main(String[] args) throws Exception {
        running();
        twice();
        gcWhileSuspended();
        self();
        sleeping();
        blocked();
        waiting();
        inNative();
        stopSuspended();
        notAlive();
        for (String s : log) System.out.println(s);
    }
}
