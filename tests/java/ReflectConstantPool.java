// jdk.internal.reflect.ConstantPool (Class.getConstantPool and the JVM_ConstantPool*
// natives, which the annotation parser reads): every entry of this class's own pool by
// tag, constants of each kind, classes resolved and "if loaded", member references
// turned into reflective objects (declared, inherited, through interfaces, constructors),
// the symbolic information of member references and name-and-type entries, and the
// exceptions for indices out of bounds or of the wrong type.
//
// java.base does not export jdk.internal.reflect, and module options cannot be used on
// every VM yet, so the ConstantPool object is reached through SharedSecrets with the
// reflective objects opened by setting AccessibleObject.override through sun.misc.Unsafe.
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;

public class ReflectConstantPool {
    static final int BIG_INT = 123456789;
    static final long BIG_LONG = 1234567890123456789L;
    static final float A_FLOAT = 2.5f;
    static final double A_DOUBLE = -3.25e100;
    static final String A_STRING = "constant \u00e9\u4e2d";

    /* Same instance fields as AccessibleObject, hence the same layout. */
    static class AO { boolean override; Object accessCheckCache; }

    static sun.misc.Unsafe unsafe;
    static long overrideOffset;
    static Object pool;

    static class Base { static int inheritedStatic = 4; int baseField; void inherited() { } }
    static class Sub extends Base { Sub() { } }
    interface HasField { Object SHARED = new Object(); }
    static class Impl implements HasField { }
    static class NeverLoaded { NeverLoaded() { } }

    static Object neverCalled() { return new NeverLoaded(); }

    static void println(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) sb.append(p);
        System.out.println(sb);
    }

    static <T extends AccessibleObject> T open(T ao) {
        unsafe.putBoolean(ao, overrideOffset, true);
        return ao;
    }

    /* Calls ConstantPool.name(args) and returns its result or a description of what it threw. */
    static Object call(String name, Object... args) throws Exception {
        Class<?>[] types = new Class<?>[args.length];
        for (int i = 0; i < args.length; i++) types[i] = int.class;
        Method m = open(pool.getClass().getMethod(name, types));
        try {
            return m.invoke(pool, args);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            StringBuilder sb = new StringBuilder("threw ").append(c.getClass().getName());
            if (c.getMessage() != null) sb.append(": ").append(c.getMessage());
            return sb.toString();
        }
    }

    static String describe(Object o) {
        if (o instanceof Class<?>) return new StringBuilder("class ").append(((Class<?>) o).getTypeName()).toString();
        if (o instanceof String[]) {
            StringBuilder sb = new StringBuilder("[");
            for (String s : (String[]) o) sb.append(s).append(';');
            return sb.append(']').toString();
        }
        if (o instanceof Field) {
            Field f = (Field) o;
            StringBuilder sb = new StringBuilder("field ");
            return sb.append(f.getDeclaringClass().getName()).append('.').append(f.getName()).append(" : ")
                     .append(f.getType().getTypeName()).toString();
        }
        if (o instanceof Member) {
            Member m = (Member) o;
            StringBuilder sb = new StringBuilder(o instanceof Constructor<?> ? "constructor " : "method ");
            sb.append(m.getDeclaringClass().getName()).append('.').append(m.getName()).append('(');
            Class<?>[] ps = o instanceof Method ? ((Method) o).getParameterTypes() : ((Constructor<?>) o).getParameterTypes();
            for (Class<?> p : ps) sb.append(p.getTypeName()).append(',');
            return sb.append(')').toString();
        }
        return String.valueOf(o);
    }

    static void entry(int i) throws Exception {
        String tag = call("getTagAt", i).toString();
        switch (tag) {
        case "UTF8": println(i, " UTF8 ", call("getUTF8At", i)); break;
        case "INTEGER": println(i, " INTEGER ", call("getIntAt", i)); break;
        case "FLOAT": println(i, " FLOAT ", call("getFloatAt", i)); break;
        case "LONG": println(i, " LONG ", call("getLongAt", i)); break;
        case "DOUBLE": println(i, " DOUBLE ", call("getDoubleAt", i)); break;
        case "STRING": {
            Object s = call("getStringAt", i);
            println(i, " STRING ", s, " interned=", s == ((String) s).intern());
            break;
        }
        case "CLASS": {
            Object c = call("getClassAt", i);
            println(i, " CLASS ", describe(c), " ifLoaded=", call("getClassAtIfLoaded", i) == c);
            break;
        }
        case "FIELDREF":
        case "METHODREF":
        case "INTERFACEMETHODREF": {
            println(i, " ", tag, " ", describe(call("getMemberRefInfoAt", i)), " class@", call("getClassRefIndexAt", i),
                    " nat@", call("getNameAndTypeRefIndexAt", i));
            boolean field = tag.equals("FIELDREF");
            println("    ", describe(call(field ? "getFieldAt" : "getMethodAt", i)));
            println("    ifLoaded ", describe(call(field ? "getFieldAtIfLoaded" : "getMethodAtIfLoaded", i)));
            break;
        }
        case "NAMEANDTYPE": println(i, " NAMEANDTYPE ", describe(call("getNameAndTypeRefInfoAt", i))); break;
        default: println(i, " ", tag); break;
        }
    }

    /* The index of the Methodref to NeverLoaded.<init>, found without resolving anything. */
    static int neverLoadedInit(int size) throws Exception {
        for (int i = 1; i < size; i++) {
            if (!call("getTagAt", i).toString().equals("METHODREF")) continue;
            String[] info = (String[]) call("getMemberRefInfoAt", i);
            if (info[0].equals("ReflectConstantPool$NeverLoaded")) return i;
        }
        return -1;
    }

    static void errors(int size, int longIndex) throws Exception {
        println("tag -1: ", call("getTagAt", -1));
        println("tag size: ", call("getTagAt", size));
        println("tag 0: ", call("getTagAt", 0));
        println("int 0: ", call("getIntAt", 0));
        println("utf8 -5: ", call("getUTF8At", -5));
        println("after long: ", call("getTagAt", longIndex + 1), " ", call("getLongAt", longIndex + 1));
        println("utf8 of long: ", call("getUTF8At", longIndex));
        println("class of long: ", call("getClassAt", longIndex));
        println("ifLoaded of long: ", call("getClassAtIfLoaded", longIndex));
        println("method of long: ", call("getMethodAt", longIndex));
        println("field of long: ", call("getFieldAt", longIndex));
        println("memberRef of long: ", call("getMemberRefInfoAt", longIndex));
        println("nat of long: ", call("getNameAndTypeRefInfoAt", longIndex));
        println("natIndex of long: ", call("getNameAndTypeRefIndexAt", longIndex));
        println("classIndex of long: ", call("getClassRefIndexAt", longIndex));
        println("string of long: ", call("getStringAt", longIndex));
        println("double of long: ", call("getDoubleAt", longIndex));
        println("float of long: ", call("getFloatAt", longIndex));
        println("int of long: ", call("getIntAt", longIndex));
    }

    public static void main(String[] args) throws Exception {
        Field uf = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        uf.setAccessible(true);
        unsafe = (sun.misc.Unsafe) uf.get(null);
        overrideOffset = unsafe.objectFieldOffset(AO.class.getDeclaredField("override"));
        Method jla = open(Class.forName("jdk.internal.access.SharedSecrets").getMethod("getJavaLangAccess"));
        Method getPool = open(Class.forName("jdk.internal.access.JavaLangAccess").getMethod("getConstantPool", Class.class));
        Object access = jla.invoke(null);
        pool = getPool.invoke(access, ReflectConstantPool.class);
        println("pool class: ", pool.getClass().getName());
        println("no pool for int: ", getPool.invoke(access, int.class));
        println("no pool for arrays: ", getPool.invoke(access, String[].class));

        int size = (Integer) call("getSize");
        println("size ", size);
        int init = neverLoadedInit(size);
        int classIndex = (Integer) call("getClassRefIndexAt", init);
        println("NeverLoaded before: ", call("getClassAtIfLoaded", classIndex), " ", call("getMethodAtIfLoaded", init));
        int longIndex = -1;
        for (int i = 0; i < size; i++) {
            entry(i);
            if (longIndex < 0 && call("getTagAt", i).toString().equals("LONG")) longIndex = i;
        }
        println("NeverLoaded after: ", describe(call("getClassAtIfLoaded", classIndex)), " ",
                describe(call("getMethodAtIfLoaded", init)));
        errors(size, longIndex);

        // keep the references above in the pool
        Sub s = new Sub();
        s.inherited();
        s.baseField = Sub.inheritedStatic + BIG_INT;
        println(Impl.SHARED != null, " ", s.baseField, " ", BIG_LONG, " ", A_FLOAT, " ", A_DOUBLE, " ", A_STRING, " ",
                -0.0f, " ", Float.NaN, " ", Double.NEGATIVE_INFINITY, " ", 70000, " ", -70000L);
        if (args.length > 5) neverCalled();
    }
}
