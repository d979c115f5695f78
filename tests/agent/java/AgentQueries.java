import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

// The Java side of agent/AgentQueries: classes whose members, tables and flags the agent
// reads through the Class, Method and Field functions.
public class AgentQueries {
    interface Named {
        String name();
    }

    interface Counted<T> extends Comparable<T> {
        int count();
    }

    static abstract class Base<T> implements Named {
        protected static final long CONSTANT = 42L;
        volatile int hits;
        transient List<T> items = new ArrayList<>();

        abstract T first();

        public String name() { return "base"; }
    }

    static final class Impl extends Base<String> implements Counted<Impl> {
        private static String label = "impl";
        private final double weight;

        Impl(double weight) { this.weight = weight; }

        String first() { return items.isEmpty() ? label : items.get(0); }

        public int count() {
            int total = 0;
            for (int i = 0; i < 3; i++) {
                long square = (long) i * i;
                total += (int) square;
            }
            return total;
        }

        public int compareTo(Impl other) { return Double.compare(weight, other.weight); }

        static native int nativeMethod(int x);

        synchronized <E extends Number> E generic(List<? super E> sink, E value) {
            sink.add(value);
            return value;
        }
    }

    enum Color { RED, GREEN }

    static Object keep;

    public static void main(String[] args) throws Exception {
        Impl a = new Impl(1.5);
        Supplier<String> s = a::first;
        keep = new Object[] { a, Color.GREEN, new int[3], new String[2][2], s };
        System.out.println("main: " + a.count() + " " + s.get() + " " + Color.values().length);
        Class.forName("AgentQueries$Unused", false, AgentQueries.class.getClassLoader());
    }

    static class Unused {
        static { System.out.println("never initialised"); }
    }
}
