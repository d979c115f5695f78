// vm-options: -Xmx32m
// The heap exhausted in the forms OutOfMemory and OomCarryOn leave out: inside a static
// initialiser (the OutOfMemoryError itself escapes, then NoClassDefFoundError with the
// recorded cause), caught inside a static initialiser, by Object.clone, Arrays.copyOf,
// reflection (Array.newInstance) and multianewarray, arrays at every length near each
// element type's VM limit ("Requested array size exceeds VM limit" versus "Java heap
// space"), and four threads filling the heap at once, each catching its own error without
// allocating in its handler.
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;

public class OomForms {
    static class Huge {
        static final byte[] DATA = new byte[64 << 20];
    }

    static class Filler {
        static final String RESULT;
        static {
            ArrayList<long[]> l = new ArrayList<>();
            String r;
            try {
                while (true) l.add(new long[1 << 14]);
            } catch (OutOfMemoryError e) {
                l = null;
                r = "caught inside <clinit>: " + e.getMessage();
            }
            RESULT = r;
        }
    }

    static String classInit() {
        StringBuilder sb = new StringBuilder();
        try {
            sb.append(Huge.DATA.length);
        } catch (Throwable t) {
            sb.append("first use: ").append(t);
        }
        try {
            sb.append(Huge.DATA.length);
        } catch (Throwable t) {
            sb.append(", second use: ").append(t).append(" caused by ").append(t.getCause());
        }
        return sb.append(", ").append(Filler.RESULT).toString();
    }

    interface Alloc { Object run() throws Exception; }

    static String attempt(String what, Alloc a) {
        try {
            Object o = a.run();
            return what + ": allocated " + (o != null);
        } catch (OutOfMemoryError e) {
            return what + ": " + e.getMessage();
        } catch (Exception e) {
            return what + ": " + e;
        }
    }

    static void natives() {
        byte[] big = new byte[12 << 20];
        Object[] keep = new Object[4];
        System.out.println(attempt("clone", () -> { for (int i = 0; i < keep.length; i++) keep[i] = big.clone(); return keep; }));
        Arrays.fill(keep, null);
        System.out.println(attempt("Arrays.copyOf", () -> { for (int i = 0; i < keep.length; i++) keep[i] = Arrays.copyOf(big, big.length); return keep; }));
        Arrays.fill(keep, null);
        System.out.println(attempt("Array.newInstance", () -> Array.newInstance(long.class, 8 << 20)));
        System.out.println(attempt("Array.newInstance max", () -> Array.newInstance(Object.class, Integer.MAX_VALUE)));
        System.out.println(attempt("Array.newInstance 2-d", () -> Array.newInstance(int.class, 4096, 4096)));
        System.out.println(attempt("multianewarray", () -> new long[64][1 << 20]));
        System.out.println(attempt("multianewarray max", () -> new short[2][Integer.MAX_VALUE]));
        System.out.println(attempt("multianewarray zero", () -> new short[Integer.MAX_VALUE][0]));
        System.out.println(attempt("StringBuilder", () -> {
            StringBuilder sb = new StringBuilder("x");
            while (true) sb.append(sb);
        }));
    }

    static void limits() {
        Class<?>[] types = { boolean.class, byte.class, char.class, short.class, int.class, float.class,
                             long.class, double.class, Object.class };
        for (Class<?> c : types) {
            StringBuilder sb = new StringBuilder(c.getName()).append(':');
            for (int k = 0; k <= 8; k++) {
                String m;
                try {
                    Array.newInstance(c, Integer.MAX_VALUE - k);
                    m = "allocated";
                } catch (OutOfMemoryError e) {
                    m = e.getMessage().startsWith("Requested") ? "limit" : "heap";
                }
                sb.append(' ').append(m);
            }
            System.out.println(sb);
        }
        String s;
        try {
            long[] a = new long[Integer.MAX_VALUE - 2];
            s = "allocated " + a.length;
        } catch (OutOfMemoryError e) {
            s = e.getMessage();
        }
        System.out.println("new long[MAX - 2]: " + s);
        try {
            Object[] a = new Object[Integer.MAX_VALUE - 3];
            s = "allocated " + a.length;
        } catch (OutOfMemoryError e) {
            s = e.getMessage();
        }
        System.out.println("new Object[MAX - 3]: " + s);
    }

    static final boolean[] caught = new boolean[4];
    static final boolean[] done = new boolean[4];
    static volatile boolean go;
    static final java.util.concurrent.atomic.AtomicInteger caughtCount = new java.util.concurrent.atomic.AtomicInteger();

    /* The threads start filling only once all are started (Thread.start allocates, and
     * would fail in main with the heap full), and each waits, without allocating, until
     * all have caught their error: until then the heap is full and even ending a thread
     * could fail. */
    static void threads() throws InterruptedException {
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                while (!go) Thread.yield();
                Object[] head = null;
                try {
                    while (true) {
                        Object[] n = new Object[64];
                        n[0] = head;
                        head = n;
                    }
                } catch (OutOfMemoryError e) {
                    head = null;
                    caught[id] = true;
                }
                caughtCount.incrementAndGet();
                while (caughtCount.get() < ts.length) Thread.yield();
                done[id] = true;
            }, "filler-" + i);
        }
        for (Thread t : ts) t.start();
        go = true;
        for (Thread t : ts) t.join();
        System.out.println("threads: caught " + Arrays.toString(caught) + ", finished " + Arrays.toString(done));
    }

    public static void main(String[] args) throws Exception {
        System.out.println(classInit());
        natives();
        limits();
        threads();
        int[][] again = new int[32][1 << 16];
        again[31][5] = 7;
        System.out.println("8 MB again: " + again[31][5]);
    }
}
