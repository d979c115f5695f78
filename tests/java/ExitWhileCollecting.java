// gcstress-args: 40
// main returns while other (non-daemon) threads still run, allocate and collect, and end
// one after another: the VM's shutdown waits for them — counting the live threads over
// and over while collections come and go — and must neither hang nor crash.  Only main
// prints; the exit status must be 0.  The argument scales the work (default 400).
public class ExitWhileCollecting {
    static final class Churner extends Thread {
        final int rounds;
        Churner(int id, int rounds) {
            super("churner-" + id);
            this.rounds = rounds;
        }
        @Override public void run() {
            long sum = 0;
            for (int i = 0; i < rounds; i++) {
                int[] a = new int[1024 + (i & 255)];
                a[i & 1023] = i;
                sum += a[i & 1023];
                if (i % 64 == 0) System.gc();
            }
            if (sum < 0) System.out.println("impossible");
        }
    }

    static final class Brief extends Thread {
        final int millis;
        Brief(int id, int millis) {
            super("brief-" + id);
            this.millis = millis;
        }
        @Override public void run() {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                return;
            }
            Object[] garbage = new Object[64];
            garbage[0] = garbage;
        }
    }

    public static void main(String[] args) {
        int work = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        for (int i = 0; i < 3; i++) new Churner(i, work * 20).start();
        for (int i = 0; i < work / 4; i++) new Brief(i, 1 + (i % 40)).start();
        System.out.println("main returns");
    }
}
