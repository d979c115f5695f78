// Nested classes through reflection: getDeclaredClasses (member classes in InnerClasses
// order, never local, anonymous or other classes' members), getDeclaringClass,
// getEnclosingClass/Method/Constructor, getSimpleName, getCanonicalName and the
// isMember/Local/AnonymousClass predicates of every kind of nested class, and the
// modifiers (Class.getModifiers and Modifier.toString) that come from the InnerClasses
// attribute rather than the class's own access flags.
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;

public class ReflectNested {
    public static class PublicStatic { }
    protected static final class ProtectedFinal { }
    private abstract static class PrivateAbstract { }
    static class PackageStatic {
        class InnerOfNested { }
        static class NestedOfNested { }
    }
    class Inner { }
    public interface MemberInterface { interface Deeper { } }
    enum Color { RED, GREEN { } }
    @interface Marker { }
    private static strictfp class Strict { }
    static class UsesOthers {
        Map.Entry<String, String> entry;        // InnerClasses lists Map$Entry, not a member
        Thread.State state;
    }

    static Object local;
    static Object anonymous;
    static Object lambdaFree;
    Object inCtor;

    ReflectNested() {
        class LocalInCtor { }
        inCtor = new LocalInCtor();
    }

    static void makeLocals(int x) {
        class Local { }
        local = new Local();
        anonymous = new Object() { };
        abstract class AbstractLocal { }
        lambdaFree = new Runnable() { public void run() { } };
    }

    static void println(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) sb.append(p);
        System.out.println(sb);
    }

    static String name(Class<?> c) { return c == null ? "null" : c.getTypeName(); }

    static void declared(Class<?> c) {
        StringBuilder sb = new StringBuilder();
        for (Class<?> d : c.getDeclaredClasses()) sb.append(' ').append(name(d));
        println("declared in ", name(c), ":", sb);
    }

    static void describe(Class<?> c) {
        println(name(c));
        int mods = c.getModifiers();
        println("  modifiers ", mods, " '", Modifier.toString(mods), "'");
        println("  simple '", c.getSimpleName(), "' canonical ", c.getCanonicalName());
        println("  member ", c.isMemberClass(), " local ", c.isLocalClass(), " anonymous ", c.isAnonymousClass(),
                " interface ", c.isInterface(), " enum ", c.isEnum(), " annotation ", c.isAnnotation());
        println("  declaring ", name(c.getDeclaringClass()), " enclosing ", name(c.getEnclosingClass()),
                " nest host ", name(c.getNestHost()));
        Method m = c.getEnclosingMethod();
        Constructor<?> k = c.getEnclosingConstructor();
        println("  enclosing method ", m == null ? "null" : m.getName(), " constructor ",
                k == null ? "null" : name(k.getDeclaringClass()));
    }

    public static void main(String[] args) {
        makeLocals(1);
        Object outer = new ReflectNested();
        declared(ReflectNested.class);
        declared(PackageStatic.class);
        declared(MemberInterface.class);
        declared(UsesOthers.class);
        declared(Color.class);
        declared(local.getClass());
        declared(int.class);
        declared(String[].class);
        declared(Map.class);
        declared(Thread.class);

        Class<?>[] all = {
            ReflectNested.class, PublicStatic.class, ProtectedFinal.class, PrivateAbstract.class, PackageStatic.class,
            PackageStatic.InnerOfNested.class, PackageStatic.NestedOfNested.class, Inner.class, MemberInterface.class,
            MemberInterface.Deeper.class, Color.class, Color.GREEN.getClass(), Marker.class, Strict.class,
            local.getClass(), anonymous.getClass(), lambdaFree.getClass(), ((ReflectNested) outer).inCtor.getClass(),
            Map.Entry.class, Thread.State.class, int.class, Inner[].class, PrivateAbstract[][].class, int[].class,
        };
        for (Class<?> c : all) describe(c);
        println("Modifier.toString(all) '", Modifier.toString(0xFFF), "'");
        println("Modifier.toString(interface) '", Modifier.toString(Modifier.INTERFACE | Modifier.ABSTRACT | Modifier.STATIC), "'");
    }
}
