// javac: plain
// Lambdas and method references of every kind: static, bound, unbound, constructor,
// array constructor, super:: and Interface.super::, private members, primitive
// specialisations with boxing and widening, varargs, captures of every type, lambdas made
// in a static initialiser, serializable lambdas, Comparator combinators; JDK method
// references to classes loaded before java.base was defined (Collectors.toSet's
// HashSet::new failed its access check while HashSet sat in the unnamed module).
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class MethodRefs {
    static final Supplier<String> STATIC_SUP;
    static final List<String> STATIC_LIST;
    static {
        int k = 3;
        STATIC_SUP = () -> "clinit lambda " + k;
        STATIC_LIST = Stream.of("c", "a", "b").sorted().map(s -> s + k).collect(Collectors.toList());
    }
    static class Base {
        String who() { return "Base"; }
        String greet(String s) { return "base greets " + s; }
    }
    static class Derived extends Base {
        String who() { return "Derived"; }
        String greet(String s) { return "derived greets " + s; }
        Function<String, String> superRef() { return super::greet; }
        Supplier<String> superWho() { return super::who; }
        Supplier<String> thisWho() { return this::who; }
    }
    interface Greeter { default String hello(String n) { return "hello " + n; } }
    static class G implements Greeter {
        public String hello(String n) { return "G " + n; }
        Function<String, String> viaSuper() { return Greeter.super::hello; }
    }
    private int priv = 41;
    private int privInc(int x) { return priv + x; }
    static String cat(String a, int b, long c, char d, double e, Object f) { return a + b + c + d + e + f; }

    public static void main(String[] args) throws Exception {
        System.out.println(STATIC_SUP.get() + " " + STATIC_LIST);
        Derived d = new Derived();
        System.out.println(d.superRef().apply("x") + "; " + d.superWho().get() + "; " + d.thisWho().get());
        System.out.println(new G().viaSuper().apply("y") + "; " + new G().hello("z"));
        MethodRefs r = new MethodRefs();
        IntUnaryOperator pi = r::privInc;
        System.out.println(pi.applyAsInt(1));
        Function<MethodRefs, Integer> getp = x -> x.priv;
        System.out.println(getp.apply(r));
        // static, bound, unbound, constructor, array constructor
        Function<String, Integer> parse = Integer::parseInt;
        Supplier<Integer> boundLen = "hello"::length;
        BiFunction<String, Integer, Character> charAt = String::charAt;
        Function<String, StringBuilder> ctor = StringBuilder::new;
        IntFunction<String[]> arr = String[]::new;
        Function<Integer, int[][]> arr2 = int[][]::new;
        System.out.println(parse.apply("123") + " " + boundLen.get() + " " + charAt.apply("abc", 1) + " " + ctor.apply("sb").reverse()
            + " " + arr.apply(4).length + " " + arr2.apply(2).length);
        // primitive specializations, boxing, widening in adapted refs
        ToLongFunction<Integer> widen = Integer::intValue;
        DoubleSupplier ds = () -> 1.5f;
        LongBinaryOperator lb = Math::max;
        ObjIntConsumer<StringBuilder> oic = StringBuilder::append;
        StringBuilder sb = new StringBuilder();
        oic.accept(sb, 42);
        System.out.println(widen.applyAsLong(7) + " " + ds.getAsDouble() + " " + lb.applyAsLong(3, 9) + " " + sb);
        // varargs method ref
        Function<String, String> fmt = s -> String.format("<%s|%d>", s, s.length());
        BiFunction<String, Object[], String> fmt2 = String::format;
        System.out.println(fmt.apply("abc") + fmt2.apply("%s-%s", new Object[] {"p", "q"}));
        Function<Object[], List<Object>> asList = Arrays::asList;
        System.out.println(asList.apply(new Object[] {1, "two"}));
        // capture of many kinds
        byte bb = 1; short ss = 2; char cc = 'c'; int ii = 4; long ll = 5; float ff = 6.5f; double dd = 7.25; boolean zz = true; Object oo = null;
        Supplier<String> all = () -> "" + bb + ss + cc + ii + ll + ff + dd + zz + oo;
        System.out.println(all.get());
        System.out.println(cat("a", 1, 2L, 'd', 3.0, null));
        // serializable lambda
        Runnable sr = (Runnable & java.io.Serializable) () -> System.out.println("serializable lambda");
        sr.run();
        // lambda identity of non-capturing
        Supplier<String> s1 = MethodRefs::hello;
        System.out.println(s1.get());
        Comparator<String> cmp = Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder());
        List<String> words = new ArrayList<>(List.of("pear", "fig", "apple", "kiwi", "date"));
        words.sort(cmp);
        System.out.println(words);
        Optional<String> o = words.stream().filter(w -> w.startsWith("k")).findFirst();
        System.out.println(o.map(String::toUpperCase).orElse("none"));
        System.out.println(new TreeSet<>(Stream.of(3, 1, 3).collect(Collectors.toSet())) + " "
            + Stream.of(1, 2).collect(Collectors.toCollection(ArrayDeque::new)) + " " + Stream.of("a").collect(Collectors.toUnmodifiableSet()));
        for (Class<?> c : new Class<?>[] { HashSet.class, ArrayDeque.class, HashMap.class, ArrayList.class }) System.out.print(c.getModule() + "; ");
        System.out.println();
    }
    static String hello() { return "static ref"; }
}
