// Records through reflection (compiled the ordinary way because a record's toString,
// equals and hashCode are invokedynamic; none of them is called here, and the output is
// built without string concatenation): isRecord, getRecordComponents with each
// component's name, type, generic type and signature, accessor (explicit, implicit,
// generic, array-typed) and its invocation, annotations and annotated type of
// components without any, the parameters of the canonical constructor (which have a
// MethodParameters attribute), and the null answers of classes that
// are not records (plain classes, enums, interfaces, arrays, primitives, java.lang.Record).
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.List;

public class ReflectRecords {
    record Empty() { }
    record Point(int x, int y) { }
    record Mixed(long id, double[] values, String name, List<String> tags) {
        public String name() { return "explicit"; }
    }
    record Generic<T extends Comparable<T>>(T first, List<? extends T> rest) { }
    public record Nested(Point p, Empty e) implements Comparable<Nested> {
        static int count;
        public int compareTo(Nested o) { return 0; }
        record Inner(char c) { }
    }
    static class NotARecord { int x; int x() { return x; } }

    static void println(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) sb.append(p);
        System.out.println(sb);
    }

    static void components(Class<?> c, Object instance) throws Exception {
        RecordComponent[] rcs = c.getRecordComponents();
        println(c.getTypeName(), ": record ", c.isRecord(), ", modifiers '", Modifier.toString(c.getModifiers()),
                "', components ", rcs == null ? "null" : String.valueOf(rcs.length));
        if (rcs == null) return;
        Class<?>[] types = new Class<?>[rcs.length];
        for (int i = 0; i < rcs.length; i++) {
            RecordComponent rc = rcs[i];
            types[i] = rc.getType();
            Method a = rc.getAccessor();
            println("  ", rc.getName(), " : ", rc.getType().getTypeName(), " generic ", rc.getGenericType().getTypeName(),
                    " signature ", rc.getGenericSignature(), " declaring ", rc.getDeclaringRecord().getTypeName());
            println("    accessor ", a.getName(), " returns ", a.getReturnType().getTypeName(), " modifiers '",
                    Modifier.toString(a.getModifiers()), "' declared by ", a.getDeclaringClass().getTypeName());
            println("    annotations ", rc.getAnnotations().length, " declared ", rc.getDeclaredAnnotations().length,
                    " annotated type ", rc.getAnnotatedType().getType().getTypeName());
            println("    name interned ", rc.getName() == rc.getName().intern(), " same object twice ",
                    rc == c.getRecordComponents()[i]);
            if (instance != null) {
                Object v = a.invoke(instance);
                println("    value ", v instanceof double[] ? String.valueOf(((double[]) v).length)
                                      : v instanceof Record ? v.getClass().getTypeName() : String.valueOf(v));
            }
        }
        // javac writes a MethodParameters attribute for the canonical constructor
        Constructor<?> canonical = c.getDeclaredConstructor(types);
        StringBuilder sb = new StringBuilder();
        for (java.lang.reflect.Parameter p : canonical.getParameters())
            sb.append(' ').append(p.getName()).append('/').append(p.getModifiers()).append('/').append(p.isNamePresent());
        println("  canonical constructor (", canonical.getParameterCount(), "):", sb);
    }

    public static void main(String[] args) throws Exception {
        components(Empty.class, new Empty());
        components(Point.class, new Point(3, -4));
        components(Mixed.class, new Mixed(7L, new double[] { 1, 2 }, "n", List.of("a")));
        components(Generic.class, new Generic<String>("f", List.of("r")));
        components(Nested.class, new Nested(new Point(1, 2), new Empty()));
        components(Nested.Inner.class, new Nested.Inner('z'));
        components(NotARecord.class, null);
        components(Record.class, null);
        components(Thread.State.class, null);
        components(Runnable.class, null);
        components(Point[].class, null);
        components(int.class, null);
    }
}
