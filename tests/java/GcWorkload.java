// An allocation-heavy program for checking collectors: binary trees, linked lists with
// cycles, arrays of arrays, weak references, finalizers and several threads allocating
// at once.  It prints only what it computes.  tool/gc_events runs it under each collector
// with the heap-event checker; tool/large_objects and the collector smoke set use it too.
// gcstress-args: 6
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

public class GcWorkload {
    static final class Node {
        Node left, right;
        Node(Node l, Node r) { left = l; right = r; }
    }

    static Node tree(int depth) { return depth == 0 ? new Node(null, null) : new Node(tree(depth - 1), tree(depth - 1)); }
    static int count(Node n) { return n == null ? 0 : 1 + count(n.left) + count(n.right); }

    static final class Link {
        Link next;
        int[] payload;
        Link(int i) { payload = new int[i % 7]; }
    }

    static int cycles(int rounds) {
        int total = 0;
        for (int r = 0; r < rounds; r++) {
            Link first = new Link(r), cur = first;
            for (int i = 1; i < 50; i++) { cur.next = new Link(i); cur = cur.next; }
            cur.next = first;               /* garbage once dropped: a cycle */
            for (Link l = first.next; l != first; l = l.next) total += l.payload.length;
        }
        return total;
    }

    static long arrays(int rounds) {
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            Object[][] outer = new Object[20][];
            for (int i = 0; i < outer.length; i++) {
                outer[i] = new Object[i + 1];
                for (int j = 0; j <= i; j++) outer[i][j] = new long[j];
            }
            for (Object[] row : outer) for (Object o : row) sum += ((long[]) o).length;
        }
        return sum;
    }

    static int finalized;
    static final class Finalizable {
        final byte[] data = new byte[100];
        @Override protected void finalize() { synchronized (GcWorkload.class) { finalized++; } }
    }

    public static void main(String[] args) throws Exception {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        Node kept = tree(scale);
        List<WeakReference<Object>> weak = new ArrayList<>();
        for (int i = 0; i < 100; i++) weak.add(new WeakReference<>(new int[i]));
        for (int i = 0; i < 200; i++) new Finalizable();
        int[] results = new int[4];
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            final int id = t;
            threads[t] = new Thread(() -> {
                int s = 0;
                for (int i = 0; i < scale; i++) s += count(tree(scale - 2));
                results[id] = s + cycles(scale * 4);
            });
            threads[t].start();
        }
        long a = 0;
        for (int i = 0; i < 3; i++) {
            a += arrays(scale * 2);
            System.gc();                    /* collections while the threads allocate */
        }
        for (Thread t : threads) t.join();
        System.gc();
        int cleared = 0;
        for (WeakReference<Object> w : weak) if (w.get() == null) cleared++;
        System.out.println("kept tree " + count(kept));
        for (int r : results) System.out.println("thread " + r);
        System.out.println("arrays " + a);
        System.out.println("weak references cleared " + (cleared == weak.size()));
    }
}
