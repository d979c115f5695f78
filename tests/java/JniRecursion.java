// Deep recursion through JNI callbacks (tool/jni_recursion builds the library and runs this
// with it): a native method calls back into Java, which calls the native method again,
// until the stack runs out; with native frames of 0, 16 and 48 KB of their own; with the
// native code swallowing the StackOverflowError (ExceptionClear) and carrying on; and on a
// thread the native code starts with a 256 KB or 8 MB pthread stack and attaches
// (AttachCurrentThread), where plain Java recursion must find the attached thread's real
// stack bounds.  Each ends in a StackOverflowError the program catches, never a crash.
// As a java test the library is absent and only that shows.
public class JniRecursion {
    static native int down(int n, int kb);
    static native int swallowing(int n);
    static native String onSmallThread(int kb);
    static int deepest;

    static int up(int n, int kb) {
        if (n > deepest) deepest = n;
        return down(n, kb);
    }

    static int upSwallowed(int n) {
        if (n > deepest) deepest = n;
        return swallowing(n);
    }

    static int plain(int n) {
        if (n > deepest) deepest = n;
        return plain(n + 1) + 1;
    }

    static String attachedRun() {
        deepest = 0;
        try {
            return "returned " + plain(0);
        } catch (StackOverflowError e) {
            return "attached thread: caught StackOverflowError, deeper than 100: " + (deepest > 100);
        }
    }

    public static void main(String[] args) throws Exception {
        try {
            System.loadLibrary("loupejnirec");
        } catch (UnsatisfiedLinkError e) {
            System.out.println("no library: " + e.getClass().getName());
            return;
        }
        for (int kb : new int[] {0, 16, 48}) {
            deepest = 0;
            try {
                System.out.println("returned " + up(0, kb));
            } catch (StackOverflowError e) {
                System.out.println(kb + " KB native frames: caught StackOverflowError, deeper than 10: " + (deepest > 10));
            }
        }
        deepest = 0;
        try {
            int r = upSwallowed(0);
            System.out.println("swallowed by native code: returned normally, deeper than 10: " + (deepest > 10) + ", negative: " + (r < 0));
        } catch (StackOverflowError e) {
            System.out.println("swallowed by native code: caught StackOverflowError");
        }
        System.out.println(onSmallThread(256));
        System.out.println(onSmallThread(8192));
        System.out.println("after all that: " + plainSum(1000));
    }

    static int plainSum(int n) { return n == 0 ? 0 : n + plainSum(n - 1); }
}
