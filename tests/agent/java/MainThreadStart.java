// The Java side of agent/MainThreadStart: asks the agent what it saw of the main thread.
public class MainThreadStart {
    static native void report();

    public static void main(String[] args) {
        report();
    }
}
