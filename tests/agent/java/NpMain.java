// The Java side of agent/NativePrefix: native methods wrapped the way an instrumenting
// agent wraps them (the native renamed with a prefix, a Java method of the old name
// calling it), bound by lookup and by RegisterNatives.
public class NpMain {
    static native int wrapped_answer();
    static int answer() { return wrapped_answer() + 1; }

    static native int wrapped_registered();
    static int registered() { return wrapped_registered() + 1; }

    static native int wrapped_lonely();
    static int lonely;      /* a name the VM knows, of no method */

    static native boolean register();
    static native boolean registerLonely();

    public static void main(String[] args) {
        System.out.println("answer: " + answer());
        System.out.println("register: " + register());
        System.out.println("registered: " + registered());
        try {
            wrapped_lonely();
        } catch (UnsatisfiedLinkError e) {
            System.out.println(e);
        }
        try {
            System.out.println("registerLonely: " + registerLonely());
        } catch (NoSuchMethodError e) {
            System.out.println(e);
        }
    }
}
