// Assorted bytecode behaviour: ldc of every constant kind (int, float, long, double,
// String, Class), class literals of arrays and primitives, instanceof/checkcast of null,
// labelled break and continue out of nested loops, do/while, conditional expressions of
// every type, the ternary with mixed boxing, short-circuit evaluation order, evaluation
// order of operands and arguments, integer loops counting down across zero, iinc with
// negative steps, nested try in loops, local variable slot reuse between blocks, and
// static/instance initialisation of large array constants.
public class MiscBytecodes {
    static StringBuilder order = new StringBuilder();
    static int t(String s, int v) { order.append(s); return v; }
    static boolean b(String s, boolean v) { order.append(s); return v; }

    static final int[] PRIMES = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71 };
    static final String[] WORDS = { "alpha", "beta", "gamma", null, "" };

    public static void main(String[] args) {
        // Constants.
        int bigInt = 123456789;
        float f = 3.4028235e38f;
        long l = 0x7fffffffffffffffL;
        double d = 2.2250738585072014E-308;
        String s = "constant string";
        Class<?>[] ks = { int.class, void.class, String.class, int[][].class, MiscBytecodes.class, Runnable[].class };
        StringBuilder sb = new StringBuilder();
        for (Class<?> k : ks) sb.append(k.getName()).append(' ');
        System.out.println("ldc: " + bigInt + " " + f + " " + l + " " + d + " " + s + " " + sb);
        System.out.println("same literal object: " + (s == "constant string") + ", class literal identity: " + (String.class == "x".getClass()));

        // null with instanceof and casts.
        Object nothing = null;
        String castNull = (String) nothing;
        Runnable castNull2 = (Runnable) nothing;
        int[] castNull3 = (int[]) nothing;
        System.out.println("null: instanceof " + (nothing instanceof Object) + ", casts " + castNull + " " + castNull2 + " " + castNull3);

        // Labelled break/continue.
        sb.setLength(0);
        outer:
        for (int i = 0; i < 5; i++) {
            inner:
            for (int j = 0; j < 5; j++) {
                if (j == 3) continue outer;
                if (i == 3) break outer;
                if ((i + j) % 2 == 0) continue inner;
                sb.append(i).append(j).append(' ');
            }
        }
        System.out.println("labelled: " + sb);
        sb.setLength(0);
        int n = 0;
        block: {
            if (n == 0) break block;
            sb.append("not reached");
        }
        do {
            sb.append(n);
        } while (++n < 5);
        int w = 10;
        while (w-- > 0) if (w % 3 == 0) sb.append('.');
        for (int down = 3; down >= -3; down -= 2) sb.append(down);
        for (int big = 100; big > 0; big -= 37) sb.append('|').append(big);
        System.out.println("loops: " + sb);

        // Conditional expressions.
        boolean yes = PRIMES.length > 10;
        byte by = yes ? (byte) 1 : (byte) 2;
        char ch = yes ? 'y' : 'n';
        long lg = yes ? 1 : 2L;
        Object ob = yes ? (Object) "str" : Integer.valueOf(1);
        Integer nullInt = null;
        Integer boxedResult = yes ? nullInt : Integer.valueOf(0);   // no unboxing: both are Integer
        System.out.println("conditional: " + by + " " + ch + " " + lg + " " + ob + " " + boxedResult);
        try {
            int unboxed = yes ? nullInt : 0;   // unboxing of null
            System.out.println("no exception " + unboxed);
        } catch (NullPointerException e) {
            System.out.println("conditional unboxing of null: NullPointerException");
        }

        // Evaluation order.
        order.setLength(0);
        int r = t("a", 1) + t("b", 2) * t("c", 3) - t("d", 4) / t("e", 2);
        boolean sc = b("f", false) && b("g", true) || b("h", true) & b("i", false) | b("j", true) ^ b("k", true);
        int[] arr = new int[3];
        int idx = 0;
        arr[idx++] = idx + t("l", 10);
        int x = 5;
        x += x++ + ++x;
        System.out.println("order: " + order + " r=" + r + " sc=" + sc + " arr=" + java.util.Arrays.toString(arr) + " x=" + x);
        order.setLength(0);
        three(t("p", 1), t("q", 2), t("r", 3));
        System.out.println("argument order: " + order);

        // Slot reuse: variables in disjoint blocks share slots with different types.
        long acc = 0;
        {
            int a1 = 7;
            acc += a1;
        }
        {
            double a2 = 1.5;
            acc += (long) (a2 * 2);
        }
        {
            String a3 = "four";
            acc += a3.length();
        }
        {
            long a4 = 1L << 33;
            acc += a4;
        }
        System.out.println("slot reuse: " + acc);

        // Exceptions in loops with finally.
        sb.setLength(0);
        for (int i = 0; i < 6; i++) {
            try {
                try {
                    if (i % 2 == 0) throw new IllegalStateException("e" + i);
                    sb.append("ok").append(i);
                } finally {
                    sb.append('f');
                }
            } catch (IllegalStateException e) {
                sb.append(e.getMessage());
                if (i == 4) break;
                continue;
            }
            sb.append(';');
        }
        System.out.println("try in loop: " + sb);

        int psum = 0;
        for (int p : PRIMES) psum += p;
        int wlen = 0;
        for (String word : WORDS) wlen += word == null ? -1 : word.length();
        System.out.println("array constants: " + psum + " " + wlen);

        // Integer loop edge: a loop that must stop at Integer.MAX_VALUE without overflowing forever.
        int count = 0;
        for (int i = Integer.MAX_VALUE - 3; i > 0 && i <= Integer.MAX_VALUE; i++) {
            if (++count > 10) break;
        }
        System.out.println("overflowing loop ran " + count + " times");
        char c = 'a';
        int letters = 0;
        for (; c <= 'z'; c++) letters++;
        System.out.println("char loop: " + letters + " ends at " + (int) c);
    }

    static void three(int a, int b, int c) { order.append(a + b + c); }
}
