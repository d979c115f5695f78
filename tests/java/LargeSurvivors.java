// vm-options: -Xmx96m
// gcstress-args: 4
// Large objects surviving collections keep their contents and their references: arrays of
// 1 to 6 MB (bytes, longs, doubles, references to small objects, and one holding the only
// references to other large arrays) at every offset within a page, filled with patterns,
// checked after each of several System.gc() calls and after collections forced by filling
// the heap until OutOfMemoryError; small objects allocated in between shift their places.
// The argument is the number of large arrays (12).
import java.util.ArrayList;
import java.util.List;

public class LargeSurvivors {
    static List<Object> keep = new ArrayList<>();
    static List<Object> junk = new ArrayList<>();

    static byte[] bytes(int n, int seed) {
        byte[] a = new byte[n];
        for (int i = 0; i < n; i++) a[i] = (byte) (i * 31 + seed);
        return a;
    }

    static long[] longs(int n, int seed) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = (long) i * 0x9E3779B97F4A7C15L + seed;
        return a;
    }

    static final Object[] POOL = new Object[61];

    static Object[] refs(int n, int seed) {
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) a[i] = (i % 7 == 0) ? null : POOL[(i + seed) % POOL.length];
        return a;
    }

    static long sum(Object o) {
        long s = 0;
        if (o instanceof byte[]) for (byte b : (byte[]) o) s = s * 31 + b;
        else if (o instanceof long[]) for (long l : (long[]) o) s = s * 31 + l;
        else if (o instanceof double[]) for (double d : (double[]) o) s = s * 31 + Double.doubleToLongBits(d);
        else if (o instanceof Object[]) for (Object x : (Object[]) o) s = s * 31 + (x == null ? 7 : sum(x));
        else if (o instanceof Integer) s = (Integer) o;
        return s;
    }

    static long total() {
        long s = 0;
        for (Object o : keep) s = s * 17 + sum(o);
        return s;
    }

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        for (int i = 0; i < POOL.length; i++) POOL[i] = Integer.valueOf(1000 + i * 37);
        for (int k = 0; k < count; k++) {
            for (int j = 0; j < k * 3 + 1; j++) junk.add(new byte[24 + 8 * j]);   // shift offsets
            int n = (1 << 20) + k * 4096 * 37 + k * 8;
            switch (k % 4) {
                case 0: keep.add(bytes(n, k)); break;
                case 1: keep.add(longs(n / 8, k)); break;
                case 2: { double[] d = new double[n / 8]; for (int i = 0; i < d.length; i++) d[i] = i * 0.5 + k; keep.add(d); break; }
                default: keep.add(refs(n / 4, k)); break;
            }
        }
        Object[] holder = new Object[(1 << 20) / 4];
        holder[0] = bytes(3 << 20, 99);
        holder[holder.length - 1] = longs(300000, 98);
        keep.add(holder);
        long before = total();
        System.out.println("objects kept: " + keep.size());
        for (int round = 0; round < 4; round++) {
            if (round % 2 == 1) junk.clear();
            System.gc();
            System.out.println("after System.gc() " + round + ": same contents " + (total() == before));
        }
        List<Object> filler = new ArrayList<>();
        int ooms = 0;
        try {
            while (true) filler.add(new byte[1 << 20]);
        } catch (OutOfMemoryError e) {
            ooms++;
        }
        filler = null;
        System.gc();
        System.out.println("after filling the heap (" + ooms + " OutOfMemoryError): same contents " + (total() == before));
    }
}
