// agent/Redefine: another version of RdTarget (the agent renames it).
public class RdTargeN extends RdBase {
    int field;

    static int value() { return 1234567; }

    static String text() { return "old text"; }

    static int gone() { return 2; }
    static class X {}

    int run() { return 0; }

    int again() { return 0; }

    static int waiter(java.util.concurrent.CountDownLatch started, java.util.concurrent.CountDownLatch go) throws Exception {
        return 0;
    }
}
