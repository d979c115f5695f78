import java.util.ArrayList;
import java.util.List;

// The Java side of agent/AgentEvents: a native method the agent registers (and redirects
// through NativeMethodBind), and a heap that runs out (ResourceExhausted).
public class AgentEvents {
    static native int answer();

    public static void main(String[] args) {
        System.out.println("answer " + answer());
        System.out.println("processors > 0: " + (Runtime.getRuntime().availableProcessors() > 0));
        List<long[]> hog = new ArrayList<>();
        try {
            for (;;) hog.add(new long[32 * 1024]);
        } catch (OutOfMemoryError e) {
            int n = hog.size();
            hog = null;
            System.out.println("OutOfMemoryError: " + e.getMessage() + " after " + (n > 10 ? "many" : "few") + " arrays");
        }
        try {
            long[][] big = new long[Integer.MAX_VALUE][];
            System.out.println(big.length);
        } catch (OutOfMemoryError e) {
            System.out.println("OutOfMemoryError: " + e.getMessage());
        }
    }
}
