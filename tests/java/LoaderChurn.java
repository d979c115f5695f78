// Defines and drops classes through fresh class loaders, each class with a little static
// state, in a small heap: it ends only if dead loaders and their classes are unloaded.
// tests/unit/test_unload calls churn() to count what the VM's own memory keeps per loader.
// vm-options: -Xmx64m
// gcstress-args: 300
import java.io.InputStream;

public class LoaderChurn {
    public static class Item {
        static int[] state = new int[64];
        public static int touch() { return state.length; }
    }

    static final String NAME = "LoaderChurn$Item";
    static byte[] code;

    static final class OneShot extends ClassLoader {
        OneShot() { super(null); }
        Class<?> define() { return defineClass(NAME, code, 0, code.length); }
    }

    public static int churn(int n) throws Exception {
        if (code == null) {
            try (InputStream in = LoaderChurn.class.getResourceAsStream("LoaderChurn$Item.class")) {
                code = in.readAllBytes();
            }
        }
        int sum = 0;
        for (int i = 0; i < n; i++) sum += (Integer) new OneShot().define().getMethod("touch").invoke(null);
        return sum;
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        System.out.println(churn(n) == 64 * n ? "defined and dropped " + n + " classes" : "wrong sum");
    }
}
