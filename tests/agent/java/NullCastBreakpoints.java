/* A checkcast and an instanceof of null in loops, each with a breakpoint of
 * agent/NullCastBreakpoints: every run must hit it. */
public class NullCastBreakpoints {
    static int casts(Object o) {
        int n = 0;
        for (int i = 0; i < 3; i++) {
            String s = (String) o;
            n++;
        }
        return n;
    }

    static int tests(Object o) {
        int n = 0;
        for (int i = 0; i < 3; i++) {
            if (o instanceof String) n++;
        }
        return n;
    }

    public static void main(String[] args) {
        System.out.println("casts(null) " + casts(null) + ", tests(null) " + tests(null));
        System.out.println("casts(\"\") " + casts("") + ", tests(\"\") " + tests(""));
    }
}
