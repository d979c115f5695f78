// javac: plain
// Streams sequential and parallel (ForkJoinPool common pool and a private pool),
// concurrent collectors, Arrays.parallelSort, CompletableFuture, executors, RecursiveTask,
// stream factories (iterate, generate, takeWhile/dropWhile).
import java.util.*;
import java.util.concurrent.*;
import java.util.stream.*;

public class ParallelStreams {
    record P(String name, int age) {}
    public static void main(String[] args) throws Exception {
        System.out.println(IntStream.range(0, 20000).parallel().map(i -> i % 7).sum());
        System.out.println(LongStream.rangeClosed(1, 5000).parallel().filter(i -> i % 3 == 0).count());
        List<Integer> l = IntStream.range(0, 2000).boxed().collect(Collectors.toList());
        System.out.println(l.parallelStream().map(i -> i * 2).filter(i -> i % 3 == 0).collect(Collectors.toList()).size());
        System.out.println(l.parallelStream().collect(Collectors.groupingByConcurrent(i -> i % 5, Collectors.counting())).entrySet().stream().sorted(Map.Entry.comparingByKey()).collect(Collectors.toList()));
        System.out.println(Arrays.stream(new int[] {5, 3, 9, 1}).parallel().sorted().boxed().collect(Collectors.toList()));
        int[] big = new Random(1).ints(50000).toArray();
        Arrays.parallelSort(big);
        boolean sorted = true; for (int i = 1; i < big.length; i++) sorted &= big[i - 1] <= big[i];
        System.out.println("parallelSort " + sorted);
        System.out.println(Stream.of("a", "bb", "ccc", "dd").parallel().reduce("", (x, y) -> x + y, String::concat));
        System.out.println(l.parallelStream().mapToInt(Integer::intValue).summaryStatistics());
        ForkJoinPool pool = new ForkJoinPool(3);
        System.out.println(pool.submit(() -> IntStream.range(0, 1000).parallel().map(x -> x * x).sum()).get());
        pool.shutdown();
        System.out.println(CompletableFuture.supplyAsync(() -> 21).thenApplyAsync(x -> x * 2).thenCombine(CompletableFuture.supplyAsync(() -> 1), Integer::sum).get());
        ExecutorService ex = Executors.newFixedThreadPool(2);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int i = 0; i < 5; i++) { final int k = i; fs.add(ex.submit(() -> k * k)); }
        int s = 0; for (Future<Integer> f : fs) s += f.get();
        ex.shutdown();
        System.out.println("executor " + s);
        List<P> ps = List.of(new P("a", 3), new P("b", 1), new P("c", 2));
        System.out.println(ps.parallelStream().sorted(Comparator.comparingInt(P::age)).map(P::name).collect(Collectors.joining(",")));
        Map<String, Integer> tm = ps.stream().collect(Collectors.toMap(P::name, P::age, (x, y) -> x, TreeMap::new)); System.out.println(tm);
        System.out.println(Stream.iterate(1, x -> x < 100, x -> x * 3).toList() + " " + Stream.generate(() -> "g").limit(3).toList());
        System.out.println(IntStream.range(0, 10).boxed().flatMap(i -> Stream.of(i, -i)).takeWhile(i -> i > -5).dropWhile(i -> i < 2).toList());
        System.out.println(IntStream.range(0, 100).parallel().mapToObj(Integer::toString).collect(Collectors.joining()).length());
        System.out.println(ForkJoinPool.commonPool().invoke(new Fib(18)));
    }
    static class Fib extends RecursiveTask<Integer> { final int n; Fib(int n) { this.n = n; }
        protected Integer compute() { if (n < 10) return slow(n); Fib a = new Fib(n - 1); a.fork(); return new Fib(n - 2).compute() + a.join(); }
        static int slow(int n) { return n < 2 ? n : slow(n - 1) + slow(n - 2); } }
}
