// Threads started one after another while two other threads keep allocating: under GC
// stress collections run while Thread.start is adding the new thread to the thread list,
// which once left the new thread's java.lang.Thread reference unvisited (the new thread
// then started from a stale object).
public class ThreadStartRace {
    static volatile boolean stop;

    static final class Churn extends Thread {
        long sum;
        public void run() {
            while (!stop) {
                Object[] o = new Object[4];
                sum += o.length;
                if ((sum & 63) == 0) Thread.yield();     /* steadily, not flat out */
            }
        }
    }

    static final class Counter implements Runnable {
        int ran;
        public void run() {
            synchronized (this) {
                ran++;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Churn[] churn = { new Churn(), new Churn() };
        for (Churn c : churn) c.start();
        Counter counter = new Counter();
        for (int i = 0; i < 100; i++) {
            Thread t = new Thread(counter, "short-" + i);
            t.start();
            t.join();
        }
        stop = true;
        for (Churn c : churn) c.join();
        synchronized (counter) {
            System.out.println("threads started and ran: " + counter.ran);
        }
    }
}
