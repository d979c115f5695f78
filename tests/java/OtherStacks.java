// OtherStacks: stack traces of other threads (Thread.getStackTrace on a blocked, a
// waiting, a sleeping and a parked thread, hidden lambda frames included as HotSpot shows
// them; Thread.getAllStackTraces), thread states and park blockers seen from outside.
// normalize: s|/0x[0-9a-f]*\.run|/0xADDR.run|
import java.util.*;
import java.util.concurrent.locks.LockSupport;

public class OtherStacks {
    static final Object LOCK = new Object();
    static final Object WAIT = new Object();

    static void waitFor(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(2);
    }

    static void print(String label, StackTraceElement[] st) {
        System.out.println(label + ":");
        for (StackTraceElement e : st) {
            if (e.getClassName().startsWith("java.util.concurrent") && e.getMethodName().equals("run")) break;
            System.out.println("  " + e);
        }
    }

    static void blockedHere() { synchronized (LOCK) { } }
    static void waitingHere() throws InterruptedException { synchronized (WAIT) { WAIT.wait(); } }
    static void sleepingHere() throws InterruptedException { Thread.sleep(100000); }
    static void parkedHere() { LockSupport.park(WAIT); }

    public static void main(String[] args) throws Exception {
        Thread blocked = new Thread(OtherStacks::blockedHere, "blocked");
        Thread waiting = new Thread(() -> { try { waitingHere(); } catch (InterruptedException e) { } }, "waiting");
        Thread sleeping = new Thread(() -> { try { sleepingHere(); } catch (InterruptedException e) { } }, "sleeping");
        Thread parked = new Thread(OtherStacks::parkedHere, "parked");
        for (Thread t : new Thread[] { waiting, sleeping, parked }) t.setDaemon(true);
        blocked.setDaemon(true);
        synchronized (LOCK) {
            blocked.start();
            waiting.start();
            sleeping.start();
            parked.start();
            waitFor(blocked, Thread.State.BLOCKED);
            waitFor(waiting, Thread.State.WAITING);
            waitFor(sleeping, Thread.State.TIMED_WAITING);
            waitFor(parked, Thread.State.WAITING);
            print("blocked", blocked.getStackTrace());
            print("waiting", waiting.getStackTrace());
            print("sleeping", sleeping.getStackTrace());
            print("parked", parked.getStackTrace());
            System.out.println("parked blocker is WAIT: " + (LockSupport.getBlocker(parked) == WAIT));
            Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
            List<String> names = new ArrayList<>();
            for (Thread t : all.keySet())
                if (t == blocked || t == waiting || t == sleeping || t == parked || t == Thread.currentThread())
                    names.add(t.getName() + " frames>0=" + (all.get(t).length > 0));
            Collections.sort(names);
            System.out.println("all stack traces include: " + names);
            System.out.println("current thread frames start with getStackTrace: "
                + Thread.currentThread().getStackTrace()[0].getMethodName());
        }
        blocked.join();
        System.out.println("blocked thread finished: " + blocked.getState());
    }
}
