// Collections and streams written with lambdas and method references: sorting with
// Comparator chains, collectors (groupingBy into TreeMaps, partitioningBy, toMap with
// merge, joining, summarizing, teeing), flatMap, reduce, iterate/generate with limits,
// primitive streams and their statistics, Optional, Map.compute/merge/computeIfAbsent,
// removeIf/replaceAll, immutable collections (List.of, Map.ofEntries, copyOf) and their
// errors, Collections wrappers, and parallel streams whose results are order-independent.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.HashMap;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

public class Streams {
    record Person(String name, String city, int age) {}

    public static void main(String[] args) {
        List<Person> people = List.of(new Person("Ann", "Oslo", 34), new Person("Bob", "Rome", 25),
                                      new Person("Cid", "Oslo", 41), new Person("Dee", "Lima", 25),
                                      new Person("Eve", "Rome", 29), new Person("Fay", "Oslo", 25));
        List<Person> sorted = new ArrayList<>(people);
        sorted.sort(Comparator.comparingInt(Person::age).thenComparing(Person::city, Comparator.reverseOrder())
                              .thenComparing(Person::name));
        System.out.println(sorted.stream().map(Person::name).collect(Collectors.toList()));
        Map<String, List<String>> byCity = people.stream().collect(
            Collectors.groupingBy(Person::city, TreeMap::new, Collectors.mapping(Person::name, Collectors.toList())));
        System.out.println(byCity);
        Map<Boolean, Long> young = people.stream().collect(Collectors.partitioningBy(p -> p.age() < 30, Collectors.counting()));
        System.out.println(young);
        Map<Integer, String> byAge = people.stream().collect(
            Collectors.toMap(Person::age, Person::name, (x, y) -> x + "+" + y, TreeMap::new));
        System.out.println(byAge);
        IntSummaryStatistics stats = people.stream().mapToInt(Person::age).summaryStatistics();
        System.out.println(stats);
        String teed = people.stream().collect(Collectors.teeing(Collectors.counting(),
                      Collectors.averagingInt(Person::age), (n, avg) -> n + " people, mean age " + avg));
        System.out.println(teed);
        System.out.println(people.stream().map(Person::city).distinct().sorted().collect(Collectors.joining(", ", "[", "]")));
        System.out.println(Stream.of("a-b", "c", "d-e-f").flatMap(s -> Arrays.stream(s.split("-"))).collect(Collectors.toList()));
        System.out.println(IntStream.rangeClosed(1, 10).reduce(1, (x, y) -> x * y) + " "
                           + Stream.iterate(1, x -> x < 1000, x -> x * 3).collect(Collectors.toList()) + " "
                           + LongStream.iterate(1, x -> x * 2).limit(20).sum() + " "
                           + IntStream.range(0, 100).filter(i -> i % 7 == 3).boxed().collect(Collectors.toList()));
        DoubleSummaryStatistics ds = IntStream.range(1, 6).mapToDouble(i -> i / 4.0).summaryStatistics();
        System.out.println(ds.getAverage() + " " + ds.getMax() + " " + ds.getSum());
        Optional<Person> oldest = people.stream().max(Comparator.comparingInt(Person::age));
        System.out.println(oldest.map(Person::name).orElse("none") + " "
                           + people.stream().filter(p -> p.age() > 99).findFirst().map(Person::name).orElseGet(() -> "nobody")
                           + " " + Optional.empty().isPresent() + " " + Optional.ofNullable(null).or(() -> Optional.of("alt")).get());
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : "the quick brown fox jumps over the lazy dog the end".split(" ")) counts.merge(w, 1, Integer::sum);
        counts.computeIfPresent("fox", (k, v) -> v + 10);
        counts.computeIfAbsent("cat", k -> k.length());
        counts.compute("dog", (k, v) -> v == null ? 0 : -v);
        System.out.println(counts);
        Map<String, Integer> lhm = new LinkedHashMap<>();
        for (String w : List.of("z", "y", "x", "y")) lhm.putIfAbsent(w, lhm.size());
        lhm.replaceAll((k, v) -> v * 10);
        System.out.println(lhm + " " + lhm.getOrDefault("q", -1));
        List<Integer> nums = new ArrayList<>(IntStream.range(0, 20).boxed().collect(Collectors.toList()));
        nums.removeIf(n -> n % 3 == 0);
        nums.replaceAll(n -> n * n);
        System.out.println(nums);
        Set<String> ts = new TreeSet<>(Comparator.comparing(String::length).thenComparing(Function.identity()));
        ts.addAll(List.of("ccc", "a", "bb", "aa", "b"));
        System.out.println(ts + " " + ((TreeSet<String>) ts).headSet("bb") + " " + ((TreeSet<String>) ts).ceiling("ab"));
        List<Integer> big = IntStream.range(0, 100000).boxed().collect(Collectors.toList());
        System.out.println(big.parallelStream().mapToLong(i -> (long) i * i).sum() + " "
                           + big.parallelStream().filter(i -> i % 1000 == 0).count() + " "
                           + big.parallelStream().map(i -> i % 10).collect(Collectors.toCollection(TreeSet::new)));
        Map<String, Integer> im = Map.ofEntries(Map.entry("k1", 1), Map.entry("k2", 2));
        System.out.println(new TreeMap<>(im) + " " + List.copyOf(nums.subList(0, 3)) + " " + Set.of(5).contains(5));
        String[] attempts = { "List.of add", "List.of null", "Map.of duplicate", "unmodifiable set", "iterator exhausted",
                              "copyOf null element", "Collections.emptyList add" };
        for (String what : attempts) {
            try {
                switch (what) {
                    case "List.of add": List.of(1).add(2); break;
                    case "List.of null": List.of((Object) null); break;
                    case "Map.of duplicate": Map.of("a", 1, "a", 2); break;
                    case "unmodifiable set": Collections.unmodifiableSet(new HashMap<>().keySet()).add(1); break;
                    case "iterator exhausted": List.of().iterator().next(); break;
                    case "copyOf null element": List.copyOf(Arrays.asList(1, null)); break;
                    case "Collections.emptyList add": Collections.emptyList().add(null); break;
                }
                System.out.println(what + ": no exception");
            } catch (RuntimeException e) {
                System.out.println(what + ": " + e);
            }
        }
        System.out.println(people.get(0) + " " + people.get(0).equals(new Person("Ann", "Oslo", 34)));
    }
}
