/* The Java side of embed/embed_checkjni: each case's native code runs inside run(),
 * called from go(), so that -Xcheck:jni's reports show a Java stack. */
public class CheckJniTarget {
    int inst = 7;
    long wide = 8;
    String text = "text";
    static int count = 3;
    static long big = 4;

    static native void run(int c);

    static void nothing() {
    }

    static int answer() {
        return 42;
    }

    static void thrower() {
        throw new IllegalStateException("boom");
    }

    static void go(int c) {
        System.out.println("go");
        run(c);
        System.out.println("back");
    }

    static void twice(int c) {
        run(c);
        System.out.println("between");
        run(c);
    }
}
