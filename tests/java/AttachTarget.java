// The target of tool/attach: with a marker file's path, it says "ready" and waits (in
// Thread.sleep, so the thread dump is predictable) until that file exists, holding 100
// objects of a class of its own for the heap histograms.  Without one, as a plain test,
// it only says so.
import java.io.File;

public class AttachTarget {
    static final class Kept { long value; }
    static final Kept[] KEPT = new Kept[100];
    static String label = String.valueOf(42) + "-label";

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < KEPT.length; i++) {
            KEPT[i] = new Kept();
            KEPT[i].value = i;
        }
        for (int i = 0; i < 50; i++) new Kept().value = i;      /* garbage for -histo:live */
        if (args.length == 0) {
            System.out.println("no marker file: nothing to wait for");
            return;
        }
        File marker = new File(args[0]);
        System.out.println("ready");
        for (int i = 0; i < 12000 && !marker.exists(); i++) Thread.sleep(50);   // up to 10 minutes (GC stress, sanitizers)
        System.out.println(marker.exists() ? "marker seen" : "gave up waiting");
    }
}
