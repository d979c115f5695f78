// System.arraycopy: every element type, overlapping copies in both directions, copies
// between covariant object arrays, and every error with its message (the messages are
// the VM's own), including the partial copy before an element fails to store.
import java.util.Arrays;

public class ArrayCopy {
    static void p(String s) { System.out.println(s); }

    static String tryCopy(Object src, int sp, Object dst, int dp, int len) {
        try {
            System.arraycopy(src, sp, dst, dp, len);
            return "ok";
        } catch (RuntimeException e) {
            String m = e instanceof NullPointerException ? "" : ": " + e.getMessage();
            return e.getClass().getName() + m;
        }
    }

    static int[] seq(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    public static void main(String[] args) {
        // Every primitive type.
        boolean[] z = { true, false, true, true };
        boolean[] z2 = new boolean[6];
        System.arraycopy(z, 1, z2, 2, 3);
        p("boolean: " + Arrays.toString(z2));
        byte[] b = { 1, 2, 3, 4, 5 };
        byte[] b2 = new byte[5];
        System.arraycopy(b, 0, b2, 1, 4);
        p("byte: " + Arrays.toString(b2));
        char[] c = "abcdef".toCharArray();
        char[] c2 = new char[4];
        System.arraycopy(c, 2, c2, 0, 4);
        p("char: " + new String(c2));
        short[] s = { -1, -2, -3 };
        short[] s2 = new short[3];
        System.arraycopy(s, 0, s2, 0, 3);
        p("short: " + Arrays.toString(s2));
        long[] l = { Long.MIN_VALUE, 0, Long.MAX_VALUE };
        long[] l2 = new long[4];
        System.arraycopy(l, 0, l2, 1, 3);
        p("long: " + Arrays.toString(l2));
        float[] f = { 1.5f, Float.NaN, -0.0f };
        float[] f2 = new float[3];
        System.arraycopy(f, 0, f2, 0, 3);
        p("float: " + Arrays.toString(f2));
        double[] d = { 1e300, -1e-300 };
        double[] d2 = new double[2];
        System.arraycopy(d, 0, d2, 0, 2);
        p("double: " + Arrays.toString(d2));

        // Overlapping copies within one array behave as if through a temporary.
        int[] a = seq(10);
        System.arraycopy(a, 0, a, 3, 7);
        p("overlap forward: " + Arrays.toString(a));
        a = seq(10);
        System.arraycopy(a, 3, a, 0, 7);
        p("overlap backward: " + Arrays.toString(a));
        a = seq(10);
        System.arraycopy(a, 2, a, 2, 5);
        p("same position: " + Arrays.toString(a));
        long[] la = { 0, 1, 2, 3, 4, 5, 6, 7 };
        System.arraycopy(la, 0, la, 1, 7);
        p("long overlap: " + Arrays.toString(la));
        String[] sa = { "a", "b", "c", "d", "e" };
        System.arraycopy(sa, 1, sa, 0, 4);
        p("object overlap backward: " + Arrays.toString(sa));
        sa = new String[] { "a", "b", "c", "d", "e" };
        System.arraycopy(sa, 0, sa, 1, 4);
        p("object overlap forward: " + Arrays.toString(sa));
        char[] big = new char[10000];
        for (int i = 0; i < big.length; i++) big[i] = (char) ('a' + i % 26);
        System.arraycopy(big, 0, big, 1, big.length - 1);
        p("big char overlap: " + new String(big, 0, 30) + " ... " + big[9999]);

        // Zero-length copies, including at the very end.
        p("len 0 at end: " + tryCopy(seq(3), 3, new int[3], 3, 0));
        p("len 0 past end: " + tryCopy(seq(3), 4, new int[3], 0, 0));

        // Object arrays: covariant and element-checked copies.
        Object[] objs = { "x", "y", "z" };
        String[] strs = new String[3];
        p("Object[] of Strings into String[]: " + tryCopy(objs, 0, strs, 0, 3) + " " + Arrays.toString(strs));
        Object[] mixed = { "one", "two", Integer.valueOf(3), "four" };
        String[] dest = new String[4];
        p("Object[] with an Integer into String[]: " + tryCopy(mixed, 0, dest, 0, 4));
        p("  partially copied: " + Arrays.toString(dest));
        Integer[] ints = { 1, 2 };
        Number[] nums = new Number[3];
        p("Integer[] into Number[]: " + tryCopy(ints, 0, nums, 1, 2) + " " + Arrays.toString(nums));
        p("Number[] (with null) into Integer[]: " + tryCopy(nums, 0, new Integer[3], 0, 3));
        Object[] nested = { new int[] { 1 }, new int[] { 2 } };
        int[][] dst2 = new int[2][];
        p("Object[] of int[] into int[][]: " + tryCopy(nested, 0, dst2, 0, 2) + " " + dst2[1][0]);

        // Errors.
        int[] ten = seq(10);
        int[] tenDst = new int[10];
        p("null src: " + tryCopy(null, 0, tenDst, 0, 1));
        p("null dst: " + tryCopy(ten, 0, null, 0, 1));
        p("null src, len 0: " + tryCopy(null, 0, tenDst, 0, 0));
        p("src not an array: " + tryCopy("string", 0, tenDst, 0, 1));
        p("dst not an array: " + tryCopy(ten, 0, "string", 0, 1));
        p("int[] into long[]: " + tryCopy(ten, 0, new long[10], 0, 1));
        p("int[] into Object[]: " + tryCopy(ten, 0, new Object[10], 0, 1));
        p("Object[] into int[]: " + tryCopy(new Object[1], 0, tenDst, 0, 1));
        p("String[] into Integer[]: " + tryCopy(new String[] { "s" }, 0, new Integer[1], 0, 1));
        p("String[] of null into Integer[]: " + tryCopy(new String[1], 0, new Integer[1], 0, 1));
        p("int[][] into long[][]: " + tryCopy(new int[1][1], 0, new long[1][], 0, 1));
        p("negative src pos: " + tryCopy(ten, -1, tenDst, 0, 1));
        p("negative dst pos: " + tryCopy(ten, 0, tenDst, -1, 1));
        p("negative length: " + tryCopy(ten, 0, tenDst, 0, -1));
        p("src end past length: " + tryCopy(ten, 5, tenDst, 0, 6));
        p("dst end past length: " + tryCopy(ten, 0, tenDst, 5, 6));
        p("overflowing end: " + tryCopy(ten, 1, tenDst, 0, Integer.MAX_VALUE));
        p("Object[] src pos: " + tryCopy(new String[2], 3, new String[2], 0, 0));
        p("Object[] end: " + tryCopy(new String[2], 1, new Object[5], 0, 2));
        p("byte[] end: " + tryCopy(new byte[2], 0, new byte[1], 0, 2));
        p("double[] end: " + tryCopy(new double[2], 0, new double[8], 7, 2));
        p("boolean[] into byte[]: " + tryCopy(new boolean[1], 0, new byte[1], 0, 1));
        p("char[] into short[]: " + tryCopy(new char[1], 0, new short[1], 0, 1));
        p("dst unchanged after errors: " + Arrays.toString(tenDst));
    }
}
