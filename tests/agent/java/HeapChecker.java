// The Java side of agent/HeapChecker (and tool/heap_checker): several threads allocate
// trees, linked lists, arrays of arrays and strings, keep some and drop the rest, while
// collections run; the agent checks the heap events against the heap after each one.
import java.util.ArrayList;
import java.util.List;

public class HeapChecker {
    static final class Tree {
        Tree left, right;
        int depth;
        Tree(int d) { depth = d; if (d > 0) { left = new Tree(d - 1); right = new Tree(d - 1); } }
    }

    static Object work(int seed, int rounds) {
        List<Object> kept = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            Object o;
            switch ((i + seed) % 4) {
                case 0: o = new Tree(5); break;
                case 1: o = new int[i % 64][3]; break;
                case 2: o = "s" + i + "-" + seed; break;
                default: o = new StringBuilder().append(i).append(new char[i % 100]); break;
            }
            if (i % 7 == 0) kept.add(o);
            if (kept.size() > 50) kept.subList(0, 25).clear();
        }
        return kept;
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 600;
        Thread[] threads = new Thread[3];
        Object[] results = new Object[threads.length];
        for (int t = 0; t < threads.length; t++) {
            final int id = t;
            threads[t] = new Thread(() -> results[id] = work(id, rounds));
            threads[t].start();
        }
        Object mine = work(7, rounds);
        System.gc();
        for (Thread t : threads) t.join();
        System.gc();
        int kept = ((List<?>) mine).size();
        for (Object r : results) kept += ((List<?>) r).size();
        System.out.println("main: kept " + kept);
    }
}
