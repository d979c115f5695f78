// Strings beyond Latin-1: compact strings switching between the one-byte and the UTF-16
// representation, surrogate pairs and code points, Character classification of
// non-ASCII characters, case mapping, comparison and hashing across representations,
// and UTF-8 output of non-ASCII text (the test runs in a UTF-8 locale).  Values are
// also printed as hex code units so a difference is visible whatever the terminal.
import java.nio.charset.StandardCharsets;
import java.util.Locale;

public class Unicode {
    static String units(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (i > 0) sb.append(' ');
            sb.append(Integer.toHexString(s.charAt(i)));
        }
        return "[" + sb + "]";
    }

    static void p(String label, String s) { System.out.println(label + ": " + s + " " + units(s)); }

    public static void main(String[] args) {
        String latin = "caf\u00e9";                    // fits in Latin-1
        String greek = "\u03b1\u03b2\u03b3";           // needs UTF-16
        String cjk = "\u4e2d\u6587";
        String emoji = "\ud83d\ude00";                  // U+1F600, a surrogate pair
        String mixed = latin + greek + cjk + emoji;
        p("latin", latin);
        p("greek", greek);
        p("cjk", cjk);
        p("emoji", emoji);
        p("mixed", mixed);
        System.out.println("lengths: " + latin.length() + " " + greek.length() + " " + cjk.length() + " "
            + emoji.length() + " " + mixed.length() + ", code points " + mixed.codePointCount(0, mixed.length()));
        System.out.println("codePointAt emoji: " + Integer.toHexString(emoji.codePointAt(0)) + ", at 1: "
            + Integer.toHexString(emoji.codePointAt(1)) + ", codePointBefore 2: " + Integer.toHexString(emoji.codePointBefore(2)));
        System.out.println("offsetByCodePoints: " + mixed.offsetByCodePoints(0, 10) + ", indexOf emoji: " + mixed.indexOf(emoji)
            + ", indexOf(0x1F600): " + mixed.indexOf(0x1F600) + ", indexOf('\u6587'): " + mixed.indexOf('\u6587'));

        // Building strings that change representation.
        StringBuilder sb = new StringBuilder("ascii only");
        p("sb before", sb.toString());
        sb.append('\u20ac');           // inflates the builder to UTF-16
        sb.append(" and back");
        p("sb after", sb.toString());
        sb.setLength(10);
        String deflated = sb.toString();
        p("sb truncated", deflated);
        System.out.println("truncated equals ascii: " + deflated.equals("ascii only") + ", hash equal: "
            + (deflated.hashCode() == "ascii only".hashCode()) + ", compareTo: " + deflated.compareTo("ascii only"));
        sb.appendCodePoint(0x1F680).appendCodePoint(0x41);
        p("appendCodePoint", sb.substring(10));
        String utf16Sub = (greek + "abc").substring(3);   // Latin-1 content taken from a UTF-16 string
        System.out.println("substring of UTF-16 with ASCII content equals \"abc\": " + utf16Sub.equals("abc")
            + ", hash " + utf16Sub.hashCode() + " vs " + "abc".hashCode());
        System.out.println("compare across representations: " + Integer.signum("abc".compareTo(greek)) + " "
            + Integer.signum(greek.compareTo("abc")) + " " + Integer.signum("\u00ff".compareTo("\u0100")));
        System.out.println("hashCodes: " + latin.hashCode() + " " + greek.hashCode() + " " + cjk.hashCode() + " "
            + emoji.hashCode() + " " + mixed.hashCode());
        System.out.println("intern of computed UTF-16: " + ((greek + cjk).intern() == ("\u03b1\u03b2\u03b3" + "\u4e2d\u6587")));

        // Case mapping (Locale.ROOT so that the default locale does not matter).
        p("upper greek", greek.toUpperCase(Locale.ROOT));
        p("upper sharp s", "stra\u00dfe".toUpperCase(Locale.ROOT));
        p("lower I-dot", "\u0130stanbul".toLowerCase(Locale.ROOT));
        p("upper final sigma word", "\u03bf\u03b4\u03bf\u03c2".toUpperCase(Locale.ROOT));
        p("upper ligature", "\ufb01x".toUpperCase(Locale.ROOT));
        p("upper deseret", "\ud801\udc28".toUpperCase(Locale.ROOT));
        System.out.println("equalsIgnoreCase: " + "\u00c9T\u00c9".equalsIgnoreCase("\u00e9t\u00e9") + " "
            + greek.equalsIgnoreCase("\u0391\u0392\u0393"));

        // Character classification.
        int[] cps = { 'A', 'z', '5', ' ', '\u00e9', '\u00df', '\u0391', '\u4e2d', '\u0660', '\u2003', 0x1F600,
            0x10400, '\u00a0', '_', '$', '\u200b' };
        for (int cp : cps) {
            System.out.println(Integer.toHexString(cp) + ": letter " + Character.isLetter(cp) + ", digit "
                + Character.isDigit(cp) + " (" + Character.digit(cp, 10) + "), upper " + Character.isUpperCase(cp)
                + ", lower " + Character.isLowerCase(cp) + ", whitespace " + Character.isWhitespace(cp)
                + ", spaceChar " + Character.isSpaceChar(cp) + ", javaIdStart " + Character.isJavaIdentifierStart(cp)
                + ", type " + Character.getType(cp) + ", toUpper " + Integer.toHexString(Character.toUpperCase(cp))
                + ", supplementary " + Character.isSupplementaryCodePoint(cp) + ", charCount " + Character.charCount(cp));
        }
        char[] pair = Character.toChars(0x1F600);
        System.out.println("toChars: " + Integer.toHexString(pair[0]) + " " + Integer.toHexString(pair[1])
            + ", isHighSurrogate " + Character.isHighSurrogate(pair[0]) + ", toCodePoint "
            + Integer.toHexString(Character.toCodePoint(pair[0], pair[1])));

        // Encoding and decoding.
        byte[] utf8 = mixed.getBytes(StandardCharsets.UTF_8);
        byte[] utf16 = mixed.getBytes(StandardCharsets.UTF_16BE);
        byte[] latin1 = mixed.getBytes(StandardCharsets.ISO_8859_1);   // unmappable -> '?'
        System.out.println("UTF-8 length " + utf8.length + ", UTF-16BE length " + utf16.length + ", Latin-1: "
            + new String(latin1, StandardCharsets.ISO_8859_1));
        String back = new String(utf8, StandardCharsets.UTF_8);
        System.out.println("round trip equal: " + back.equals(mixed));
        byte[] broken = { (byte) 0x61, (byte) 0xc3, (byte) 0x28, (byte) 0xed, (byte) 0xa0, (byte) 0x80, (byte) 0x62 };
        p("malformed UTF-8 decoded", new String(broken, StandardCharsets.UTF_8));
        String lone = "a\ud800b";
        System.out.println("lone surrogate to UTF-8: " + java.util.Arrays.toString(lone.getBytes(StandardCharsets.UTF_8)));

        // Printing non-ASCII text: the bytes that reach stdout are UTF-8 in this locale.
        System.out.println("printed: " + mixed + " \u00bfQu\u00e9 tal? \u041f\u0440\u0438\u0432\u0435\u0442");
        char[] chars = mixed.toCharArray();
        java.util.Arrays.sort(chars);
        p("sorted chars", new String(chars));
        StringBuilder rev = new StringBuilder(mixed).reverse();
        p("reversed (pairs kept)", rev.toString());
        System.out.println("String.valueOf(char) U+FFFF: " + units(String.valueOf('\uffff')) + ", char max "
            + (int) Character.MAX_VALUE + ", (char) 0x1F600 = " + Integer.toHexString((char) 0x1F600));
    }
}
