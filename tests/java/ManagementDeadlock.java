// ManagementDeadlock: ThreadMXBean.findMonitorDeadlockedThreads / findDeadlockedThreads
// on a monitor deadlock (with a third thread waiting behind it, which is not part of
// the cycle), a j.u.c lock deadlock and a deadlock mixing a monitor and a lock; the
// deadlocked threads' ThreadInfo.
// normalize: s/@[0-9a-f][0-9a-f]*/@HASH/g
// normalize: s/Id=[0-9][0-9]*/Id=N/g
// normalize: s|/0x[0-9a-f]*\.run|/0xADDR.run|
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.*;

public class ManagementDeadlock {
    static final ThreadMXBean TM = ManagementFactory.getThreadMXBean();

    static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    static void await(CountDownLatch l) {
        l.countDown();
        try { l.await(); } catch (InterruptedException e) { }
    }

    static void waitFor(Thread.State s, Thread... ts) throws InterruptedException {
        for (Thread t : ts)
            while (t.getState() != s) Thread.sleep(2);
    }

    static String names(long[] ids, Thread... ts) {
        if (ids == null) return "none";
        List<String> l = new ArrayList<>();
        for (long id : ids)
            for (Thread t : ts)
                if (t.getId() == id) l.add(t.getName());
        if (l.size() != ids.length) l.add("?");
        Collections.sort(l);
        return l.toString();
    }

    static void monitorCycle(Object first, Object second, CountDownLatch both) {
        synchronized (first) {
            await(both);
            synchronized (second) { }
        }
    }

    static void lockCycle(Lock first, Lock second, CountDownLatch both) {
        first.lock();
        await(both);
        second.lock();
    }

    public static void main(String[] args) throws Exception {
        System.out.println("none yet: " + names(TM.findMonitorDeadlockedThreads()) + " " + names(TM.findDeadlockedThreads()));

        Object a = new Object(), b = new Object();
        CountDownLatch l1 = new CountDownLatch(2);
        Thread m1 = daemon("m1", () -> monitorCycle(a, b, l1));
        Thread m2 = daemon("m2", () -> monitorCycle(b, a, l1));
        waitFor(Thread.State.BLOCKED, m1, m2);
        Thread behind = daemon("behind", () -> { synchronized (a) { } });
        waitFor(Thread.State.BLOCKED, behind);
        Thread[] all = { m1, m2, behind };
        System.out.println("monitor deadlock: " + names(TM.findMonitorDeadlockedThreads(), all)
                + " any: " + names(TM.findDeadlockedThreads(), all));
        for (ThreadInfo ti : TM.getThreadInfo(new long[] { m1.getId(), m2.getId(), behind.getId() }, true, false)) {
            System.out.println(ti.getThreadName() + " " + ti.getThreadState() + " waits for " + ti.getLockOwnerName()
                    + " holds " + ti.getLockedMonitors().length);
        }

        ReentrantLock x = new ReentrantLock(), y = new ReentrantLock();
        CountDownLatch l2 = new CountDownLatch(2);
        Thread j1 = daemon("j1", () -> lockCycle(x, y, l2));
        Thread j2 = daemon("j2", () -> lockCycle(y, x, l2));
        while (!x.hasQueuedThread(j2) || !y.hasQueuedThread(j1)) Thread.sleep(2);
        waitFor(Thread.State.WAITING, j1, j2);      /* queued on the lock: parked for it next */
        Thread[] more = { m1, m2, behind, j1, j2 };
        System.out.println("with locks: monitors " + names(TM.findMonitorDeadlockedThreads(), more)
                + " any: " + names(TM.findDeadlockedThreads(), more));
        ThreadInfo ji = TM.getThreadInfo(new long[] { j1.getId() }, false, true)[0];
        System.out.println(ji.getThreadName() + " " + ji.getThreadState() + " on " + ji.getLockInfo().getClassName()
                + " owned by " + ji.getLockOwnerName() + " holds " + ji.getLockedSynchronizers().length);

        Object c = new Object();
        ReentrantLock z = new ReentrantLock();
        CountDownLatch l3 = new CountDownLatch(2);
        Thread x1 = daemon("x1", () -> { synchronized (c) { await(l3); z.lock(); } });
        Thread x2 = daemon("x2", () -> { z.lock(); await(l3); synchronized (c) { } });
        while (!z.hasQueuedThread(x1)) Thread.sleep(2);
        waitFor(Thread.State.WAITING, x1);
        waitFor(Thread.State.BLOCKED, x2);
        Thread[] every = { m1, m2, behind, j1, j2, x1, x2 };
        System.out.println("mixed: monitors " + names(TM.findMonitorDeadlockedThreads(), every)
                + " any: " + names(TM.findDeadlockedThreads(), every));
        for (ThreadInfo ti : TM.dumpAllThreads(false, false))
            if (ti.getThreadName().equals("x2")) System.out.print(ti.toString());
    }
}
