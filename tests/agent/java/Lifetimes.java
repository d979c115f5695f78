// The Java side of agent/Lifetimes: objects that live for different numbers of
// collections, from several threads; the agent compares the VM's own lifetime counts
// (com.loupe.functions.SetLifetimeCounting) with those it rebuilds from the heap events.
import java.util.ArrayList;
import java.util.List;

public class Lifetimes {
    static native String result();

    static final class Short { int v; Short(int v) { this.v = v; } }
    static final class Long { long[] pad = new long[4]; Object next; }
    static final class Array { Object[] a = new Object[3]; }

    static long churn(int rounds, int keepEvery) {
        List<Object> kept = new ArrayList<>();
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < 2000; i++) {
                Short s = new Short(i);
                sum += s.v;
                if (i % keepEvery == 0) {
                    Long l = new Long();
                    l.next = new Array();
                    kept.add(l);
                }
            }
            if (kept.size() > 3000) kept.subList(0, 1500).clear();   // some die old
        }
        return sum + kept.size();
    }

    public static void main(String[] args) throws Exception {
        long sum = churn(20, 7);
        System.gc();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            final int k = i;
            ts[i] = new Thread(() -> churn(15, 5 + k));
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.gc();
        sum += churn(10, 3);
        System.gc();
        System.out.println(sum > 0 ? result() : "?");
    }
}
