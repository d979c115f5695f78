// Object identity and copying: System.identityHashCode and Object.hashCode stay stable
// for an object's lifetime, also across garbage collections that may move it (only
// equality of hash codes is printed, never a value); identityHashCode(null) is 0; a
// class overriding hashCode still has its identity hash; Object.clone of arrays and of
// Cloneable classes (shallow, field by field, including final and private fields of
// superclasses), CloneNotSupportedException, and getClass/equals defaults.
public class IdentityClone {
    static class Plain { int x = 1; }

    static class Base implements Cloneable {
        private final int secret;
        protected long[] data = { 1, 2, 3 };
        Base(int secret) { this.secret = secret; }
        int secret() { return secret; }
        @Override public Base clone() throws CloneNotSupportedException { return (Base) super.clone(); }
    }

    static class Derived extends Base {
        String name;
        double weight = 2.5;
        Object self;
        Derived(int secret, String name) { super(secret); this.name = name; self = this; }
        @Override public Derived clone() throws CloneNotSupportedException { return (Derived) super.clone(); }
    }

    static class Deep implements Cloneable {
        int[] values = { 1, 2, 3 };
        @Override public Deep clone() {
            try {
                Deep d = (Deep) super.clone();
                d.values = values.clone();
                return d;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    static class ConstantHash {
        @Override public int hashCode() { return 7; }
    }

    public static void main(String[] args) throws Exception {
        Object[] objs = new Object[1000];
        int[] hashes = new int[objs.length];
        int[] identity = new int[objs.length];
        for (int i = 0; i < objs.length; i++) {
            objs[i] = (i % 3 == 0) ? new Plain() : (i % 3 == 1) ? new int[i] : "s" + i;
            hashes[i] = objs[i].hashCode();
            identity[i] = System.identityHashCode(objs[i]);
        }
        int stableBefore = 0;
        for (int i = 0; i < objs.length; i++) {
            if (System.identityHashCode(objs[i]) == identity[i] && objs[i].hashCode() == hashes[i]) stableBefore++;
        }
        // Churn the heap so that a moving collector moves the objects.
        long junk = 0;
        for (int round = 0; round < 200; round++) {
            byte[][] garbage = new byte[64][];
            for (int k = 0; k < garbage.length; k++) garbage[k] = new byte[4096];
            junk += garbage[round % 64].length;
        }
        System.gc();
        int stableAfter = 0;
        for (int i = 0; i < objs.length; i++) {
            if (System.identityHashCode(objs[i]) == identity[i] && objs[i].hashCode() == hashes[i]) stableAfter++;
        }
        System.out.println("hash codes stable: " + stableBefore + " before and " + stableAfter + " after GC (of "
            + objs.length + "), junk " + junk);
        int plainSame = 0, distinct = 0;
        for (int i = 0; i < objs.length; i += 3) {
            if (objs[i].hashCode() == System.identityHashCode(objs[i])) plainSame++;
        }
        java.util.HashSet<Integer> seen = new java.util.HashSet<Integer>();
        for (int i = 0; i < objs.length; i++) if (seen.add(identity[i])) distinct++;
        System.out.println("Object.hashCode == identityHashCode for plain objects: " + plainSame + " of 334; mostly distinct: "
            + (distinct > 900));
        System.out.println("identityHashCode(null) = " + System.identityHashCode(null));
        ConstantHash ch = new ConstantHash();
        System.out.println("overridden hashCode " + ch.hashCode() + ", identity hash differs from it or not: stable "
            + (System.identityHashCode(ch) == System.identityHashCode(ch)));
        String s1 = "same", s2 = new String("same");
        System.out.println("equal strings: hashCode equal " + (s1.hashCode() == s2.hashCode()) + ", identity stable "
            + (System.identityHashCode(s2) == System.identityHashCode(s2)));

        // Default equals is identity.
        Plain p1 = new Plain(), p2 = new Plain();
        System.out.println("default equals: " + p1.equals(p1) + " " + p1.equals(p2) + ", getClass same " + (p1.getClass() == p2.getClass()));

        // Array clones.
        int[] ia = { 1, 2, 3 };
        int[] ib = ia.clone();
        ib[0] = 100;
        long[][] la = { { 1 }, { 2 } };
        long[][] lb = la.clone();
        lb[1][0] = 200;
        lb[0] = new long[] { 300 };
        Object[] oa = { "x", ia };
        Object[] ob = oa.clone();
        System.out.println("int[] clone: " + ia[0] + " " + ib[0] + " " + (ia != ib) + ", long[][] shallow: " + la[0][0] + " "
            + la[1][0] + ", Object[] shares elements: " + (ob[1] == ia) + ", class " + ob.getClass().getName());
        char[] empty = new char[0];
        System.out.println("empty clone distinct: " + (empty.clone() != empty) + ", length " + empty.clone().length);
        boolean[] bools = { true, false };
        double[] dbls = { Double.NaN, -0.0 };
        System.out.println("boolean[] clone " + bools.clone()[0] + ", double[] clone " + dbls.clone()[0] + " " + dbls.clone()[1]);

        // Object clones.
        Derived d = new Derived(42, "orig");
        Derived c = d.clone();
        c.name = "copy";
        c.data[0] = 99;       // shared array
        c.weight = 3.5;
        System.out.println("clone: " + (c != d) + ", class " + c.getClass().getSimpleName() + ", secret " + c.secret()
            + ", names " + d.name + "/" + c.name + ", weights " + d.weight + "/" + c.weight + ", shared data " + d.data[0]
            + ", self field still points to the original: " + (c.self == d));
        Base b = new Base(7).clone();
        System.out.println("Base clone secret " + b.secret() + ", class " + b.getClass().getSimpleName());
        Deep deep = new Deep();
        Deep deepCopy = deep.clone();
        deepCopy.values[0] = -1;
        System.out.println("deep clone independent: " + deep.values[0] + " " + deepCopy.values[0]);
        try {
            new NotCloneable().tryClone();
            System.out.println("cloned?");
        } catch (CloneNotSupportedException e) {
            System.out.println("CloneNotSupportedException: " + e.getMessage());
        }
        // A clone has an identity hash of its own, stable like any other.
        System.out.println("clone's identity hash stable: " + (System.identityHashCode(c) == System.identityHashCode(c)));
    }
}
