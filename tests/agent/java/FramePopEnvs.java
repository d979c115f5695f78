// The Java side of agent/FramePopEnvs: work() asks, through one environment of the agent,
// for its own frame's pop; then more frames pop, and main reports what each env saw.
public class FramePopEnvs {
    static native void request(int env);
    static native void report();

    static int work(int env) {
        request(env);
        return env + 1;
    }

    static int other() { return 7; }

    public static void main(String[] args) {
        work(0);
        other();
        work(1);
        other();
        work(2);    // 2: both environments ask
        report();
    }
}
