// The Java side of agent/AllocCounts: allocations of many shapes, counted by the VM
// (com.loupe.functions.SetAllocationCounting) and by com.loupe.events.ObjectAlloc, which
// the agent compares site by site.
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

public class AllocCounts {
    static native void drain();
    static native String result();

    static final class Node {
        Node left, right;
        Node(Node l, Node r) { left = l; right = r; }
    }

    // two calls on one line: a context per depth, sites by index
    static Node tree(int d) {
        if (d == 0) return new Node(null, null);
        return new Node(tree(d - 1), tree(d - 1));
    }

    static void thrower(int d) {
        Object[] junk = new Object[d + 1];
        if (d == 0) throw new IllegalStateException("bottom " + junk.length);
        thrower(d - 1);
    }

    // an exception unwinds frames that allocated; the catching frame allocates again
    static int catcher(int d) {
        int n = 0;
        try {
            thrower(d);
        } catch (IllegalStateException e) {
            n += new int[3].length;
        }
        return n + new long[2].length;
    }

    public static List<String> strings(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add("s" + i);
        return l;
    }

    static int work(int rounds) {
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            n += tree(6) != null ? 1 : 0;
            for (int d = 0; d < 6; d += 2) n += catcher(d);
            n += strings(20).size();
        }
        return n;
    }

    static volatile boolean stop;

    // drains without pause while another thread collects and short threads start: each
    // new thread's first allocation makes its table in the VM
    static void churn() throws Exception {
        Thread drainer = new Thread(() -> { while (!stop) drain(); });
        Thread collector = new Thread(() -> { while (!stop) System.gc(); });
        drainer.start();
        collector.start();
        for (int r = 0; r < 150; r++) {
            Thread[] ts = new Thread[4];
            for (int i = 0; i < ts.length; i++) {
                ts[i] = new Thread(() -> { Object o = null; for (int k = 0; k < 20; k++) o = new int[k]; });
                ts[i].start();
            }
            for (Thread t : ts) t.join();
        }
        stop = true;
        drainer.join();
        collector.join();
    }

    public static void main(String[] args) throws Exception {
        work(20);
        drain();
        Runnable r = () -> work(10);
        r.run();
        Method m = AllocCounts.class.getMethod("strings", int.class);
        m.invoke(null, 50);             // native frames of reflection in between
        drain();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> work(15));
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        drain();
        work(10);
        churn();
        System.out.println(result());
    }
}
