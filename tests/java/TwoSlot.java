// long and double values, which take two slots in locals and on the operand stack:
// fields, statics, arrays, parameters mixed with one-slot values, and expressions that
// make javac emit dup2, dup2_x1, dup2_x2, dup_x1, dup_x2 and pop2 (chained assignments
// into fields and arrays, post-increments whose value is used, discarded results).
public class TwoSlot {
    long lf;
    double df;
    int ifield;
    static long ls;
    static double ds;
    long[] la = new long[4];
    double[] da = new double[4];
    int[] ia = new int[4];
    Object[] oa = new Object[2];

    static long counter;
    static long sideEffect() { return ++counter; }
    static double dsideEffect() { return counter += 10; }

    static long mix(int a, long b, int c, double d, float e, long f, byte g, double h) {
        return a + b * 3 + c * 5 + (long) (d * 7) + (long) (e * 11) + f * 13 + g * 17 + (long) (h * 19);
    }

    static double locals(long a, double b) {
        long x = a;          // lload/lstore at odd and even slot numbers
        int pad = 1;
        double y = b;
        long z = x + pad;
        double w = y * z;
        int pad2 = 2;
        long v = z << pad2;
        return w + v + pad;
    }

    public static void main(String[] args) {
        TwoSlot t = new TwoSlot();
        long a, b;
        double c, d;
        int i = 1;

        // Chained assignments: the value stays on the stack below/above object refs.
        a = t.lf = 5L;                       // dup2_x1 (long into a field, value reused)
        c = t.df = 2.5;                      // dup2_x1 (double)
        b = t.la[i] = 77L;                   // dup2_x2 (long into an array, value reused)
        d = t.da[i + 1] = -1.25;             // dup2_x2 (double)
        int k = t.ia[0] = 9;                 // dup_x2 (int into an array)
        int m = t.ifield = 11;               // dup_x1
        ls = ds > 0 ? 1 : 2;
        long n = ls = 123456789012L;         // dup2 (static)
        System.out.println("chained: " + a + " " + t.lf + " " + c + " " + t.df + " " + b + " " + t.la[1] + " " + d + " "
            + t.da[2] + " " + k + " " + t.ia[0] + " " + m + " " + n + " " + ls);

        // Post/pre increments whose value is used.
        long before = t.lf++;                // getfield, dup2_x1, ladd, putfield
        long after = ++t.lf;
        double dBefore = t.df--;
        long arrBefore = t.la[1]++;          // laload with dup2 of the index pair, dup2_x2
        double arrAfter = --t.da[2];
        long sBefore = ls++;
        double sdAfter = ++ds;
        System.out.println("increments: " + before + " " + after + " " + t.lf + " " + dBefore + " " + t.df + " "
            + arrBefore + " " + t.la[1] + " " + arrAfter + " " + sBefore + " " + ls + " " + sdAfter);

        // Compound assignments on arrays and fields with two-slot values.
        t.la[3] += sideEffect();
        t.la[3] *= 1000;
        t.da[3] -= dsideEffect();
        t.lf <<= 3;
        t.df /= 4;
        t.la[i] ^= t.la[i] >>> 2;
        System.out.println("compound: " + t.la[3] + " " + t.da[3] + " " + t.lf + " " + t.df + " " + t.la[1] + " counter " + counter);

        // Discarded results: pop2.
        sideEffect();
        dsideEffect();
        t.la[0] = t.la[1] = t.la[2] = -3L;
        t.da[0] = t.da[1] = Double.MAX_VALUE;
        System.out.println("discarded/chained arrays: " + counter + " " + t.la[0] + t.la[1] + t.la[2] + " " + t.da[0] + " " + t.da[1]);

        // Parameters of mixed widths and locals at every alignment.
        System.out.println("mix: " + mix(1, 2L, 3, 4.5, 5.5f, -6L, (byte) -7, 8.25));
        System.out.println("locals: " + locals(1L << 40, 0.5) + " " + locals(-3, -2.75));

        // Swapping two-slot values through locals and an Object[] (boxing).
        long p = 1, q = Long.MIN_VALUE;
        long tmp = p; p = q; q = tmp;
        t.oa[0] = p;
        t.oa[1] = 3.5;
        System.out.println("swap: " + p + " " + q + " boxed " + t.oa[0] + " " + t.oa[1] + " " + t.oa[0].getClass().getSimpleName());

        // Long comparisons and conditional expressions (lcmp, dcmpl/dcmpg).
        long[] vals = { Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE };
        StringBuilder sb = new StringBuilder();
        for (long x : vals) for (long y : vals) sb.append(x < y ? '<' : x == y ? '=' : '>');
        System.out.println("lcmp matrix: " + sb);
        double[] dv = { Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.NaN };
        sb.setLength(0);
        for (double x : dv) for (double y : dv) sb.append(x < y ? '<' : x == y ? '=' : x > y ? '>' : '?');
        System.out.println("dcmp matrix: " + sb);

        // A loop accumulating into long and double array elements and fields.
        for (int r = 0; r < 100000; r++) {
            t.la[r & 3] += r * 0x9E3779B97L;
            t.da[r & 3] = t.da[r & 3] * 0.5 + r;
            t.lf = t.lf * 31 + t.la[(r + 1) & 3];
            t.df += t.da[(r + 2) & 3] / 1e6;
        }
        System.out.println("loop: " + t.la[0] + " " + t.la[3] + " " + t.da[1] + " " + t.lf + " " + t.df);
        long[][] grid = new long[3][3];
        grid[1][2] = grid[2][1] = 42L;
        double[][] dgrid = new double[2][2];
        double dv2 = dgrid[1][1] = dgrid[0][0] = 0.125;
        System.out.println("2D: " + grid[1][2] + " " + grid[2][1] + " " + dgrid[1][1] + " " + dv2);
    }
}
