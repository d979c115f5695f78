// User JNI libraries: System.loadLibrary through java.library.path and System.load, the
// UnsatisfiedLinkError messages (library not found, relative path, native method not
// bound), and, when tool/jni_library has built the library and put it on the path, calls
// into it: JNI_OnLoad, primitive and String arguments and results, calls back into Java,
// exceptions thrown from native code (ThrowNew and a pending Java exception), arrays and
// fields, FindClass from native code (which finds this test's own nested classes through
// the loader of the class whose native method is running), and RegisterNatives.
// As a java test the library is absent and only the errors show.
public class JniLibrary {
    static class Helper {
        static int seen;
        int value = 5;
        static String describe(int x) { return "helper saw " + x; }
    }

    static native int add(int a, int b);
    static native String greet(String who);
    static native String callBack(int x);
    static native void throwNew(String message);
    static native int callThrowing();
    static native long sumArray(int[] values);
    static native void bumpField(Helper h);
    static native String findNested();
    static native int registered(int x);
    static native void neverBound();

    // (The search paths depend on the JDK's location: the boot loader, which loads this
    // class in the embedding test mode, searches sun.boot.library.path.)
    static String paths(String message) {
        return message.replace(System.getProperty("java.library.path"), "(java.library.path)")
                      .replace(System.getProperty("sun.boot.library.path"), "(sun.boot.library.path)");
    }

    static int throwing() { throw new IllegalStateException("thrown by Java, seen by native code"); }

    public static void main(String[] args) {
        try {
            add(1, 2);
        } catch (UnsatisfiedLinkError e) {
            System.out.println("before loading: " + e.getMessage());
        }
        try {
            System.load("relative/libx.so");
        } catch (UnsatisfiedLinkError e) {
            System.out.println(e.getMessage());
        }
        try {
            System.load("/nonexistent/libloupe_none.so");
        } catch (UnsatisfiedLinkError e) {
            System.out.println(e.getMessage());
        }
        try {
            System.loadLibrary("loupe_no_such_library");
        } catch (UnsatisfiedLinkError e) {
            System.out.println(paths(e.getMessage()));
        }
        try {
            System.loadLibrary("loupejnitest");
        } catch (UnsatisfiedLinkError e) {
            System.out.println("library not built: " + paths(e.getMessage()));
            return;
        }
        System.loadLibrary("loupejnitest");     // a second time: already loaded, no second JNI_OnLoad
        System.out.println(add(40, 2) + " " + add(Integer.MAX_VALUE, 1));
        System.out.println(greet("w\u00f6rld \u20ac"));
        System.out.println(callBack(21));
        try {
            throwNew("from native code");
        } catch (IllegalArgumentException e) {
            System.out.println("caught " + e);
        }
        try {
            System.out.println("callThrowing returned " + callThrowing());
        } catch (IllegalStateException e) {
            System.out.println("caught " + e);
        }
        System.out.println(sumArray(new int[] { 1, 2, 3, 1000000 }));
        Helper h = new Helper();
        bumpField(h);
        System.out.println("fields " + h.value + " " + Helper.seen);
        System.out.println(findNested());
        System.out.println(registered(7));
        try {
            neverBound();
        } catch (UnsatisfiedLinkError e) {
            System.out.println(e.getMessage());
        }
    }
}
