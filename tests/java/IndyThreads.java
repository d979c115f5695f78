// javac: plain
// Threads released together link the same invokedynamic instructions (string
// concatenation of several shapes, capturing and non-capturing lambdas, method
// references) and call a JNI-implemented JDK method that allocates
// (Array.newInstance behind ArrayList.toArray): every thread computes the same values.
// Under GC stress collections run while other threads link; a JNI function once made its
// result after leaving VM state, racing the collector.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;
import java.util.function.Supplier;

public class IndyThreads {
    static String s0(int k) { return "int " + k; }
    static String s1(long k) { return "long " + k + "/" + (k << 33); }
    static String s2(double k) { return "double " + k * 0.5 + ";" + k; }
    static String s3(char c, int k) { return "char " + c + (char) (c + k % 5); }
    static String s4(String s, Object o) { return s + " and " + o + " and " + null; }
    static String s5(boolean b, float f) { return "bool " + b + " float " + f; }
    static String s6(int a, int b, int c) { return a + "+" + b + "+" + c + "=" + (a + b + c); }
    static String s7(Object o, long l, byte b, short s) { return "[" + o + "|" + l + "|" + b + "|" + s + "]"; }
    static IntFunction<String> l0() { return k -> "plain " + k; }
    static IntFunction<String> l1(int cap) { return k -> "cap " + cap + " " + k; }
    static IntFunction<String> l2(String cap) { return k -> cap + k; }
    static IntFunction<String> l3() { return Integer::toHexString; }
    static Supplier<List<String>> l4() { return ArrayList::new; }
    static IntFunction<int[]> l5() { return int[]::new; }

    static long work(int k) {
        long h = 0;
        h = h * 31 + s0(k).hashCode();
        h = h * 31 + s1(k).hashCode();
        h = h * 31 + s2(k).hashCode();
        h = h * 31 + s3((char) ('a' + k % 26), k).hashCode();
        h = h * 31 + s4("s" + k, k % 2 == 0 ? Integer.valueOf(k) : "odd").hashCode();
        h = h * 31 + s5(k % 3 == 0, k / 4f).hashCode();
        h = h * 31 + s6(k, k * 2, k * 3).hashCode();
        h = h * 31 + s7(List.of(k), k, (byte) k, (short) -k).hashCode();
        h = h * 31 + l0().apply(k).hashCode() + l1(k).apply(k).hashCode() + l2("x" + k).apply(k).hashCode();
        h = h * 31 + l3().apply(k).hashCode() + l5().apply(k % 7).length;
        List<String> list = l4().get();
        list.add("a" + k);
        list.add("b");
        String[] arr = list.toArray(new String[0]);
        h = h * 31 + Arrays.hashCode(arr);
        return h;
    }

    public static void main(String[] args) throws Exception {
        int n = 4;
        CountDownLatch go = new CountDownLatch(1);
        long[] res = new long[n];
        Thread[] ts = new Thread[n];
        for (int i = 0; i < n; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                long h = 0;
                for (int k = 0; k < 25; k++) h = h * 17 + work(k);
                res[id] = h;
            });
            ts[i].start();
        }
        go.countDown();
        for (Thread t : ts) t.join();
        for (int i = 1; i < n; i++) System.out.println("thread " + i + " agrees with thread 0: " + (res[i] == res[0]));
        System.out.println("result " + res[0]);
    }
}
