// The Java side of agent/AgentJni: native calls on two threads after the agent replaced a
// JNI function.
public class AgentJni {
    static native int version();

    public static void main(String[] args) throws Exception {
        int[] other = new int[1];
        Thread t = new Thread(() -> other[0] = version());
        t.start();
        t.join();
        System.out.println("main thread: 0x" + Integer.toHexString(version()));
        System.out.println("other thread: 0x" + Integer.toHexString(other[0]));
    }
}
