// MethodHandles.Lookup.findSpecial on a method an invokespecial could not run: an abstract
// interface method, and an abstract superclass method with no implementation between
// the caller and it.  HotSpot's resolution selects the method as invokespecial would and
// fails with AbstractMethodError, which the lookup reports as IllegalAccessException.
// The default method and an implemented superclass method are found and run.
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

public class FindSpecialAbstract {
    interface Shape {
        String name();
        default String describe() { return "shape " + name(); }
    }

    static abstract class Base {
        abstract String kind();
        String base() { return "base"; }
    }

    static abstract class Middle extends Base {
        String kind() { return "middle"; }
    }

    static class Square extends Base implements Shape {
        public String name() { return "square"; }
        String kind() { return "square kind"; }
        static MethodHandles.Lookup lookup() { return MethodHandles.lookup(); }
    }

    static class Leaf extends Middle {
        static MethodHandles.Lookup lookup() { return MethodHandles.lookup(); }
    }

    static void find(String what, MethodHandles.Lookup l, Class<?> refc, String name, Object receiver) {
        try {
            MethodHandle mh = l.findSpecial(refc, name, MethodType.methodType(String.class), l.lookupClass());
            System.out.println(what + ": found, returns " + mh.invoke(receiver));
        } catch (Throwable t) {
            Throwable c = t.getCause();
            System.out.println(what + ": " + t.getClass().getName() + ": " + t.getMessage());
            if (c != null) System.out.println("  cause " + c.getClass().getName() + ": " + c.getMessage());
        }
    }

    public static void main(String[] args) {
        MethodHandles.Lookup sq = Square.lookup();
        find("Shape.name (abstract interface method)", sq, Shape.class, "name", new Square());
        find("Shape.describe (default method)", sq, Shape.class, "describe", new Square());
        find("Base.kind (abstract, no implementation above Square)", sq, Base.class, "kind", new Square());
        find("Base.base", sq, Base.class, "base", new Square());
        MethodHandles.Lookup leaf = Leaf.lookup();
        find("Base.kind from Leaf (Middle implements it)", leaf, Base.class, "kind", new Leaf());
        find("Middle.kind from Leaf", leaf, Middle.class, "kind", new Leaf());
    }
}
