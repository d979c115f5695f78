// javac: plain
// String concatenation through StringConcatFactory: every primitive type, char, null,
// boxed values, an object whose toString returns null or throws (the trace shows no
// concat frames), non-ASCII text, more than 200 argument slots, loops, and constants
// holding the recipe's tag characters \1 and \2.
public class StringConcat {
    static class Bad { public String toString() { throw new IllegalStateException("bad toString"); } }
    static class NullStr { public String toString() { return null; } }
    public static void main(String[] args) {
        boolean z = false; char c = '\u00e9'; byte b = Byte.MIN_VALUE; short s = Short.MAX_VALUE; int i = Integer.MIN_VALUE;
        long l = Long.MAX_VALUE; float f = Float.NaN; double d = Double.NEGATIVE_INFINITY; Object o = null; String str = null;
        char[] ca = null; Integer boxed = 5; Character bc = 'x';
        System.out.println(z + "|" + c + "|" + b + "|" + s + "|" + i + "|" + l + "|" + f + "|" + d + "|" + o + "|" + str + "|" + ca + "|" + boxed + "|" + bc);
        System.out.println("" + c);
        System.out.println(c + "");
        System.out.println(1.0f + "" + 1e-10 + 1e21 + 0.1f + (float)1e10);
        System.out.println("nullstr " + new NullStr());
        String u = "\u4e2d\u6587" + c + "\ud83d\ude00";
        System.out.println(u + u.length());
        try {
            System.out.println("x" + new Bad());
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
            StackTraceElement[] st = e.getStackTrace();
            for (StackTraceElement el : st) System.out.println("  at " + el);
        }
        // many args (> 200 slots splits)
        long a0=0,a1=1,a2=2,a3=3,a4=4,a5=5,a6=6,a7=7,a8=8,a9=9;
        String big = "" + a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9
            +a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9
            +a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9
            +a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9
            +a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9+a0+a1+a2+a3+a4+a5+a6+a7+a8+a9;
        System.out.println(big.length() + " " + big.hashCode());
        String t = "a";
        for (int k = 0; k < 5; k++) t = t + k + t.length();
        System.out.println(t);
        // constants with \1 and \2 recipe chars
        String w = "x\u0001y\u0002z" + i + "\u0001";
        System.out.println(w.length() + " " + (int) w.charAt(1) + " " + (int) w.charAt(3));
    }
}
