// The target of tests/agent/NativeMethodEvents.c, whose agent library also holds these
// native methods (JNI finds natives in agent libraries, on HotSpot as on Loupe).
public class NativeMethodEvents {
    static native int twice(int x);
    static native String echo(String s);
    static native double half(double d);
    static native void fail(String message);
    native long plus(long a);

    long base = 40;

    static int viaJava(int x) { return twice(x) + 1; }

    public static void main(String[] args) {
        System.out.println("twice " + twice(21));
        System.out.println("echo " + echo("hello"));
        System.out.println("half " + half(5.0));
        System.out.println("plus " + new NativeMethodEvents().plus(2));
        System.out.println("viaJava " + viaJava(4));
        try {
            fail("from native");
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
