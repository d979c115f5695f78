# Heap, object and monitor dumps against an HPROF dump of the same moment: at shut down of
# DumpGraph (a known object graph with a cycle, shared arrays, a static table, one lock
# held with a thread blocked on it and one with a thread waiting in it) the agent (its
# hprof option) suspends the other threads, disables GC, writes an HPROF file with
# HotSpotDiagnosticMXBean.dumpHeap and requests heap dumps of levels 0, 1 and 2, object
# dumps of DumpGraph's objects and classes and a monitor dump, saved raw.  lib/dumpcmp.py
# reads both formats and compares them object by object: the same ids, classes, per-class
# counts, fields, elements, statics and roots, the graph as built, the locks' owner and
# waiters.  Under each collector (two of them under GC stress and sanitizers, to keep within
# the time limit).
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
agent
cat >DumpGraph.java <<'JAVA'
import java.util.concurrent.CountDownLatch;

public class DumpGraph {
    static final class Node {
        final String name;
        Node next, other;
        int[] data;
        long weight;
        Node(String name, long weight) { this.name = name; this.weight = weight; }
    }
    static final class Lock {}

    static Node root;
    static Object[] table;
    static final Lock HELD = new Lock(), WAITED = new Lock();

    static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        Node a = new Node("a", 1), b = new Node("b", 2), c = new Node("c", 3);
        a.next = b; b.next = c; c.next = a;
        a.other = c; b.other = b;
        a.data = new int[] { 1, 2, 3 };
        c.data = a.data;
        root = a;
        table = new Object[] { a, "table", new long[] { 7, 8 }, null, b };
        CountDownLatch held = new CountDownLatch(1);
        daemon("holder", () -> {
            synchronized (HELD) {
                held.countDown();
                while (true) {
                    try { Thread.sleep(100000); } catch (InterruptedException e) { }
                }
            }
        });
        held.await();
        Thread blocked = daemon("blocked", () -> { synchronized (HELD) { } });
        Thread waiter = daemon("waiter", () -> {
            synchronized (WAITED) {
                while (true) {
                    try { WAITED.wait(); } catch (InterruptedException e) { }
                }
            }
        });
        while (blocked.getState() != Thread.State.BLOCKED || waiter.getState() != Thread.State.WAITING) Thread.sleep(10);
        System.out.println("graph ready");
    }
}
JAVA
"$JAVA_HOME/bin/javac" -d . DumpGraph.java || exit 1
collectors="semispace marksweep markcompact generational refcount"
$light && collectors="semispace refcount"
for gc in $collectors; do
  mkdir -p $gc && ln -sf ../libhprof.so $gc/
  (cd $gc && run dumps heap,hprof -- -XX:LoupeGC=$gc -Djava.class.path=.. DumpGraph)
  expect $gc/dumps "${CHECKS_BASE[@]}" "${CHECKS_HEAP[@]}" "HPROF and JVMPI dumps of the same moment written"
  python3 "$ROOT/tests/jvmpi/lib/dumpcmp.py" $gc >$gc/cmp.out 2>&1 || {
    echo "FAIL $gc: the dumps differ"; cat $gc/cmp.out; fail=1; continue; }
  echo "ok $gc: $(grep -c '^ok ' $gc/cmp.out) comparisons"
done
exit $fail
