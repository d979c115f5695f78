// SecurityManager.getClassContext (JVM_GetClassContext): the classes of the methods on
// the stack, innermost first, without native methods and without the frames of
// Method.invoke and its accessors, whether the JDK runs the call through its native
// accessor or through generated accessor classes.  The SecurityManager is never installed.
// SecurityManager's static initialiser uses streams, so this passes only once the VM runs
// the JDK's lambdas.
import java.lang.reflect.Method;

public class ReflectClassContext {
    @SuppressWarnings("removal")
    static class Manager extends SecurityManager {
        Class<?>[] context() { return getClassContext(); }
    }

    static Manager manager;

    static String names(Class<?>[] cs) {
        StringBuilder sb = new StringBuilder();
        for (Class<?> c : cs) sb.append(' ').append(c.getTypeName());
        return sb.toString();
    }

    public static String viaHelper() { return names(manager.context()); }

    static class Nested {
        String deeper() { return viaHelper(); }
    }

    public static void main(String[] args) throws Exception {
        manager = new Manager();
        System.out.println(new StringBuilder("direct:").append(names(manager.context())));
        System.out.println(new StringBuilder("nested:").append(new Nested().deeper()));
        Method m = ReflectClassContext.class.getMethod("viaHelper");
        for (int i = 0; i < 20; i++) {
            Object r = m.invoke(null);
            if (i == 0 || i == 19) System.out.println(new StringBuilder("Method.invoke ").append(i).append(':').append(r));
        }
    }
}
