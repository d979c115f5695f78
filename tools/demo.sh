#!/bin/sh
# The demonstration: Java programs compiled by the JDK's javac run on Loupe, under the
# JDK's own launcher, next to the same programs on HotSpot.
set -e
BUILD=${1:-build}
[ -n "${JAVA_HOME:-}" ] || JAVA_HOME=$("$(dirname "$0")/find_jdk.sh")
work=$BUILD/demo
mkdir -p "$work"
cat > "$work/Demo.java" <<'JAVA'
import java.util.*;
import java.util.stream.*;

public class Demo {
    record Point(int x, int y) { double norm() { return Math.sqrt(x * x + y * y); } }

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    public static void main(String[] args) throws Exception {
        System.out.println("Running on " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                + ", class library " + System.getProperty("java.runtime.version"));
        System.out.println("fib(25) = " + fib(25));
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : "to be or not to be that is the question".split(" ")) counts.merge(w, 1, Integer::sum);
        System.out.println("word counts: " + counts);
        List<Point> pts = IntStream.range(0, 5).mapToObj(i -> new Point(i, 2 * i)).collect(Collectors.toList());
        System.out.println("points: " + pts + ", longest " + pts.stream().mapToDouble(Point::norm).max().getAsDouble());
        Thread t = new Thread(() -> System.out.println("hello from " + Thread.currentThread().getName()));
        t.start();
        t.join();
        List<Object> garbage = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) { garbage.add(new int[16]); if (garbage.size() > 1000) garbage.clear(); }
        System.out.println("allocated 200000 arrays");
        try { Object o = List.of(1).get(5); } catch (IndexOutOfBoundsException e) { System.out.println("caught " + e); }
    }
}
JAVA
echo "== $BUILD/jdk/bin/javac Demo.java  (javac itself running on Loupe)"
"$BUILD/jdk/bin/javac" -d "$work" "$work/Demo.java"
echo "== $BUILD/jdk/bin/java Demo  (Loupe)"
"$BUILD/jdk/bin/java" -cp "$work" Demo || echo "(Loupe failed: exit $?)"
echo
echo "== $JAVA_HOME/bin/java Demo  (HotSpot)"
"$JAVA_HOME/bin/java" -cp "$work" Demo
echo
echo "== $BUILD/bin/loupe-prof run -o $work/profile.html -- java Demo  (the profiler, on HotSpot)"
"$BUILD/bin/loupe-prof" run -o "$work/profile.html" -e cpu,alloc,lock -i 1ms -- "$JAVA_HOME/bin/java" -cp "$work" Demo >/dev/null &&
  echo "report written: $work/profile.html (CPU and allocation flame graphs, GC pauses, locks, cost)" ||
  echo "(the profiler failed: exit $?)"
echo
echo "== $BUILD/jdk/bin/java -XX:+UseGenerationalGC -Xmn1m -Xlog:gc Demo  (one of Loupe's five collectors, HotSpot's log lines)"
"$BUILD/jdk/bin/java" -XX:+UseGenerationalGC -Xmn1m -Xlog:gc -cp "$work" Demo | grep -m 4 'gc' || echo "(Loupe failed)"
echo
echo "== $BUILD/bin/loupe-prof run --alloc exact -e alloc,live -- $BUILD/jdk/bin/java Demo  (the profiler on Loupe: every object, its lifetime)"
"$BUILD/bin/loupe-prof" run -o "$work/profile-loupe.html" -e alloc,live --alloc exact -- "$BUILD/jdk/bin/java" -cp "$work" Demo >/dev/null &&
  echo "report written: $work/profile-loupe.html (every allocation counted, live heap per class, survival curves)" ||
  echo "(the profiler failed: exit $?)"
