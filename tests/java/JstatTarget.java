// The target of tool/jstat: with a marker file's path, it says "ready", then allocates
// (a small live set, the rest garbage) and calls System.gc() now and then, pausing
// between rounds so that it does not take the machine, until that file exists: its
// collection counts go up, whichever collector runs.  Without one, as a plain test, it
// only computes a little and says so.
import java.io.File;

public class JstatTarget {
    static final Object[] LIVE = new Object[64];

    static long round(int n) {
        long sum = 0;
        for (int i = 0; i < 200; i++) {
            byte[] b = new byte[512 + (i % 7) * 64];
            b[0] = (byte) i;
            sum += b.length;
            if (i % 20 == 0) LIVE[(n + i) % LIVE.length] = b;
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.out.println("no marker file: one round allocates " + round(0) + " bytes");
            return;
        }
        File marker = new File(args[0]);
        System.out.println("ready");
        // up to 10 minutes (GC stress, sanitizers)
        for (int n = 0; n < 60000 && !marker.exists(); n++) {
            round(n);
            if (n % 10 == 9) System.gc();
            Thread.sleep(10);
        }
        System.out.println(marker.exists() ? "marker seen" : "gave up waiting");
    }
}
