// Runtime annotations, which the JDK parses from the raw attribute bytes through the
// class's constant pool (jdk.internal.reflect.ConstantPool): on classes (inherited and
// not), methods, constructors, fields, parameters and member types; elements of every kind
// (the eight primitives, String, class literals including primitive, void and array
// classes, enum constants, nested annotations, and arrays of each, empty ones included);
// defaults (Method.getDefaultValue); repeatable annotations and their container; type
// annotations on return, parameter, field and throws types; equality and hash codes of
// annotation instances.  Output is built element by element (annotation toString uses
// streams).  Annotation instances are java.lang.reflect.Proxy objects, so this passes
// only once the VM runs the JDK's lambdas.
import java.lang.annotation.Annotation;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.concurrent.TimeUnit;

public class ReflectAnnotations {
    enum Level { LOW, MEDIUM, HIGH }

    @Retention(RetentionPolicy.RUNTIME) @interface Nested { String value() default "nested-default"; int n() default -1; }

    @Retention(RetentionPolicy.RUNTIME) @Inherited
    @interface All {
        byte b() default 1;
        short s() default 2;
        char c() default 'c';
        int i() default 4;
        long j() default 5L;
        float f() default 6.5f;
        double d() default 7.25;
        boolean z() default true;
        String str() default "default \u00e9";
        Class<?> cls() default Object.class;
        Level level() default Level.MEDIUM;
        TimeUnit unit() default TimeUnit.SECONDS;
        Nested nested() default @Nested;
        int[] ints() default { 1, 2 };
        String[] strs() default { };
        Class<?>[] classes() default { int.class, void.class, String[].class };
        Level[] levels() default { Level.LOW, Level.HIGH };
        Nested[] nesteds() default { @Nested("a"), @Nested(value = "b", n = 2) };
        long[] longs() default { Long.MIN_VALUE };
        char[] chars() default { 'x', '\u4e2d' };
        boolean[] bools() default { true, false };
        double[] doubles() default { Double.NaN, -0.0 };
    }

    @Retention(RetentionPolicy.RUNTIME) @Repeatable(Tags.class) @interface Tag { String value(); }
    @Retention(RetentionPolicy.RUNTIME) @interface Tags { Tag[] value(); }
    @Retention(RetentionPolicy.RUNTIME) @interface Invisible { }
    @Retention(RetentionPolicy.CLASS) @interface ClassOnly { }
    @Target(ElementType.TYPE_USE) @Retention(RetentionPolicy.RUNTIME) @interface T { int value(); }

    @All(b = -1, s = -2, c = 'q', i = Integer.MAX_VALUE, j = Long.MAX_VALUE, f = Float.NaN, d = Double.NEGATIVE_INFINITY,
         z = false, str = "", cls = int[][].class, level = Level.HIGH, unit = TimeUnit.NANOSECONDS,
         nested = @Nested(value = "given", n = 9), ints = { }, strs = { "x", "y" }, classes = { },
         levels = { }, nesteds = { }, longs = { 0L, -1L }, chars = { }, bools = { false }, doubles = { 1e300 })
    @Tag("one") @Tag("two") @ClassOnly
    static class Annotated {
        @All @Deprecated public int field;
        @Tag("solo") String tagged;
        @T(1) String typeAnnotatedField;

        @All(str = "ctor") Annotated(@Nested("p0") int a, @ClassOnly @Nested int b, int c) { }

        @All(level = Level.LOW) @Tag("m")
        public @T(2) String method(@T(3) @Nested("param") String x, @Tag("p1a") @Tag("p1b") int y) throws @T(4) Exception {
            return x;
        }
    }

    static class Child extends Annotated {
        Child() { super(0, 0, 0); }
    }

    static void println(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) sb.append(p);
        System.out.println(sb);
    }

    static String cls(Class<?> c) { return c.getTypeName(); }

    static String list(Object arr) {
        StringBuilder sb = new StringBuilder("[");
        int n = java.lang.reflect.Array.getLength(arr);
        for (int i = 0; i < n; i++) {
            Object e = java.lang.reflect.Array.get(arr, i);
            if (i > 0) sb.append(", ");
            sb.append(e instanceof Class<?> ? cls((Class<?>) e) : e instanceof Nested ? nested((Nested) e) : String.valueOf(e));
        }
        return sb.append(']').toString();
    }

    static String nested(Nested n) {
        return new StringBuilder("@Nested(").append(n.value()).append(", ").append(n.n()).append(')').toString();
    }

    static void all(String where, All a) {
        if (a == null) {
            println(where, ": no @All");
            return;
        }
        println(where, ": @All b=", a.b(), " s=", a.s(), " c=", a.c(), " i=", a.i(), " j=", a.j(), " f=", a.f(), " d=", a.d(),
                " z=", a.z(), " str='", a.str(), "' cls=", cls(a.cls()), " level=", a.level(), " unit=", a.unit());
        println("    nested=", nested(a.nested()), " ints=", list(a.ints()), " strs=", list(a.strs()), " classes=",
                list(a.classes()), " levels=", list(a.levels()));
        println("    nesteds=", list(a.nesteds()), " longs=", list(a.longs()), " chars=", list(a.chars()), " bools=",
                list(a.bools()), " doubles=", list(a.doubles()), " type=", cls(a.annotationType()));
    }

    static String names(Annotation[] as) {
        StringBuilder sb = new StringBuilder();
        for (Annotation a : as) sb.append(' ').append(cls(a.annotationType()));
        return sb.toString();
    }

    static String tags(Tag[] ts) {
        StringBuilder sb = new StringBuilder();
        for (Tag t : ts) sb.append(' ').append(t.value());
        return sb.toString();
    }

    static void typeAnnotations(String where, AnnotatedType t) {
        StringBuilder sb = new StringBuilder();
        for (Annotation a : t.getAnnotations()) sb.append(" @T(").append(((T) a).value()).append(')');
        println(where, ": ", t.getType().getTypeName(), sb);
    }

    public static void main(String[] args) throws Exception {
        Class<?> k = Annotated.class;
        all("class", k.getAnnotation(All.class));
        all("inherited by Child", Child.class.getAnnotation(All.class));
        println("Child declared:", names(Child.class.getDeclaredAnnotations()), " all:", names(Child.class.getAnnotations()));
        println("class annotations:", names(k.getAnnotations()));
        println("class tags:", tags(k.getAnnotationsByType(Tag.class)), " container ", k.getAnnotation(Tags.class) != null,
                " single ", k.getAnnotation(Tag.class));
        println("class-retention invisible: ", k.getAnnotation(ClassOnly.class));

        Field f = k.getDeclaredField("field");
        all("field", f.getAnnotation(All.class));
        println("field annotations:", names(f.getDeclaredAnnotations()), " deprecated ", f.isAnnotationPresent(Deprecated.class));
        println("tagged field: ", k.getDeclaredField("tagged").getAnnotation(Tag.class).value());
        typeAnnotations("field type", k.getDeclaredField("typeAnnotatedField").getAnnotatedType());

        Method m = k.getMethod("method", String.class, int.class);
        all("method", m.getAnnotation(All.class));
        println("method tag: ", m.getAnnotation(Tag.class).value(), " absent: ", m.getAnnotation(Invisible.class));
        Annotation[][] pa = m.getParameterAnnotations();
        for (int i = 0; i < pa.length; i++) println("method parameter ", i, ":", names(pa[i]));
        Parameter[] ps = m.getParameters();
        println("parameter 0 nested: ", nested(ps[0].getAnnotation(Nested.class)), ", parameter 1 tags:",
                tags(ps[1].getAnnotationsByType(Tag.class)));
        typeAnnotations("return type", m.getAnnotatedReturnType());
        typeAnnotations("parameter type", m.getAnnotatedParameterTypes()[0]);
        typeAnnotations("exception type", m.getAnnotatedExceptionTypes()[0]);

        Constructor<?> c = k.getDeclaredConstructor(int.class, int.class, int.class);
        all("constructor", c.getAnnotation(All.class));
        Annotation[][] ca = c.getParameterAnnotations();
        for (int i = 0; i < ca.length; i++) println("constructor parameter ", i, ":", names(ca[i]));

        Method[] elements = All.class.getDeclaredMethods();
        java.util.Arrays.sort(elements, new java.util.Comparator<Method>() {     // (HotSpot's order is not the file's)
            public int compare(Method x, Method y) { return x.getName().compareTo(y.getName()); }
        });
        for (Method e : elements) {
            Object v = e.getDefaultValue();
            String shown = v == null ? "null" : v.getClass().isArray() ? list(v) : v instanceof Class<?> ? cls((Class<?>) v)
                         : v instanceof Nested ? nested((Nested) v) : String.valueOf(v);
            println("default ", e.getName(), " = ", shown);
        }
        println("default of a non-element: ", Object.class.getMethod("hashCode").getDefaultValue());

        All a1 = k.getAnnotation(All.class), a2 = Child.class.getAnnotation(All.class), fa = f.getAnnotation(All.class);
        println("equal instances: ", a1.equals(a2), " ", a1.hashCode() == a2.hashCode(), ", different: ", a1.equals(fa),
                ", same instance again: ", a1 == k.getAnnotation(All.class));
        println("nested equal to default: ", fa.nested().equals(All.class.getMethod("nested").getDefaultValue()));
    }
}
