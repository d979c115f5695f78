import java.net.ServerSocket;
import java.util.concurrent.locks.LockSupport;

// The Java side of agent/ThreadStates: threads put in every state JVMTI reports (new,
// running, sleeping, waiting with and without timeout, parked, blocked on a monitor, in
// native code, terminated).  At each checkpoint (a timed wait on CHECK, whose MonitorWait
// event the agent takes) the agent inspects them through JVMTI and prints what it sees.
public class ThreadStates {
    static final Object CHECK = new Object();
    static final Object LOCK = new Object();
    static final Object WLOCK = new Object();
    static final Object TLOCK = new Object();
    static String stage = "";
    static volatile boolean stop;
    static volatile String runnerCaught = "nothing";
    static Thread fresh, done, sleeper, waiter, timedWaiter, parker, blocked, runner, accepting;
    static ServerSocket server;

    static void checkpoint(String s) throws InterruptedException {
        stage = s;
        synchronized (CHECK) { CHECK.wait(1); }
    }

    static void await(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(1);
    }

    static Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        fresh = new Thread(() -> { }, "st-fresh");
        done = start("st-done", () -> { });
        done.join();
        sleeper = start("st-sleeper", () -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { }
        });
        waiter = start("st-waiter", () -> {
            synchronized (WLOCK) { try { WLOCK.wait(); } catch (InterruptedException e) { } }
        });
        timedWaiter = start("st-timed", () -> {
            synchronized (TLOCK) { try { TLOCK.wait(600_000); } catch (InterruptedException e) { } }
        });
        parker = start("st-parker", () -> { while (!stop) LockSupport.park(); });
        runner = start("st-runner", () -> {
            try {
                long n = 0;
                while (!stop) n++;
            } catch (Throwable e) {
                runnerCaught = e.toString();
            }
        });
        server = new ServerSocket(0);
        accepting = start("st-accept", () -> { try { server.accept(); } catch (java.io.IOException e) { } });
        synchronized (LOCK) {
            blocked = start("st-blocked", () -> { synchronized (LOCK) { } });
            await(sleeper, Thread.State.TIMED_WAITING);
            await(waiter, Thread.State.WAITING);
            await(timedWaiter, Thread.State.TIMED_WAITING);
            await(parker, Thread.State.WAITING);
            await(blocked, Thread.State.BLOCKED);
            while (runner.getState() != Thread.State.RUNNABLE) Thread.sleep(1);
            Thread.sleep(50);                   // the accepting thread reaches accept()
            checkpoint("inspect");
        }
        blocked.join();
        sleeper.join();                         // interrupted by the agent
        System.out.println("sleeper interrupted by the agent: " + !sleeper.isAlive());
        runner.join();                          // stopped by the agent
        System.out.println("runner caught " + runnerCaught);
        stop = true;
        LockSupport.unpark(parker);
        synchronized (WLOCK) { WLOCK.notify(); }
        synchronized (TLOCK) { TLOCK.notify(); }
        server.close();
        for (Thread t : new Thread[] { waiter, timedWaiter, parker, accepting }) t.join();
        checkpoint("end");
        System.out.println("main: end");
    }
}
