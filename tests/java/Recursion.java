// Recursion: deep recursion of methods with int, long, double and reference arguments
// (2000 frames on the main thread, 10000 on a thread created with a 256 MB stack size),
// mutual recursion, recursion through interfaces; then infinite recursion ending in a
// StackOverflowError that is caught, after which the thread keeps working normally (and
// can overflow and recover again, also inside synchronized code, in try/finally and in
// another thread).
public class Recursion {
    static int sum(int n) { return n == 0 ? 0 : n + sum(n - 1); }
    static long lsum(long n, long acc) { return n == 0 ? acc : lsum(n - 1, acc + n); }
    static double dsum(int n, double x) { return n == 0 ? x : dsum(n - 1, x + 0.5); }
    static int length(Node n) { return n == null ? 0 : 1 + length(n.next); }
    static boolean isEven(int n) { return n == 0 || isOdd(n - 1); }
    static boolean isOdd(int n) { return n != 0 && isEven(n - 1); }
    static int ackermann(int m, int n) {
        if (m == 0) return n + 1;
        if (n == 0) return ackermann(m - 1, 1);
        return ackermann(m - 1, ackermann(m, n - 1));
    }
    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static class Node {
        final int v;
        final Node next;
        Node(int v, Node next) { this.v = v; this.next = next; }
    }

    interface Visitor { int visit(int depth); }
    static class Deep implements Visitor {
        public int visit(int depth) { return depth == 0 ? 0 : 1 + visit(depth - 1); }
    }

    static int depthReached;
    static void infinite() {
        depthReached++;
        infinite();
    }

    static int infiniteWithArgs(int a, long b, double c, Object d) {
        depthReached++;
        return infiniteWithArgs(a + 1, b * 2, c / 2, d) + 1;
    }

    static synchronized void infiniteSynchronized() {
        depthReached++;
        infiniteSynchronized();
    }

    static String overflow(int kind) {
        depthReached = 0;
        try {
            switch (kind) {
                case 0: infinite(); break;
                case 1: infiniteWithArgs(0, 1, 1.0, "x"); break;
                default: infiniteSynchronized(); break;
            }
            return "no overflow?";
        } catch (StackOverflowError e) {
            return "caught SOE (depth > 1000: " + (depthReached > 1000) + ")";
        }
    }

    static String deepRecursions(int depth) {
        Node list = null;
        for (int i = 0; i < depth; i++) list = new Node(i, list);
        return "sum = " + sum(depth) + ", lsum = " + lsum(depth, 0) + ", dsum = " + dsum(depth, 0)
            + ", length = " + length(list) + ", isEven(depth+1) = " + isEven(depth + 1)
            + ", interface = " + new Deep().visit(depth);
    }

    public static void main(String[] args) throws Exception {
        // The main thread's stack is the launcher's default (1 MB on HotSpot), which an
        // interpreter fills with fewer frames than compiled code: stay well below it.
        System.out.println("main thread, depth 2000: " + deepRecursions(2000));
        System.out.println("ackermann(2, 3) = " + ackermann(2, 3) + ", fib(25) = " + fib(25));
        // A thread asking for a big stack gets one.
        final String[] deep = new String[1];
        Thread big = new Thread(null, new Runnable() {
            public void run() { deep[0] = deepRecursions(10000); }
        }, "big-stack", 256L << 20);
        big.start();
        big.join();
        System.out.println("256 MB thread, depth 10000: " + deep[0]);

        for (int kind = 0; kind < 3; kind++) System.out.println("overflow " + kind + ": " + overflow(kind));
        System.out.println("holds class lock after overflow: " + Thread.holdsLock(Recursion.class));
        // The thread still works after overflowing.
        System.out.println("after overflow: sum(2000) = " + sum(2000) + ", fib(20) = " + fib(20));
        System.out.println("overflow again: " + overflow(0));

        final String[] other = new String[1];
        Thread t = new Thread("overflower") {
            @Override public void run() {
                other[0] = overflow(1) + ", then sum(2000) = " + sum(2000);
            }
        };
        t.start();
        t.join();
        System.out.println("other thread: " + other[0]);

        // An overflow inside a try/finally: finally blocks run while unwinding.
        final int[] finallies = new int[1];
        try {
            recurseWithFinally(finallies);
        } catch (StackOverflowError e) {
            System.out.println("finally blocks ran during unwinding: " + (finallies[0] > 1000));
        }
    }

    static void recurseWithFinally(int[] counter) {
        try {
            recurseWithFinally(counter);
        } finally {
            counter[0]++;
        }
    }
}
