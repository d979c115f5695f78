// The target of the debugger seam tests (tests/unit/test_debug.c); as a java test it
// checks that the program itself runs the same on both VMs.
public class DbgTarget {
    static int counter;
    int value = 7;
    long wide = 1L << 40;

    static int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += i;
        return s;
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static int touch(DbgTarget t) {
        counter++;
        t.value = t.value + counter;
        t.wide += 1;
        return t.value;
    }

    static int thrower(int x) {
        if (x > 0) throw new IllegalStateException("x=" + x);
        return x;
    }

    static int catcher(int x) {
        try {
            return thrower(x);
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    static int callee(int a, int b) {
        int c = a * b;
        return c + 1;
    }

    static int caller(int a) {
        int r = callee(a, 3);
        return r * 2;
    }

    synchronized int locked(int x) {
        return x + value;
    }

    static String str(Object o) {
        return "s:" + o;
    }

    static double dbl(double d, long l, float f) {
        double r = d * 2;
        return r + l + f;
    }

    public static void main(String[] args) {
        System.out.println(sum(10) + " " + fib(10));
        DbgTarget t = new DbgTarget();
        System.out.println(touch(t) + " " + touch(t) + " " + t.wide);
        System.out.println(catcher(0) + " " + catcher(1));
        System.out.println(caller(4) + " " + t.locked(2) + " " + str("x") + " " + dbl(1.5, 2, 0.5f));
    }
}
