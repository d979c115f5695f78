// A small plain class: a fuzzing seed, compiled by tests/fuzz/run.sh at release 7 and 17.
public class Small implements Runnable, Comparable<Small> {
    static final int K = 7;
    static final String S = "small";
    private long total;
    protected double[] values = { 1.5, 2.5 };

    public void run() {
        try {
            for (double v : values) total += (long) v;
        } catch (RuntimeException e) {
            total = -1;
        } finally {
            total++;
        }
    }

    public int compareTo(Small o) {
        return Long.compare(total, o.total);
    }

    static int pick(int n) {
        switch (n) {
            case 1: return 10;
            case 2: return 20;
            case 100: return 30;
            default: return K;
        }
    }

    native void poke();

    class Inner {
        int get() {
            return (int) total;
        }
    }
}
