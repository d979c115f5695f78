// vm-options: -Xint
// How deep a recursion goes before StackOverflowError, for several frame shapes (few
// locals, sixteen long locals, Method.invoke, a lambda, and through a JNI callback when
// tool/stack_depth provides the library), on threads with a stack size of 256 KB to 8 MB
// and one of the default size (-Xss, given in KB as the argument).  Each VM's depth is its
// own (frame layouts differ), so only whether it lies between a quarter and twice
// HotSpot -Xint's is printed; -Xint on both sides, as HotSpot's compiled frames are
// smaller and are compiled at a moment that varies.  Each thread stays alive until all
// are measured: glibc hands an ended thread's stack to a later thread that asks for up to
// four times less, and HotSpot then uses all of it.
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntUnaryOperator;

public class StackDepth {
    static final String[] SHAPES = {"few", "many", "refl", "lambda", "jni"};
    static final int[] KB = {256, 512, 1024, 2048, 8192};
    // HotSpot 17 -Xint's depths on x86-64 Linux, by shape (as SHAPES) and stack size (as KB)
    static final int[][] HOTSPOT = {
        {1643, 4374, 9835, 20758, 86294},
        {447, 1192, 2681, 5660, 23534},
        {346, 920, 2070, 4370, 0},          // not at 8 MB: HotSpot -Xint takes seconds there
        {788, 2099, 4720, 9963, 41420},
        {114, 305, 686, 1448, 6020},
    };
    static int depth;
    static Method reflective;
    static IntUnaryOperator lambda;
    static final CountDownLatch done = new CountDownLatch(1);

    static native int nativeDown(int n);

    static int few(int n) {
        depth = n;
        return few(n + 1) + 1;
    }

    static long many(int n) {
        long a = n, b = a + 1, c = b + 1, d = c + 1, e = d + 1, f = e + 1, g = f + 1, h = g + 1;
        long i = h + 1, j = i + 1, k = j + 1, l = k + 1, m = l + 1, o = m + 1, p = o + 1, q = p + 1;
        depth = n;
        return many(n + 1) + a + b + c + d + e + f + g + h + i + j + k + l + m + o + p + q;
    }

    public static int refl(int n) throws Throwable {
        depth = n;
        try {
            return (Integer) reflective.invoke(null, n + 1) + 1;
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static int up(int n) {
        depth = n;
        return nativeDown(n);
    }

    static String measure(int shape, int ref) {
        depth = 0;
        try {
            switch (shape) {
                case 0: few(0); break;
                case 1: many(0); break;
                case 2: refl(0); break;
                case 3: lambda.applyAsInt(0); break;
                default: up(0); break;
            }
            return "returned";
        } catch (StackOverflowError e) {
            return "between a quarter and twice HotSpot -Xint's depth: " + (depth >= ref / 4 && depth <= 2 * ref);
        } catch (Throwable e) {
            return e.toString();
        }
    }

    // Measures on a new thread of `kb` KB (0: the default size), which then waits for the end.
    static String onThread(int shape, int kb, int ref) throws InterruptedException {
        String[] result = new String[1];
        CountDownLatch measured = new CountDownLatch(1);
        Thread t = new Thread(null, () -> {
            result[0] = measure(shape, ref);
            measured.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
            }
        }, "depth", (long) kb << 10);
        t.start();
        measured.await();
        return result[0];
    }

    static int sizeIndex(int kb) {
        for (int i = 0; i < KB.length; i++)
            if (KB[i] == kb) return i;
        throw new IllegalArgumentException(kb + " KB");
    }

    public static void main(String[] args) throws Exception {
        int xss = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
        reflective = StackDepth.class.getMethod("refl", int.class);
        lambda = n -> {
            depth = n;
            return lambda.applyAsInt(n + 1) + 1;
        };
        boolean jni = true;
        try {
            System.loadLibrary("loupestackdepth");
        } catch (UnsatisfiedLinkError e) {
            jni = false;
        }
        for (int shape = 0; shape < SHAPES.length; shape++) {
            if (shape == 4 && !jni) continue;
            for (int kb : KB) {
                int ref = HOTSPOT[shape][sizeIndex(kb)];
                if (ref > 0) System.out.println(SHAPES[shape] + ", " + kb + " KB thread: " + onThread(shape, kb, ref));
            }
            int ref = HOTSPOT[shape][sizeIndex(xss)];
            System.out.println(SHAPES[shape] + ", -Xss" + xss + "k thread: " + onThread(shape, 0, ref));
        }
        done.countDown();
    }
}
