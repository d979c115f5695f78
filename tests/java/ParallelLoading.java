// ParallelLoading: class loading, linking and initialisation racing across threads.
// Eight threads at once load the same classes through one parallel-capable class loader
// (defining from the bytes of classes nested here, under the loader's per-name locks),
// through separate non-parallel loaders, and through Class.forName with initialisation;
// every thread must get the same Class object per loader, each class initialised once,
// and no LinkageError.  Then eight threads intern overlapping sets of strings and every
// result must be the one canonical instance.
import java.io.*;
import java.util.*;
import java.util.concurrent.*;

public class ParallelLoading {
    static final String[] NAMES = { "ParallelLoading$A", "ParallelLoading$B", "ParallelLoading$C", "ParallelLoading$D" };
    public static final java.util.concurrent.atomic.AtomicInteger inits = new java.util.concurrent.atomic.AtomicInteger();

    public static class A { static { inits.incrementAndGet(); } public int v() { return 1; } }
    public static class B extends A { static { inits.incrementAndGet(); } public int v() { return 2; } }
    public static class C extends B { static { inits.incrementAndGet(); } public int v() { return 3; } }
    public static class D extends C { static { inits.incrementAndGet(); } public int v() { return 4; } }

    static byte[] bytesOf(String name) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(name.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    /* Defines the nested classes itself (child-first for them), parent-first otherwise. */
    static class Loader extends ClassLoader {
        final Map<String, byte[]> bytes;
        Loader(String name, Map<String, byte[]> bytes) {
            super(name, ParallelLoading.class.getClassLoader());
            this.bytes = bytes;
        }
        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    byte[] b = bytes.get(name);
                    c = b != null ? defineClass(name, b, 0, b.length) : super.loadClass(name, false);
                }
                return c;
            }
        }
    }

    static class ParallelLoader extends Loader {
        static { registerAsParallelCapable(); }
        ParallelLoader(Map<String, byte[]> bytes) { super("parallel", bytes); }
    }

    public static void main(String[] args) throws Exception {
        Map<String, byte[]> bytes = new HashMap<>();
        for (String n : NAMES) bytes.put(n, bytesOf(n));
        ParallelLoader shared = new ParallelLoader(bytes);
        int threads = 8;
        Loader[] own = new Loader[threads];
        for (int i = 0; i < threads; i++) own[i] = new Loader("own" + i, bytes);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<Class<?>[]>> fs = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            final int id = i;
            fs.add(pool.submit(() -> {
                start.await();
                Class<?>[] got = new Class<?>[NAMES.length * 2];
                for (int k = 0; k < NAMES.length; k++) {
                    String n = NAMES[(k + id) % NAMES.length];
                    int slot = (k + id) % NAMES.length;
                    got[slot] = Class.forName(n, true, shared);
                    got[NAMES.length + slot] = Class.forName(n, true, own[id]);
                }
                return got;
            }));
        }
        Class<?>[] first = fs.get(0).get();
        boolean same = true;
        for (Future<Class<?>[]> f : fs) {
            Class<?>[] g = f.get();
            for (int k = 0; k < NAMES.length; k++) same &= g[k] == first[k];
        }
        System.out.println("shared loader: one class per name across threads: " + same);
        for (int k = 0; k < NAMES.length; k++)
            System.out.println("  " + first[k].getName() + " loader=" + first[k].getClassLoader().getName()
                + " super=" + first[k].getSuperclass().getName()
                + " v=" + first[k].getMethod("v").invoke(first[k].getConstructor().newInstance()));
        Set<Class<?>> distinct = new HashSet<>();
        for (Future<Class<?>[]> f : fs) for (int k = 0; k < NAMES.length; k++) distinct.add(f.get()[NAMES.length + k]);
        System.out.println("own loaders: distinct classes " + distinct.size());
        // 4 classes initialised once per loader: 1 shared + 8 own loaders
        System.out.println("initialisations " + inits.get());

        List<Future<String[]>> interned = new ArrayList<>();
        CyclicBarrier go = new CyclicBarrier(threads);
        for (int i = 0; i < threads; i++) {
            final int id = i;
            interned.add(pool.submit(() -> {
                go.await();
                String[] out = new String[2000];
                for (int k = 0; k < out.length; k++) {
                    int n = (k * 7 + id * 13) % out.length;
                    out[n] = new String("str-" + n).intern();
                }
                return out;
            }));
        }
        String[] ref = interned.get(0).get();
        boolean canonical = true;
        for (Future<String[]> f : interned) {
            String[] o = f.get();
            for (int k = 0; k < o.length; k++) canonical &= o[k] == ref[k];
        }
        System.out.println("interned from " + threads + " threads, canonical: " + canonical
            + ", literal identity: " + ("str-5" == ref[5]));
        pool.shutdown();
    }
}
