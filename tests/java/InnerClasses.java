// Nested classes: inner classes with outer-instance access (including private members,
// which Java 11+ reaches through nestmate access, not accessors), inner classes of inner
// classes, qualified this and super, anonymous classes capturing locals and parameters,
// local classes, static nested classes, inner classes extending other inner classes,
// and the names the classes get.
public class InnerClasses {
    private int secret = 42;
    private static int staticSecret = 7;
    private String name;

    InnerClasses(String name) { this.name = name; }

    private String whisper() { return "whisper from " + name; }

    class Inner {
        int value = secret * 2;
        String show() { return "Inner of " + name + ": " + value + ", " + whisper(); }
        void bump() { secret++; staticSecret++; }

        class Deeper {
            String show() { return "Deeper sees " + name + " " + value + " " + InnerClasses.this.secret; }
        }
    }

    static class Nested {
        private int hidden = 5;
        static String make() { return "Nested.make " + staticSecret; }
    }

    class SubInner extends Inner {
        @Override String show() { return "SubInner/" + super.show(); }
    }

    static class Base {
        String who() { return "Base"; }
    }

    class Outer2Inner extends Base {
        @Override String who() { return "Outer2Inner<" + super.who() + ">"; }
    }

    interface Greeting { String say(String to); }

    Greeting greeting(final String prefix) {
        final int count = secret;
        return new Greeting() {
            int calls;
            public String say(String to) {
                calls++;
                return prefix + ", " + to + " (count " + count + ", calls " + calls + ", outer " + name + ")";
            }
        };
    }

    static Greeting localClass(int times) {
        class Repeater implements Greeting {
            public String say(String to) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < times; i++) sb.append(to);
                return sb.toString();
            }
        }
        return new Repeater();
    }

    int readNestedPrivate() { return new Nested().hidden; }

    public static void main(String[] args) {
        InnerClasses outer = new InnerClasses("outer1");
        InnerClasses.Inner in = outer.new Inner();
        System.out.println(in.show());
        in.bump();
        System.out.println("after bump: secret " + outer.secret + ", staticSecret " + staticSecret);
        InnerClasses.Inner.Deeper deeper = in.new Deeper();
        System.out.println(deeper.show());
        System.out.println(Nested.make() + ", nested private " + outer.readNestedPrivate());
        System.out.println(outer.new SubInner().show());
        System.out.println(outer.new Outer2Inner().who());

        Greeting g = outer.greeting("Hi");
        System.out.println(g.say("Ann"));
        System.out.println(g.say("Bob"));
        System.out.println(localClass(3).say("ab"));

        InnerClasses other = new InnerClasses("outer2");
        Inner in2 = other.new Inner();
        System.out.println(in2.show());

        Runnable r = new Runnable() {
            public void run() { System.out.println("anonymous Runnable, outer secret " + outer.secret); }
        };
        r.run();

        // Names of nested classes.
        Class<?>[] cs = { Inner.class, Inner.Deeper.class, Nested.class, g.getClass(), localClass(1).getClass(), r.getClass() };
        for (Class<?> c : cs) {
            System.out.println(c.getName() + " simple=" + c.getSimpleName() + " anonymous=" + c.isAnonymousClass()
                + " local=" + c.isLocalClass() + " member=" + c.isMemberClass()
                + " enclosing=" + (c.getEnclosingClass() == null ? "none" : c.getEnclosingClass().getName())
                + " declaring=" + (c.getDeclaringClass() == null ? "none" : c.getDeclaringClass().getName())
                + " nestHost=" + c.getNestHost().getName());
        }
        System.out.println("nestmates: " + Inner.class.isNestmateOf(Nested.class) + " " + Inner.class.isNestmateOf(String.class));
    }
}
