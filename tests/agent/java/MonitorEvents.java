// The Java side of agent/MonitorEvents: a timed-out wait, a notified wait whose notifier
// contends for the monitor first, a contended entry (during which the agent suspends the
// contender and the main thread from the contender's callback, and its own thread resumes
// them), a wait interrupted before it starts, and waits that throw before waiting.
public class MonitorEvents {
    static class Lock {
        final String name;
        Lock(String name) { this.name = name; }
    }

    static final Lock A = new Lock("A"), B = new Lock("B"), C = new Lock("C");

    static void await(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(1);
    }

    public static void main(String[] args) throws Exception {
        synchronized (A) { A.wait(20); }
        Thread n = new Thread(() -> { synchronized (B) { B.notify(); } }, "me-notifier");
        synchronized (B) {
            n.start();
            await(n, Thread.State.BLOCKED);
            B.wait();
        }
        n.join();
        Thread c = new Thread(() -> { synchronized (C) { } }, "me-contender");
        synchronized (C) {
            c.start();
            await(c, Thread.State.BLOCKED);
        }
        c.join();
        Thread.currentThread().interrupt();
        try {
            synchronized (A) { A.wait(); }
        } catch (InterruptedException e) {
            System.out.println("interrupted before the wait: " + e);
        }
        try {
            A.wait(5);
        } catch (IllegalMonitorStateException e) {
            System.out.println("unowned: " + e.getMessage());
        }
        try {
            synchronized (A) { A.wait(-1); }
        } catch (IllegalArgumentException e) {
            System.out.println("negative: " + e.getMessage());
        }
        System.out.println("main: end");
    }
}
