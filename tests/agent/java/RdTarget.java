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
}
