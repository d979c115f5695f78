// The Java side of agent/SuspendInEnd: a thread that suspends itself in its ThreadEnd
// callback, which main waits for, resumes and joins.
public class SuspendInEnd {
    static native boolean waitSuspendedAndResume(Thread t);
    static native void report();

    public static void main(String[] args) throws Exception {
        Thread ender = new Thread(() -> { }, "ender");
        ender.start();
        System.out.println("seen suspended in ThreadEnd, then resumed: " + waitSuspendedAndResume(ender));
        ender.join();
        System.out.println("joined, alive " + ender.isAlive());
        report();
    }
}
