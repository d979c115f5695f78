// Streams: java.util.stream pipelines, sequential. IntStream ranges with map/filter/sum,
// boxed Stream<Integer> with sorted/distinct/limit, collectors (groupingBy, counting,
// joining, toMap, partitioningBy, summarizing), flatMap, reduce, and streams over
// collections of records. Exercises the stream machinery (sinks, spliterators, lambdas
// through functional interfaces) rather than the arithmetic.
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

public final class Streams {
    record Person(String name, int age, String city) { }

    static final String[] CITIES = { "Oslo", "Lima", "Kyiv", "Pune", "Rome", "Baku" };

    static long round(int r) {
        long h = IntStream.range(0, 60000).map(i -> i * 3 + r).filter(i -> i % 7 != 0).asLongStream().sum();
        h += LongStream.rangeClosed(1, 20000).map(i -> i * i % 1009).reduce(0, (a, b) -> a ^ (b + a * 31));
        List<Integer> nums = IntStream.range(0, 8000).map(i -> (i * 7919 + r) % 5003).boxed().collect(Collectors.toList());
        h += nums.stream().distinct().sorted().limit(500).mapToInt(Integer::intValue).sum();
        Map<Integer, Long> byMod = nums.stream().collect(Collectors.groupingBy(n -> n % 13, TreeMap::new, Collectors.counting()));
        for (Map.Entry<Integer, Long> e : byMod.entrySet()) {
            h = h * 31 + e.getKey() * e.getValue();
        }
        List<Person> people = IntStream.range(0, 3000)
            .mapToObj(i -> new Person("p" + i, (i * 37 + r) % 90, CITIES[i % CITIES.length]))
            .collect(Collectors.toList());
        Map<String, Double> avgAge = people.stream()
            .collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.averagingInt(Person::age)));
        for (double d : avgAge.values()) {
            h = h * 31 + Double.doubleToLongBits(d);
        }
        Map<Boolean, List<String>> adults = people.stream()
            .collect(Collectors.partitioningBy(p -> p.age() >= 18, Collectors.mapping(Person::name, Collectors.toList())));
        h += adults.get(true).size() * 1000L + adults.get(false).size();
        String joined = people.stream().filter(p -> p.age() == 42).map(Person::name).sorted().collect(Collectors.joining(",", "[", "]"));
        h += joined.hashCode();
        h += Stream.of(CITIES).flatMap(c -> c.chars().mapToObj(ch -> (char) ch)).filter(Character::isLowerCase).count();
        h += people.stream().collect(Collectors.summarizingInt(Person::age)).getMax();
        Map<String, Integer> oldest = people.stream().collect(Collectors.toMap(Person::city, Person::age, Math::max, TreeMap::new));
        h += oldest.values().stream().mapToInt(Integer::intValue).sum();
        return h;
    }

    public static void main(String[] args) {
        int reps = reps(args, 4);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 17 + round(r);
        }
        System.out.println("Streams " + sum);
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
