// agent/Redefine: another version of RdTarget (the agent renames it).
public class RdTargeD extends RdBase {
    int field;

    static int value() { return 1234567; }

    static String text() { return "old text"; }


    int run() { return 0; }

    int again() { return 0; }

    static int waiter(java.util.concurrent.CountDownLatch started, java.util.concurrent.CountDownLatch go) throws Exception {
        return 0;
    }
}
