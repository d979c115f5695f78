// vm-options: -XX:-BytecodeVerificationRemote
// Hidden classes whose own descriptors name them.  A hidden class's name gets a suffix at
// definition, so only its this_class entry means the class itself: a descriptor or an
// array type that names it by its original name refers to a class of that name, which
// its loader cannot find (NoClassDefFoundError), as on HotSpot.  Shown with a class whose
// methods take and return itself (reflection resolves their descriptors), an enum whose
// values() clones an array of itself, and a record whose toString's call site names it.
// Each class is defined under a name nobody can load: "Def" in the class file becomes "Dex".
// Verification is off: with it, HotSpot meets the self-named types at link time already.
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

public class HiddenSelfNames {
    public static class SelfDef {
        public SelfDef link;
        public static SelfDef make() { return new SelfDef(); }
        public SelfDef next(SelfDef other) { return other == null ? this : other; }
        public static int touch() { SelfDef s = make(); s.link = s; return s.link == s ? 1 : 0; }
    }

    public enum ColorDef {
        RED, GREEN;
        public static int count() { return values().length; }
        public static int first() { return RED.ordinal(); }
    }

    public record PointDef(int x, int y) {
        public static String show(int x, int y) { return new PointDef(x, y).toString(); }
        public static int sum(int x, int y) { return new PointDef(x, y).x() + y; }
    }

    static MethodHandles.Lookup defineRenamed(String simple) throws Exception {
        byte[] b;
        try (InputStream in = HiddenSelfNames.class.getResourceAsStream("HiddenSelfNames$" + simple + ".class")) {
            b = in.readAllBytes();
        }
        byte[] from = simple.getBytes("UTF-8");
        for (int i = 0; i + from.length <= b.length; i++) {
            if (java.util.Arrays.equals(b, i, i + from.length, from, 0, from.length)) b[i + from.length - 1] = 'x';
        }
        return MethodHandles.lookup().defineHiddenClass(b, true);
    }

    static void attempt(String what, Callable c) {
        try {
            System.out.println(what + ": " + c.call());
        } catch (Throwable t) {
            String m = t.getMessage();
            System.out.println(what + ": " + t.getClass().getName() + ": " + (m == null ? null : m.replaceAll("/0x[0-9a-f]+", "/HIDDEN")));
        }
    }

    interface Callable { Object call() throws Throwable; }

    static MethodHandle stat(MethodHandles.Lookup l, String name, MethodType t) throws Exception {
        return l.findStatic(l.lookupClass(), name, t);
    }

    public static void main(String[] args) throws Exception {
        MethodHandles.Lookup self = defineRenamed("SelfDef");
        Class<?> sc = self.lookupClass();
        System.out.println("hidden: " + sc.isHidden());
        attempt("SelfDef.touch", () -> stat(self, "touch", MethodType.methodType(int.class)).invoke());
        attempt("SelfDef.getDeclaredMethods", () -> sc.getDeclaredMethods().length);
        attempt("SelfDef.getDeclaredFields", () -> sc.getDeclaredFields().length);

        MethodHandles.Lookup color = defineRenamed("ColorDef");
        Class<?> cc = color.lookupClass();
        System.out.println("enum: isEnum " + cc.isEnum() + ", hidden " + cc.isHidden());
        attempt("ColorDef.first", () -> stat(color, "first", MethodType.methodType(int.class)).invoke());
        attempt("ColorDef.count", () -> stat(color, "count", MethodType.methodType(int.class)).invoke());
        attempt("ColorDef.getEnumConstants", () -> cc.getEnumConstants());

        MethodHandles.Lookup point = defineRenamed("PointDef");
        Class<?> pc = point.lookupClass();
        System.out.println("record: isRecord " + pc.isRecord() + ", hidden " + pc.isHidden());
        MethodType ii = MethodType.methodType(int.class, int.class, int.class);
        attempt("PointDef.sum", () -> stat(point, "sum", ii).invoke(3, 4));
        attempt("PointDef.show", () -> stat(point, "show", ii.changeReturnType(String.class)).invoke(3, 4));
        attempt("PointDef.getRecordComponents", () -> pc.getRecordComponents().length);
    }
}
