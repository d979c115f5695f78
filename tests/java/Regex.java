// java.util.regex: character classes, quantifiers (greedy, reluctant, possessive), groups
// (numbered, named, non-capturing, back references), anchors and boundaries, lookahead
// and lookbehind, flags (inline and compiled: CASE_INSENSITIVE, MULTILINE, DOTALL,
// COMMENTS, UNICODE_CASE), Unicode categories and scripts, find/matches/lookingAt with
// regions, replaceAll with group references and a function, split with limits, quoting,
// Scanner with delimiters, and the PatternSyntaxException messages.
import java.util.Arrays;
import java.util.Scanner;
import java.util.regex.Matcher;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

public class Regex {
    static void all(String regex, String input) {
        Matcher m = Pattern.compile(regex).matcher(input);
        StringBuilder sb = new StringBuilder(regex).append(" on '").append(input).append("':");
        while (m.find()) {
            sb.append(" [").append(m.start()).append(',').append(m.end()).append(")'").append(m.group()).append('\'');
            for (int g = 1; g <= m.groupCount(); g++) sb.append(" g").append(g).append('=').append(m.group(g));
        }
        System.out.println(sb);
    }

    public static void main(String[] args) {
        all("\\d+", "a1b22c333");
        all("[a-c&&[^b]]+", "abcabcaacc");
        all("a.*b", "a1b2b3");
        all("a.*?b", "a1b2b3");
        all("a.*+b", "a1b2b3");
        all("(\\w)(\\d)?", "x1y");
        all("(?<word>\\w+)@(?<host>\\w+)\\.com", "mail ann@example.com, bob@test.com");
        all("(\\w)\\1", "aabbcdd");
        all("\\bcat\\b", "cat concat cat's bobcat");
        all("(?<=\\$)\\d+(?!\\d*%)", "$100 $200% 300");
        all("(?i)straße", "STRASSE Straße straße");
        all("(?iu)ПРИВЕТ", "привет Привет");
        all("^\\w+$", "one\ntwo");
        all("(?m)^\\w+$", "one\ntwo");
        all("(?s)a.b", "a\nb");
        all("\\p{Lu}\\p{Ll}+", "Hello World ÉCOLE École");
        all("\\p{IsGreek}+", "alpha αβγ beta δ");
        all("\\p{InCJKUnifiedIdeographs}+", "中文 and 日本語");
        all("(?x) \\d{3} - \\d{4}  # phone", "call 555-1234 now");
        all("[\\x{1F600}-\\x{1F64F}]", "smile \uD83D\uDE00 and \uD83D\uDE4F");
        all("(a|ab)(c|bcd)(d*)", "abcd");
        all("x{2,3}", "xxxxxxx");
        Pattern p = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
        System.out.println(p.matcher("on 2021-03-04 and 1999-12-31").replaceAll("$3.$2.$1"));
        System.out.println(p.matcher("on 2021-03-04 and 1999-12-31")
                            .replaceAll(r -> String.valueOf(Integer.parseInt(r.group(1)) + 1)));
        System.out.println(Pattern.compile("(?<y>\\d{4})").matcher("1999").replaceFirst("${y}!") + " "
                           + "a.b.c".replaceAll(Pattern.quote("."), Matcher.quoteReplacement("$")) + " "
                           + "tab\there".replaceAll("\\s", "_"));
        Matcher m = Pattern.compile("\\d+").matcher("abc123def");
        m.region(3, 6);
        System.out.println(m.matches() + " " + m.lookingAt() + " " + m.hitEnd() + " " + Pattern.matches("[a-z]+\\d+", "abc123"));
        System.out.println(Pattern.compile("\\w+").matcher("one two three").results().map(MatchResult::group)
                           .collect(Collectors.joining("|")));
        System.out.println(Arrays.toString("a,b,,c,,".split(",")) + Arrays.toString("a,b,,c,,".split(",", -1))
                           + Arrays.toString("a,b,,c,,".split(",", 2)) + Arrays.toString("boo:and:foo".split("o"))
                           + Arrays.toString(Pattern.compile("\\s*;\\s*").split("x ; y;z  ;")) + Arrays.toString("".split(",")));
        System.out.println(Pattern.compile(",").splitAsStream("p,q,r").collect(Collectors.toList()) + " "
                           + Pattern.compile("^a").asPredicate().test("abc") + " " + Pattern.compile("b").asMatchPredicate().test("abc"));
        Scanner sc = new Scanner("10, 20 ,30;x,  4.5").useDelimiter("\\s*[,;]\\s*");
        StringBuilder sb = new StringBuilder();
        while (sc.hasNext()) {
            if (sc.hasNextInt()) sb.append("int ").append(sc.nextInt());
            else if (sc.hasNextDouble()) sb.append("double ").append(sc.nextDouble());
            else sb.append("word ").append(sc.next());
            sb.append("; ");
        }
        System.out.println(sb);
        String[] broken = { "(unclosed", "[a-", "a{2,1}", "*start", "(?<n>x)(?<n>y)", "\\k<none>", "x++++", "\\p{NoSuch}", "(?<=a+)b" };
        for (String r : broken) {
            try {
                Pattern.compile(r);
                System.out.println(r + " compiled");
            } catch (PatternSyntaxException e) {
                System.out.println(e.getMessage());
                System.out.println("  description=" + e.getDescription() + " index=" + e.getIndex());
            }
        }
        try {
            Pattern.compile("a").matcher("b").group();
        } catch (IllegalStateException e) {
            System.out.println(e);
        }
        try {
            "x".replaceAll("x", "$2");
        } catch (IndexOutOfBoundsException e) {
            System.out.println(e);
        }
    }
}
