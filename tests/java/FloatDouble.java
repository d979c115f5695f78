// Floating point: NaN in every comparison, signed zeros, infinities, saturating casts to
// integral types, rounding of conversions, bit patterns, remainders, Math methods that
// are exact by specification, and Double/Float toString and parsing.
// (Math.sin & co. may differ by an ulp between VMs by specification; only StrictMath's
// results are printed.)
public class FloatDouble {
    static double dnan = Double.NaN, dzero = 0.0, dnegzero = -0.0, done = 1.0;
    static float fnan = Float.NaN, fzero = 0.0f, fnegzero = -0.0f, fone = 1.0f;
    static double dinf = Double.POSITIVE_INFINITY;

    static String cmp(double a, double b) {
        return a + " vs " + b + ": < " + (a < b) + ", <= " + (a <= b) + ", > " + (a > b)
            + ", >= " + (a >= b) + ", == " + (a == b) + ", != " + (a != b)
            + ", !(a<b) " + !(a < b) + ", !(a>b) " + !(a > b)
            + ", compare " + Double.compare(a, b) + ", equals " + Double.valueOf(a).equals(b);
    }

    static String fcmp(float a, float b) {
        return a + " vs " + b + ": < " + (a < b) + ", <= " + (a <= b) + ", > " + (a > b)
            + ", >= " + (a >= b) + ", == " + (a == b) + ", != " + (a != b)
            + ", compare " + Float.compare(a, b) + ", equals " + Float.valueOf(a).equals(b);
    }

    // Branch forms: javac compiles these to dcmpl/dcmpg followed by conditional jumps.
    static String branches(double a, double b) {
        StringBuilder sb = new StringBuilder();
        if (a < b) sb.append("lt "); else sb.append("!lt ");
        if (a <= b) sb.append("le "); else sb.append("!le ");
        if (a > b) sb.append("gt "); else sb.append("!gt ");
        if (a >= b) sb.append("ge "); else sb.append("!ge ");
        if (a == b) sb.append("eq "); else sb.append("!eq ");
        if (a != b) sb.append("ne"); else sb.append("!ne");
        return sb.toString();
    }

    static String fbranches(float a, float b) {
        StringBuilder sb = new StringBuilder();
        if (a < b) sb.append("lt "); else sb.append("!lt ");
        if (a <= b) sb.append("le "); else sb.append("!le ");
        if (a > b) sb.append("gt "); else sb.append("!gt ");
        if (a >= b) sb.append("ge "); else sb.append("!ge ");
        if (a == b) sb.append("eq "); else sb.append("!eq ");
        if (a != b) sb.append("ne"); else sb.append("!ne");
        return sb.toString();
    }

    static String casts(double d) {
        float f = (float) d;
        return d + " -> int " + (int) d + ", long " + (long) d + ", short " + (short) d
            + ", byte " + (byte) d + ", char " + (int) (char) d + ", float " + f
            + " | float->int " + (int) f + ", float->long " + (long) f;
    }

    static void p(String s) { System.out.println(s); }

    public static void main(String[] args) {
        double[] ds = { dnan, 1.0, -1.0, dzero, dnegzero, dinf, -dinf };
        for (double a : ds) {
            for (double b : ds) {
                p(cmp(a, b));
                p("  branches " + branches(a, b));
            }
        }
        float[] fs = { fnan, fone, fzero, fnegzero, Float.POSITIVE_INFINITY };
        for (float a : fs) {
            for (float b : fs) {
                p(fcmp(a, b));
                p("  branches " + fbranches(a, b));
            }
        }
        p("NaN == NaN: " + (dnan == dnan) + ", isNaN " + Double.isNaN(dnan) + ", 0/0 isNaN "
            + Double.isNaN(dzero / dzero));

        // Signed zero and infinity arithmetic.
        p("1/0.0 = " + (done / dzero) + ", 1/-0.0 = " + (done / dnegzero) + ", -1/0.0 = " + (-done / dzero));
        p("0.0 == -0.0: " + (dzero == dnegzero) + ", equals: " + Double.valueOf(dzero).equals(dnegzero));
        p("0.0 + -0.0 = " + (dzero + dnegzero) + ", -0.0 + -0.0 = " + (dnegzero + dnegzero)
            + ", -0.0 - 0.0 = " + (dnegzero - dzero) + ", 0.0 * -1 = " + (dzero * -done)
            + ", -(0.0) = " + (-dzero));
        p("inf - inf = " + (dinf - dinf) + ", inf * 0 = " + (dinf * dzero) + ", inf / inf = " + (dinf / dinf)
            + ", inf + 1 = " + (dinf + 1) + ", -inf * -1 = " + (-dinf * -1) + ", 1/inf = " + (1 / dinf)
            + ", -1/inf = " + (-1 / dinf));
        p("float: 1f/0f = " + (fone / fzero) + ", 1f/-0f = " + (fone / fnegzero) + ", 0f/0f = " + (fzero / fzero));
        p("MAX*2 = " + (Double.MAX_VALUE * 2) + ", MIN_VALUE/2 = " + (Double.MIN_VALUE / 2)
            + ", -MIN_VALUE/2 = " + (-Double.MIN_VALUE / 2) + ", Float.MAX*2 = " + (Float.MAX_VALUE * 2f)
            + ", Float.MIN/2 = " + (Float.MIN_VALUE / 2f));

        // Saturating casts.
        double[] cs = { dnan, dinf, -dinf, 1e10, -1e10, 1e19, -1e19, 2147483647.5, -2147483648.7,
            2147483648.0, 9.223372036854776E18, -9.223372036854776E18, 3.99, -3.99, 0.5, -0.5,
            65535.9, 65536.0, -1.0, 128.0, -129.0, 32768.0, 1e-300, dnegzero, 1e39, 3.4028235677973366E38 };
        for (double d : cs) p(casts(d));
        p("(int)Float.NaN = " + (int) fnan + ", (long)-Float.MAX = " + (long) -Float.MAX_VALUE);

        // Conversions that round.
        int big = 16777217;
        long lbig = (1L << 53) + 1;
        p("(float)16777217 = " + (float) big + ", (float)16777219 = " + (float) (big + 2));
        p("(double)(2^53+1) = " + (double) lbig + ", (float)(2^53+1) = " + (float) lbig);
        long l24 = 0x7fffffbfffffffffL;
        p("(float)0x7fffffbfffffffffL = " + (float) l24 + ", (float)Long.MAX = " + (float) Long.MAX_VALUE
            + ", (double)Long.MIN = " + (double) Long.MIN_VALUE);
        p("(float)0.1 = " + (float) 0.1 + ", (double)0.1f = " + (double) 0.1f
            + ", (float)(double)0.1f = " + (float) (double) 0.1f);
        p("(float)1e-46 = " + (float) 1e-46 + ", (float)1e-45 = " + (float) 1e-45 + ", (float)1e39 = " + (float) 1e39);
        p("(double)Integer.MIN = " + (double) Integer.MIN_VALUE + ", (float)Integer.MAX = " + (float) Integer.MAX_VALUE);
        float fsum = 16777216f;
        fsum += fone;
        p("16777216f + 1f = " + fsum);
        double dsum = 0;
        for (int i = 0; i < 10; i++) dsum += 0.1;
        p("0.1 summed 10 times = " + dsum);
        float fs2 = 0;
        for (int i = 0; i < 10; i++) fs2 += 0.1f;
        p("0.1f summed 10 times = " + fs2);
        p("1e308 * 10 / 10 = " + (1e308 * 10 / 10) + ", 1e-308 / 1e10 * 1e10 = " + (1e-308 / 1e10 * 1e10));
        p("float product 1.1f*1.1f = " + (1.1f * fone * 1.1f) + ", 3f/7f = " + (3f / (7f * fone)));

        // Remainder.
        double[][] rem = { { 5.5, 2 }, { -5.5, 2 }, { 5.5, -2 }, { 1, 0 }, { dinf, 2 }, { 2, dinf },
            { dnegzero, 1 }, { -4, 2 }, { 1e300, 3 }, { 0.3, 0.1 } };
        for (double[] r : rem) p(r[0] + " % " + r[1] + " = " + (r[0] % r[1]));
        p("5.5f % 2f = " + (5.5f % (2f * fone)) + ", -7f % 0.5f = " + (-7f * fone % 0.5f)
            + ", 1f % 0f = " + (fone % fzero));

        // Bits.
        p("doubleToLongBits(NaN) = " + Long.toHexString(Double.doubleToLongBits(dnan)));
        p("doubleToLongBits(-0.0) = " + Long.toHexString(Double.doubleToLongBits(dnegzero)));
        p("floatToIntBits(NaN) = " + Integer.toHexString(Float.floatToIntBits(fnan)));
        p("floatToIntBits(-0f) = " + Integer.toHexString(Float.floatToIntBits(fnegzero)));
        p("floatToIntBits(1.5f) = " + Integer.toHexString(Float.floatToIntBits(1.5f * fone)));
        float payload = Float.intBitsToFloat(0x7fc12345);
        p("quiet NaN payload raw bits = " + Integer.toHexString(Float.floatToRawIntBits(payload))
            + ", canonical = " + Integer.toHexString(Float.floatToIntBits(payload)));
        double dpayload = Double.longBitsToDouble(0x7ff8000000abcdefL);
        p("double NaN payload raw bits = " + Long.toHexString(Double.doubleToRawLongBits(dpayload)));
        p("longBitsToDouble(1) = " + Double.longBitsToDouble(1) + ", intBitsToFloat(0x00800000) = "
            + Float.intBitsToFloat(0x00800000));
        p("Double.hashCode(1.5) = " + Double.hashCode(1.5) + ", Float.hashCode(-0f) = " + Float.hashCode(fnegzero)
            + ", Double.hashCode(NaN) = " + Double.hashCode(dnan));

        // Math: exact operations.
        double[] ms = { dnan, dinf, -dinf, dzero, dnegzero, 2.5, -2.5, 3.5, -3.5, 0.49999999999999994,
            -0.5, 4503599627370497.0, 1e20, -1.1, 2.0, 1e-320 };
        for (double d : ms) {
            p("x=" + d + " sqrt " + Math.sqrt(d) + " floor " + Math.floor(d) + " ceil " + Math.ceil(d)
                + " rint " + Math.rint(d) + " round " + Math.round(d) + " roundf " + Math.round((float) d)
                + " abs " + Math.abs(d) + " signum " + Math.signum(d) + " ulp " + Math.ulp(d)
                + " nextUp " + Math.nextUp(d) + " getExponent " + Math.getExponent(d));
        }
        p("min(0.0,-0.0) = " + Math.min(dzero, dnegzero) + ", max(-0.0,0.0) = " + Math.max(dnegzero, dzero)
            + ", min(NaN,1) = " + Math.min(dnan, 1) + ", max(1,NaN) = " + Math.max(1, dnan)
            + ", minf(-0f,0f) = " + Math.min(fnegzero, fzero) + ", maxf(NaN,1f) = " + Math.max(fnan, fone));
        p("abs(-0.0) = " + Math.abs(dnegzero) + ", abs(-0f) = " + Math.abs(fnegzero) + ", abs(-inf) = " + Math.abs(-dinf));
        p("copySign(3,-0.0) = " + Math.copySign(3.0, dnegzero) + ", scalb(1,1024) = " + Math.scalb(1.0, 1024)
            + ", scalb(1,-1074) = " + Math.scalb(1.0, -1074) + ", nextAfter(1,0) = " + Math.nextAfter(1.0, 0.0)
            + ", nextDown(0f) = " + Math.nextDown(fzero));
        p("fma(2,3,4) = " + Math.fma(2.0, 3.0, 4.0) + ", fma(0.1,10,-1) = " + Math.fma(0.1, 10.0, -1.0)
            + ", fmaf = " + Math.fma(0.1f, 10f, -1f));
        p("IEEEremainder(5,3) = " + Math.IEEEremainder(5, 3) + ", (-5,3) = " + Math.IEEEremainder(-5, 3));
        p("StrictMath: sin(1) = " + StrictMath.sin(1) + ", cos(1) = " + StrictMath.cos(1) + ", tan(1) = "
            + StrictMath.tan(1) + ", exp(1) = " + StrictMath.exp(1) + ", log(10) = " + StrictMath.log(10)
            + ", pow(2,0.5) = " + StrictMath.pow(2, 0.5) + ", atan2(1,-1) = " + StrictMath.atan2(1, -1)
            + ", cbrt(27) = " + StrictMath.cbrt(27) + ", log10(1000) = " + StrictMath.log10(1000)
            + ", sinh(1) = " + StrictMath.sinh(1) + ", hypot(3,4) = " + StrictMath.hypot(3, 4)
            + ", expm1(1e-10) = " + StrictMath.expm1(1e-10) + ", log1p(1e-10) = " + StrictMath.log1p(1e-10));
        p("pow special: pow(0,-1) = " + StrictMath.pow(0, -1) + ", pow(-0.0,-1) = " + StrictMath.pow(dnegzero, -1)
            + ", pow(NaN,0) = " + StrictMath.pow(dnan, 0) + ", pow(-8,1/3.) = " + StrictMath.pow(-8, 1 / 3.0));

        // toString and parsing.
        double[] ts = { 0.1, 1.0, 100.0, 1e7, 1.0E-3, 1e-4, 12345678.9, 1e21, 1.0E22, 123456789012345680.0,
            Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, 2e-323, 0.30000000000000004, 1.0 / 3,
            -2.5e-10, 9007199254740993.0, 4.35, 100.0 / 3 };
        for (double d : ts) p("Double.toString: " + d + " bits " + Long.toHexString(Double.doubleToLongBits(d)));
        float[] tf = { 0.1f, 1.0f, 1e7f, 1e-3f, 1e-4f, 1.0E10f, Float.MIN_VALUE, Float.MAX_VALUE,
            Float.MIN_NORMAL, 1.0f / 3, 16777216f, 3.4e38f, 2.2f };
        for (float f : tf) p("Float.toString: " + f + " bits " + Integer.toHexString(Float.floatToIntBits(f)));
        String[] parse = { "1.5", "-0", "1e400", "-1e-400", "NaN", "-Infinity", "  12.5  ",
            "1.7976931348623157E308", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1d", "1f" };
        for (String s : parse) p("parseDouble(\"" + s + "\") = " + Double.parseDouble(s) + ", parseFloat = " + Float.parseFloat(s));
        try {
            Double.parseDouble("1.2.3");
        } catch (NumberFormatException e) {
            p("NumberFormatException: " + e.getMessage());
        }
        p("Double.valueOf(\"0.1\") == 0.1: " + (Double.valueOf("0.1") == 0.1));
        p("String.valueOf(float 1e-5) = " + String.valueOf(1e-5f) + ", Float.toString(-0f) = " + Float.toString(fnegzero));

        // Accumulated double math: a deterministic checksum.
        double acc = 0;
        for (int i = 1; i <= 100000; i++) {
            acc += Math.sqrt(i) / i - (double) i / (i + 1.5);
            acc *= 1.0000001;
        }
        p("checksum " + acc);
        float facc = 0;
        for (int i = 1; i <= 100000; i++) facc = facc * 0.999f + (float) i / 7f;
        p("float checksum " + facc);
    }
}
