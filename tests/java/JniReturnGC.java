// gcstress-args: 300
// JVM functions that allocate their result (java.lang.reflect.Array.newInstance, which
// libjava implements with JVM_NewArray and JVM_NewMultiArray) called over and over by
// several threads while another keeps collecting: the result must be allocated, and handed
// back, while the calling thread still counts as running VM code, or a collection can move
// or miss it.  Each result is checked and used.  The argument is the number of rounds
// (default 3000).
import java.lang.reflect.Array;

public class JniReturnGC {
    static volatile boolean stop;

    static final class Collector extends Thread {
        Collector() { super("collector"); }
        @Override public void run() {
            // (a short pause after a few collections, or the workers could wait a long time
            // for a moment without a safepoint)
            while (!stop) {
                for (int i = 0; i < 8; i++) System.gc();
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    static final class Worker extends Thread {
        final int id;
        final int rounds;
        long checksum;
        int bad;
        Worker(int id, int rounds) {
            super("worker-" + id);
            this.id = id;
            this.rounds = rounds;
        }

        @Override public void run() {
            for (int i = 0; i < rounds; i++) {
                Object[] a = (Object[]) Array.newInstance(String.class, 4 + (i & 7));
                a[0] = "x";
                byte[] big = (byte[]) Array.newInstance(byte.class, 64 << 10);
                big[big.length - 1] = 1;
                int[][] m = (int[][]) Array.newInstance(int.class, 2, 3 + (i & 3));
                m[1][2] = i;
                String s = new StringBuilder("s").append(id).append('-').append(i & 15).toString().intern();
                if (a.length != 4 + (i & 7) || m[1].length != 3 + (i & 3) || s.charAt(0) != 's') bad++;
                checksum += a.length + m[1][2] + s.length() + big[big.length - 1];
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        Collector c = new Collector();
        c.start();
        Worker[] ws = new Worker[3];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = new Worker(i, rounds);
            ws[i].start();
        }
        long sum = 0;
        int bad = 0;
        for (Worker w : ws) {
            w.join();
            sum += w.checksum;
            bad += w.bad;
        }
        stop = true;
        c.join();
        System.out.println("rounds " + rounds + ", bad results " + bad + ", checksum " + sum);
    }
}
