// Core reflection calls, each made 40 times so that the JDK switches from the VM's native
// accessors to the accessor classes it generates (after 15 calls): Method.invoke of
// static, virtual, interface and private methods with every primitive argument and return
// type, Constructor.newInstance, exceptions thrown by the target (wrapped in
// InvocationTargetException) and by the call itself (null receiver, argument mismatch,
// wrong number of arguments), Field get/set of each type with widening and its errors,
// java.lang.reflect.Array (newInstance, get/set with widening, every error message), and
// caller-sensitive methods (Class.forName, MethodHandles.lookup, StackWalker's caller)
// reached through Method.invoke.
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

public class ReflectInvoke {
    interface Shape { double area(); }

    static class Rect implements Shape {
        private final int w, h;
        Rect(int w, int h) { this.w = w; this.h = h; }
        public double area() { return w * h; }
        private String secret(String prefix) { return prefix + w + "x" + h; }
        public String toString() { return "Rect(" + w + "," + h + ")"; }
    }

    static class Fail {
        Fail(boolean fail) throws Exception { if (fail) throw new java.io.IOException("constructor failed"); }
        static void boom(int depth) { if (depth == 0) throw new IllegalStateException("boom"); boom(depth - 1); }
    }

    public static class Prims {
        public boolean z; public byte b; public char c; public short s; public int i; public long j;
        public float f; public double d; public Object o; public static String st = "static";
        public final int fin = 7;

        public static long all(boolean z, byte b, char c, short s, int i, long j, float f, double d) {
            return (z ? 1 : 0) + b + c + s + i + j + (long) f + (long) d;
        }
        public char nextChar(char c) { return (char) (c + 1); }
        public byte negate(byte b) { return (byte) -b; }
        public float half(float f) { return f / 2; }
        public boolean not(boolean z) { return !z; }
        public short twice(short s) { return (short) (s * 2); }
        public void nothing() {}
    }

    static String caller() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass().getName();
    }

    static void tryCall(String what, Method m, Object target, Object... args) {
        try {
            System.out.println(what + " -> " + m.invoke(target, args));
        } catch (InvocationTargetException e) {
            System.out.println(what + " -> target threw " + e.getCause());
        } catch (Exception e) {
            // (the generated accessors' messages can hold an identity hash code)
            System.out.println(what + " -> " + e.toString().replaceAll("@[0-9a-f]+$", "@..."));
        }
    }

    static void tryArray(String what, ThrowingRunnable r) {
        try {
            r.run();
            System.out.println(what + " ok");
        } catch (Throwable e) {
            System.out.println(what + " -> " + e);
        }
    }

    interface ThrowingRunnable { void run() throws Throwable; }

    static void methods() throws Exception {
        Method area = Shape.class.getMethod("area");
        Method secret = Rect.class.getDeclaredMethod("secret", String.class);
        Method all = Prims.class.getMethod("all", boolean.class, byte.class, char.class, short.class, int.class,
                                           long.class, float.class, double.class);
        Method nextChar = Prims.class.getMethod("nextChar", char.class);
        Method negate = Prims.class.getMethod("negate", byte.class);
        Method half = Prims.class.getMethod("half", float.class);
        Method not = Prims.class.getMethod("not", boolean.class);
        Method twice = Prims.class.getMethod("twice", short.class);
        Method nothing = Prims.class.getMethod("nothing");
        Method boom = Fail.class.getDeclaredMethod("boom", int.class);
        Constructor<Rect> rect = Rect.class.getDeclaredConstructor(int.class, int.class);
        Constructor<Fail> fail = Fail.class.getDeclaredConstructor(boolean.class);
        Prims p = new Prims();
        double areas = 0;
        long sum = 0;
        StringBuilder trace = new StringBuilder();
        for (int k = 0; k < 40; k++) {
            Rect r = rect.newInstance(k, 3);
            areas += (Double) area.invoke(r);
            sum += (Long) all.invoke(null, k % 2 == 0, (byte) k, (char) ('a' + k), (short) -k, k, 1L << k, 0.5f * k, 2.25 * k);
            sum += (Character) nextChar.invoke(p, (char) k) + (Byte) negate.invoke(p, (byte) k) + (Short) twice.invoke(p, (short) k);
            sum += (long) (float) (Float) half.invoke(p, (float) k) + ((Boolean) not.invoke(p, k % 3 == 0) ? 1 : 0);
            if (nothing.invoke(p) != null) System.out.println("void method returned a value");
            secret.setAccessible(true);
            if (k % 13 == 0) {
                trace.append(k).append(": ").append(secret.invoke(r, "rect ")).append('\n');
                tryCall("boom", boom, null, 3);
                try {
                    fail.newInstance(true);
                } catch (InvocationTargetException e) {
                    trace.append("  constructor threw ").append(e.getCause()).append('\n');
                }
                tryCall("null receiver", area, null);
                tryCall("wrong receiver", area, "not a shape");
                tryCall("argument mismatch", nextChar, p, "x");
                tryCall("unboxing null", nextChar, p, (Object) null);
                tryCall("no widening to char", nextChar, p, (byte) 1);
                tryCall("widening int to long", all, null, true, (byte) 1, 'c', (short) 2, 3, 4, 5f, 6.0);
                tryCall("too few arguments", all, null, true);
                try {
                    rect.newInstance(1);
                } catch (IllegalArgumentException e) {
                    trace.append("  newInstance: ").append(e).append('\n');
                }
            }
        }
        System.out.print(trace);
        System.out.println("areas " + areas + " sum " + sum);
        try {
            boom.invoke(null, 2);
        } catch (InvocationTargetException e) {
            System.out.println("cause trace:");
            for (StackTraceElement el : e.getCause().getStackTrace()) {
                if (el.getClassName().startsWith("ReflectInvoke")) System.out.println("  " + el);
            }
        }
    }

    static void fields() throws Exception {
        Prims p = new Prims();
        Field z = Prims.class.getField("z"), b = Prims.class.getField("b"), c = Prims.class.getField("c");
        Field s = Prims.class.getField("s"), i = Prims.class.getField("i"), j = Prims.class.getField("j");
        Field f = Prims.class.getField("f"), d = Prims.class.getField("d"), o = Prims.class.getField("o");
        Field st = Prims.class.getField("st"), fin = Prims.class.getField("fin");
        for (int k = 0; k < 40; k++) {
            z.setBoolean(p, !z.getBoolean(p));
            b.setByte(p, (byte) (b.getByte(p) + 3));
            c.setChar(p, (char) (c.getChar(p) + 1));
            s.setShort(p, (short) (s.getShort(p) - 7));
            i.setInt(p, i.getInt(p) * 3 + 1);
            j.setLong(p, j.getLong(p) * 5 + i.getInt(p));
            f.setFloat(p, f.getFloat(p) + 0.25f);
            d.set(p, (Double) d.get(p) + 1.5);
            o.set(p, k % 2 == 0 ? "even" : Integer.valueOf(k));
            st.set(null, "s" + k);
        }
        System.out.println(p.z + " " + p.b + " " + (int) p.c + " " + p.s + " " + p.i + " " + p.j + " " + p.f + " "
                           + p.d + " " + p.o + " " + Prims.st);
        System.out.println("widened: " + j.getClass().getSimpleName() + " " + d.getDouble(p) + " " + j.getFloat(p)
                           + " " + c.getInt(p) + " " + b.getLong(p));
        i.set(p, (byte) 5);
        d.setInt(p, 9);
        System.out.println("widening sets: " + p.i + " " + p.d);
        String[] bad = { "get int as boolean", "set int from long", "set int from String", "set null into int",
                         "get on null receiver", "set final", "get short as byte", "set Object field from int" };
        for (String what : bad) {
            try {
                switch (what) {
                    case "get int as boolean": i.getBoolean(p); break;
                    case "set int from long": i.set(p, 5L); break;
                    case "set int from String": i.set(p, "5"); break;
                    case "set null into int": i.set(p, null); break;
                    case "get on null receiver": i.getInt(null); break;
                    case "set final": fin.setInt(p, 8); break;
                    case "get short as byte": s.getByte(p); break;
                    case "set Object field from int": o.setInt(p, 1); break;
                }
                System.out.println(what + " ok");
            } catch (Exception e) {
                System.out.println(what + " -> " + e);
            }
        }
    }

    static void arrays() throws Exception {
        int[] ia = (int[]) Array.newInstance(int.class, 3);
        Object[] strings = (Object[]) Array.newInstance(String.class, 2);
        long[] la = new long[2];
        Object grid = Array.newInstance(double.class, 2, 0, 3);
        System.out.println(grid.getClass().getName() + " " + Array.getLength(grid) + " " + Array.getLength(Array.get(grid, 1)));
        for (int k = 0; k < 40; k++) {
            Array.setInt(ia, k % 3, Array.getInt(ia, k % 3) + k);
            Array.set(la, k % 2, (byte) k);
            Array.set(strings, k % 2, "s" + k);
        }
        System.out.println(Arrays.toString(ia) + " " + Arrays.toString(la) + " " + Arrays.toString(strings)
                           + " " + Array.getLong(ia, 1) + " " + Array.getDouble(la, 0));
        Object deep = Array.newInstance(int.class, new int[254]);
        tryArray("get out of bounds", () -> Array.get(ia, 3));
        tryArray("get negative index", () -> Array.get(strings, -1));
        tryArray("getInt out of bounds", () -> Array.getInt(ia, 7));
        tryArray("set out of bounds", () -> Array.set(strings, 2, "x"));
        tryArray("setInt out of bounds", () -> Array.setInt(ia, -2, 1));
        tryArray("getLength of non-array", () -> Array.getLength("s"));
        tryArray("get of null", () -> Array.get(null, 0));
        tryArray("set element type mismatch", () -> Array.set(strings, 0, 1));
        tryArray("set String into int[]", () -> Array.set(ia, 0, "s"));
        tryArray("set null into int[]", () -> Array.set(ia, 0, null));
        tryArray("setInt into String[]", () -> Array.setInt(strings, 0, 1));
        tryArray("getInt of String[]", () -> Array.getInt(strings, 0));
        tryArray("getByte of int[]", () -> Array.getByte(ia, 0));
        tryArray("setLong into int[]", () -> Array.setLong(ia, 0, 1L));
        tryArray("newInstance void", () -> Array.newInstance(void.class, 1));
        tryArray("newInstance negative", () -> Array.newInstance(int.class, -5));
        tryArray("newInstance null", () -> Array.newInstance(null, 1));
        tryArray("no dimensions", () -> Array.newInstance(int.class, new int[0]));
        tryArray("negative dimension", () -> Array.newInstance(int.class, 2, -1));
        tryArray("256 dimensions", () -> Array.newInstance(int.class, new int[256]));
        tryArray("255 dimensions of int[]", () -> Array.newInstance(int[].class, new int[255]));
        tryArray("void dimensions", () -> Array.newInstance(void.class, 1, 2));
        tryArray("255 dimensions", () -> Array.newInstance(deep.getClass(), 1));
        tryArray("256 dimensions of a class", () -> Array.newInstance(Array.newInstance(deep.getClass(), 1).getClass(), 1));
    }

    static void callerSensitive() throws Exception {
        Method forName = Class.class.getMethod("forName", String.class);
        Method lookup = MethodHandles.class.getMethod("lookup");
        Method callerOf = ReflectInvoke.class.getDeclaredMethod("caller");
        String seen = null;
        for (int k = 0; k < 40; k++) {
            String now = ((Class<?>) forName.invoke(null, "ReflectInvoke$Rect")).getName() + " "
                         + ((MethodHandles.Lookup) lookup.invoke(null)).lookupClass().getName() + " "
                         + callerOf.invoke(null);
            if (!now.equals(seen)) System.out.println(k + ": " + now);
            seen = now;
        }
        try {
            forName.invoke(null, "NoSuchClassAnywhere");
        } catch (InvocationTargetException e) {
            System.out.println(e.getCause());
        }
    }

    public static void main(String[] args) throws Exception {
        methods();
        fields();
        arrays();
        callerSensitive();
    }
}
