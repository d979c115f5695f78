// Arrays of every element type: default values, loads and stores with narrowing,
// lengths, multi-dimensional arrays (full and partial), clone, covariance, and the
// exceptions with their messages: ArrayIndexOutOfBoundsException, NegativeArraySize-
// Exception, ArrayStoreException, NullPointerException.
public class Arrays1 {
    static int three = 3, minusOne = -1, five = 5;

    static void p(String s) { System.out.println(s); }

    static String describe(Throwable t) { return t.getClass().getName() + ": " + t.getMessage(); }

    interface Shape { String name(); }
    static class Square implements Shape { public String name() { return "square"; } }
    static class Circle implements Shape { public String name() { return "circle"; } }

    public static void main(String[] args) {
        boolean[] z = new boolean[three];
        byte[] b = new byte[three];
        char[] c = new char[three];
        short[] s = new short[three];
        int[] i = new int[three];
        long[] l = new long[three];
        float[] f = new float[three];
        double[] d = new double[three];
        Object[] o = new Object[three];
        String[] str = new String[three];
        p("defaults: " + z[0] + " " + b[1] + " " + (int) c[2] + " " + s[0] + " " + i[1] + " " + l[2] + " "
            + f[0] + " " + d[1] + " " + o[2] + " " + str[0]);
        p("lengths: " + z.length + b.length + c.length + s.length + i.length + l.length + f.length + d.length);

        // Stores of values that need narrowing (bastore, castore, sastore) and loads back.
        int big = 0x12345;
        z[0] = true;
        b[0] = (byte) big;
        b[1] = (byte) -big;
        b[2] = (byte) 0x80;
        c[0] = (char) big;
        c[1] = (char) -1;
        s[0] = (short) big;
        s[1] = (short) 0x8000;
        i[0] = big;
        l[0] = 1L << 62;
        f[0] = 1.25f;
        d[0] = -1e-300;
        p("narrowed: " + b[0] + " " + b[1] + " " + b[2] + " " + (int) c[0] + " " + (int) c[1] + " " + s[0]
            + " " + s[1] + " " + i[0] + " " + l[0] + " " + f[0] + " " + d[0] + " " + z[0]);
        b[1]++;
        c[1]++;
        s[1]--;
        i[0] <<= 4;
        l[0] += l[0];
        f[0] /= 3;
        d[0] *= -1e300;
        p("updated: " + b[1] + " " + (int) c[1] + " " + s[1] + " " + i[0] + " " + l[0] + " " + f[0] + " " + d[0]);
        int sum = 0;
        int[] big1 = new int[100000];
        for (int k = 0; k < big1.length; k++) big1[k] = k * 7;
        for (int k = big1.length - 1; k >= 0; k--) sum += big1[k];
        p("big array sum: " + sum);

        // Array initialisers and zero-length arrays.
        int[] init = { 3, 1, 4, 1, 5, 9, 2, 6 };
        String[][] names = { { "a", "b" }, {}, { "c" } };
        p("init length " + init.length + ", names lengths " + names[0].length + names[1].length + names[2].length);
        int[] empty = new int[0];
        p("empty length " + empty.length + ", empty clone length " + empty.clone().length);
        p("char[] print: " + new String(new char[] { 'h', 'i' }) + ", String.valueOf(char[]) "
            + String.valueOf(new char[] { 'o', 'k' }));

        // Multi-dimensional arrays.
        int[][] m = new int[3][4];
        for (int r = 0; r < 3; r++) for (int k = 0; k < 4; k++) m[r][k] = r * 10 + k;
        p("m[2][3] = " + m[2][3] + ", m.length " + m.length + ", m[0].length " + m[0].length);
        int[][][] partial = new int[2][3][];
        p("partial[1][2] = " + partial[1][2] + ", partial[1].length = " + partial[1].length);
        partial[1][2] = new int[] { 7, 8 };
        p("partial[1][2][1] = " + partial[1][2][1]);
        long[][][] cube = new long[2][2][2];
        cube[1][1][1] = Long.MIN_VALUE;
        p("cube[1][1][1] = " + cube[1][1][1] + ", cube[0][1][0] = " + cube[0][1][0]);
        int[][] ragged = new int[4][];
        for (int r = 0; r < ragged.length; r++) ragged[r] = new int[r];
        p("ragged lengths " + ragged[0].length + ragged[1].length + ragged[2].length + ragged[3].length);
        double[][] dm = new double[2][];
        dm[0] = new double[] { 1.5 };
        p("dm[1] == null: " + (dm[1] == null));
        Object[][] om = new String[2][2];
        om[0][0] = "x";
        p("String[][] classes: " + om.getClass().getName() + " " + om[0].getClass().getName()
            + ", component " + om.getClass().getComponentType().getName());
        int[][] zeroDim = new int[0][5];
        p("new int[0][5].length = " + zeroDim.length);
        int[][][] mixed = new int[2][0][3];
        p("new int[2][0][3]: " + mixed.length + " " + mixed[1].length);
        try {
            int[][] bad = new int[2][minusOne];
            p("no exception " + bad.length);
        } catch (NegativeArraySizeException e) {
            p("new int[2][-1]: " + describe(e));
        }
        try {
            int[][] bad = new int[minusOne][0];
            p("no exception " + bad.length);
        } catch (NegativeArraySizeException e) {
            p("new int[-1][0]: " + describe(e));
        }

        // Class names of arrays.
        Object[] all = { z, b, c, s, i, l, f, d, o, str, m, partial, new Shape[0], new Square[1][1] };
        StringBuilder sb = new StringBuilder();
        for (Object a : all) sb.append(a.getClass().getName()).append(' ');
        p("array classes: " + sb);

        // clone: a shallow copy of the same class.
        int[] ic = init.clone();
        ic[0] = 99;
        p("clone independent: " + init[0] + " " + ic[0] + ", same class " + (ic.getClass() == init.getClass()));
        int[][] mc = m.clone();
        mc[0][0] = -1;
        p("clone is shallow: m[0][0] = " + m[0][0] + ", rows shared " + (mc[1] == m[1]));
        String[] sc = str.clone();
        p("String[] clone class " + sc.getClass().getName());

        // Exceptions.
        int[] small = new int[three];
        int[] indices = { -1, 3, 5, Integer.MIN_VALUE, Integer.MAX_VALUE };
        for (int idx : indices) {
            try {
                small[idx] = 1;
                p("no exception");
            } catch (ArrayIndexOutOfBoundsException e) {
                p("store [" + idx + "]: " + describe(e));
            }
            try {
                p("load " + l[idx]);
            } catch (ArrayIndexOutOfBoundsException e) {
                p("load long [" + idx + "]: " + describe(e));
            }
        }
        try {
            byte[] none = new byte[0];
            p("" + none[0]);
        } catch (ArrayIndexOutOfBoundsException e) {
            p("byte[0][0]: " + describe(e));
        }
        try {
            p("" + str[five]);
        } catch (ArrayIndexOutOfBoundsException e) {
            p("String[3][5]: " + describe(e));
        }
        try {
            c[three] = 'x';
        } catch (ArrayIndexOutOfBoundsException e) {
            p("char store: " + describe(e));
        }
        try {
            p("" + new int[minusOne].length);
        } catch (NegativeArraySizeException e) {
            p("new int[-1]: " + describe(e));
        }
        try {
            p("" + new String[Integer.MIN_VALUE].length);
        } catch (NegativeArraySizeException e) {
            p("new String[MIN]: " + describe(e));
        }
        Object[] objs = new Integer[2];
        try {
            objs[0] = "string";
        } catch (ArrayStoreException e) {
            p("ArrayStore String into Integer[]: " + describe(e));
        }
        Object[] shapes = new Square[2];
        shapes[0] = new Square();
        try {
            shapes[1] = new Circle();
        } catch (ArrayStoreException e) {
            p("ArrayStore Circle into Square[]: " + describe(e));
        }
        Object[][] grid = new Integer[2][2];
        try {
            grid[0] = new String[1];
        } catch (ArrayStoreException e) {
            p("ArrayStore String[] into Integer[][]: " + describe(e));
        }
        Object[] ints = new int[1][];
        try {
            ints[0] = new long[1];
        } catch (ArrayStoreException e) {
            p("ArrayStore long[] into int[][]: " + describe(e));
        }
        objs[1] = null;  // null is always storable
        Object[] ok = new Shape[2];
        ok[0] = new Circle();
        ok[1] = new Square();
        p("Shape[] holds " + ((Shape) ok[0]).name() + " and " + ((Shape) ok[1]).name());
        int[] nullArray = null;
        try {
            p("" + nullArray.length);
        } catch (NullPointerException e) {
            p("null.length: " + e.getClass().getName());
        }
        try {
            nullArray[0] = 1;
        } catch (NullPointerException e) {
            p("null[0] = 1: " + e.getClass().getName());
        }
        // The index is evaluated before the null check, and the value before the bounds check.
        int[] counter = { 0 };
        try {
            small[counter[0]++ + 10] = counter[0]++;
        } catch (ArrayIndexOutOfBoundsException e) {
            p("evaluation order: counter = " + counter[0] + ", " + describe(e));
        }

        // Covariance.
        Object oa = new String[] { "s" };
        p("String[] instanceof Object[]: " + (oa instanceof Object[]) + ", instanceof String[]: "
            + (oa instanceof String[]) + ", instanceof Comparable[]: " + (oa instanceof Comparable[])
            + ", instanceof Integer[]: " + (oa instanceof Integer[]));
        Object ia2 = new int[0];
        p("int[] instanceof Object[]: " + (ia2 instanceof Object[]) + ", instanceof int[]: " + (ia2 instanceof int[])
            + ", instanceof long[]: " + (ia2 instanceof long[]));

        // Arrays utility methods (pure Java, but they exercise array bytecodes heavily).
        int[] sorted = { 5, -3, 9, 0, 2, 2, -8 };
        java.util.Arrays.sort(sorted);
        p("Arrays.sort: " + java.util.Arrays.toString(sorted) + ", binarySearch(2) >= 0: "
            + (java.util.Arrays.binarySearch(sorted, 2) >= 0) + ", binarySearch(1) = " + java.util.Arrays.binarySearch(sorted, 1));
        p("Arrays.equals: " + java.util.Arrays.equals(init, init.clone()) + ", deepToString: "
            + java.util.Arrays.deepToString(names) + ", fill: " + java.util.Arrays.toString(fill(4, (byte) 7)));
        p("Arrays.hashCode: " + java.util.Arrays.hashCode(init) + " " + java.util.Arrays.hashCode(new double[] { 1.5, -0.0 }));
        p("copyOf: " + java.util.Arrays.toString(java.util.Arrays.copyOf(init, 10)) + " copyOfRange: "
            + java.util.Arrays.toString(java.util.Arrays.copyOfRange(str, 1, 4)));
    }

    static byte[] fill(int n, byte v) {
        byte[] a = new byte[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
