// The Java side of agent/AgentRawMonitor: threads wait on the agent's raw monitor in
// native code; one is notified, one is interrupted, one times out; then a hand-off where
// the notifier waits for the answer right after notifying.
public class AgentRawMonitor {
    static native int waitRaw(long millis);
    static native void notifyRaw(boolean all);
    static native int waiters();
    static native void answer();
    static native boolean ask();

    static int[] results = new int[3];
    static boolean[] interruptedAfter = new boolean[3];

    static Thread waiter(int i, long millis) {
        Thread t = new Thread(() -> {
            results[i] = waitRaw(millis);
            interruptedAfter[i] = Thread.currentThread().isInterrupted();
        }, "waiter-" + i);
        t.start();
        return t;
    }

    static void awaitWaiters(int n) throws InterruptedException {
        while (waiters() < n) Thread.sleep(10);
    }

    public static void main(String[] args) throws Exception {
        Thread a = waiter(0, 0);
        awaitWaiters(1);
        notifyRaw(false);
        a.join();
        Thread b = waiter(1, 0);
        awaitWaiters(1);
        b.interrupt();
        b.join();
        Thread c = waiter(2, 50);
        c.join();
        for (int i = 0; i < 3; i++)
            System.out.println("waiter " + i + ": " + results[i] + ", interrupted after: " + interruptedAfter[i]);
        Thread.currentThread().interrupt();
        System.out.println("already interrupted: " + waitRaw(1000) + ", interrupted after: " + Thread.interrupted());
        Thread d = new Thread(AgentRawMonitor::answer, "answerer");
        d.start();
        awaitWaiters(1);
        System.out.println("answered after notify-then-wait: " + ask());
        d.join();
    }
}
