// Deep recursion through reflection: each level calls the next with Method.invoke, so
// the StackOverflowError at the bottom comes back wrapped in one InvocationTargetException
// per level, each with a backtrace of its own.  HotSpot keeps at most
// MaxJavaStackTraceDepth (1024) frames per backtrace, so this ends in a fraction of a
// second in little memory; an uncapped backtrace grows with the square of the depth.
// The depths reached are the VM's own; only what does not depend on them is printed.
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class ReflectiveRecursion {
    static Method self;
    static int deepest;

    public static void down(int depth) throws Exception {
        if (depth > deepest) deepest = depth;
        self.invoke(null, depth + 1);
    }

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
        System.out.println(label + ": deeper than 500 levels " + (deepest > 500) + ", more than 500 causes "
                + (chain > 500) + ", longest trace " + longest + ", bottom " + bottom.getClass().getName());
    }

    public static void main(String[] args) throws Exception {
        self = ReflectiveRecursion.class.getMethod("down", int.class);
        run("main thread");
        Thread other = new Thread(null, () -> run("4 MB stack"), "other", 4L << 20);
        other.start();
        other.join();
        Throwable t = new Throwable();
        System.out.println("shallow trace: " + t.getStackTrace().length + " frames");
    }
}
