// Classes: inheritance, overriding, super calls, abstract classes, field hiding,
// static vs virtual dispatch, constructors calling overridable methods (seeing default
// field values), private methods (no virtual dispatch), protected and package access,
// overloading resolution, covariant returns (bridge methods), final methods, and
// equals/hashCode/toString of user classes.
public class Inheritance {
    static StringBuilder log = new StringBuilder();

    static abstract class Animal {
        protected String name;
        String kind = "animal";
        static String category() { return "Animal.category"; }

        Animal(String name) {
            this.name = name;
            log.append("Animal(" + name + ") describe=" + describe() + "; ");
        }

        abstract String sound();
        String describe() { return name + " says " + sound(); }
        final String tag() { return "[" + kind + ":" + name + "]"; }
        private String secret() { return "Animal.secret"; }
        String callSecret() { return secret(); }
        Animal self() { return this; }
        @Override public String toString() { return getClass().getName() + "(" + name + ")"; }
    }

    static class Dog extends Animal {
        String kind = "dog";          // hides Animal.kind
        int legs = 4;                 // initialised after the super constructor ran
        static String category() { return "Dog.category"; }

        Dog(String name) { super(name); log.append("Dog(" + name + ") legs=" + legs + "; "); }

        @Override String sound() { return "woof (legs=" + legs + ")"; }
        @Override String describe() { return "dog " + super.describe(); }
        private String secret() { return "Dog.secret"; }
        @Override Dog self() { return this; }   // covariant return: javac emits a bridge
        String superKind() { return super.kind + "/" + kind + "/" + ((Animal) this).kind; }
    }

    static class Puppy extends Dog {
        Puppy(String name) { super(name); }
        @Override String sound() { return "yip"; }
        @Override String describe() { return "puppy " + super.describe(); }
    }

    static class Cat extends Animal {
        Cat() { this("cat"); log.append("Cat(); "); }
        Cat(String name) { super(name); log.append("Cat(String); "); }
        @Override String sound() { return "meow"; }
    }

    // Overloading is resolved at compile time by static types.
    static String which(Object o) { return "Object"; }
    static String which(String s) { return "String"; }
    static String which(Integer i) { return "Integer"; }
    static String which(int i) { return "int"; }
    static String which(long l) { return "long"; }
    static String which(double d) { return "double"; }
    static String which(int... is) { return "int..."; }
    static String which(char c) { return "char"; }

    static class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override public boolean equals(Object o) {
            if (!(o instanceof Point)) return false;
            Point p = (Point) o;
            return p.x == x && p.y == y;
        }
        @Override public int hashCode() { return 31 * x + y; }
        @Override public String toString() { return "(" + x + "," + y + ")"; }
    }

    static class ColorPoint extends Point {
        final String color;
        ColorPoint(int x, int y, String color) { super(x, y); this.color = color; }
        @Override public String toString() { return super.toString() + color; }
    }

    // Deep hierarchy: virtual calls through many levels.
    static class L0 { int v() { return 0; } int depth() { return v(); } }
    static class L1 extends L0 { @Override int v() { return 1 + super.v(); } }
    static class L2 extends L1 { @Override int v() { return 10 + super.v(); } }
    static class L3 extends L2 { }
    static class L4 extends L3 { @Override int v() { return 100 + super.v(); } }

    static class Counter {
        protected int count;
        void inc() { count++; }
        int get() { return count; }
    }
    static class DoubleCounter extends Counter {
        @Override void inc() { super.inc(); super.inc(); }
    }

    static class StaticHolder {
        static int counter;
        int instanceId = ++counter;
    }

    public static void main(String[] args) {
        Animal d = new Dog("rex");
        System.out.println(log); log.setLength(0);
        Animal p = new Puppy("bit");
        System.out.println(log); log.setLength(0);
        Animal c = new Cat();
        System.out.println(log); log.setLength(0);
        Animal[] zoo = { d, p, c };
        for (Animal a : zoo) {
            System.out.println(a + " | " + a.describe() + " | " + a.tag() + " | " + a.callSecret() + " | kind " + a.kind
                + " | self " + a.self().name);
        }
        Dog dog = (Dog) d;
        System.out.println("hidden fields: " + dog.superKind() + ", dog.kind " + dog.kind + ", ((Animal)dog).kind "
            + ((Animal) dog).kind);
        System.out.println("static methods: " + Animal.category() + " " + Dog.category());
        Dog same = dog.self();
        System.out.println("covariant self: " + (same == dog));

        Object o = "str";
        Integer boxed = 5;
        short sh = 3;
        byte by = 1;
        long lg = 2;
        float fl = 1f;
        System.out.println("overloads: " + which(o) + " " + which("s") + " " + which(boxed) + " " + which(5) + " "
            + which(sh) + " " + which(by) + " " + which(lg) + " " + which(fl) + " " + which('c') + " "
            + which() + " " + which(1, 2) + " " + which((Object) boxed) + " " + which(null == o ? null : o));

        Point p1 = new Point(1, 2), p2 = new Point(1, 2), p3 = new ColorPoint(1, 2, "red");
        System.out.println("equals: " + p1.equals(p2) + " " + p1.equals(p3) + " " + p3.equals(p1) + " "
            + p1.equals(null) + " " + p1.equals("x") + "; hashCodes " + p1.hashCode() + " " + p3.hashCode()
            + "; toString " + p1 + " " + p3 + "; == " + (p1 == p2));
        java.util.HashSet<Point> set = new java.util.HashSet<Point>();
        set.add(p1);
        set.add(p2);
        set.add(p3);
        System.out.println("HashSet size " + set.size() + ", contains (1,2): " + set.contains(new Point(1, 2)));

        L0[] ls = { new L0(), new L1(), new L2(), new L3(), new L4() };
        StringBuilder sb = new StringBuilder();
        for (L0 l : ls) sb.append(l.depth()).append(' ');
        System.out.println("deep virtual: " + sb);

        Counter[] counters = { new Counter(), new DoubleCounter() };
        for (Counter k : counters) {
            for (int i = 0; i < 5; i++) k.inc();
        }
        System.out.println("counters: " + counters[0].get() + " " + counters[1].get());
        new StaticHolder();
        new StaticHolder();
        System.out.println("instance ids: " + new StaticHolder().instanceId + ", counter " + StaticHolder.counter);

        // getClass, getSuperclass, class literals.
        System.out.println("classes: " + d.getClass().getName() + " super " + d.getClass().getSuperclass().getName()
            + " super " + d.getClass().getSuperclass().getSuperclass().getName() + "; Puppy.class == p.getClass(): "
            + (Puppy.class == p.getClass()) + "; Object super: " + Object.class.getSuperclass());
        System.out.println("isInstance: " + Animal.class.isInstance(p) + " " + Cat.class.isInstance(p)
            + "; isAssignableFrom: " + Animal.class.isAssignableFrom(Puppy.class) + " "
            + Puppy.class.isAssignableFrom(Animal.class));
    }
}
