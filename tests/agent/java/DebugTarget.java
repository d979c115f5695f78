// The Java side of agent/DebugEvents and agent/DebugErrors: small methods the agents set
// breakpoints in, step through, watch, pop and force to return.  The agent switches
// MethodEntry/MethodExit on in traceOn and off in traceOff.
public class DebugTarget {
    static int counter;
    int value = 7;
    long wide = 1L << 40;
    String name = "t";

    static void traceOn() { }
    static void traceOff() { }

    static int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += i;
        return s;
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static int touch(DebugTarget t) {
        counter++;
        t.value = t.value + counter;
        t.wide += 1;
        return t.value;
    }

    static int thrower(int x) {
        if (x > 0) throw new IllegalStateException("boom");
        return x;
    }

    static int catcher(int x) {
        try {
            return thrower(x);
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    static int uncaught(int x) {
        return thrower(x) + 1;
    }

    static int callee(int a, int b) {
        int c = a * b;
        return c + 1;
    }

    static int caller(int a) {
        int r = callee(a, 3);
        return r * 2;
    }

    static long longRet(long x) {
        return x * 2;
    }

    static Object objRet(Object o) {
        return o;
    }

    static int blockPop(Object lock, int x) {
        synchronized (lock) {
            x = x * 2;
            return x;
        }
    }

    static int blockReturn(Object lock, int x) {
        synchronized (lock) {
            x = x * 2;
            return x;
        }
    }

    static CharSequence seqRet(CharSequence s) {
        return s;
    }

    static Object[] arrRet(Object[] a) {
        return a;
    }

    static double locals(double d, long l, float f, Object o, int i) {
        double r = d * 2;
        return r + l + f + i;
    }

    int instance(int x) {
        return x + value;
    }

    synchronized int locked(int x) {
        return x + value;
    }

    public static void main(String[] args) {
        System.out.println("sum " + sum(10));
        traceOn();
        int f = fib(3);
        traceOff();
        System.out.println("fib " + f);
        DebugTarget t = new DebugTarget();
        System.out.println("touch " + touch(t) + " " + t.wide);
        System.out.println("catcher " + catcher(0) + " " + catcher(1));
        try {
            uncaught(1);
        } catch (RuntimeException e) {
            System.out.println("uncaught " + e.getMessage());
        }
        System.out.println("caller " + caller(4));
        System.out.println("caller " + caller(5));
        System.out.println("longRet " + longRet(5));
        System.out.println("objRet " + objRet("x"));
        System.out.println("seqRet " + seqRet("x"));
        Object lock = new Object();
        System.out.println("blockPop " + blockPop(lock, 3) + " still locked " + Thread.holdsLock(lock));
        System.out.println("blockReturn " + blockReturn(lock, 3) + " still locked " + Thread.holdsLock(lock));
        System.out.println("arrRet " + arrRet(new Object[0]).getClass().getName());
        System.out.println("locals " + locals(1.5, 2, 0.5f, "o", 3));
        System.out.println("instance " + t.instance(1) + " locked " + t.locked(2));
    }
}
