// Enums without reflection: values() (a fresh copy each time), ordinal/name/toString,
// compareTo, constant-specific class bodies (their getClass() vs getDeclaringClass()),
// enum constructors and fields, static fields of an enum initialised after the
// constants, switch over enums, enums implementing interfaces, equals/hashCode
// identity, and EnumSet-free sets built by ordinal.  (Enum.valueOf, EnumMap and EnumSet
// use reflection and are not used here.)
public class Enums {
    interface Op { int apply(int a, int b); }

    enum Arith implements Op {
        PLUS("+") { public int apply(int a, int b) { return a + b; } },
        MINUS("-") { public int apply(int a, int b) { return a - b; } },
        TIMES("*") {
            public int apply(int a, int b) { return a * b; }
            @Override public String toString() { return "times!"; }
        };

        final String symbol;
        Arith(String symbol) { this.symbol = symbol; }
    }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);

        static final double G = 6.67300E-11;
        static int created;
        private final double mass, radius;
        Planet(double mass, double radius) {
            this.mass = mass;
            this.radius = radius;
        }
        double surfaceGravity() { return G * mass / (radius * radius); }
        static { created = values().length; }
    }

    enum Empty { }

    enum Single { ONLY; int calls; int touch() { return ++calls; } }

    static String classify(Planet p) {
        switch (p) {
            case EARTH: return "home";
            case JUPITER: return "giant";
            default: return "other";
        }
    }

    public static void main(String[] args) {
        for (Arith a : Arith.values()) {
            System.out.println(a.name() + " ordinal " + a.ordinal() + " toString " + a + " symbol " + a.symbol + " apply "
                + a.apply(7, 3) + " class " + a.getClass().getName() + " declaring " + a.getDeclaringClass().getName()
                + " is enum class " + a.getClass().isEnum() + "/" + a.getDeclaringClass().isEnum());
        }
        Arith[] v1 = Arith.values(), v2 = Arith.values();
        v1[0] = null;
        System.out.println("values() is a copy: " + (v1 != v2) + " " + (v2[0] == Arith.PLUS) + ", length " + v2.length);
        System.out.println("compareTo: " + Arith.PLUS.compareTo(Arith.TIMES) + " " + Arith.TIMES.compareTo(Arith.MINUS)
            + ", equals " + Arith.PLUS.equals(Arith.PLUS) + " " + Arith.PLUS.equals(Arith.MINUS)
            + ", hashCode stable " + (Arith.PLUS.hashCode() == Arith.PLUS.hashCode()));
        for (Planet p : Planet.values()) {
            System.out.println(p + " gravity " + p.surfaceGravity() + " " + classify(p));
        }
        System.out.println("Planet.created " + Planet.created + ", Empty.values " + Empty.values().length
            + ", Single " + Single.ONLY.touch() + Single.ONLY.touch());
        Op op = Arith.MINUS;
        System.out.println("via interface: " + op.apply(1, 10) + ", instanceof Enum " + (op instanceof Enum)
            + ", instanceof Comparable " + (op instanceof Comparable));
        boolean[] set = new boolean[Planet.values().length];
        set[Planet.EARTH.ordinal()] = true;
        set[Planet.MERCURY.ordinal()] = true;
        StringBuilder sb = new StringBuilder();
        for (Planet p : Planet.values()) if (set[p.ordinal()]) sb.append(p.name()).append(' ');
        System.out.println("ordinal set: " + sb);
        System.out.println("Enum superclass: " + Arith.class.getSuperclass().getName() + ", constant body superclass: "
            + Arith.TIMES.getClass().getSuperclass().getName());
    }
}
