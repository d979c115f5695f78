// vm-options: -Xmx128m
// gcstress-args: 24
// Large objects survive collections while other threads start, end, allocate and read
// them.  Threads are started right before each System.gc(), so that they map their stacks
// while the collection runs: the semispace collector once left a hole in from-space for
// an instant as it moved a large object's pages, a new thread's stack landed there, and
// the next collection copied objects over its frames (a crash in about half the runs of
// this test).  Large byte arrays and large arrays of references (to small objects and to
// other large arrays) at many offsets within a page; readers check them while writers
// allocate more large arrays; every content is checked at the end.  The argument is the
// number of threads started (120).
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

public class LargeSurvivorThreads {
    static final Object[] big = new Object[20];
    static final Integer[] small = new Integer[97];

    static byte[] bytes(int k) {
        byte[] b = new byte[(1 << 20) + k * 40968 + k * 8];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 7 + k);
        return b;
    }

    static Object[] refs(int k) {
        Object[] a = new Object[(1 << 18) + k * 1031];
        for (int i = 0; i < a.length; i++) a[i] = i % 5 == 0 ? null : small[(i + k) % small.length];
        a[0] = big[k - 1];                      // the only reference to another large array
        return a;
    }

    static boolean check(int k) {
        Object o = big[k];
        if (o instanceof byte[]) {
            byte[] b = (byte[]) o;
            if (b.length != (1 << 20) + k * 40968 + k * 8) return false;
            for (int i = 0; i < b.length; i++) if (b[i] != (byte) (i * 7 + k)) return false;
            return true;
        }
        Object[] a = (Object[]) o;
        if (a.length != (1 << 18) + k * 1031 || a[0] != big[k - 1]) return false;
        for (int i = 1; i < a.length; i++)
            if (a[i] != (i % 5 == 0 ? null : small[(i + k) % small.length])) return false;
        return true;
    }

    static boolean checkAll() {
        boolean ok = true;
        for (int k = 0; k < big.length; k++) ok &= check(k);
        return ok;
    }

    // Frames with references in them, so that a stack overwritten by the heap shows.
    static int depth(Object[] chain, int n) {
        return n == 0 ? chain.length : depth(new Object[] { chain, n }, n - 1) + 1;
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 120;
        for (int i = 0; i < small.length; i++) small[i] = 100000 + i * 13;
        List<Object> shift = new ArrayList<>();
        for (int k = 0; k < big.length; k++) {
            for (int j = 0; j < k; j++) shift.add(new long[j * 3 + 1]);    // shifts the offsets
            big[k] = k % 3 == 2 ? refs(k) : bytes(k);
        }
        int[] results = new int[threads];
        boolean[] seen = new boolean[threads];
        List<Thread> batch = new ArrayList<>();
        CountDownLatch[] go = { new CountDownLatch(1) };
        for (int r = 0; r < threads; r++) {
            final int id = r;
            final CountDownLatch g = go[0];
            Thread t = new Thread(() -> {
                try {
                    g.await();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                results[id] = depth(new Object[] { "x" }, 100);
                if (id % 3 == 0) seen[id] = check(id % big.length);
                else if (id % 3 == 1) seen[id] = new byte[(1 << 20) + id * 8].length > 0;  // a large one dies
                else seen[id] = Arrays.asList(big).contains(big[id % big.length]);
            });
            t.start();
            System.gc();
            batch.add(t);
            if (batch.size() == 8 || r == threads - 1) {
                go[0].countDown();
                for (Thread x : batch) x.join();
                batch.clear();
                go[0] = new CountDownLatch(1);
            }
        }
        int wrong = 0;
        for (int r = 0; r < threads; r++) if (results[r] != 102 || !seen[r]) wrong++;
        System.out.println("threads: " + threads + ", wrong results: " + wrong);
        System.out.println("large arrays intact: " + checkAll());
        shift.clear();
        System.gc();
        System.out.println("after the last collection: " + checkAll());
    }
}
