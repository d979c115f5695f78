// javac: plain
// Records with ObjectMethods-generated toString/equals/hashCode (every component type,
// NaN, arrays, generics, explicit overrides, compact constructors), record reflection,
// enums with bodies and switch expressions over enums and strings, pattern instanceof.
import java.util.*;

public class RecordsPatterns {
    record Point(int x, int y) {}
    record Empty() {}
    record All(boolean z, byte b, short s, char c, int i, long l, float f, double d, String str, Object o, int[] arr) {}
    record Generic<T extends Comparable<T>>(T value, List<T> list) implements Comparable<Generic<T>> {
        public int compareTo(Generic<T> other) { return value.compareTo(other.value); }
    }
    record Custom(String name) {
        Custom { Objects.requireNonNull(name, "name"); }
        public String toString() { return "Custom[" + name.toUpperCase() + "]"; }
        public boolean equals(Object o) { return o instanceof Custom c && c.name.equalsIgnoreCase(name); }
        public int hashCode() { return name.toLowerCase().hashCode(); }
    }
    record Nested(Point p, Empty e) {}
    enum Op { ADD, SUB, MUL { int apply(int a, int b) { return a * b; } }, DIV; int apply(int a, int b) { return switch (this) { case ADD -> a + b; case SUB -> a - b; case DIV -> a / b; default -> throw new IllegalStateException(); }; } }
    sealed interface Shape permits Circle, Square, Rect {}
    record Circle(double r) implements Shape {}
    record Square(double s) implements Shape {}
    record Rect(double w, double h) implements Shape {}
    static double area(Shape sh) {
        if (sh instanceof Circle c) return 3 * c.r() * c.r();
        if (sh instanceof Square s && s.s() > 0) return s.s() * s.s();
        if (!(sh instanceof Rect r)) return -1;
        return r.w() * r.h();
    }
    static String kind(Object o) {
        return switch (o.getClass().getSimpleName()) {
            case "Integer", "Long" -> "integral";
            case "String" -> { String s = (String) o; yield "string of " + s.length(); }
            default -> "other";
        };
    }
    static int oldSwitch(String s) {
        switch (s) { case "Aa": return 1; case "BB": return 2; case "": return 3; default: return 0; }
    }
    public static void main(String[] args) {
        Point p = new Point(1, 2), q = new Point(1, 2), r = new Point(2, 1);
        System.out.println(p + " " + p.equals(q) + " " + p.equals(r) + " " + (p.hashCode() == q.hashCode()) + " " + p.equals(null) + " " + p.equals("x"));
        System.out.println(new Empty() + " " + new Empty().equals(new Empty()) + " " + new Empty().hashCode());
        All a = new All(true, (byte) -1, (short) 2, 'c', 3, 4L, 5.5f, -0.0, "s", null, new int[0]);
        All b = new All(true, (byte) -1, (short) 2, 'c', 3, 4L, 5.5f, -0.0, "s", null, a.arr());
        All c = new All(true, (byte) -1, (short) 2, 'c', 3, 4L, 5.5f, 0.0, "s", null, a.arr());
        System.out.println(a.toString().replaceAll("@[0-9a-f]+", "@H") + " " + a.equals(b) + " " + a.equals(c) + " " + (a.hashCode() == b.hashCode()));
        All nan1 = new All(false, (byte) 0, (short) 0, ' ', 0, 0, Float.NaN, Double.NaN, null, null, null);
        All nan2 = new All(false, (byte) 0, (short) 0, ' ', 0, 0, Float.NaN, Double.NaN, null, null, null);
        System.out.println("NaN equal " + nan1.equals(nan2) + " hash " + (nan1.hashCode() == nan2.hashCode()));
        System.out.println(new Point(3, 4).hashCode() + " " + new Point(0, 0).hashCode() + " " + new Nested(p, new Empty()).hashCode() + " " + new Custom("x").hashCode());
        Generic<String> g1 = new Generic<>("b", List.of("x")), g2 = new Generic<>("a", List.of());
        List<Generic<String>> gs = new ArrayList<>(List.of(g1, g2)); Collections.sort(gs);
        System.out.println(gs + " " + g1.compareTo(g2));
        System.out.println(new Custom("ab") + " " + new Custom("ab").equals(new Custom("AB")) + " " + new Nested(p, new Empty()));
        try { new Custom(null); } catch (NullPointerException e) { System.out.println("NPE " + e.getMessage()); }
        System.out.println(Point.class.isRecord() + " " + Arrays.toString(Point.class.getRecordComponents()) + " " + Point.class.getRecordComponents()[1].getAccessor().getName());
        for (Op op : Op.values()) System.out.print(op + "=" + op.apply(12, 4) + " ");
        System.out.println(Op.valueOf("MUL").getClass() != Op.class);
        System.out.println(area(new Circle(1)) + " " + area(new Square(2)) + " " + area(new Rect(2, 3)) + " " + area(new Square(-1)));
        System.out.println(kind(1) + " " + kind(2L) + " " + kind("abc") + " " + kind(1.0));
        System.out.println(oldSwitch("Aa") + " " + oldSwitch("BB") + " " + oldSwitch("") + " " + oldSwitch("C"));
        Object o = 42;
        if (o instanceof Integer i && i > 40) System.out.println("pattern " + (i + 1));
        Object[] objs = { "s", 1, 2.5, 'c', null, List.of(1), new int[] {1} };
        for (Object x : objs) {
            String d = x instanceof String s ? "S:" + s : x instanceof Integer n ? "I:" + n : x instanceof Number n2 ? "N:" + n2.intValue() : x instanceof List<?> l ? "L:" + l.size() : x instanceof int[] ia ? "A:" + ia.length : String.valueOf(x);
            System.out.print(d + " ");
        }
        System.out.println();
        EnumMap<Op, String> em = new EnumMap<>(Op.class); em.put(Op.SUB, "minus");
        System.out.println(em + " " + EnumSet.range(Op.SUB, Op.DIV));
        Op op = Op.DIV;
        switch (op) { case ADD: System.out.println("add"); break; case DIV: System.out.println("div"); break; default: System.out.println("?"); }
    }
}
