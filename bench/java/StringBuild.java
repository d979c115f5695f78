// StringBuild: strings. StringBuilder appends of ints, chars and strings, toString, then
// String operations on the result: charAt scans, indexOf, hashCode, equals, substring,
// compareTo. No '+' on non-constant strings: javac would emit invokedynamic for that.
public final class StringBuild {
    static final String[] WORDS = {
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
        "india", "juliett", "kilo", "lima", "mike", "november", "oscar", "papa"
    };

    static long round(int r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            sb.append(WORDS[(i * 7 + r) & 15]).append(' ').append(i * r - 1000).append(';');
            if ((i & 7) == 0) {
                sb.append('\n');
            }
        }
        String s = sb.toString();
        long h = s.hashCode();
        // Count digits and separators with charAt.
        int digits = 0;
        int seps = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == ';' || c == '\n') {
                seps++;
            }
        }
        // Find every occurrence of a word with indexOf.
        String word = WORDS[r & 15];
        int found = 0;
        int at = s.indexOf(word);
        while (at >= 0) {
            found++;
            at = s.indexOf(word, at + 1);
        }
        // Split into fields by hand, compare and hash them.
        int start = 0;
        int equal = 0;
        int order = 0;
        String prev = "";
        int semi = s.indexOf(';');
        while (semi >= 0) {
            String field = s.substring(start, semi);
            if (field.equals(prev)) {
                equal++;
            }
            order += Integer.signum(field.compareTo(prev));
            h = h * 31 + field.hashCode();
            prev = field;
            start = semi + 1;
            semi = s.indexOf(';', start);
        }
        // Reverse it into a second builder and back.
        StringBuilder rev = new StringBuilder(s.length());
        for (int i = s.length() - 1; i >= 0; i--) {
            rev.append(s.charAt(i));
        }
        String back = rev.reverse().toString();
        if (!back.equals(s)) {
            throw new AssertionError("reverse");
        }
        return h + digits * 7L + seps * 11L + found * 13L + equal * 17L + order * 19L + s.length();
    }

    public static void main(String[] args) {
        int reps = reps(args, 250);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 31 + round(r);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("StringBuild ").append(sum);
        System.out.println(sb.toString());
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
