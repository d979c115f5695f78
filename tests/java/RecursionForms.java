// Deep recursion in the forms Recursion and ReflectiveRecursion leave out, each ending in
// a StackOverflowError that is caught (or reported) the way HotSpot does, after which the
// thread carries on: inside a static initialiser (ExceptionInInitializerError is not used
// for an Error: the StackOverflowError itself escapes, and the class is then unusable with
// NoClassDefFoundError), through a lambda calling itself, through MethodHandle.invokeExact
// and invokeWithArguments, through a recursive Comparator inside Arrays.sort, in a
// finalizer (the finalizer thread survives and runs the next finalizer), and in toString
// called while building a message.  Only depth-independent facts are printed.
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

public class RecursionForms {
    static int depth;
    static int down(int n) { depth = n; return down(n + 1) + 1; }

    static class Deep {
        static final int VALUE = down(0);
        static int down(int n) { depth = n; return down(n + 1) + 1; }
    }

    static class DeepCaught {
        static final String VALUE;
        static {
            String v;
            try {
                RecursionForms.down(0);
                v = "no overflow?";
            } catch (StackOverflowError e) {
                v = "overflowed and recovered inside <clinit>";
            }
            VALUE = v;
        }
    }

    static String classInit() {
        StringBuilder sb = new StringBuilder();
        try {
            sb.append(Deep.VALUE);
        } catch (Throwable t) {
            sb.append("first use: ").append(t.getClass().getName());
            if (t.getCause() != null) sb.append(" caused by ").append(t.getCause().getClass().getName());
        }
        try {
            sb.append(Deep.VALUE);
        } catch (Throwable t) {
            sb.append(", second use: ").append(t);
            if (t.getCause() != null) sb.append(" caused by ").append(t.getCause());
        }
        sb.append(", caught inside: ").append(DeepCaught.VALUE);
        return sb.toString();
    }

    static IntUnaryOperator self;
    static String lambda() {
        self = n -> self.applyAsInt(n + 1) + 1;
        try {
            return "lambda returned " + self.applyAsInt(0);
        } catch (StackOverflowError e) {
            return "lambda: caught StackOverflowError";
        }
    }

    static MethodHandle exact, generic;
    static int viaExact(int n) throws Throwable { return (int) exact.invokeExact(n + 1) + 1; }
    static Object viaGeneric(Object n) throws Throwable { return generic.invokeWithArguments(n); }

    static String handles() throws Exception {
        MethodHandles.Lookup l = MethodHandles.lookup();
        exact = l.findStatic(RecursionForms.class, "viaExact", MethodType.methodType(int.class, int.class));
        generic = l.findStatic(RecursionForms.class, "viaGeneric", MethodType.methodType(Object.class, Object.class));
        String r;
        try {
            r = "invokeExact returned " + viaExact(0);
        } catch (StackOverflowError e) {
            r = "invokeExact: caught StackOverflowError";
        } catch (Throwable t) {
            r = "invokeExact: " + t;
        }
        try {
            r += ", invokeWithArguments returned " + viaGeneric(1);
        } catch (StackOverflowError e) {
            r += ", invokeWithArguments: caught StackOverflowError";
        } catch (Throwable t) {
            r += ", invokeWithArguments: " + t;
        }
        return r;
    }

    static String comparator() {
        Integer[] a = new Integer[64];
        for (int i = 0; i < a.length; i++) a[i] = (i * 37) % 64;
        try {
            Arrays.sort(a, RecursionForms::compareForever);
            return "sorted?";
        } catch (StackOverflowError e) {
            return "comparator: caught StackOverflowError";
        }
    }
    static int compareForever(Integer x, Integer y) { return compareForever(y, x); }

    static class Loop {
        final Loop next;
        Loop(Loop next) { this.next = next; }
        public String toString() { return "loop -> " + (next == null ? this : next); }
    }

    static String selfToString() {
        Loop l = new Loop(null);
        try {
            return "toString returned " + l.toString().length();
        } catch (StackOverflowError e) {
            return "toString: caught StackOverflowError";
        }
    }

    static volatile int finalizersRun;
    static volatile String finalizerResult = "finalizer did not run";
    static class Overflowing {
        @Override protected void finalize() {
            finalizerResult = "finalizer started";
            finalizersRun++;
            down(0);   // never returns: the finalizer thread must survive it
        }
    }
    static class Quiet {
        @Override protected void finalize() { finalizersRun++; }
    }

    static String finalizers() throws InterruptedException {
        new Overflowing();
        new Quiet();
        for (int i = 0; i < 600 && finalizersRun < 2; i++) {
            System.gc();
            System.runFinalization();
            Thread.sleep(50);
        }
        return finalizerResult + ", both finalizers ran: " + (finalizersRun == 2);
    }

    public static void main(String[] args) throws Exception {
        String[] out = new String[6];
        Thread t = new Thread(null, () -> {
            try {
                out[0] = classInit();
                out[1] = lambda();
                out[2] = handles();
                out[3] = comparator();
                out[4] = selfToString();
                out[5] = "after all that: " + Arrays.stream(new int[] {1, 2, 3}).map(x -> x * x).sum();
            } catch (Exception e) {
                out[0] = e.toString();
            }
        }, "recurser", 2 << 20);
        t.start();
        t.join();
        for (String s : out) System.out.println(s);
        System.out.println(finalizers());
    }
}
