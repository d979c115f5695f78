// ManagementThreads: java.lang.management.ThreadMXBean — thread counts, ThreadInfo of
// blocked, waiting, sleeping and parked threads (state, lock, owner, stack, counts),
// maxDepth, locked monitors and ownable synchronizers, CPU times, contention times,
// argument checks.
// normalize: s/@[0-9a-f][0-9a-f]*/@HASH/g
// normalize: s/Id=[0-9][0-9]*/Id=N/g
// normalize: s|/0x[0-9a-f]*\.run|/0xADDR.run|
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.locks.*;

public class ManagementThreads {
    static final ThreadMXBean TM = ManagementFactory.getThreadMXBean();
    static final Object LOCK = new Object();
    static final Object WAIT = new Object();
    static final Object OUTER = new Object();
    static final Object INNER = new Object();
    static final ReentrantLock JUC = new ReentrantLock();
    static volatile boolean release;

    static void waitFor(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(2);
    }

    static void sleepQuietly(long ms) {
        try { Thread.sleep(ms); } catch (InterruptedException e) { }
    }

    static void blockedHere() { synchronized (LOCK) { } }

    static void waitingHere() throws InterruptedException {
        synchronized (WAIT) {
            Thread.sleep(1);
            WAIT.wait();
        }
    }

    static synchronized void holder() {
        synchronized (OUTER) {
            synchronized (INNER) {
                while (!release) sleepQuietly(2);
            }
        }
    }

    static void jucHere() { JUC.lock(); JUC.unlock(); }

    static boolean inSleep(ThreadInfo ti) {
        StackTraceElement[] st = ti.getStackTrace();
        return st.length > 0 && st[0].getMethodName().equals("sleep");
    }

    static final Object[] NESTED = new Object[100];

    static void nest(int n) {
        if (n == NESTED.length) {
            while (!release) sleepQuietly(2);
            return;
        }
        synchronized (NESTED[n]) { nest(n + 1); }
    }

    static void jucHolder() {
        JUC.lock();
        try {
            while (!release) sleepQuietly(2);
        } finally {
            JUC.unlock();
        }
    }

    static void printInfo(String label, ThreadInfo ti) {
        System.out.println(label + ": " + ti.getThreadName() + " " + ti.getThreadState()
                + " daemon=" + ti.isDaemon() + " prio=" + ti.getPriority() + " native=" + ti.isInNative()
                + " suspended=" + ti.isSuspended());
        System.out.println("  lock=" + (ti.getLockInfo() == null ? null : ti.getLockInfo().getClassName())
                + " lockName=" + (ti.getLockName() != null) + " owner=" + ti.getLockOwnerName()
                + " ownerIsMain=" + (ti.getLockOwnerId() == Thread.currentThread().getId()));
        for (StackTraceElement e : ti.getStackTrace()) {
            if (e.getClassName().startsWith("java.lang.Thread")) break;
            System.out.println("  at " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("cpu supported=" + TM.isThreadCpuTimeSupported() + " current=" + TM.isCurrentThreadCpuTimeSupported()
                + " enabled=" + TM.isThreadCpuTimeEnabled());
        System.out.println("contention supported=" + TM.isThreadContentionMonitoringSupported()
                + " enabled=" + TM.isThreadContentionMonitoringEnabled());
        System.out.println("monitor usage=" + TM.isObjectMonitorUsageSupported() + " synchronizer usage=" + TM.isSynchronizerUsageSupported());

        // counts
        int count0 = TM.getThreadCount();
        int daemon0 = TM.getDaemonThreadCount();
        long started0 = TM.getTotalStartedThreadCount();
        System.out.println("count>=1 " + (count0 >= 1) + " peak>=count " + (TM.getPeakThreadCount() >= count0)
                + " started>=count " + (started0 >= count0) + " daemon<count " + (daemon0 < count0));
        long[] ids0 = TM.getAllThreadIds();
        System.out.println("ids match count " + (ids0.length == count0) + " contains main "
                + Arrays.stream(ids0).anyMatch(id -> id == Thread.currentThread().getId()));

        Thread blocked = new Thread(ManagementThreads::blockedHere, "blocked");
        Thread waiting = new Thread(() -> { try { waitingHere(); } catch (InterruptedException e) { } }, "waiting");
        Thread sleeping = new Thread(() -> sleepQuietly(100000), "sleeping");
        Thread parked = new Thread(ManagementThreads::jucHere, "parked");
        sleeping.setDaemon(true);
        JUC.lock();
        synchronized (LOCK) {
            blocked.start();
            waiting.start();
            sleeping.start();
            parked.start();
            waitFor(blocked, Thread.State.BLOCKED);
            waitFor(waiting, Thread.State.WAITING);
            waitFor(sleeping, Thread.State.TIMED_WAITING);
            waitFor(parked, Thread.State.WAITING);
            System.out.println("count+4 " + (TM.getThreadCount() - count0) + " daemon+1 " + (TM.getDaemonThreadCount() - daemon0)
                    + " started+4 " + (TM.getTotalStartedThreadCount() - started0) + " peak>=count " + (TM.getPeakThreadCount() >= TM.getThreadCount()));

            printInfo("blocked", TM.getThreadInfo(blocked.getId(), Integer.MAX_VALUE));
            printInfo("waiting", TM.getThreadInfo(waiting.getId(), Integer.MAX_VALUE));
            printInfo("sleeping", TM.getThreadInfo(sleeping.getId(), Integer.MAX_VALUE));
            printInfo("parked", TM.getThreadInfo(parked.getId(), Integer.MAX_VALUE));
            ThreadInfo bi = TM.getThreadInfo(blocked.getId());
            System.out.println("blocked count=" + bi.getBlockedCount() + " time=" + bi.getBlockedTime()
                    + " waited count=" + bi.getWaitedCount() + " time=" + bi.getWaitedTime());
            ThreadInfo wi = TM.getThreadInfo(waiting.getId());
            System.out.println("waiting count=" + wi.getWaitedCount() + " blocked=" + wi.getBlockedCount()
                    + " lockIsWAIT=" + (wi.getLockInfo().getIdentityHashCode() == System.identityHashCode(WAIT)));
            System.out.println("no frames: " + TM.getThreadInfo(blocked.getId()).getStackTrace().length
                    + " one frame: " + TM.getThreadInfo(blocked.getId(), 1).getStackTrace()[0].getMethodName());
            System.out.println("toString: " + TM.getThreadInfo(blocked.getId(), 1).toString().trim());

            ThreadInfo[] several = TM.getThreadInfo(new long[] { parked.getId(), Long.MAX_VALUE, sleeping.getId() });
            System.out.println("several: " + several[0].getThreadName() + " " + several[1] + " " + several[2].getThreadName());
            System.out.println("cpu of other >= 0: " + (TM.getThreadCpuTime(sleeping.getId()) >= 0)
                    + " user <= total: " + (TM.getThreadUserTime(sleeping.getId()) <= TM.getThreadCpuTime(sleeping.getId())));
            long[] times = ((com.sun.management.ThreadMXBean) TM).getThreadCpuTime(new long[] { sleeping.getId(), Long.MAX_VALUE });
            System.out.println("array cpu: " + (times[0] >= 0) + " " + times[1]);

            synchronized (WAIT) { WAIT.notifyAll(); }
        }
        JUC.unlock();
        for (Thread t : new Thread[] { blocked, waiting, parked }) t.join();
        System.out.println("after join: count+1 " + (TM.getThreadCount() - count0) + " info of ended " + TM.getThreadInfo(blocked.getId())
                + " cpu of ended " + TM.getThreadCpuTime(blocked.getId()));

        // locked monitors and synchronizers
        Thread h = new Thread(ManagementThreads::holder, "holder");
        Thread j = new Thread(ManagementThreads::jucHolder, "jucHolder");
        h.start();
        j.start();
        while (h.getState() != Thread.State.TIMED_WAITING || !JUC.isLocked() || j.getState() != Thread.State.TIMED_WAITING) Thread.sleep(2);
        // the holder sleeps 2 ms at a time: a dump taken while it is between two sleeps (a
        // loaded machine) would see its monitors one frame higher; take it again then
        ThreadInfo[] locks;
        do locks = TM.getThreadInfo(new long[] { h.getId(), j.getId() }, true, true);
        while (!inSleep(locks[0]));
        for (ThreadInfo ti : locks) {
            System.out.println(ti.getThreadName() + " locked monitors:");
            for (MonitorInfo m : ti.getLockedMonitors())
                System.out.println("  " + m.getClassName() + " depth " + m.getLockedStackDepth() + " " + m.getLockedStackFrame().getMethodName()
                        + " isINNER=" + (m.getIdentityHashCode() == System.identityHashCode(INNER)));
            for (LockInfo l : ti.getLockedSynchronizers()) System.out.println("  synchronizer " + l.getClassName());
        }
        ThreadInfo shallow = TM.getThreadInfo(new long[] { h.getId() }, true, false)[0];
        System.out.println("synchronizers not asked: " + shallow.getLockedSynchronizers().length);
        for (ThreadInfo ti : TM.dumpAllThreads(true, true))
            if (ti.getThreadName().equals("holder")) System.out.println("dumpAll holder monitors " + ti.getLockedMonitors().length);
        ThreadInfo[] dumped = TM.dumpAllThreads(false, false);
        System.out.println("dumpAll without locks: " + Arrays.stream(dumped).filter(ti -> ti.getThreadName().equals("holder"))
                .findFirst().get().getLockedMonitors().length);
        release = true;
        h.join();
        j.join();

        // a hundred nested monitors, and a thread in native code
        for (int i = 0; i < NESTED.length; i++) NESTED[i] = new Object();
        release = false;
        Thread deep = new Thread(() -> nest(0), "deep");
        deep.start();
        java.net.ServerSocket server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
        Thread accepting = new Thread(() -> { try { server.accept(); } catch (java.io.IOException e) { } }, "accepting");
        accepting.start();
        while (deep.getState() != Thread.State.TIMED_WAITING) Thread.sleep(2);
        ThreadInfo di = TM.getThreadInfo(new long[] { deep.getId() }, true, false)[0];
        MonitorInfo[] dm = di.getLockedMonitors();
        boolean ordered = true;
        for (int i = 1; i < dm.length; i++) ordered &= dm[i].getLockedStackDepth() > dm[i - 1].getLockedStackDepth();
        System.out.println("deep: " + dm.length + " monitors, one per frame outward " + ordered
                + ", innermost is the last lock " + (dm[0].getIdentityHashCode() == System.identityHashCode(NESTED[NESTED.length - 1])));
        MonitorInfo[] shallowDeep = TM.dumpAllThreads(true, false, 5).length > 0
                ? Arrays.stream(TM.dumpAllThreads(true, false, 5)).filter(ti -> ti.getThreadName().equals("deep")).findFirst().get().getLockedMonitors()
                : null;
        System.out.println("deep within 5 frames: " + Arrays.stream(shallowDeep).filter(m -> m.getLockedStackDepth() >= 0).count() + " on the stack");
        ThreadInfo ai;
        do { ai = TM.getThreadInfo(accepting.getId()); } while (!ai.isInNative());
        System.out.println("accepting: " + ai.getThreadState() + " native=" + ai.isInNative() + " lock=" + ai.getLockName());
        release = true;
        server.close();
        deep.join();
        accepting.join();

        // waited count and contention times
        Thread counter = new Thread(() -> {
            synchronized (WAIT) { try { WAIT.wait(1); } catch (InterruptedException e) { } }
            sleepQuietly(1);
            synchronized (LOCK) { }
            while (!release) sleepQuietly(1);
        }, "counter");
        TM.setThreadContentionMonitoringEnabled(true);
        release = false;
        synchronized (LOCK) {
            counter.start();
            waitFor(counter, Thread.State.BLOCKED);
            Thread.sleep(20);
        }
        while (counter.getState() != Thread.State.TIMED_WAITING) Thread.sleep(2);
        ThreadInfo ci = TM.getThreadInfo(counter.getId());
        System.out.println("counter blocked=" + ci.getBlockedCount() + " time>=10 " + (ci.getBlockedTime() >= 10)
                + " waited>=2 " + (ci.getWaitedCount() >= 2) + " waitedTime>=0 " + (ci.getWaitedTime() >= 0));
        TM.setThreadContentionMonitoringEnabled(false);
        System.out.println("disabled times: " + TM.getThreadInfo(counter.getId()).getBlockedTime());
        release = true;
        counter.join();

        // peak reset, CPU times of the current thread
        TM.resetPeakThreadCount();
        System.out.println("peak after reset == count " + (TM.getPeakThreadCount() == TM.getThreadCount()));
        long spin = 0;
        for (int i = 0; i < 2000000; i++) spin += i;
        long cpu = TM.getCurrentThreadCpuTime(), user = TM.getCurrentThreadUserTime();
        System.out.println("current cpu>0 " + (cpu > 0) + " user<=cpu " + (user <= cpu) + " same as by id "
                + (TM.getThreadCpuTime(Thread.currentThread().getId()) >= cpu) + " " + (spin > 0));
        TM.setThreadCpuTimeEnabled(false);
        System.out.println("disabled cpu: " + TM.getCurrentThreadCpuTime() + " enabled=" + TM.isThreadCpuTimeEnabled());
        TM.setThreadCpuTimeEnabled(true);

        // threads asked about while they start
        int fresh = 0;
        for (int i = 0; i < 50; i++) {
            Thread ft = new Thread(() -> { });
            ft.start();
            long c = TM.getThreadCpuTime(ft.getId()), u = TM.getThreadUserTime(ft.getId());
            ThreadInfo fi = TM.getThreadInfo(ft.getId(), 10);
            if (c >= -1 && u >= -1 && (fi == null || fi.getThreadName().equals(ft.getName()))) fresh++;
            ft.join();
        }
        System.out.println("starting threads answered " + fresh);

        // argument checks
        try { TM.getThreadInfo(0); } catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
        try { TM.getThreadInfo(1, -1); } catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
        try { TM.getThreadInfo(new long[] { 1, -5 }); } catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
        try { TM.getThreadCpuTime(-1); } catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
        try { TM.dumpAllThreads(true, true, -2); } catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
        System.out.println("deadlocks: " + TM.findDeadlockedThreads() + " " + TM.findMonitorDeadlockedThreads());
    }
}
