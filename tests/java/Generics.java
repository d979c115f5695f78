// Generics after erasure: instanceof with wildcard types, bridge methods for generic
// overrides and covariant returns, casts inserted at use sites (ClassCastException only
// where a value is used as its static type), bounded type parameters calling bound
// methods, generic arrays via Object[], recursive bounds (Comparable<T>), and generic
// methods with explicit and inferred type arguments.
import java.util.ArrayList;
import java.util.List;

public class Generics {
    static class Box<T> {
        private T value;
        Box(T value) { this.value = value; }
        T get() { return value; }
        void set(T v) { value = v; }
        <R> Box<R> map(Fn<? super T, ? extends R> f) { return new Box<R>(f.apply(value)); }
    }

    interface Fn<A, B> { B apply(A a); }

    static class IntBox extends Box<Integer> {
        IntBox(int v) { super(v); }
        @Override Integer get() { return super.get() + 1000; }     // bridge Object get()
        @Override void set(Integer v) { super.set(v * 2); }         // bridge set(Object)
    }

    static <T extends Comparable<T>> T max(List<T> xs) {
        T best = xs.get(0);
        for (T x : xs) if (x.compareTo(best) > 0) best = x;
        return best;
    }

    static <T extends Number> double sum(List<T> xs) {
        double s = 0;
        for (T x : xs) s += x.doubleValue();
        return s;
    }

    static double sumWildcard(List<? extends Number> xs) {
        double s = 0;
        for (Number x : xs) s += x.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> sink, int n) {
        for (int i = 0; i < n; i++) sink.add(i);
    }

    static class Stack<E> {
        private Object[] items = new Object[2];
        private int size;
        void push(E e) {
            if (size == items.length) items = java.util.Arrays.copyOf(items, size * 2);
            items[size++] = e;
        }
        @SuppressWarnings("unchecked") E pop() { return (E) items[--size]; }
        boolean isEmpty() { return size == 0; }
    }

    static abstract class Shape<S extends Shape<S>> implements Comparable<S> {
        abstract int size();
        public int compareTo(S other) { return Integer.compare(size(), other.size()); }
    }
    static class Sq extends Shape<Sq> {
        final int side;
        Sq(int side) { this.side = side; }
        int size() { return side * side; }
        @Override public String toString() { return "Sq" + side; }
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    public static void main(String[] args) {
        Box<String> bs = new Box<String>("hello");
        Box<Integer> len = bs.map(new Fn<String, Integer>() { public Integer apply(String s) { return s.length(); } });
        System.out.println("map: " + len.get());
        Object o = bs;
        System.out.println("instanceof Box<?>: " + (o instanceof Box<?>) + ", instanceof Box: " + (o instanceof Box));

        IntBox ib = new IntBox(5);
        Box<Integer> asBox = ib;
        asBox.set(21);                       // through the bridge
        System.out.println("bridges: " + ib.get() + " " + asBox.get() + " " + ((Box) ib).get());
        try {
            ((Box) ib).set("not an integer");   // the bridge casts and fails
        } catch (ClassCastException e) {
            System.out.println("bridge cast: " + e.getMessage());
        }

        Box raw = bs;
        raw.set(42);                         // heap pollution, no exception yet
        Object polluted = bs.get();          // no cast to String needed here
        System.out.println("polluted value read as Object: " + polluted);
        try {
            String s = bs.get();             // checkcast String here
            System.out.println("no exception: " + s);
        } catch (ClassCastException e) {
            System.out.println("use-site cast: " + e.getMessage());
        }
        try {
            int l = bs.get().length();
            System.out.println("no exception " + l);
        } catch (ClassCastException e) {
            System.out.println("use-site cast before call: ClassCastException");
        }

        List<Integer> ints = new ArrayList<Integer>();
        fill(ints, 5);
        List<Double> dbls = new ArrayList<Double>();
        dbls.add(1.5);
        dbls.add(-0.5);
        List<Object> objs = new ArrayList<Object>();
        fill(objs, 2);
        System.out.println("max " + max(ints) + " " + max(java.util.Arrays.asList("pear", "apple", "zoo")) + ", sum "
            + sum(ints) + " " + sum(dbls) + " " + sumWildcard(dbls) + ", objs " + objs + ", explicit "
            + Generics.<Integer>max(ints));
        List<Sq> squares = java.util.Arrays.asList(new Sq(3), new Sq(7), new Sq(2));
        System.out.println("recursive bound max: " + max(squares));

        Stack<String> st = new Stack<String>();
        for (int i = 0; i < 10; i++) st.push("e" + i);
        StringBuilder sb = new StringBuilder();
        while (!st.isEmpty()) sb.append(st.pop());
        System.out.println("generic stack: " + sb);
        Stack rawStack = st;
        rawStack.push(3.14);
        try {
            String s = st.pop();
            System.out.println("no exception " + s);
        } catch (ClassCastException e) {
            System.out.println("generic stack pollution: " + e.getMessage());
        }

        List<String>[] arrayOfLists = (List<String>[]) new List[2];
        arrayOfLists[0] = new ArrayList<String>();
        arrayOfLists[0].add("in array");
        Object[] covariant = arrayOfLists;
        covariant[1] = new ArrayList<Integer>();   // allowed: the runtime type is List[]
        System.out.println("generic array: " + arrayOfLists[0].get(0) + ", class " + arrayOfLists.getClass().getSimpleName()
            + ", second is list " + (arrayOfLists[1] instanceof List));
        try {
            covariant[1] = "not a list";
        } catch (ArrayStoreException e) {
            System.out.println("ArrayStoreException: " + e.getMessage());
        }
    }
}
