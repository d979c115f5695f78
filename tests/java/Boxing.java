// Wrapper classes and autoboxing: the Integer/Short/Byte/Character/Long/Boolean caches
// (identity for -128..127, distinct objects outside), unboxing null, equals vs == across
// types, arithmetic on boxed values, compare/compareTo/hashCode, parsing with every kind
// of error (NumberFormatException messages), radix conversion, MIN/MAX constants, and the
// Character utility methods.
public class Boxing {
    static void p(String s) { System.out.println(s); }

    static String parse(String s, int radix) {
        try {
            return "parseInt(\"" + s + "\", " + radix + ") = " + Integer.parseInt(s, radix);
        } catch (NumberFormatException e) {
            return "parseInt(\"" + s + "\", " + radix + ") -> NumberFormatException: " + e.getMessage();
        }
    }

    static String parseLong(String s) {
        try {
            return "parseLong(\"" + s + "\") = " + Long.parseLong(s);
        } catch (NumberFormatException e) {
            return "parseLong(\"" + s + "\") -> NumberFormatException: " + e.getMessage();
        }
    }

    @SuppressWarnings("removal")
    public static void main(String[] args) {
        // Caches.
        int[] values = { -129, -128, -1, 0, 1, 100, 127, 128, 1000 };
        for (int v : values) {
            Integer a = v, b = v;
            Long la = (long) v, lb = (long) v;
            Short sa = (short) v, sb = (short) v;
            p(v + ": Integer same " + (a == b) + ", valueOf same " + (Integer.valueOf(v) == Integer.valueOf(v))
                + ", Long same " + (la == lb) + ", Short same " + (sa == sb) + ", equals " + a.equals(b));
        }
        Byte b1 = (byte) -128, b2 = (byte) -128;
        Character c1 = 'A', c2 = 'A', c3 = '\u0100', c4 = '\u0100';
        Boolean t1 = true, t2 = Boolean.valueOf("TRUE");
        p("Byte same " + (b1 == b2) + ", Character 'A' same " + (c1 == c2) + ", Character 0x100 same " + (c3 == c4)
            + ", Boolean same " + (t1 == t2) + " " + (t1 == Boolean.TRUE));
        Integer fresh1 = new Integer(5), fresh2 = new Integer(5);
        p("new Integer(5) == new Integer(5): " + (fresh1 == fresh2) + ", equals " + fresh1.equals(fresh2)
            + ", == valueOf(5): " + (fresh1 == Integer.valueOf(5)));

        // Unboxing null.
        Integer nothing = null;
        try {
            int x = nothing;
            p("no exception " + x);
        } catch (NullPointerException e) {
            p("unboxing null: NullPointerException");
        }
        Object o = 42;
        p("Object 42 is " + o.getClass().getName() + ", 42L is " + ((Object) 42L).getClass().getName() + ", 'c' is "
            + ((Object) 'c').getClass().getName() + ", 1.5f is " + ((Object) 1.5f).getClass().getName());

        // equals across types.
        Integer i42 = 42;
        Long l42 = 42L;
        p("Integer(42).equals(Long(42)) " + i42.equals(l42) + ", == after unboxing " + (i42.intValue() == l42)
            + ", Long.equals(42) " + l42.equals(42) + ", Short vs Integer " + Short.valueOf((short) 42).equals(42));
        Double dnan = Double.NaN;
        p("Double NaN equals itself " + dnan.equals(Double.NaN) + ", == " + (dnan.doubleValue() == Double.NaN)
            + ", 0.0 equals -0.0 " + Double.valueOf(0.0).equals(-0.0));

        // Arithmetic with boxes.
        Integer counter = 0;
        for (int k = 0; k < 1000; k++) counter++;
        Long lsum = 0L;
        for (Integer k = 0; k < 100; k++) lsum += k;
        Character ch = 'a';
        ch++;
        Double dsum = 0.0;
        dsum += 0.5f;
        p("counter " + counter + ", lsum " + lsum + ", ch " + ch + ", dsum " + dsum);
        Integer big1 = 1000, big2 = 1000;
        p("1000 < 1000: " + (big1 < big2) + ", <= " + (big1 <= big2) + ", == " + (big1 == big2) + ", intValue == "
            + (big1.intValue() == big2));
        boolean cond = true;
        Object mixed = cond ? 1 : "s";
        Number num = cond ? Integer.valueOf(1) : Double.valueOf(2.0);   // binary numeric promotion: Double!
        p("conditional boxing: " + mixed.getClass().getSimpleName() + ", numeric promotion: " + num + " "
            + num.getClass().getSimpleName());

        // compare, hashCode, toString, constants.
        p("compare: " + Integer.compare(3, 5) + " " + Long.compare(5, 3) + " " + Character.compare('b', 'a') + " "
            + Boolean.compare(true, false) + " " + Integer.valueOf(7).compareTo(7) + " " + Double.compare(0.0, -0.0));
        p("hashCode: " + Integer.hashCode(-7) + " " + Long.hashCode(-7L) + " " + Long.hashCode(1L << 40) + " "
            + Boolean.hashCode(true) + " " + Boolean.hashCode(false) + " " + Character.hashCode('x') + " "
            + Byte.hashCode((byte) -1) + " " + Short.hashCode((short) -1));
        p("MIN/MAX: " + Byte.MIN_VALUE + " " + Short.MAX_VALUE + " " + Integer.MIN_VALUE + " " + Long.MAX_VALUE + " "
            + (int) Character.MIN_VALUE + " " + Float.MIN_VALUE + " " + Double.MAX_VALUE + " " + Integer.SIZE + " "
            + Long.BYTES);
        p("sum/max/min: " + Integer.sum(3, 4) + " " + Integer.max(-1, -2) + " " + Long.min(3, -3) + " "
            + Double.sum(0.1, 0.2) + " " + Float.max(-0f, 0f));

        // Parsing.
        String[] ints = { "0", "-0", "+5", "2147483647", "-2147483648", "2147483648", "", "-", "+", "12a", " 1",
            "1_000", "0x10", "\u0661\u0662" };
        for (String s : ints) p(parse(s, 10));
        p(parse("ff", 16));
        p(parse("-FF", 16));
        p(parse("z", 36));
        p(parse("11", 2));
        p(parse("12", 2));
        p(parse("1", 37));
        p(parse("1", 1));
        try {
            Integer.parseInt(null);
        } catch (NumberFormatException e) {
            p("parseInt(null) -> " + e.getMessage());
        }
        String[] longs = { "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1L", "" };
        for (String s : longs) p(parseLong(s));
        p("valueOf: " + Integer.valueOf("123") + " " + Long.valueOf("-5") + " " + Short.parseShort("-32768") + " "
            + Byte.parseByte("7f", 16) + " " + Boolean.parseBoolean("yes") + " " + Boolean.parseBoolean("TrUe"));
        try {
            Byte.parseByte("128");
        } catch (NumberFormatException e) {
            p("parseByte(128): " + e.getMessage());
        }
        try {
            Short.parseShort("40000");
        } catch (NumberFormatException e) {
            p("parseShort(40000): " + e.getMessage());
        }
        p("decode: " + Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " "
            + Long.decode("0X7fffffffffffffff"));
        p("parseUnsignedInt: " + Integer.parseUnsignedInt("4294967295") + " " + Long.parseUnsignedLong("18446744073709551615"));

        // toString in radixes.
        p("toHexString: " + Integer.toHexString(-1) + " " + Integer.toHexString(255) + " " + Long.toHexString(-1L) + " "
            + Long.toHexString(0xdeadbeefL) + " " + Long.toHexString(Long.MIN_VALUE));
        p("toOctal/Binary: " + Integer.toOctalString(-1) + " " + Long.toBinaryString(5) + " " + Long.toOctalString(-8)
            + " " + Integer.toString(Integer.MIN_VALUE, 7) + " " + Integer.toUnsignedString(-16, 16));

        // Character.
        char[] cs = { 'a', 'Z', '0', '9', ' ', '\t', '\n', '_', '$', '@', '\u00e9', '\u00c0' };
        StringBuilder sb = new StringBuilder();
        for (char c : cs) {
            sb.append(Character.isLetter(c) ? 'L' : '-').append(Character.isDigit(c) ? 'D' : '-')
                .append(Character.isLetterOrDigit(c) ? 'A' : '-').append(Character.isWhitespace(c) ? 'W' : '-')
                .append(Character.isUpperCase(c) ? 'U' : '-').append(Character.isLowerCase(c) ? 'l' : '-')
                .append(Character.isJavaIdentifierPart(c) ? 'J' : '-').append(' ');
        }
        p("Character classes: " + sb);
        p("Character conversions: " + Character.toUpperCase('q') + Character.toLowerCase('Q') + Character.toUpperCase('1')
            + " digit('f',16)=" + Character.digit('f', 16) + " digit('g',16)=" + Character.digit('g', 16)
            + " forDigit(11,16)=" + Character.forDigit(11, 16) + " getNumericValue('7')=" + Character.getNumericValue('7')
            + " getNumericValue('x')=" + Character.getNumericValue('x') + " reverseBytes="
            + Integer.toHexString(Character.reverseBytes('\u1234')) + " isSurrogate=" + Character.isSurrogate('\ud800'));
        p("Character.toString: " + Character.toString('x') + Character.toString(0x41) + ", valueOf cache "
            + (Character.valueOf('z') == Character.valueOf('z')));
    }
}
