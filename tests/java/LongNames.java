// normalize: s/@[0-9a-f][0-9a-f]*/@HASH/g
// Messages and names far longer than any fixed buffer: a NoSuchMethodError for a method
// whose descriptor runs to thousands of characters (a class changed between compile and
// run: here a copy of Caller whose call names a method Target lacks), the same lookup
// through MethodHandles, a ClassCastException and a stack trace naming a class of ~300
// characters, and a native method with such a descriptor that is not there.
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

public class LongNames {
    public static class Target {
        public static void longMethodName(java.util.concurrent.ConcurrentHashMap<String, String> p0, java.util.concurrent.ConcurrentHashMap<String, String> p1, java.util.concurrent.ConcurrentHashMap<String, String> p2, java.util.concurrent.ConcurrentHashMap<String, String> p3, java.util.concurrent.ConcurrentHashMap<String, String> p4, java.util.concurrent.ConcurrentHashMap<String, String> p5, java.util.concurrent.ConcurrentHashMap<String, String> p6, java.util.concurrent.ConcurrentHashMap<String, String> p7, java.util.concurrent.ConcurrentHashMap<String, String> p8, java.util.concurrent.ConcurrentHashMap<String, String> p9, java.util.concurrent.ConcurrentHashMap<String, String> p10, java.util.concurrent.ConcurrentHashMap<String, String> p11, java.util.concurrent.ConcurrentHashMap<String, String> p12, java.util.concurrent.ConcurrentHashMap<String, String> p13, java.util.concurrent.ConcurrentHashMap<String, String> p14, java.util.concurrent.ConcurrentHashMap<String, String> p15, java.util.concurrent.ConcurrentHashMap<String, String> p16, java.util.concurrent.ConcurrentHashMap<String, String> p17, java.util.concurrent.ConcurrentHashMap<String, String> p18, java.util.concurrent.ConcurrentHashMap<String, String> p19, java.util.concurrent.ConcurrentHashMap<String, String> p20, java.util.concurrent.ConcurrentHashMap<String, String> p21, java.util.concurrent.ConcurrentHashMap<String, String> p22, java.util.concurrent.ConcurrentHashMap<String, String> p23, java.util.concurrent.ConcurrentHashMap<String, String> p24, java.util.concurrent.ConcurrentHashMap<String, String> p25, java.util.concurrent.ConcurrentHashMap<String, String> p26, java.util.concurrent.ConcurrentHashMap<String, String> p27, java.util.concurrent.ConcurrentHashMap<String, String> p28, java.util.concurrent.ConcurrentHashMap<String, String> p29, java.util.concurrent.ConcurrentHashMap<String, String> p30, java.util.concurrent.ConcurrentHashMap<String, String> p31, java.util.concurrent.ConcurrentHashMap<String, String> p32, java.util.concurrent.ConcurrentHashMap<String, String> p33, java.util.concurrent.ConcurrentHashMap<String, String> p34, java.util.concurrent.ConcurrentHashMap<String, String> p35, java.util.concurrent.ConcurrentHashMap<String, String> p36, java.util.concurrent.ConcurrentHashMap<String, String> p37, java.util.concurrent.ConcurrentHashMap<String, String> p38, java.util.concurrent.ConcurrentHashMap<String, String> p39, java.util.concurrent.ConcurrentHashMap<String, String> p40, java.util.concurrent.ConcurrentHashMap<String, String> p41, java.util.concurrent.ConcurrentHashMap<String, String> p42, java.util.concurrent.ConcurrentHashMap<String, String> p43, java.util.concurrent.ConcurrentHashMap<String, String> p44, java.util.concurrent.ConcurrentHashMap<String, String> p45, java.util.concurrent.ConcurrentHashMap<String, String> p46, java.util.concurrent.ConcurrentHashMap<String, String> p47, java.util.concurrent.ConcurrentHashMap<String, String> p48, java.util.concurrent.ConcurrentHashMap<String, String> p49, java.util.concurrent.ConcurrentHashMap<String, String> p50, java.util.concurrent.ConcurrentHashMap<String, String> p51, java.util.concurrent.ConcurrentHashMap<String, String> p52, java.util.concurrent.ConcurrentHashMap<String, String> p53, java.util.concurrent.ConcurrentHashMap<String, String> p54, java.util.concurrent.ConcurrentHashMap<String, String> p55, java.util.concurrent.ConcurrentHashMap<String, String> p56, java.util.concurrent.ConcurrentHashMap<String, String> p57, java.util.concurrent.ConcurrentHashMap<String, String> p58, java.util.concurrent.ConcurrentHashMap<String, String> p59) { }
        public static native void missingNative(java.util.concurrent.ConcurrentHashMap<String, String> p0, java.util.concurrent.ConcurrentHashMap<String, String> p1, java.util.concurrent.ConcurrentHashMap<String, String> p2, java.util.concurrent.ConcurrentHashMap<String, String> p3, java.util.concurrent.ConcurrentHashMap<String, String> p4, java.util.concurrent.ConcurrentHashMap<String, String> p5, java.util.concurrent.ConcurrentHashMap<String, String> p6, java.util.concurrent.ConcurrentHashMap<String, String> p7, java.util.concurrent.ConcurrentHashMap<String, String> p8, java.util.concurrent.ConcurrentHashMap<String, String> p9, java.util.concurrent.ConcurrentHashMap<String, String> p10, java.util.concurrent.ConcurrentHashMap<String, String> p11, java.util.concurrent.ConcurrentHashMap<String, String> p12, java.util.concurrent.ConcurrentHashMap<String, String> p13, java.util.concurrent.ConcurrentHashMap<String, String> p14, java.util.concurrent.ConcurrentHashMap<String, String> p15, java.util.concurrent.ConcurrentHashMap<String, String> p16, java.util.concurrent.ConcurrentHashMap<String, String> p17, java.util.concurrent.ConcurrentHashMap<String, String> p18, java.util.concurrent.ConcurrentHashMap<String, String> p19, java.util.concurrent.ConcurrentHashMap<String, String> p20, java.util.concurrent.ConcurrentHashMap<String, String> p21, java.util.concurrent.ConcurrentHashMap<String, String> p22, java.util.concurrent.ConcurrentHashMap<String, String> p23, java.util.concurrent.ConcurrentHashMap<String, String> p24, java.util.concurrent.ConcurrentHashMap<String, String> p25, java.util.concurrent.ConcurrentHashMap<String, String> p26, java.util.concurrent.ConcurrentHashMap<String, String> p27, java.util.concurrent.ConcurrentHashMap<String, String> p28, java.util.concurrent.ConcurrentHashMap<String, String> p29, java.util.concurrent.ConcurrentHashMap<String, String> p30, java.util.concurrent.ConcurrentHashMap<String, String> p31, java.util.concurrent.ConcurrentHashMap<String, String> p32, java.util.concurrent.ConcurrentHashMap<String, String> p33, java.util.concurrent.ConcurrentHashMap<String, String> p34, java.util.concurrent.ConcurrentHashMap<String, String> p35, java.util.concurrent.ConcurrentHashMap<String, String> p36, java.util.concurrent.ConcurrentHashMap<String, String> p37, java.util.concurrent.ConcurrentHashMap<String, String> p38, java.util.concurrent.ConcurrentHashMap<String, String> p39, java.util.concurrent.ConcurrentHashMap<String, String> p40, java.util.concurrent.ConcurrentHashMap<String, String> p41, java.util.concurrent.ConcurrentHashMap<String, String> p42, java.util.concurrent.ConcurrentHashMap<String, String> p43, java.util.concurrent.ConcurrentHashMap<String, String> p44, java.util.concurrent.ConcurrentHashMap<String, String> p45, java.util.concurrent.ConcurrentHashMap<String, String> p46, java.util.concurrent.ConcurrentHashMap<String, String> p47, java.util.concurrent.ConcurrentHashMap<String, String> p48, java.util.concurrent.ConcurrentHashMap<String, String> p49, java.util.concurrent.ConcurrentHashMap<String, String> p50, java.util.concurrent.ConcurrentHashMap<String, String> p51, java.util.concurrent.ConcurrentHashMap<String, String> p52, java.util.concurrent.ConcurrentHashMap<String, String> p53, java.util.concurrent.ConcurrentHashMap<String, String> p54, java.util.concurrent.ConcurrentHashMap<String, String> p55, java.util.concurrent.ConcurrentHashMap<String, String> p56, java.util.concurrent.ConcurrentHashMap<String, String> p57, java.util.concurrent.ConcurrentHashMap<String, String> p58, java.util.concurrent.ConcurrentHashMap<String, String> p59);
    }

    public static class Caller {
        public static void call() {
            Target.longMethodName(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
        }
    }

    /** Defined again as LongNames$Shorty + 280 more characters. */
    public static class Shorty {
        public static void fail() {
            throw new IllegalStateException("from a long name");
        }

        public static Object self(Object o) {
            return (Shorty) o;
        }
    }

    static final String LONG = "LongNames$Shorty" + "Name".repeat(70);

    static byte[] bytesOf(String name) throws Exception {
        try (InputStream in = LongNames.class.getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The offset of the UTF-8 constant holding text (its length field first). */
    static int utf8At(byte[] b, String text) throws Exception {
        byte[] t = text.getBytes("UTF-8");
        for (int i = 0; i + t.length + 3 <= b.length; i++) {
            if (b[i] == 1 && b[i + 1] == 0 && (b[i + 2] & 0xff) == t.length
                    && Arrays.equals(b, i + 3, i + 3 + t.length, t, 0, t.length)) return i + 1;
        }
        throw new IllegalStateException("no " + text);
    }

    /** Class copies with a changed constant: a renamed method reference or class name. */
    static class Patched extends ClassLoader {
        Patched() { super(LongNames.class.getClassLoader()); }

        Class<?> callerCallingMissing() throws Exception {
            byte[] b = bytesOf("LongNames$Caller");
            int at = utf8At(b, "longMethodName");
            b[at + 2 + "longMethodName".length() - 1] = 'X';
            return defineClass("LongNames$Caller", b, 0, b.length);
        }

        Class<?> longNamed() throws Exception {
            byte[] b = bytesOf("LongNames$Shorty");
            int at = utf8At(b, "LongNames$Shorty");
            byte[] name = LONG.getBytes("UTF-8");
            byte[] r = new byte[b.length - "LongNames$Shorty".length() + name.length];
            System.arraycopy(b, 0, r, 0, at);
            r[at] = (byte) (name.length >> 8);
            r[at + 1] = (byte) name.length;
            System.arraycopy(name, 0, r, at + 2, name.length);
            int rest = at + 2 + "LongNames$Shorty".length();
            System.arraycopy(b, rest, r, at + 2 + name.length, b.length - rest);
            return defineClass(LONG, r, 0, r.length);
        }
    }

    static void show(Throwable e) {
        String m = e.getMessage();
        System.out.println(e.getClass().getName() + " (" + (m == null ? 0 : m.length()) + " chars): " + m);
    }

    public static void main(String[] args) throws Throwable {
        Caller.call();
        Class<?> patched = new Patched().callerCallingMissing();
        try {
            patched.getMethod("call").invoke(null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            show(e.getCause());
        }
        Class<?>[] ptypes = new Class<?>[60];
        Arrays.fill(ptypes, ConcurrentHashMap.class);
        try {
            MethodHandles.lookup().findStatic(Target.class, "longMethodNamX", MethodType.methodType(void.class, ptypes));
        } catch (NoSuchMethodException e) {
            show(e);
            if (e.getCause() != null) show(e.getCause());
        }
        Class<?> longNamed = new Patched().longNamed();
        System.out.println("defined " + longNamed.getName().length() + " chars");
        try {
            longNamed.getMethod("self", Object.class).invoke(null, "not it");
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println(e.getCause());   // the loader's identity hash: no length
        }
        try {
            longNamed.getMethod("fail").invoke(null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            StackTraceElement top = e.getCause().getStackTrace()[0];
            System.out.println("thrown in " + top.getClassName() + "." + top.getMethodName() + " line " + top.getLineNumber());
        }
        try {
            Target.missingNative(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
        } catch (UnsatisfiedLinkError e) {
            show(e);
        }
    }
}
