// Deep recursion through reflection: each level calls the next with Method.invoke, so
// the StackOverflowError at the bottom comes back wrapped in one InvocationTargetException
// per level, each with a backtrace of its own.  HotSpot keeps at most
// MaxJavaStackTraceDepth (1024) frames per backtrace, so this ends in a fraction of a
// second in little memory; an uncapped backtrace grows with the square of the depth.
// The depths reached are the VM's own; only what does not depend on them is printed.
// gcstress-args: 0
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class ReflectiveRecursion {
    static Method self;
    static int deepest;

    public static void down(int depth) throws Exception {
        if (depth > deepest) deepest = depth;
        self.invoke(null, depth + 1);
    }

    static boolean light;

    static void run(String label) {
        deepest = 0;
        int chain = 0, longest = 0;
        Throwable bottom = null;
        try {
            down(0);
        } catch (Throwable t) {
            for (Throwable e = t; e != null; e = e.getCause()) {
                chain++;
                longest = Math.max(longest, e.getStackTrace().length);
                bottom = e;
            }
        }
        if (light) {        // a small stack: how deep it went is each VM's own
            System.out.println(label + ": longest trace at most 1024 " + (longest <= 1024) + ", bottom "
                    + bottom.getClass().getName());
            return;
        }
        System.out.println(label + ": deeper than 500 levels " + (deepest > 500) + ", more than 500 causes "
                + (chain > 500) + ", longest trace " + longest + ", bottom " + bottom.getClass().getName());
    }

    static void onThread(int kb) throws InterruptedException {
        Thread other = new Thread(null, () -> run(kb + " KB stack"), "other", (long) kb << 10);
        other.start();
        other.join();
    }

    /** With an argument, only a thread with that many KB of stack (a lighter run). */
    public static void main(String[] args) throws Exception {
        self = ReflectiveRecursion.class.getMethod("down", int.class);
        if (args.length > 0) {
            light = true;
            int kb = Integer.parseInt(args[0]);
            if (kb > 0) onThread(kb);       // 0: skipped (GC stress: a collection per 50 allocations is too slow)
        } else {
            run("main thread");
        }
        Throwable t = new Throwable();
        System.out.println("shallow trace: " + t.getStackTrace().length + " frames");
    }
}
