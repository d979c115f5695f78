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

public class Demo {

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    public static void main(String[] args) throws Exception {
        System.out.println("Running on " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                + ", class library " + System.getProperty("java.runtime.version"));
        System.out.println("fib(25) = " + fib(25));
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : "to be or not to be that is the question".split(" ")) counts.put(w, counts.getOrDefault(w, 0) + 1);
        System.out.println("word counts: " + counts);
        Thread t = new Thread() {
            public void run() { System.out.println("hello from " + Thread.currentThread().getName()); }
        };
        t.start();
        t.join();
        List<Object> garbage = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) { garbage.add(new int[16]); if (garbage.size() > 1000) garbage.clear(); }
        System.out.println("allocated 200000 arrays; heap max " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB");
        try { Object o = List.of(1).get(5); } catch (IndexOutOfBoundsException e) { System.out.println("caught " + e); }
    }
}
JAVA
# -XDstringConcat=inline: string concatenation without invokedynamic (not supported yet)
"$JAVA_HOME/bin/javac" -XDstringConcat=inline -d "$work" "$work/Demo.java"
echo "== $BUILD/jdk/bin/java Demo  (Loupe)"
"$BUILD/jdk/bin/java" -cp "$work" Demo || echo "(Loupe failed: exit $?)"
echo
echo "== $JAVA_HOME/bin/java Demo  (HotSpot)"
"$JAVA_HOME/bin/java" -cp "$work" Demo
