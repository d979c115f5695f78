// Interfaces: abstract, default, static and private methods; diamond inheritance of
// defaults resolved with X.super.m(); "class wins" over defaults; re-abstraction;
// invokeinterface over many implementors and through abstract classes; interface
// constants; generic interfaces with bridge methods; Object methods via interfaces.
public class Interfaces {
    interface Greeter {
        String name();
        default String greet() { return "Hello, " + decorate(name()); }
        private String decorate(String s) { return "<" + s + ">"; }
        static Greeter of(final String n) {
            return new Greeter() { public String name() { return n; } };
        }
        private static String helper() { return "private static helper"; }
        static String callHelper() { return helper(); }
    }

    interface Left { default String who() { return "Left"; } }
    interface Right { default String who() { return "Right"; } }
    static class Both implements Left, Right {
        @Override public String who() { return "Both(" + Left.super.who() + "+" + Right.super.who() + ")"; }
    }

    interface Base { default String m() { return "Base.m"; } }
    interface Sub extends Base { @Override default String m() { return "Sub.m/" + Base.super.m(); } }
    static class Impl implements Base, Sub { }           // the more specific default wins

    static class Parent { public String m() { return "Parent.m"; } }
    static class Child extends Parent implements Base { }   // class method wins over default

    interface Reabstract extends Base { @Override String m(); }
    static class Concrete implements Reabstract { public String m() { return "Concrete.m"; } }

    interface Shape { double area(); default String describe() { return getClass().getSimpleName() + " " + area(); } }
    static abstract class Polygon implements Shape { abstract int sides(); }
    static class Sq extends Polygon {
        final double s;
        Sq(double s) { this.s = s; }
        public double area() { return s * s; }
        int sides() { return 4; }
    }
    static class Tri extends Polygon {
        final double b, h;
        Tri(double b, double h) { this.b = b; this.h = h; }
        public double area() { return b * h / 2; }
        int sides() { return 3; }
        @Override public String describe() { return "triangle " + area(); }
    }
    static class Circ implements Shape {
        final double r;
        Circ(double r) { this.r = r; }
        public double area() { return 3 * r * r; }
    }

    interface Constants {
        int A = 1;
        int B = A * 10 + 2;
        String S = "const" + B;
        int[] ARRAY = { A, B };
    }
    static class UsesConstants implements Constants {
        int sum() { return A + B + ARRAY.length; }
    }

    interface Transformer<T, R> { R apply(T t); }
    static class Length implements Transformer<String, Integer> {
        public Integer apply(String s) { return s.length(); }   // bridge apply(Object)
    }
    @SuppressWarnings({ "unchecked", "rawtypes" })
    static Object applyRaw(Transformer t, Object arg) { return t.apply(arg); }

    interface Counter { int next(); }

    // Many implementors of one interface: exercises itable/interface dispatch.
    interface Op { int apply(int x); }
    static class Add1 implements Op { public int apply(int x) { return x + 1; } }
    static class Mul2 implements Op { public int apply(int x) { return x * 2; } }
    static class Neg implements Op { public int apply(int x) { return -x; } }
    static class Sq2 implements Op { public int apply(int x) { return x * x; } }
    static class Xor implements Op, Comparable<Xor> {
        public int apply(int x) { return x ^ 0x5a; }
        public int compareTo(Xor o) { return 0; }
    }

    interface Named { String toString(); }   // Object method redeclared in an interface

    interface Marker { }
    interface SubMarker extends Marker { }
    static class Marked implements SubMarker { }

    public static void main(String[] args) {
        Greeter g = Greeter.of("world");
        System.out.println(g.greet() + " / " + Greeter.callHelper());
        System.out.println(new Both().who());
        System.out.println(new Impl().m() + " / " + ((Base) new Impl()).m());
        System.out.println(new Child().m() + " / " + ((Base) new Child()).m());
        System.out.println(((Base) new Concrete()).m());

        Shape[] shapes = { new Sq(2), new Tri(3, 4), new Circ(1) };
        for (Shape s : shapes) {
            String sides = s instanceof Polygon ? " sides=" + ((Polygon) s).sides() : "";
            System.out.println(s.describe() + sides);
        }

        System.out.println("constants: " + Constants.A + " " + Constants.B + " " + Constants.S + " "
            + new UsesConstants().sum() + " " + Constants.ARRAY[1]);

        Transformer<String, Integer> t = new Length();
        System.out.println("generic: " + t.apply("hello") + " raw: " + applyRaw(t, "four"));
        try {
            applyRaw(t, 42);
        } catch (ClassCastException e) {
            System.out.println("bridge cast: " + e.getMessage());
        }

        final int[] state = { 0 };
        Counter counter = new Counter() {
            int local = 100;
            public int next() { return local + ++state[0]; }
        };
        System.out.println("anonymous counter: " + counter.next() + " " + counter.next() + " " + counter.next());

        Op[] ops = { new Add1(), new Mul2(), new Neg(), new Sq2(), new Xor() };
        int acc = 1;
        for (int i = 0; i < 100000; i++) acc = ops[i % ops.length].apply(acc) & 0xffff;
        System.out.println("interface dispatch checksum: " + acc);

        Named n = new Named() { @Override public String toString() { return "named!"; } };
        System.out.println("Object method via interface: " + n.toString() + " " + n.hashCode() * 0 + " " + n.equals(n));

        Object m = new Marked();
        System.out.println("marker: " + (m instanceof Marker) + " " + (m instanceof SubMarker) + " "
            + (m instanceof Comparable) + " interfaces of Marked: " + Marked.class.getInterfaces().length + " "
            + Marked.class.getInterfaces()[0].getName() + "; SubMarker.isInterface " + SubMarker.class.isInterface()
            + "; super of interface " + SubMarker.class.getSuperclass());
        Comparable<Xor> cx = new Xor();
        System.out.println("compareTo via interface: " + cx.compareTo(new Xor()));
    }
}
