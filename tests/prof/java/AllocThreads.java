// A known answer for exact allocations counted per thread: T threads each allocate N
// AllocThreads$Item at one site (make) and end before main does, so their counts must be
// taken from threads that are gone.  Arguments: T N (default 4 20000).
public class AllocThreads {
    static final class Item {
        final long v;
        Item(long v) { this.v = v; }
    }

    static volatile Item last;

    static void make(int n) {
        for (int i = 0; i < n; i++)
            last = new Item(i);
    }

    public static void main(String[] args) throws InterruptedException {
        int t = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 20000;
        Thread[] ts = new Thread[t];
        for (int i = 0; i < t; i++) {
            ts[i] = new Thread(() -> make(n), "maker-" + i);
            ts[i].start();
        }
        for (Thread x : ts)
            x.join();
        System.out.println("allocated " + (long) t * n);
    }
}
