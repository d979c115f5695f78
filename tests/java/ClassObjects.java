// java.lang.Class without reflection proper: names (getName, getSimpleName,
// getTypeName, getCanonicalName) of classes, nested, arrays and primitives; isArray,
// getComponentType, isPrimitive, isInterface, isEnum, isAnnotation, getSuperclass,
// getInterfaces (order), getModifiers, getPackageName, class literals vs getClass
// identity, arrayType/componentType/descriptorString, primitive TYPE fields, class
// loaders of JDK and test classes (compared, not printed), and Object's class.
import java.io.Serializable;
import java.lang.reflect.Modifier;

public class ClassObjects {
    interface A { }
    interface B extends A { }
    static abstract class Base implements B, Serializable { }
    static final class Leaf extends Base implements Comparable<Leaf>, Cloneable {
        public int compareTo(Leaf o) { return 0; }
    }
    @interface Marker { }
    enum Color { RED }
    private static class Hidden { }
    protected static class Prot { }

    static String describe(Class<?> c) {
        StringBuilder sb = new StringBuilder();
        sb.append(c.getName()).append(" simple=").append(c.getSimpleName()).append(" type=").append(c.getTypeName())
            .append(" canonical=").append(c.getCanonicalName()).append(" array=").append(c.isArray())
            .append(" primitive=").append(c.isPrimitive()).append(" interface=").append(c.isInterface())
            .append(" enum=").append(c.isEnum()).append(" annotation=").append(c.isAnnotation())
            .append(" modifiers=").append(Modifier.toString(c.getModifiers()))
            .append(" super=").append(c.getSuperclass() == null ? "null" : c.getSuperclass().getName())
            .append(" component=").append(c.getComponentType() == null ? "null" : c.getComponentType().getName())
            .append(" package='").append(c.getPackageName()).append("'")
            .append(" descriptor=").append(c.descriptorString());
        Class<?>[] is = c.getInterfaces();
        sb.append(" interfaces=[");
        for (int i = 0; i < is.length; i++) sb.append(i > 0 ? "," : "").append(is[i].getSimpleName());
        return sb.append("]").toString();
    }

    public static void main(String[] args) {
        Class<?>[] classes = { Object.class, String.class, ClassObjects.class, A.class, B.class, Base.class, Leaf.class,
            Marker.class, Color.class, Hidden.class, Prot.class, int.class, void.class, long[].class, String[][].class,
            Leaf[].class, A[][].class, Runnable.class, Integer.class, Thread.State.class, java.util.Map.Entry.class };
        for (Class<?> c : classes) System.out.println(describe(c));

        System.out.println("literal vs getClass: " + (new Leaf().getClass() == Leaf.class) + " " + ("s".getClass() == String.class)
            + " " + (new int[0].getClass() == int[].class) + " " + (new int[0][0].getClass().getComponentType() == int[].class));
        System.out.println("arrayType/componentType: " + int.class.arrayType().getName() + " " + String[].class.componentType().getName()
            + " " + Leaf.class.arrayType().arrayType().getName());
        System.out.println("TYPE fields: " + Integer.TYPE + " " + Long.TYPE + " " + Double.TYPE + " " + Void.TYPE + " " + Boolean.TYPE
            + " " + Character.TYPE + " " + (Byte.TYPE == byte.class));
        ClassLoader jdk = String.class.getClassLoader();
        ClassLoader mine = ClassObjects.class.getClassLoader();
        System.out.println("JDK classes have the null (bootstrap) loader: " + (jdk == null) + ", test classes share one loader: "
            + (Leaf.class.getClassLoader() == mine) + ", arrays use their element's loader: " + (Leaf[].class.getClassLoader() == mine)
            + ", primitive arrays: " + (int[].class.getClassLoader() == null));
        System.out.println("isAssignableFrom: " + A.class.isAssignableFrom(Leaf.class) + " " + Serializable.class.isAssignableFrom(Leaf.class)
            + " " + Comparable.class.isAssignableFrom(Base.class) + " " + Object.class.isAssignableFrom(int[].class) + " "
            + Cloneable.class.isAssignableFrom(long[][].class) + " " + Object.class.isAssignableFrom(int.class));
        System.out.println("isInstance: " + B.class.isInstance(new Leaf()) + " " + Leaf.class.isInstance(null) + " "
            + Object[].class.isInstance(new Leaf[0][0]));
        System.out.println("enclosing/declaring of Leaf: " + Leaf.class.getEnclosingClass().getSimpleName() + " "
            + Leaf.class.getDeclaringClass().getSimpleName() + ", isMemberClass " + Leaf.class.isMemberClass()
            + ", Object.class.getSuperclass() " + Object.class.getSuperclass() + ", interface super " + B.class.getSuperclass()
            + ", int super " + int.class.getSuperclass() + ", array super " + String[].class.getSuperclass().getName());
        System.out.println("toString: " + Leaf.class + " | " + A.class + " | " + int.class + " | " + int[].class);
        System.out.println("cast: " + (Object.class.cast("s") == "s") + ", desiredAssertionStatus "
            + Leaf.class.desiredAssertionStatus());
    }
}
