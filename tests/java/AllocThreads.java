// gcstress-args: 200
// Threads allocating 64 KB arrays as fast as they can, all garbage at once: collections
// come one after the other, and a thread whose allocation failed must get its memory
// from the collection it asked for even when the other threads are quicker to run
// afterwards (an OutOfMemoryError here would be spurious: the live data is tiny).  The
// argument is the number of arrays per thread (default 3000).
public class AllocThreads {
    static final class Allocator extends Thread {
        final int count;
        long sum;
        Allocator(int id, int count) {
            super("allocator-" + id);
            this.count = count;
        }
        @Override public void run() {
            for (int i = 0; i < count; i++) {
                byte[] b = new byte[64 << 10];
                b[i & 0xffff] = 1;
                sum += b.length + b[i & 0xffff];
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        Allocator[] as = new Allocator[4];
        for (int i = 0; i < as.length; i++) {
            as[i] = new Allocator(i, count);
            as[i].start();
        }
        long total = 0;
        for (Allocator a : as) {
            a.join();
            total += a.sum;
        }
        System.out.println("allocated " + total + " bytes in " + as.length + " threads");
    }
}
