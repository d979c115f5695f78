// Lambdas: code written with lambdas and method references. Non-capturing and capturing
// lambdas created in loops (invokedynamic linked once per call site, then a new or cached
// instance per evaluation), calls through java.util.function interfaces (megamorphic
// interface calls into hidden lambda classes), method references of every kind,
// Comparator combinators sorting a list, Optional chains, and Map.computeIfAbsent/merge.
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

public final class Lambdas {
    record Item(String name, int weight, int price) { }

    static int apply(IntUnaryOperator f, int x) { return f.applyAsInt(x); }
    static int combine(IntBinaryOperator op, int a, int b) { return op.applyAsInt(a, b); }
    static int twice(int x) { return x * 2; }
    int offset = 7;
    int shift(int x) { return x + offset; }

    static long round(int r) {
        long h = r;
        Lambdas self = new Lambdas();
        IntUnaryOperator[] ops = { x -> x + 1, x -> x ^ 0x5a5a, Lambdas::twice, self::shift, x -> x >>> 1 };
        for (int i = 0; i < 40000; i++) {
            final int k = i;
            h += apply(ops[i % ops.length], i);
            h += combine((a, b) -> a * 31 + b + k, i, r);          // capturing, new each time
            h += apply(x -> x - 3, k);                             // non-capturing, cached
            Function<Integer, Integer> f = Integer::bitCount;
            h += f.andThen(x -> x * k).apply(i);
        }
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            items.add(new Item("item" + (i * 7919 % 3001), (i * 31 + r) % 97, (i * 17) % 113));
        }
        items.sort(Comparator.comparingInt(Item::weight).thenComparing(Item::price, Comparator.reverseOrder())
                .thenComparing(Item::name));
        ToIntFunction<Item> score = it -> it.weight() * 3 + it.price();
        for (Item it : items) {
            h = h * 31 + score.applyAsInt(it);
        }
        Map<Integer, List<String>> groups = new HashMap<>();
        Map<Integer, Integer> counts = new HashMap<>();
        for (Item it : items) {
            groups.computeIfAbsent(it.weight() % 10, key -> new ArrayList<>()).add(it.name());
            counts.merge(it.price() % 7, 1, Integer::sum);
        }
        for (int g = 0; g < 10; g++) {
            h += groups.getOrDefault(g, List.of()).size() * (long) g;
        }
        for (int c = 0; c < 7; c++) {
            h += counts.getOrDefault(c, 0);
        }
        Supplier<String> name = () -> "round" + r;
        BiFunction<String, Integer, String> cat = (s, n) -> s + ":" + n;
        for (int i = 0; i < 2000; i++) {
            h += Optional.of(i).filter(x -> x % 3 == 0).map(x -> x * 5).orElseGet(() -> -1);
            h += cat.apply(name.get(), i).length();
        }
        return h;
    }

    public static void main(String[] args) {
        int reps = reps(args, 6);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 17 + round(r);
        }
        System.out.println("Lambdas " + sum);
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
