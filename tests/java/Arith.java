// Integer and long arithmetic: overflow, division and remainder corner cases, shifts
// with masking, compound assignment narrowing, char arithmetic, the exact/floor methods
// of Math, and ArithmeticException messages.
public class Arith {
    static int zero = 0;
    static long lzero = 0;

    // Values through calls, so that javac cannot fold the expressions using them.
    static int iv(int x) { return x; }
    static long lv(long x) { return x; }
    static char cv(char x) { return x; }

    static void p(String label, long v) { System.out.println(label + " = " + v); }

    static String div(int a, int b) {
        try {
            return a + " / " + b + " = " + (a / b) + ", % = " + (a % b);
        } catch (ArithmeticException e) {
            return a + " / " + b + " -> " + e.getClass().getName() + ": " + e.getMessage();
        }
    }

    static String ldiv(long a, long b) {
        try {
            return a + " / " + b + " = " + (a / b) + ", % = " + (a % b);
        } catch (ArithmeticException e) {
            return a + " / " + b + " -> " + e.getClass().getName() + ": " + e.getMessage();
        }
    }

    static String exact(String what, int which) {
        try {
            switch (which) {
                case 0: return what + " = " + Math.addExact(Integer.MAX_VALUE, 1);
                case 1: return what + " = " + Math.subtractExact(Integer.MIN_VALUE, 1);
                case 2: return what + " = " + Math.multiplyExact(65536, 65536);
                case 3: return what + " = " + Math.negateExact(Integer.MIN_VALUE);
                case 4: return what + " = " + Math.toIntExact(1L << 31);
                case 5: return what + " = " + Math.multiplyExact(Long.MAX_VALUE, 2L);
                case 6: return what + " = " + Math.incrementExact(Long.MAX_VALUE);
                case 7: return what + " = " + Math.addExact(40, 2);
                default: return what + " = " + Math.floorDiv(7, 0);
            }
        } catch (ArithmeticException e) {
            return what + " -> " + e.getMessage();
        }
    }

    public static void main(String[] args) {
        // Overflow wraps.
        int imax = Integer.MAX_VALUE, imin = Integer.MIN_VALUE;
        p("MAX+1", imax + 1);
        p("MIN-1", imin - 1);
        p("MAX*2", imax * 2);
        p("MIN*-1", imin * -1);
        p("-MIN", -imin);
        p("MAX*MAX", imax * imax);
        p("46341*46341", iv(46341) * iv(46341));
        long lmax = Long.MAX_VALUE, lmin = Long.MIN_VALUE;
        p("LMAX+1", lmax + 1);
        p("LMIN-1", lmin - 1);
        p("-LMIN", -lmin);
        p("LMAX*3", lmax * 3);
        p("int*int as long", (long) (imax * 2));
        p("(long)int*int", (long) imax * 2);

        // Division and remainder: truncation toward zero, sign of the remainder.
        int[] as = { 7, -7, 7, -7, 0, 1, imin, imin, imin, imax, 5 };
        int[] bs = { 2, 2, -2, -2, 5, -1, -1, 1, imin, imin, 0 };
        for (int i = 0; i < as.length; i++) System.out.println(div(as[i], bs[i]));
        long[] las = { 7, -7, 7, -7, lmin, lmin, lmax, 1L << 40, -1 };
        long[] lbs = { 2, 2, -2, -2, -1, 2, -1, 3, 0 };
        for (int i = 0; i < las.length; i++) System.out.println(ldiv(las[i], lbs[i]));
        System.out.println(div(1, zero));
        System.out.println(ldiv(1, lzero));
        try {
            int x = 5 % zero;
            System.out.println("no exception " + x);
        } catch (ArithmeticException e) {
            System.out.println("rem by zero: " + e.getMessage());
        }

        // Shifts: the distance is masked to 5 (int) or 6 (long) bits.
        int one = 1;
        for (int s : new int[] { 0, 1, 31, 32, 33, -1, 63, 64, -31 }) {
            System.out.println("1<<" + s + " = " + (one << s) + ", -8>>" + s + " = " + (-8 >> s)
                + ", -8>>>" + s + " = " + (-8 >>> s) + ", 1L<<" + s + " = " + (1L << s)
                + ", -8L>>" + s + " = " + (-8L >> s) + ", -8L>>>" + s + " = " + (-8L >>> s));
        }
        long shiftByLong = 1L << 65L;
        p("1L << 65L", shiftByLong);
        p("(int)(1L<<32)", (int) (lv(1) << 32));
        p("0x80000000>>31", iv(0x80000000) >> 31);
        p("0x80000000>>>31", iv(0x80000000) >>> 31);

        // Compound assignment narrows implicitly.
        byte b = 120;
        b += 10;
        p("byte 120+=10", b);
        b = -128;
        b -= 1;
        p("byte -128-=1", b);
        b = 64;
        b *= 4;
        p("byte 64*=4", b);
        short s = 32767;
        s++;
        p("short 32767++", s);
        s = (short) 0xabcd;
        s >>= 4;
        p("short 0xabcd>>=4", s);
        s = (short) 0xabcd;
        s >>>= 4;
        p("short 0xabcd>>>=4", s);
        char c = 'A';
        c += 2;
        System.out.println("char A+=2 = " + c);
        c = 0;
        c--;
        p("char 0-- ", c);
        int i = 10;
        i += 3.7;
        p("int 10+=3.7", i);
        i = 10;
        i *= 2.5f;
        p("int 10*=2.5f", i);
        i = 7;
        i /= 2.0;
        p("int 7/=2.0", i);
        long l = 1;
        l <<= 70;
        p("long 1<<=70", l);
        int x = 5;
        x = x++ + ++x;
        p("x++ + ++x", x);
        int y = 3;
        y += y++ * --y;
        p("y += y++ * --y", y);
        i = imax;
        i += 1L;
        p("int MAX += 1L", i);

        // Char arithmetic and conversions.
        char ch = 'z';
        p("'z'+1", ch + 1);
        System.out.println("(char)('z'+1) = " + (char) (ch + 1));
        p("(int)(char)-1", (int) (char) iv(-1));
        p("(short)(char)65535", (short) (char) iv(65535));
        p("(byte)200", (byte) iv(200));
        p("(byte)-129", (byte) iv(-129));
        p("(char)(byte)-1", (char) (byte) iv(-1));
        p("(int)(byte)0x80", (int) (byte) iv(0x80));
        p("(long)(int)-1", (long) iv(-1));
        p("(int)0x1_0000_0001L", (int) lv(0x1_0000_0001L));
        p("(short)0x18000", (short) iv(0x18000));
        p("'a'*'b'", cv('a') * cv('b'));
        p("(char)('a'^' ')", (char) (cv('a') ^ ' '));

        // Bitwise operators.
        p("~0", ~0);
        p("~MIN", ~imin);
        p("0xF0F0 & 0x0FF0", iv(0xF0F0) & 0x0FF0);
        p("0xF0F0 | 0x0FF0", iv(0xF0F0) | 0x0FF0);
        p("0xF0F0 ^ 0x0FF0", iv(0xF0F0) ^ 0x0FF0);
        p("-1L ^ 0x5555", lv(-1L) ^ 0x5555);
        p("~LMAX", ~lmax);

        // Math on integers.
        p("abs(MIN)", Math.abs(imin));
        p("abs(LMIN)", Math.abs(lmin));
        p("abs(-5)", Math.abs(-5));
        p("max(-0,0)", Math.max(-0, 0));
        p("floorDiv(-7,2)", Math.floorDiv(-7, 2));
        p("floorMod(-7,2)", Math.floorMod(-7, 2));
        p("floorMod(7,-2)", Math.floorMod(7, -2));
        p("floorDiv(MIN,-1)", Math.floorDiv(imin, -1));
        p("floorDiv(-7L,2L)", Math.floorDiv(-7L, 2L));
        p("floorMod(-7L,3)", Math.floorMod(-7L, 3));
        p("multiplyHigh", Math.multiplyHigh(lmax, lmax));
        p("multiplyFull", Math.multiplyFull(imax, imax));
        for (int k = 0; k <= 8; k++) System.out.println(exact("exact#" + k, k));
        p("Integer.divideUnsigned(-1,3)", Integer.divideUnsigned(-1, 3));
        p("Integer.remainderUnsigned(-1,3)", Integer.remainderUnsigned(-1, 3));
        p("Long.divideUnsigned(-1L,3)", Long.divideUnsigned(-1L, 3));
        p("Long.remainderUnsigned(-1L,10)", Long.remainderUnsigned(-1L, 10));
        System.out.println("Long.toUnsignedString(-1) = " + Long.toUnsignedString(-1L));
        System.out.println("Integer.toUnsignedString(-1) = " + Integer.toUnsignedString(-1));
        p("Integer.compareUnsigned(-1,1)", Integer.compareUnsigned(-1, 1));

        // Loops accumulating with overflow: a checksum over many operations.
        int h = 17;
        long lh = 17;
        for (int k = 0; k < 100000; k++) {
            h = h * 31 + k;
            h ^= h >>> 7;
            lh = lh * 1000003L ^ k;
            lh += lh << 13;
        }
        p("int hash", h);
        p("long hash", lh);
        int iters = 0;
        for (int k = imax - 5; k > 0 && iters < 20; k++) iters++;
        p("iterations until overflow", iters);
    }
}
