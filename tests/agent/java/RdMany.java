// The Java side of agent/RedefineMany: one class redefined 64 times, a collection after each.
public class RdMany {
    static class Target {
        static int value() {
            return 7;
        }
    }

    static native int redefine(Class<?> c, byte[] bytes);

    public static void main(String[] args) throws Exception {
        byte[] bytes;
        try (var in = RdMany.class.getResourceAsStream("RdMany$Target.class")) {
            bytes = in.readAllBytes();
        }
        int errors = 0;
        for (int i = 0; i < 64; i++) {
            if (redefine(Target.class, bytes) != 0) errors++;
            System.gc();
        }
        System.out.println("redefined 64 times, errors: " + errors + ", value: " + Target.value());
    }
}
