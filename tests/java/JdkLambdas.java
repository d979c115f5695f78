// JDK methods that are themselves written with lambdas, called from code that has no
// invokedynamic of its own: regular expressions, String.format/Formatter, hexadecimal
// floating point, streams over a String, String.lines/indent, Comparator factories,
// the index-out-of-range messages built with String.format, and the final-sigma rule of
// toLowerCase.  Passes only once the VM runs the JDK's lambdas.
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class JdkLambdas {
    public static void main(String[] args) {
        System.out.println("split: " + java.util.Arrays.toString("one  two\tthree".split("\\s+")));
        System.out.println("replaceAll: " + "a.b.c".replaceAll("\\.", "/") + " " + "aaa".replaceFirst("a+?", "b"));
        System.out.println("matches: " + "2024-01-15".matches("\\d{4}-\\d{2}-\\d{2}") + " " + "abc".matches("[a-c]+x"));
        Matcher m = Pattern.compile("(\\w+)@(\\w+)\\.com").matcher("mail ann@example.com and bob@test.com now");
        StringBuilder sb = new StringBuilder();
        while (m.find()) sb.append(m.group(1)).append(" at ").append(m.group(2)).append("; ");
        System.out.println("groups: " + sb);
        System.out.println("format: " + String.format(Locale.ROOT, "%5d|%-6s|%08.3f|%x|%c|%b|%,d|%e", 42, "ab", 3.14159, 255,
            'z', true, 1234567, 12345.678));
        System.out.println("hex floats: " + Double.toHexString(1.5) + " " + Double.toHexString(Double.MIN_VALUE) + " "
            + Float.toHexString(0.1f) + " " + Double.parseDouble("0x1.8p1") + " " + Double.parseDouble("-0x.1p4"));
        System.out.println("chars().count: " + "hello".chars().count() + ", codePoints sum " + "abc".codePoints().sum());
        System.out.println("lines: " + "a\nb\r\nc".lines().count() + ", indent: " + "x\ny".indent(2).replace('\n', '/'));
        List<String> words = new ArrayList<String>(java.util.Arrays.asList("pear", "fig", "banana", "kiwi"));
        words.sort(Comparator.comparing(new java.util.function.Function<String, Integer>() {
            public Integer apply(String w) { return w.length(); }
        }).thenComparing(Comparator.<String>reverseOrder()));
        System.out.println("Comparator.comparing: " + words);
        try {
            new ArrayList<Integer>().get(3);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("ArrayList.get(3): " + e.getMessage());
        }
        try {
            java.util.Objects.checkIndex(-1, 10);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("checkIndex: " + e.getMessage());
        }
        System.out.println("final sigma: " + "\u039f\u0394\u039f\u03a3".toLowerCase(Locale.ROOT).codePointAt(3));
    }
}
