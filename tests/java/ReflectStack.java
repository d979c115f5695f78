// Stack queries behind reflection-related JDK code: StackWalker frames turned into
// StackTraceElements (StackFrameInfo.toStackTraceElement, JVM_InitStackTraceElement),
// directly, through Method.invoke and with reflection frames shown; and
// jdk.internal.misc.VM.latestUserDefinedLoader (what ObjectInputStream resolves classes
// with), called directly, through reflection (before and after the JDK switches
// Method.invoke to generated accessor classes, whose frames it must skip), and from a
// class of a user-defined loader.
//
// java.base does not export jdk.internal.misc, and module options cannot be used on
// every VM yet, so the method is opened by setting AccessibleObject.override through
// sun.misc.Unsafe.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Iterator;
import java.util.function.Function;
import java.util.stream.Stream;

public class ReflectStack {
    /* Same instance fields as AccessibleObject, hence the same layout. */
    static class AO { boolean override; Object accessCheckCache; }

    static class Definer extends ClassLoader {
        Definer() { super(null); }
        Class<?> define(byte[] b) { return defineClass("ReflectStackCaller", b, 0, b.length); }
    }

    static Method latest;

    static void println(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) sb.append(p);
        System.out.println(sb);
    }

    static String walk(StackWalker walker) {
        return walker.walk(new Function<Stream<StackWalker.StackFrame>, String>() {
            public String apply(Stream<StackWalker.StackFrame> s) {
                StringBuilder sb = new StringBuilder();
                for (Iterator<StackWalker.StackFrame> it = s.iterator(); it.hasNext();) {
                    StackWalker.StackFrame f = it.next();
                    StackTraceElement e = f.toStackTraceElement();
                    sb.append("\n    ").append(e).append(" native=").append(e.isNativeMethod())
                      .append(" same=").append(e == f.toStackTraceElement());
                }
                return sb.toString();
            }
        });
    }

    public static String walkDefault() { return walk(StackWalker.getInstance()); }

    public static String walkReflect() { return walk(StackWalker.getInstance(StackWalker.Option.SHOW_REFLECT_FRAMES)); }

    static byte[] callerBytes() throws Exception {
        InputStream in = ReflectStack.class.getResourceAsStream("/ReflectStackCaller.class");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        for (int n; (n = in.read(buf)) > 0;) out.write(buf, 0, n);
        return out.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        println("direct:", walkDefault());
        Method wd = ReflectStack.class.getMethod("walkDefault");
        println("through Method.invoke:", wd.invoke(null));
        Method wr = ReflectStack.class.getMethod("walkReflect");
        println("reflection frames shown:", wr.invoke(null));

        Field uf = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        uf.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) uf.get(null);
        long overrideOffset = unsafe.objectFieldOffset(AO.class.getDeclaredField("override"));
        latest = Class.forName("jdk.internal.misc.VM").getMethod("latestUserDefinedLoader");
        unsafe.putBoolean(latest, overrideOffset, true);

        ClassLoader mine = ReflectStack.class.getClassLoader();
        for (int i = 0; i < 20; i++) {
            Object l = latest.invoke(null);
            if (i == 0 || i == 19) println("latest user-defined loader, call ", i, ": mine ", l == mine);
        }

        Definer d = new Definer();
        @SuppressWarnings("unchecked")
        java.lang.reflect.Constructor<?> k = d.define(callerBytes()).getDeclaredConstructor();
        k.setAccessible(true);          // another loader's class: another run-time package
        Function<Method, Object> caller = (Function<Method, Object>) k.newInstance();
        println("from a user-defined loader's class: ", caller.apply(latest) == d);
        Method apply = caller.getClass().getMethod("apply", Object.class);
        apply.setAccessible(true);
        for (int i = 0; i < 20; i++) {
            Object l = apply.invoke(caller, latest);
            if (i == 0 || i == 19) println("  same through Method.invoke, call ", i, ": ", l == d);
        }
    }
}

/* Defined again by ReflectStack.Definer: calls the Method it is given from that loader. */
class ReflectStackCaller implements java.util.function.Function<java.lang.reflect.Method, Object> {
    public Object apply(java.lang.reflect.Method m) {
        try {
            return m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }
}
