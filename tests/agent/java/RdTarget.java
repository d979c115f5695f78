// agent/Redefine: the class redefined.
public class RdTarget extends RdBase {
    int field;

    static int value() { return 1234567; }

    static String text() { return "old text"; }

    static int gone() { return 2; }

    int run() {
        int lit = 1234567;
        int before = value();
        String r = RdMain.redefineTarget(RdMain.NEW_VALUE);
        RdMain.where();
        System.gc();
        RdMain.show("old frame's constant", "old text");
        return before == lit && value() != lit ? lit : -1;
    }

    int again() {
        RdMain.where();
        return 1234567;
    }

    /* Runs on another thread across the redefinition: its frame keeps the old constants. */
    static int waiter(java.util.concurrent.CountDownLatch started, java.util.concurrent.CountDownLatch go) throws Exception {
        int lit = 1234567;
        started.countDown();
        go.await();
        RdMain.show("other thread's old frame", "old text");
        return lit;
    }
}
