// A StackTraceElement's class name is its class's own name string (the one Class.getName()
// returns, kept in the Class object) and its method name is interned, as on HotSpot: every
// element shares them, not a copy each.  A deep recursion through reflection materialises
// millions of elements (java/ReflectiveRecursion), so copies cost hundreds of megabytes.
import java.util.function.Supplier;

public class StackTraceShared {
    static StackTraceElement[] trace() { return new Throwable().getStackTrace(); }

    static class Inner {
        StackTraceElement[] trace() { return new Throwable().getStackTrace(); }
    }

    public static void main(String[] args) throws Exception {
        StackTraceElement[] a = trace(), b = trace();
        System.out.println("one class name for two traces: " + (a[0].getClassName() == b[0].getClassName()));
        System.out.println("the class name is Class.getName(): " + (a[0].getClassName() == StackTraceShared.class.getName()));
        System.out.println("caller's too: " + (a[1].getClassName() == StackTraceShared.class.getName()));
        System.out.println("method name interned: " + (a[0].getMethodName() == "trace"));
        StackTraceElement[] c = new Inner().trace();
        System.out.println("nested class: " + (c[0].getClassName() == Inner.class.getName()) + " " + c[0].getClassName());
        String before = Inner.class.getName();
        System.out.println("name asked first: " + (before == new Inner().trace()[0].getClassName()));
        Supplier<StackTraceElement[]> s = () -> new Throwable().getStackTrace();
        StackTraceElement[] d = s.get();
        System.out.println("lambda body's class: " + (d[0].getClassName() == StackTraceShared.class.getName()));
        Throwable t = new Throwable();
        System.out.println("each getStackTrace a copy of the same elements: "
                + (t.getStackTrace()[0].getClassName() == t.getStackTrace()[0].getClassName()));
    }
}
