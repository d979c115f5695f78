// Strings: StringBuilder operations and capacity growth, substring/indexOf/lastIndexOf,
// compareTo/equals/equalsIgnoreCase/hashCode, String.valueOf of every primitive,
// concatenation of every type (javac's inline StringBuilder form), intern() identity
// for literals, constants and computed strings, join/repeat/strip/split/replace, case
// conversion (Locale.ROOT), toCharArray, getBytes, radix conversions.  (Regular
// expressions and streams live in Regex.java: the JDK implements them with lambdas.)
import java.util.Locale;

public class Strings {
    static final String CONST_A = "hel";
    static final String CONST_B = "lo";

    static void p(String s) { System.out.println(s); }

    public static void main(String[] args) {
        // StringBuilder.
        StringBuilder sb = new StringBuilder();
        p("capacity " + sb.capacity() + " length " + sb.length());
        for (int i = 0; i < 20; i++) {
            sb.append(i % 10);
            if (i == 15 || i == 16 || i == 19) p("after " + (i + 1) + " appends: capacity " + sb.capacity());
        }
        sb.ensureCapacity(100);
        p("ensureCapacity(100): " + sb.capacity());
        StringBuilder sized = new StringBuilder(3);
        sized.append("abcdefgh");
        p("sized capacity " + sized.capacity());
        sb.setLength(5);
        sb.append(true).append('c').append(1.5f).append(2.25).append(42L).append((Object) null).append((String) null)
            .append(new char[] { 'x', 'y' }).append(-7).append((short) 3);
        p("appended: " + sb);
        sb.insert(0, "start-").insert(3, 99).insert(sb.length(), '!');
        p("inserted: " + sb);
        sb.delete(0, 6).deleteCharAt(0).replace(0, 3, "REPL");
        p("deleted/replaced: " + sb);
        p("reverse: " + new StringBuilder("stressed").reverse() + ", surrogate reverse: "
            + hex(new StringBuilder("a\ud83d\ude00b").reverse().toString()));
        sb.setCharAt(0, 'r');
        p("setCharAt: " + sb + ", charAt(2) " + sb.charAt(2) + ", indexOf(\"null\") " + sb.indexOf("null")
            + ", lastIndexOf(\"l\") " + sb.lastIndexOf("l"));
        StringBuffer sbuf = new StringBuffer("sync");
        sbuf.append(1).append('x').insert(0, 0.5);
        p("StringBuffer: " + sbuf + " " + sbuf.length());
        sb.trimToSize();

        // Substrings and searching.
        String s = "Hello, World! Hello!";
        p("substring(7) " + s.substring(7) + ", substring(0,5) " + s.substring(0, 5) + ", substring(5,5) '"
            + s.substring(5, 5) + "'");
        p("indexOf " + s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf("Hello", 1) + " " + s.indexOf("xyz")
            + " " + s.indexOf("") + "; lastIndexOf " + s.lastIndexOf('l') + " " + s.lastIndexOf("Hello") + " "
            + s.lastIndexOf('H', 5));
        p("contains " + s.contains("World") + ", startsWith " + s.startsWith("Hell") + " " + s.startsWith("World", 7)
            + ", endsWith " + s.endsWith("!") + ", isEmpty " + "".isEmpty() + ", isBlank " + "  \t".isBlank());
        try {
            p(s.substring(5, 3));
        } catch (StringIndexOutOfBoundsException e) {
            p("substring(5,3): " + e.getMessage());
        }
        try {
            p("" + s.charAt(100));
        } catch (StringIndexOutOfBoundsException e) {
            p("charAt(100): " + e.getMessage());
        }
        try {
            p(s.substring(-1));
        } catch (StringIndexOutOfBoundsException e) {
            p("substring(-1): " + e.getMessage());
        }

        // Comparison and hashing.
        String[] words = { "apple", "Apple", "apples", "banana", "", "a", "\u00e9clair", "Zebra" };
        for (String a : words) {
            StringBuilder row = new StringBuilder(a + ":");
            for (String b : words) row.append(' ').append(Integer.signum(a.compareTo(b)));
            row.append(" | ignoreCase ").append(a.compareToIgnoreCase("APPLE")).append(" hash ").append(a.hashCode());
            p(row.toString());
        }
        p("equals " + "abc".equals("abc") + " " + "abc".equals("ABC") + " " + "abc".equalsIgnoreCase("ABC") + " "
            + "abc".equals(null) + " " + "abc".contentEquals(new StringBuilder("abc")));
        p("long string hash " + "The quick brown fox jumps over the lazy dog".repeat(100).hashCode());

        // valueOf / concatenation of every type.
        boolean z = true;
        char c = 'c';
        byte b = -1;
        short sh = 300;
        int i = -2147483648;
        long l = 9223372036854775807L;
        float f = 1.0e10f;
        double d = -0.0;
        Object o = null;
        char[] chars = { 'a', 'b' };
        p(String.valueOf(z) + String.valueOf(c) + String.valueOf(b) + String.valueOf(sh) + String.valueOf(i)
            + String.valueOf(l) + String.valueOf(f) + String.valueOf(d) + String.valueOf(o) + String.valueOf(chars));
        p("concat: " + z + c + b + sh + i + l + f + d + o + 1 + 2 + (1 + 2) + 'x' + (char) ('x' + 1) + ('x' + 1));
        String cc = null;
        cc += "appended to null";
        p(cc);
        String acc = "";
        for (int k = 0; k < 10; k++) acc += k;
        p("loop concat: " + acc);

        // intern: identity of literals, compile-time constants and computed strings.
        String lit = "hello";
        String folded = CONST_A + CONST_B;                 // a constant expression: the same literal
        String computed = new StringBuilder("hel").append("lo").toString();
        String local = CONST_A;
        String computed2 = local + CONST_B.substring(0);
        p("literal == folded: " + (lit == folded) + ", literal == computed: " + (lit == computed)
            + ", literal == computed.intern(): " + (lit == computed.intern()) + ", computed2 == lit: " + (computed2 == lit)
            + ", computed2.intern() == lit: " + (computed2.intern() == lit));
        String fresh = new String("unique-" + 12345);
        String interned = fresh.intern();
        p("fresh.intern() == fresh: " + (interned == fresh) + ", again: " + (("unique-" + 12345).intern() == interned)
            + ", literal: " + (interned == "unique-12345"));
        p("new String(lit) == lit: " + (new String(lit) == lit) + ", equals: " + new String(lit).equals(lit));

        // Utility methods.
        p("join: " + String.join("|", "a", "b", "c") + " " + String.join(", ", java.util.Arrays.asList("x", "y")));
        p("repeat: " + "ab".repeat(3) + "'" + "x".repeat(0) + "'");
        p("strip: '" + "  pad  ".strip() + "' '" + "  pad  ".stripLeading() + "' '" + "  pad  ".stripTrailing()
            + "' trim: '" + "\t trim \n".trim() + "'");
        String[] parts = "a,b,,c,,".split(",");
        p("split: " + parts.length + " " + java.util.Arrays.toString(parts) + " limit: "
            + java.util.Arrays.toString("a,b,,c,,".split(",", -1)) + " space: "
            + java.util.Arrays.toString("one two  three".split(" ")));
        p("replace: " + "banana".replace('a', 'o') + " " + "banana".replace("an", "AN") + " "
            + "a.b.c".replace(".", "/") + " " + "aaa".replace("aa", "b"));
        p("case: " + "MiXeD 123".toUpperCase(Locale.ROOT) + " " + "MiXeD 123".toLowerCase(Locale.ROOT) + " "
            + "stra\u00dfe".toUpperCase(Locale.ROOT) + " " + "\u0130".toLowerCase(Locale.ROOT).length());
        char[] arr = "chars".toCharArray();
        arr[0] = 'C';
        p("toCharArray: " + new String(arr) + " " + new String(arr, 1, 3) + " copyValueOf " + String.copyValueOf(arr));
        int sumChars = 0;
        for (int k = 0; k < s.length(); k++) sumChars += s.charAt(k);
        p("char sum " + sumChars + ", codePointAt " + s.codePointAt(0) + ", codePointCount "
            + s.codePointCount(0, s.length()));
        byte[] ascii = "ASCII".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] utf8 = "\u00e9\u4e2d".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] latin = "\u00e9".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        p("getBytes: " + java.util.Arrays.toString(ascii) + " " + java.util.Arrays.toString(utf8) + " "
            + java.util.Arrays.toString(latin));
        p("from bytes: " + hex(new String(utf8, java.nio.charset.StandardCharsets.UTF_8)) + " "
            + new String(new byte[] { 72, 105 }, java.nio.charset.StandardCharsets.US_ASCII));
        p("compareTo with prefix: " + "abc".compareTo("abcd") + " " + "abcd".compareTo("abc") + " " + "b".compareTo("a"));
        p("regionMatches: " + "Hello".regionMatches(true, 1, "XELLX", 1, 3) + ", concat(): " + "a".concat("b"));
        p("Integer.toString radix: " + Integer.toString(255, 16) + " " + Integer.toString(-255, 2) + " "
            + Long.toString(Long.MIN_VALUE, 36) + " " + Integer.toOctalString(8) + " " + Integer.toBinaryString(-1).length());
        p("text block: " + """
            line one
              line two\tTab
            end""".replace('\n', '|'));
    }

    static String hex(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) sb.append(Integer.toHexString(s.charAt(i))).append(' ');
        return sb.toString().trim();
    }
}
