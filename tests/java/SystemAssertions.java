// vm-options: -esa
// The class library with its own assertions enabled (-esa): start-up, which checks
// invariants such as every class of java.base belonging to module java.base
// (VerifyAccess's assertions once failed here), then everyday work that runs JDK code with
// assert statements (collections, strings, formatting, lambdas and method handles,
// reflection, class loading, threads).
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

public class SystemAssertions {
    public static void main(String[] args) throws Throwable {
        System.out.println("system assertions: " + ArrayList.class.desiredAssertionStatus() + ", user: "
                           + SystemAssertions.class.desiredAssertionStatus());
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 1000; i++) list.add(i * 7 % 101);
        Collections.sort(list);
        Map<String, Integer> map = new HashMap<>();
        for (int i = 0; i < 1000; i++) map.merge("k" + (i % 37), i, Integer::sum);
        ConcurrentHashMap<Integer, Integer> chm = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            final int base = t;
            results.add(pool.submit(() -> {
                for (int i = 0; i < 500; i++) chm.merge(i % 50, base, Integer::sum);
                return base;
            }));
        }
        int done = 0;
        for (Future<Integer> f : results) done += f.get();
        pool.shutdown();
        System.out.println("pool finished " + pool.awaitTermination(10, TimeUnit.SECONDS) + " " + done);
        System.out.println(list.get(500) + " " + map.get("k5") + " " + chm.get(7) + " " + String.format("%08.3f|%s", Math.PI, list.subList(0, 3)));
        Object r = MethodHandles.lookup().findStatic(Integer.class, "toHexString", MethodType.methodType(String.class, int.class))
                                .invoke(255);
        System.out.println(r + " " + SystemAssertions.class.getDeclaredMethod("main", String[].class).getModifiers() + " "
                           + Class.forName("java.util.logging.Level").getSimpleName() + " " + "a,b,c".split(",").length
                           + " " + "x1y22".replaceAll("\\d+", "#"));
    }
}
