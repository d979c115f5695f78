// The Java side of agent/JniFieldWatch: the agent watches these fields, then native code
// reads and writes them through JNI; one access from bytecode for comparison.
public class JniFieldWatch {
    static boolean z;
    static byte b;
    static char c;
    static short s;
    static int i;
    static int unwatched;
    static int[] a = new int[1];
    long j;
    float f;
    double d;
    Object o;

    static native void watch();
    static native long touch(JniFieldWatch obj);

    public static void main(String[] args) {
        watch();
        JniFieldWatch w = new JniFieldWatch();
        System.out.println("touch " + touch(w));
        System.out.println("bytecode " + w.j);
        a = null;
    }
}
