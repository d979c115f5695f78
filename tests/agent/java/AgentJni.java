// The Java side of agent/AgentJni: native calls on two threads after the agent replaced a
// JNI function; FindClass with names in and out of the L...; envelope.
public class AgentJni {
    static native int version();
    static native Class<?> findClass(String name);

    public static void main(String[] args) throws Exception {
        int[] other = new int[1];
        Thread t = new Thread(() -> other[0] = version());
        t.start();
        t.join();
        System.out.println("main thread: 0x" + Integer.toHexString(version()));
        System.out.println("other thread: 0x" + Integer.toHexString(other[0]));
        String[] names = { "Ljava/lang/String;", "LAgentJni;", "[Ljava/lang/String;", "[LAgentJni;", "L;",
                           "Ljava/lang/String", "java/lang/String;", "LLjava/lang/String;;", "Ljava.lang.String;" };
        for (String n : names) {
            try {
                System.out.println("FindClass " + n + ": " + findClass(n).getName());
            } catch (Throwable e) {
                System.out.println("FindClass " + n + ": " + e + ", cause: " + e.getCause());
            }
        }
    }
}
