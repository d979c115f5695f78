// The Java side of the embedding tests (tests/embed/*.c): methods and fields of every
// type for the C programs to call through JNI.  Compiled into the same class directory as
// the Java tests.
public class EmbedTarget {
    // Static fields, one per type, read and written from C.
    public static boolean sz = true;
    public static byte sb = -5;
    public static char sc = 'Q';
    public static short ss = -1234;
    public static int si = 123456789;
    public static long sj = -9000000000L;
    public static float sf = 1.5f;
    public static double sd = -2.25;
    public static String sstr = "static string";
    public static final int CONSTANT = 42;

    // Instance fields.
    public boolean z;
    public byte b;
    public char c;
    public short s;
    public int i;
    public long j;
    public float f;
    public double d;
    public String str;
    private final int id;

    public static int instances;

    public EmbedTarget() {
        this(-1);
    }

    public EmbedTarget(int id) {
        this.id = id;
        instances++;
        str = "object " + id;
    }

    // --- static methods of every return type ---------------------------------------

    public static int addInts(int a, int b) { return a + b; }
    public static long mulLongs(long a, long b) { return a * b; }
    public static double divDoubles(double a, double b) { return a / b; }
    public static float halfFloat(float a) { return a / 2; }
    public static boolean isEven(int a) { return (a & 1) == 0; }
    public static byte negByte(byte a) { return (byte) -a; }
    public static char nextChar(char c) { return (char) (c + 1); }
    public static short twiceShort(short s) { return (short) (s * 2); }
    public static String greet(String name) { return "Hello, " + name + "!"; }
    public static void touch() { sj++; }
    public static Object nothing() { return null; }

    /** Takes one argument of each type and describes them; for Call*MethodA/V tests. */
    public static String describe(boolean z, byte b, char c, short s, int i, long j, float f,
                                  double d, Object o) {
        return "z=" + z + " b=" + b + " c=" + c + " s=" + s + " i=" + i + " j=" + j
            + " f=" + f + " d=" + d + " o=" + o;
    }

    /** Many arguments of mixed widths, to catch argument packing mistakes. */
    public static double mix(int a, long b, float c, double d, int e, long f, float g, double h,
                             int i, long j, float k, double l, byte m, char n, short o) {
        return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10
            + k * 11 + l * 12 + m * 13 + n * 14 + o * 15;
    }

    public static int sum(int[] a) {
        int s = 0;
        for (int x : a) s += x;
        return s;
    }

    public static int[] range(int n) {
        int[] a = new int[n];
        for (int k = 0; k < n; k++) a[k] = k * k;
        return a;
    }

    public static String[] words() {
        return new String[] { "alpha", "beta", null, "delta" };
    }

    public static String join(String[] parts) {
        StringBuilder sb = new StringBuilder();
        for (String p : parts) sb.append('[').append(p).append(']');
        return sb.toString();
    }

    public static String unicode() {
        // e-acute, Greek alpha, CJK "middle", and a supplementary character (U+1F600)
        return "caf\u00e9 \u03b1 \u4e2d \ud83d\ude00";
    }

    public static int codeUnits(String s) { return s.length(); }

    public static String codePointsOf(String s) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < s.length(); k++) {
            if (k > 0) sb.append(' ');
            sb.append(Integer.toHexString(s.charAt(k)));
        }
        return sb.toString();
    }

    // --- exceptions ------------------------------------------------------------------

    public static int fail(String message) {
        throw new IllegalStateException(message);
    }

    public static int divide(int a, int b) { return a / b; }

    public static void failWithCause() {
        try {
            Object o = "not a number";
            Integer n = (Integer) o;
            System.out.println(n);
        } catch (ClassCastException e) {
            throw new RuntimeException("wrapped", e);
        }
    }

    /** Calls back into a static method by name (Java→Java while called from C). */
    public static String catchAndReport(int a, int b) {
        try {
            return "ok " + divide(a, b);
        } catch (ArithmeticException e) {
            return "caught " + e.getMessage();
        }
    }

    // --- instance methods ------------------------------------------------------------

    public int getId() { return id; }
    public long scaled(long k) { return id * k; }
    public String describeFields() {
        return "z=" + z + " b=" + b + " c=" + c + " s=" + s + " i=" + i + " j=" + j
            + " f=" + f + " d=" + d + " str=" + str;
    }
    public String kind() { return "base"; }

    @Override
    public String toString() { return "EmbedTarget#" + id; }

    public static class Derived extends EmbedTarget implements Runnable {
        public Derived(int id) { super(id); }
        @Override public String kind() { return "derived"; }
        @Override public void run() { instances += 100; }
    }

    // --- threads ---------------------------------------------------------------------

    private static final Object lock = new Object();
    private static int counter;
    private static String javaThreadResult = "not run";

    public static String currentThreadName() { return Thread.currentThread().getName(); }
    public static boolean currentThreadIsDaemon() { return Thread.currentThread().isDaemon(); }
    public static String currentThreadGroup() {
        return Thread.currentThread().getThreadGroup().getName();
    }

    /** Adds to a shared counter under a lock; called concurrently from attached threads. */
    public static int addToCounter(int times) {
        for (int k = 0; k < times; k++) {
            synchronized (lock) {
                counter++;
            }
        }
        return times;
    }

    public static int counter() {
        synchronized (lock) {
            return counter;
        }
    }

    /** A little computation for a worker thread: the n-th Fibonacci number, iteratively. */
    public static long fib(int n) {
        long a = 0, b = 1;
        for (int k = 0; k < n; k++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return a;
    }

    /** Starts a non-daemon Java thread that DestroyJavaVM must wait for. */
    public static void startLateThread(final int sleepMillis) {
        Thread t = new Thread("late") {
            @Override public void run() {
                try {
                    Thread.sleep(sleepMillis);
                } catch (InterruptedException e) {
                    System.out.println("late thread interrupted");
                }
                synchronized (lock) {
                    javaThreadResult = "late thread finished";
                }
                System.out.println("late thread finished (printed from Java)");
            }
        };
        t.start();
    }

    public static String threadNames(int n) {
        // Starts n Java threads from a thread that was attached through JNI and joins them.
        final String[] seen = new String[n];
        Thread[] ts = new Thread[n];
        for (int k = 0; k < n; k++) {
            final int slot = k;
            ts[k] = new Thread("child-" + k) {
                @Override public void run() { seen[slot] = getName() + "/" + fib(slot + 10); }
            };
            ts[k].start();
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < n; k++) {
            try {
                ts[k].join();
            } catch (InterruptedException e) {
                return "interrupted";
            }
            sb.append(seen[k]).append(' ');
        }
        return sb.toString().trim();
    }

    // --- natives registered from C (RegisterNatives) ----------------------------------

    public static native int nativeAdd(int a, int b);
    public static native String nativeConcat(String a, long n);

    public static String callNatives() {
        return "nativeAdd=" + nativeAdd(40, 2) + " nativeConcat=" + nativeConcat("n", 1L << 40);
    }

    // --- class initialisation through JNI --------------------------------------------

    public static class Init {
        public static int value = compute();
        static int compute() {
            System.out.println("EmbedTarget.Init initialising (printed from Java)");
            return 99;
        }
        public static int get() { return value; }
    }

    // --- options ---------------------------------------------------------------------

    public static String property(String name) {
        String v = System.getProperty(name);
        return v == null ? "(null)" : "'" + v + "'";
    }

    public static void exit(int status) {
        System.out.println("calling System.exit(" + status + ")");
        System.exit(status);
    }

    // --- allocation from attached native threads (embed_attach_gc) ---------------

    /* Builds a list of n strings derived from seed, keeps every other one, and returns a
     * checksum; with gc set it also asks for a collection. */
    public static long churn(String seed, int n, boolean gc) {
        java.util.ArrayList<String> keep = new java.util.ArrayList<>();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            String s = seed + ":" + i;
            if ((i & 1) == 0) keep.add(s);
            sum += s.hashCode();
        }
        if (gc) System.gc();
        for (String s : keep) sum = sum * 31 + s.length();
        return sum;
    }

    public static Object[] pair(Object a, Object b) { return new Object[] { a, b }; }
}
