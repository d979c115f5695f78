// The debuggee of tests/tool/jdb_session.sh (a scripted jdb session, compared with the same
// session against HotSpot); as a java test it checks the program runs the same on both.
public class JdbTarget {
    static int counter;
    int value = 3;
    String name = "target";
    int[] data = { 1, 2, 3 };

    static class Oops extends RuntimeException {
        Oops(String s) { super(s); }
    }

    static int square(int x) {
        int r = x * x;
        return r;
    }

    int add(int y) {
        value += y;
        return value;
    }

    static void fail(int n) {
        if (n > 0) throw new Oops("n=" + n);
    }

    public static void main(String[] args) {
        int a = 4;
        int b = square(a);
        JdbTarget h = new JdbTarget();
        int c = h.add(b);
        counter = c + a;
        try {
            fail(counter);
        } catch (Oops e) {
            counter++;
        }
        System.out.println("result " + counter + " " + h.value);
    }
}
