// Class initialisation order (JLS 12.4): superclass before subclass; an interface is
// not initialised with a class that implements it unless it declares default methods (or
// a subinterface does), only when one of its own non-constant fields is used; compile-
// time constants never trigger initialisation; static method calls, static field reads
// and writes, and `new` do; a field read through a subclass initialises only the
// declaring class; arrays and class literals do not; a recursive request from within
// <clinit> sees default values; the order of static and instance initialisers.
public class StaticInit {
    static StringBuilder log = new StringBuilder();

    static int note(String s) {
        log.append(s).append(' ');
        return s.length();
    }

    static void flush(String what) {
        System.out.println(what + ": " + log.toString().trim());
        log.setLength(0);
    }

    static class Super {
        static int s = note("Super.<clinit>");
        static int superField = 11;
        static void superMethod() { note("Super.superMethod"); }
    }

    static class Sub extends Super {
        static int t = note("Sub.<clinit>");
        static final int CONST = 42;                  // compile-time constant
        static final String SCONST = "constant";      // compile-time constant
        static final Integer BOXED = 43;              // not a constant: needs <clinit>
        static final int COMPUTED = note("Sub.COMPUTED") * 0 + 7;
    }

    interface PlainIface {
        int I_FIELD = note("PlainIface.<clinit>");    // not constant: initialised on use
        int I_CONST = 5;
    }

    interface DefaultIface {
        int D_FIELD = note("DefaultIface.<clinit>");
        default int dm() { return 1; }
    }

    interface SubOfDefault extends DefaultIface {
        int SD_FIELD = note("SubOfDefault.<clinit>");
    }

    static class Impl implements PlainIface {
        static int u = note("Impl.<clinit>");
    }

    static class ImplDefault implements SubOfDefault {
        static int v = note("ImplDefault.<clinit>");
    }

    static class Recursive {
        static int a = note("Recursive.a");
        static int b = Helper.readBack();
        static int c = 30;
        static int d = note("Recursive.d");
    }

    static class Helper {
        static int readBack() {
            // Recursive.<clinit> is in progress on this thread: no waiting, defaults seen.
            note("Helper sees Recursive.c=" + Recursive.c + " a=" + Recursive.a);
            return 20;
        }
    }

    static class Order {
        static int first = note("Order.first");
        static { note("Order.static-block"); }
        static int second = note("Order.second");
        int instanceField = note("Order.instanceField");
        { note("Order.instance-block"); }
        Order() { note("Order.<init>"); }
    }

    static class Forward {
        static int x = getY();       // reads y before its initialiser ran: 0
        static int y = 5;
        static int getY() { return y; }
    }

    static class FieldHolder {
        static int hit = note("FieldHolder.<clinit>");
        static int counter;
    }

    static class NewTarget {
        static { note("NewTarget.<clinit>"); }
    }

    static class Parent2 {
        static { note("Parent2.<clinit>"); }
        static int shared = 1;
    }

    static class Child2 extends Parent2 {
        static { note("Child2.<clinit>"); }
    }

    static class MethodTarget {
        static { note("MethodTarget.<clinit>"); }
        static int m() { note("MethodTarget.m"); return 0; }
    }

    public static void main(String[] args) {
        flush("start");
        int c = Sub.CONST;
        String sc = Sub.SCONST;
        flush("constants " + c + " " + sc);
        Object[] arr = new Sub[3];
        Class<?> k = Sub.class;
        flush("array and class literal " + arr.length + " " + k.getName());
        int i = Sub.superField;   // only Super is initialised
        flush("Sub.superField " + i);
        Integer b = Sub.BOXED;
        flush("Sub.BOXED " + b);
        int cst = PlainIface.I_CONST;
        flush("PlainIface.I_CONST " + cst);
        new Impl();
        flush("new Impl()");
        int f = PlainIface.I_FIELD;
        flush("PlainIface.I_FIELD " + f);
        new ImplDefault();
        flush("new ImplDefault()");
        int sd = SubOfDefault.SD_FIELD;
        flush("SubOfDefault.SD_FIELD " + sd);
        int r = Recursive.b;
        flush("Recursive.b " + r + " (c=" + Recursive.c + ")");
        new Order();
        new Order();
        flush("two Orders");
        flush("Forward.x=" + Forward.x + " y=" + Forward.y);
        FieldHolder.counter = 3;
        flush("FieldHolder.counter write");
        new NewTarget();
        flush("new NewTarget()");
        int sh = Child2.shared;
        flush("Child2.shared " + sh);
        new Child2();
        flush("new Child2()");
        MethodTarget.m();
        flush("MethodTarget.m()");
        Super.superMethod();
        flush("Super.superMethod()");
    }
}
