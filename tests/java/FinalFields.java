// Fields: final instance fields set in constructors and initialiser blocks, blank finals,
// static final constants (inlined by javac) vs static finals computed at run time,
// interface fields initialised by their interface's <clinit> (also with side effects and
// depending on other interfaces), default values of every field type, field shadowing in
// subclasses, fields of every type in statics and instances, volatile and transient
// modifiers, and a final field published to another thread through a constructor.
public class FinalFields {
    static StringBuilder log = new StringBuilder();
    static int note(String s, int v) { log.append(s).append(' '); return v; }

    static final int CONST = 10;                     // inlined: no getstatic
    static final String CONST_S = "c" + CONST;       // also a constant expression
    static final long COMPUTED = System.nanoTime() > 0 ? 100L : 0L;
    static final Object NULL_FINAL = null;
    static final int[] ARRAY = { 1, 2, 3 };          // final reference, mutable content

    final int a;
    final String b;
    final long c;
    final double d = 1.5;
    final int[] e;
    { e = new int[] { 4, 5 }; }

    FinalFields(int a) {
        this(a, "default");
    }

    FinalFields(int a, String b) {
        this.a = a;
        this.b = b;
        this.c = a * 1000L;
    }

    // Every type's default value.
    static class Defaults {
        boolean z; byte b; char c; short s; int i; long l; float f; double d; Object o; int[] arr;
        static boolean sz; static byte sb; static char sc; static short ss; static int si; static long sl;
        static float sf; static double sd; static Object so;
        String describe() {
            return z + " " + b + " " + (int) c + " " + s + " " + i + " " + l + " " + f + " " + d + " " + o + " " + arr + " | "
                + sz + " " + sb + " " + (int) sc + " " + ss + " " + si + " " + sl + " " + sf + " " + sd + " " + so;
        }
    }

    interface First {
        int X = note("First.X", 1);
        int Y = X + note("First.Y", 10);
    }

    interface Second extends First {
        int Z = Y * 2 + note("Second.Z", 0);      // reads First.Y: initialises First
    }

    static class Parent {
        int shadowed = 1;
        static String kind = "parent";
        int readParent() { return shadowed; }
    }

    static class Child extends Parent {
        int shadowed = 2;
        static String kind = "child";
        int readBoth() { return shadowed * 10 + super.shadowed; }
    }

    static class Holder {
        final int value;
        final int[] array;
        Holder(int v) {
            value = v;
            array = new int[] { v, v + 1 };
        }
    }

    static volatile Holder published;
    volatile long vol = -1;
    transient int trans = 3;

    public static void main(String[] args) throws Exception {
        FinalFields f1 = new FinalFields(7), f2 = new FinalFields(8, "named");
        System.out.println("finals: " + f1.a + " " + f1.b + " " + f1.c + " " + f1.d + " " + f1.e[1] + " | " + f2.a + " "
            + f2.b + " " + f2.c);
        System.out.println("statics: " + CONST + " " + CONST_S + " " + COMPUTED + " " + NULL_FINAL + " " + ARRAY.length);
        ARRAY[0] = 100;
        System.out.println("final array content is mutable: " + ARRAY[0]);
        System.out.println("defaults: " + new Defaults().describe());

        System.out.println("before interface use: '" + log + "'");
        int z = Second.Z;
        System.out.println("Second.Z = " + z + ", init order: " + log);
        System.out.println("First.X again " + First.X + ", log unchanged: " + log);

        Child ch = new Child();
        Parent asParent = ch;
        System.out.println("shadowing: " + ch.shadowed + " " + asParent.shadowed + " " + ch.readBoth() + " "
            + ch.readParent() + " " + Child.kind + " " + Parent.kind);

        Thread reader = new Thread() {
            @Override public void run() {
                Holder h;
                while ((h = published) == null) Thread.onSpinWait();
                log.setLength(0);
                log.append(h.value).append(',').append(h.array[1]);
            }
        };
        reader.start();
        published = new Holder(41);
        reader.join();
        System.out.println("published through volatile: " + log);
        FinalFields f3 = new FinalFields(1);
        f3.vol = Long.MIN_VALUE;
        System.out.println("volatile long " + f3.vol + ", transient " + f3.trans);
    }
}
