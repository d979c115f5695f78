// One thread calls System.gc() in a loop while main sleeps and allocates a thousand
// times: every collection parks main, and each time it must get going again before the
// next collection begins.  It used to find the next request already raised and stay
// parked: 150 ms per iteration, so this test ran into its time limit.
public class GcLoopFairness {
    static volatile boolean stop;

    public static void main(String[] args) throws Exception {
        int[] gcs = new int[1];
        Thread g = new Thread(() -> {
            while (!stop) {
                System.gc();
                gcs[0]++;
            }
        }, "collector-loop");
        g.start();
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            sum += new int[1000].length;
            Thread.sleep(1);
        }
        stop = true;
        g.join();
        System.out.println("main allocated " + sum + " ints; collector loop ran: " + (gcs[0] > 0));
    }
}
