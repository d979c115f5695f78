// The Java side of agent/Redefine: RdTarget redefined while one of its methods runs, then
// every kind of change RedefineClasses refuses.  Other versions of RdTarget are compiled
// as RdTarge<X> (a name of the same length), which the agent renames.
public class RdMain {
    static final int NONE = 0, BAD_MAGIC = 1, BAD_VERSION = 2, TOGGLE_FINAL = 3, BREAK_RETURN = 4, NEW_VALUE = 5;

    /* RedefineClasses(c, b changed by op and by the Utf8 from -> to); the error's name */
    static native String redefine(Class<?> c, byte[] b, String from, String to, int op);
    static native String retransform(Class<?> c);
    static native String redefineOdd(int what);
    static native String frames();
    static native void modifiable(Class<?> c);
    static native void breakInValue();

    static void show(String what, String value) {
        System.out.println(what + ": " + value);
    }

    static void where() {
        System.out.println("frames: " + frames());
    }

    static byte[] bytesOf(String name) throws Exception {
        try (var in = RdMain.class.getResourceAsStream(name + ".class")) { return in.readAllBytes(); }
    }

    static String redefineTarget(int op) {
        try {
            return redefine(RdTarget.class, bytesOf("RdTarget"), null, null, op);
        } catch (Exception e) {
            return e.toString();
        }
    }

    public static void main(String[] args) throws Exception {
        breakInValue();
        System.out.println("before: " + RdTarget.value() + " " + RdTarget.text());
        var started = new java.util.concurrent.CountDownLatch(1);
        var go = new java.util.concurrent.CountDownLatch(1);
        int[] got = new int[1];
        Thread other = new Thread(() -> {
            try {
                got[0] = RdTarget.waiter(started, go);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        other.start();
        started.await();
        System.out.println("run: " + new RdTarget().run());
        go.countDown();
        other.join();
        System.out.println("other thread: " + got[0]);
        System.out.println("after: " + RdTarget.value() + " " + RdTarget.text());
        System.out.println("run again: " + new RdTarget().again());
        System.out.println("retransform: " + retransform(RdTarget.class) + " " + RdTarget.value() + " " + RdTarget.text());
        String[][] cases = {
            { "RdTarget", "RdTargeX", "renamed class" },
            { "RdBase", "RdBasf", "other superclass" },
            { "field", "fielD", "renamed field" },
        };
        for (String[] c : cases)
            System.out.println(c[2] + ": " + redefine(RdTarget.class, bytesOf("RdTarget"), c[0], c[1], NONE));
        System.out.println("bad magic: " + redefineTarget(BAD_MAGIC));
        System.out.println("major 99: " + redefineTarget(BAD_VERSION));
        System.out.println("final class: " + redefineTarget(TOGGLE_FINAL));
        System.out.println("bad return: " + redefineTarget(BREAK_RETURN));
        for (String v : new String[] { "A", "D", "M", "N" })
            System.out.println("version " + v + ": " + redefine(RdTarget.class, bytesOf("RdTarge" + v), "RdTarge" + v, "RdTarget", NONE));
        System.out.println("int: " + redefine(int.class, bytesOf("RdTarget"), null, null, NONE));
        System.out.println("int[]: " + redefine(int[].class, bytesOf("RdTarget"), null, null, NONE));
        for (int i = 0; i < 3; i++) System.out.println("odd " + i + ": " + redefineOdd(i));
        Runnable r = () -> {};
        for (Class<?> c : new Class<?>[] { RdTarget.class, int.class, int[].class, String.class, r.getClass() }) modifiable(c);
        System.out.println("still: " + RdTarget.value() + " " + RdTarget.text());
    }
}
