// Features that compile to invokedynamic, kept for when the VM has it: lambdas
// (capturing and not, of every functional shape), method references of every kind
// (static, bound, unbound, constructor, array constructor), string concatenation through
// StringConcatFactory (with every type, null, and many arguments), records (with their
// generated toString/equals/hashCode), streams, and lambdas that throw.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

public class Indy {
    record Point(int x, int y) {
        Point {
            if (x < 0) throw new IllegalArgumentException("negative x");
        }
        int sum() { return x + y; }
    }

    record Named(String name, double weight, long[] data) { }

    interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }

    static int twice(int x) { return 2 * x; }
    int base = 100;
    int addBase(int x) { return base + x; }

    public static void main(String[] args) {
        // String concatenation via invokedynamic.
        boolean z = true;
        char c = 'c';
        byte b = -1;
        short s = 300;
        int i = -5;
        long l = 1L << 40;
        float f = 1.5f;
        double d = -0.0;
        Object o = null;
        String str = "str";
        int[] arr = null;
        System.out.println("concat: " + z + c + b + s + i + l + f + d + o + str + arr + '|' + (i + l) + "|" + 1 + 2);
        StringBuilder many = new StringBuilder();
        String big = "";
        for (int k = 0; k < 3; k++) {
            big = big + k + "," + (k * 1.5) + "," + (char) ('a' + k) + "," + (k % 2 == 0) + ";";
        }
        System.out.println("loop concat: " + big + many);

        // Lambdas.
        Runnable r = () -> System.out.println("runnable lambda");
        r.run();
        int captured = 7;
        IntBinaryOperator op = (a, bb) -> a * bb + captured;
        Function<String, Integer> len = String::length;
        Supplier<List<String>> sup = ArrayList::new;
        Function<Integer, int[]> mkArr = int[]::new;
        BiFunction<String, String, Boolean> eq = String::equals;
        Indy self = new Indy();
        Function<Integer, Integer> bound = self::addBase;
        Function<Integer, Integer> stat = Indy::twice;
        TriFunction<Integer, Integer, Integer, Integer> tri = (a, bb, cc) -> a + bb + cc;
        List<String> made = sup.get();
        made.add("x");
        System.out.println("lambdas: " + op.applyAsInt(3, 4) + " " + len.apply("four") + " " + made + " " + mkArr.apply(3).length
            + " " + eq.apply("a", "a") + " " + bound.apply(5) + " " + stat.apply(21) + " " + tri.apply(1, 2, 3)
            + " " + len.andThen(stat).apply("abc"));
        Supplier<String> thrower = () -> { throw new IllegalStateException("from lambda"); };
        try {
            thrower.get();
        } catch (IllegalStateException e) {
            System.out.println("lambda threw: " + e.getMessage());
        }

        // Records.
        Point p = new Point(1, 2), q = new Point(1, 2);
        System.out.println("record: " + p + " equals " + p.equals(q) + " hash equal " + (p.hashCode() == q.hashCode()) + " sum "
            + p.sum() + " x " + p.x());
        try {
            new Point(-1, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("compact constructor: " + e.getMessage());
        }
        Named n = new Named("n", 2.5, null);
        System.out.println("record toString: " + n + ", equals itself " + n.equals(new Named("n", 2.5, null)));

        // Streams.
        System.out.println("stream: " + IntStream.rangeClosed(1, 10).filter(k -> k % 2 == 1).map(k -> k * k).sum() + " "
            + Arrays.asList("b", "a", "c").stream().sorted().collect(Collectors.joining(",", "[", "]")) + " "
            + Arrays.stream(new int[] { 3, 1, 2 }).boxed().map(Object::toString).collect(Collectors.toList()));

        // Switch on strings with arrows and a string switch expression, pattern instanceof.
        String key = "two";
        int val = switch (key) {
            case "one" -> 1;
            case "two" -> 2;
            default -> 0;
        };
        Object obj = p;
        String desc = obj instanceof Point pt && pt.x() == 1 ? "point with x 1: " + pt : "other";
        System.out.println("switch " + val + ", " + desc);
    }
}
