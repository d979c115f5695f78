// The program of tool/oom_options: with an argument, it fills the heap with arrays until
// an OutOfMemoryError comes, drops them and says it caught it.  Without one (as a plain
// test) it only says so.
import java.util.ArrayList;
import java.util.List;

public class OomFill {
    public static void main(String[] args) {
        if (args.length == 0) {
            System.out.println("no argument: the heap is left alone");
            return;
        }
        List<long[]> kept = new ArrayList<>();
        try {
            while (true) kept.add(new long[100_000]);
        } catch (OutOfMemoryError e) {
            int n = kept.size();
            kept = null;
            System.out.println("caught " + e.getMessage() + " after " + (n > 3 ? "several" : "few") + " arrays");
        }
    }
}
