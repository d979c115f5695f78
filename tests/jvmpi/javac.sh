# javac, run on Loupe under the HPROF-like JVMPI agent (heap=sites, with the check of the
# heap totals at every collection, the per-class comparison with a JVMTI heap walk at
# every GC finish, and with a heap dump), compiles a program of several files; the
# classes it writes must run.  Under semispace and mark-compact here, under the three
# other collectors in jvmpi/javac_collectors (JAVAC_COLLECTORS).  (Method events make
# javac some thirty times slower; the call-count comparison with JVMTI runs in
# jvmpi/collectors.)
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
agent
mkdir -p src/app/util out
cat >src/app/util/Counter.java <<'JAVA'
package app.util;

import java.util.*;

public final class Counter<K extends Comparable<K>> {
    private final Map<K, Integer> counts = new TreeMap<>();
    public void add(K k) { counts.merge(k, 1, Integer::sum); }
    public List<String> top(int n) {
        List<Map.Entry<K, Integer>> es = new ArrayList<>(counts.entrySet());
        es.sort(Map.Entry.<K, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(n, es.size()); i++) out.add(es.get(i).getKey() + "=" + es.get(i).getValue());
        return out;
    }
}
JAVA
cat >src/app/Main.java <<'JAVA'
package app;

import app.util.Counter;

public class Main {
    sealed interface Shape permits Circle, Square {}
    record Circle(double r) implements Shape {}
    record Square(double s) implements Shape {}

    static double area(Shape s) {
        if (s instanceof Circle c) return Math.PI * c.r() * c.r();
        return ((Square) s).s() * ((Square) s).s();
    }

    public static void main(String[] args) {
        Counter<String> words = new Counter<>();
        for (String w : "the quick brown fox jumps over the lazy dog the end".split(" ")) words.add(w);
        System.out.println(words.top(3));
        System.out.printf("%.2f%n", area(new Circle(1)) + area(new Square(2)));
    }
}
JAVA
if $light; then
  echo "javac under the agent takes minutes on sanitizer builds and under GC stress: not run"
  exit 0
fi
checks=("${CHECKS_BASE[@]}" "${CHECKS_HEAP[@]}" "${CHECKS_DUMPS[@]}" "${CHECKS_WALK[@]}"
  "live objects per class from events agree with a JVMTI heap walk at every GC finish")
for gc in ${JAVAC_COLLECTORS:-semispace markcompact}; do
  rm -rf out && mkdir out
  run javac-$gc heap,dumps,gcwalk -- -XX:LoupeGC=$gc com.sun.tools.javac.Main -d out \
    src/app/Main.java src/app/util/Counter.java
  expect javac-$gc "${checks[@]}"
  # (the walks must have happened: javac collects a few times in the default heap)
  grep -q '^gcwalk: [1-9][0-9]* collections, [1-9][0-9]* walks' javac-$gc.out ||
    { echo "FAIL javac-$gc: no collection was walked: $(grep '^gcwalk:' javac-$gc.out)"; fail=1; }
  out=$("$JEMBED" -Djava.class.path=out app.Main 2>&1)
  [ "$out" = "[the=3, brown=1, dog=1]
7.14" ] || { echo "FAIL javac-$gc: the compiled program printed: $out"; fail=1; }
done
exit $fail
