// Parameters and type annotations of methods and constructors through reflection:
// Executable.getParameters (from the MethodParameters attribute when javac -parameters
// wrote one, else synthesized as arg0, arg1, ...) with names, modifiers, types and
// implicit/synthetic flags, for methods, constructors of inner classes and enums, static
// and varargs methods; the raw RuntimeVisibleTypeAnnotations bytes of methods and
// constructors; and annotated types of members that have no type annotations.
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.List;

public class ReflectParams {
    @Target(ElementType.TYPE_USE) @Retention(RetentionPolicy.RUNTIME) @interface TA { int value() default 0; }

    class Inner {
        Inner(String s, final long l) { }
    }
    enum E {
        A(1);
        E(int x) { }
    }

    static void none() { }
    static int twoSlots(long a, double b, final int c) { return c; }
    void varargs(String fmt, Object... rest) { }
    <T extends Comparable<T>> List<T> generic(List<? super T> in, T[] arr) { return null; }
    @TA(1) String typeAnnotated(@TA(2) int x, List<@TA(3) String> l) throws @TA(4) Exception { return null; }
    ReflectParams(@TA(5) int x) { }
    ReflectParams() { }
    String plainField;
    List<String> genericField;

    /* Same instance fields as AccessibleObject, hence the same layout. */
    static class AO { boolean override; Object accessCheckCache; }

    static void println(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) sb.append(p);
        System.out.println(sb);
    }

    static void parameters(Executable e) {
        Parameter[] ps = e.getParameters();
        println(e.getDeclaringClass().getTypeName(), ".", e.getName(), ": ", ps.length, " parameters, count ",
                e.getParameterCount());
        for (Parameter p : ps) {
            println("  ", p.getName(), " present=", p.isNamePresent(), " mods=", p.getModifiers(), " '",
                    Modifier.toString(p.getModifiers()), "' type=", p.getType().getTypeName(), " generic=",
                    p.getParameterizedType().getTypeName(), " implicit=", p.isImplicit(), " synthetic=", p.isSynthetic(),
                    " varargs=", p.isVarArgs(), " executable=", p.getDeclaringExecutable() == e);
        }
    }

    static String hex(byte[] b) {
        if (b == null) return "null";
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        Field uf = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        uf.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) uf.get(null);
        long overrideOffset = unsafe.objectFieldOffset(AO.class.getDeclaredField("override"));
        Method bytes = Executable.class.getDeclaredMethod("getTypeAnnotationBytes");
        unsafe.putBoolean(bytes, overrideOffset, true);

        Class<?> c = ReflectParams.class;
        Executable[] all = {
            c.getDeclaredMethod("none"), c.getDeclaredMethod("twoSlots", long.class, double.class, int.class),
            c.getDeclaredMethod("varargs", String.class, Object[].class),
            c.getDeclaredMethod("generic", List.class, Comparable[].class),
            c.getDeclaredMethod("typeAnnotated", int.class, List.class), c.getDeclaredConstructor(int.class),
            c.getDeclaredConstructor(), Inner.class.getDeclaredConstructor(ReflectParams.class, String.class, long.class),
            E.class.getDeclaredConstructor(String.class, int.class, int.class), E.class.getDeclaredMethod("valueOf", String.class),
            String.class.getMethod("substring", int.class, int.class), Object.class.getConstructor(),
        };
        for (Executable e : all) {
            parameters(e);
            byte[] raw = (byte[]) bytes.invoke(e);
            println("  type annotation bytes ", hex(raw));
            // (parsing present type annotations makes annotation proxies: see ReflectAnnotations)
            if (raw == null) println("  annotated return type ", e.getAnnotatedReturnType().getType().getTypeName());
        }
        println("same array twice: ", all[1].getParameters() == all[1].getParameters());
        println("param equals: ", all[1].getParameters()[0].equals(all[1].getParameters()[0]), " hash ",
                all[1].getParameters()[2].hashCode() == all[1].getParameters()[2].hashCode());
        for (String f : new String[] { "plainField", "genericField" }) {
            Field fd = c.getDeclaredField(f);
            println(f, ": annotated type ", fd.getAnnotatedType().getType().getTypeName(), " annotations ",
                    fd.getAnnotatedType().getAnnotations().length);
        }
    }
}
