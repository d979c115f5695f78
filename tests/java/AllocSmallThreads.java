// gcstress-args: 3000
// Three threads allocate short-lived arrays flat out: the heap only ever holds garbage,
// so no OutOfMemoryError may come.  A thread whose allocation failed used to collect and
// then retry after the other threads had resumed, which could find the space full again.
public class AllocSmallThreads {
    static final class Worker extends Thread {
        final int count;
        long sum;
        Worker(int count) { this.count = count; }
        public void run() {
            for (int k = 0; k < count; k++) {
                Object[] o = new Object[4 + (k & 3)];
                sum += o.length;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        Worker[] ws = { new Worker(count), new Worker(count), new Worker(count) };
        for (Worker w : ws) w.start();
        long total = 0;
        for (Worker w : ws) {
            w.join();
            total += w.sum;
        }
        System.out.println("allocated " + 3L * count + " arrays, " + total + " elements");
    }
}
