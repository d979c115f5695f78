// The target of tests/agent/ClassPrepare.c: when classes are loaded and when prepared.
public class ClassPrepare {
    static class Caught extends RuntimeException {
        Caught(String s) { super(s); }
    }

    static class Base {}

    static class Derived extends Base {}

    static class Lazy {
        static int calls;

        static Base make() { return new Derived(); }   // verifying it loads Derived and Base
    }

    interface Shape { int sides(); }

    static class Square implements Shape {
        public int sides() { return 4; }
    }

    static void fail(int n) {
        if (n > 0) throw new Caught("n=" + n);
    }

    public static void main(String[] args) throws Exception {
        System.out.println("main");
        Class<?> c = Class.forName("ClassPrepare$Lazy", false, ClassPrepare.class.getClassLoader());
        System.out.println("loaded " + c.getSimpleName() + " without linking");
        Lazy.calls++;
        System.out.println("made " + Lazy.make().getClass().getSimpleName());
        System.out.println("sides " + new Square().sides());
        try {
            fail(1);
        } catch (Caught e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
