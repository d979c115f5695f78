// The Java side of agent/StackMarks: stacks of many shapes, each checked by the agent's
// native check() (com.loupe.functions.GetStackTraceMarked against GetStackTrace).
import java.lang.reflect.Method;

public class StackMarks {
    static native void check();
    static native void checkErrors();
    static native String result();

    // two calls on one line: frames at one depth come and go with other callers' indexes
    static int down(int d) {
        if (d == 0) {
            check();
            return 1;
        }
        check();
        return down(d - 1) + down(d - 1);
    }

    static void thrower(int d) {
        if (d == 0) {
            check();
            throw new IllegalStateException("bottom");
        }
        thrower(d - 1);
    }

    // an exception unwinds marked frames; the catching frame's index moves on
    static void catcher(int d) {
        try {
            thrower(d);
        } catch (IllegalStateException e) {
            check();
        }
        check();
    }

    static void deep(int d) {
        if (d == 0) {
            check();
            check();
            return;
        }
        deep(d - 1);
        if (d % 97 == 0) check();
    }

    public static void reflected() {
        check();
        down(2);
    }

    public static void main(String[] args) throws Exception {
        checkErrors();
        for (int i = 0; i < 3; i++) check();
        down(6);
        for (int d = 0; d < 8; d += 3) catcher(d);
        deep(700);                      // deeper than the agent's buffer at first
        Runnable r = () -> down(3);
        r.run();
        Method m = StackMarks.class.getMethod("reflected");
        m.invoke(null);                 // native frames of reflection in between
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> { down(5); catcher(4); });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        down(4);
        System.out.println(result());
    }
}
