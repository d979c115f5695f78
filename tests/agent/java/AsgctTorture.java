// The Java side of agent/AsgctTorture: for about 1.5 seconds, calls to methods whose
// result goes where their frame starts (no arguments, no locals): one() and obj() here,
// and System.nanoTime, a static native without arguments.
public class AsgctTorture {
    static final Object LOCK = new Object();

    static int one() { return 1; }

    static Object obj() { return LOCK; }

    public static void main(String[] args) {
        long end = System.nanoTime() + 1_500_000_000L, sum = 0;
        while (System.nanoTime() < end)
            for (int i = 0; i < 1000; i++) {
                sum += one();
                if (obj() == null) sum++;
            }
        System.out.println("done " + (sum > 0));
    }
}
