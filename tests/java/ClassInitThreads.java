// Class initialisation with several threads: while one thread runs a slow <clinit>,
// others that use the class block until it has finished and then see the initialised
// values; <clinit> runs exactly once; a failing <clinit> makes every thread see the
// failure (ExceptionInInitializerError in the initialising thread, NoClassDefFoundError
// in the others).
public class ClassInitThreads {
    static volatile int clinitRuns;
    static volatile boolean failNow = true;

    static class Slow {
        static final int[] TABLE;
        static {
            clinitRuns++;
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            int[] t = new int[1000];
            for (int i = 0; i < t.length; i++) t[i] = i * i;
            TABLE = t;
        }
        static long sum() {
            long s = 0;
            for (int v : TABLE) s += v;
            return s;
        }
    }

    static class Failing {
        static int value;
        static {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            if (failNow) throw new IllegalStateException("Failing.<clinit> fails");
            value = 1;
        }
    }

    public static void main(String[] args) throws Exception {
        final int n = 6;
        final String[] results = new String[n];
        Thread[] ts = new Thread[n];
        for (int i = 0; i < n; i++) {
            final int id = i;
            ts[i] = new Thread("user-" + i) {
                @Override public void run() { results[id] = getName() + " sum=" + Slow.sum(); }
            };
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        for (String r : results) System.out.println(r);
        System.out.println("Slow.<clinit> ran " + clinitRuns + " time(s)");

        // The failing class: one thread gets ExceptionInInitializerError, the rest NCDFE.
        final String[] outcome = new String[n];
        final Object startLock = new Object();
        final boolean[] go = { false };
        for (int i = 0; i < n; i++) {
            final int id = i;
            ts[i] = new Thread("failer-" + i) {
                @Override public void run() {
                    synchronized (startLock) {
                        while (!go[0]) {
                            try {
                                startLock.wait();
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    }
                    try {
                        outcome[id] = "value " + Failing.value;
                    } catch (Throwable t) {
                        outcome[id] = t.getClass().getName();
                    }
                }
            };
            ts[i].start();
        }
        synchronized (startLock) {
            go[0] = true;
            startLock.notifyAll();
        }
        for (Thread t : ts) t.join();
        int eiie = 0, ncdfe = 0, other = 0;
        for (String o : outcome) {
            if (o.equals("java.lang.ExceptionInInitializerError")) eiie++;
            else if (o.equals("java.lang.NoClassDefFoundError")) ncdfe++;
            else other++;
        }
        System.out.println("ExceptionInInitializerError: " + eiie + ", NoClassDefFoundError: " + ncdfe + ", other: " + other);
    }
}
