// javac: plain
// java.lang.invoke in use: Lookup finds of every kind (virtual, static, special, getters,
// setters, constructors, unreflect), invokeExact/invoke with their type checks
// (WrongMethodTypeException, ClassCastException, NullPointerException), asType
// conversions, and the combinators: filterArguments, foldArguments, guardWithTest,
// insertArguments, dropArguments, catchException, tryFinally, loops, spreaders,
// collectors, varargs, permuteArguments, array handles, invokers, tableSwitch; plus
// interface methods through findVirtual (linkToInterface) and lookup failures.
import java.lang.invoke.*;
import java.util.*;
import static java.lang.invoke.MethodType.methodType;

public class MhCombinators {
    static final MethodHandles.Lookup L = MethodHandles.lookup();
    int field = 3; static long sfield = 9; private String pf = "private";
    MhCombinators() {} MhCombinators(int f) { field = f; }
    static int add(int a, int b) { return a + b; }
    static String cat(String a, String b) { return a + b; }
    int inst(int x) { return field * x; }
    private int priv(int x) { return -x; }
    static boolean isPos(int x) { return x > 0; }
    static String join(String sep, String... parts) { return String.join(sep, parts); }
    static int thrower(int x) throws Exception { if (x < 0) throw new Exception("neg " + x); return x; }
    static int handler(Exception e, int x) { return 1000 + x; }
    static class Sub extends MhCombinators { int inst(int x) { return 7 * x; } }
    public static void main(String[] args) throws Throwable {
        MethodHandle add = L.findStatic(MhCombinators.class, "add", methodType(int.class, int.class, int.class));
        MethodHandle cat = L.findStatic(MhCombinators.class, "cat", methodType(String.class, String.class, String.class));
        MethodHandle inst = L.findVirtual(MhCombinators.class, "inst", methodType(int.class, int.class));
        MethodHandle priv = L.findVirtual(MhCombinators.class, "priv", methodType(int.class, int.class));
        MethodHandle special = L.findSpecial(MhCombinators.class, "inst", methodType(int.class, int.class), MhCombinators.class);
        MethodHandle getter = L.findGetter(MhCombinators.class, "field", int.class);
        MethodHandle setter = L.findSetter(MhCombinators.class, "field", int.class);
        MethodHandle sget = L.findStaticGetter(MhCombinators.class, "sfield", long.class);
        MethodHandle sset = L.findStaticSetter(MhCombinators.class, "sfield", long.class);
        MethodHandle ctor = L.findConstructor(MhCombinators.class, methodType(void.class, int.class));
        MethodHandle unrefl = L.unreflect(MhCombinators.class.getDeclaredMethod("add", int.class, int.class));
        MethodHandle unreflGetter = L.unreflectGetter(MhCombinators.class.getDeclaredField("pf"));
        MethodHandle unreflCtor = L.unreflectConstructor(MhCombinators.class.getDeclaredConstructor());
        MhCombinators c = new MhCombinators(); Sub s = new Sub();
        System.out.println((int) add.invokeExact(2, 3) + " " + (String) cat.invokeExact("a", "b") + " " + (int) inst.invokeExact(c, 4)
            + " " + (int) inst.invokeExact((MhCombinators) s, 4) + " " + (int) special.invokeExact((MhCombinators) s, 4) + " " + (int) priv.invokeExact(c, 5));
        setter.invokeExact(c, 11);
        sset.invokeExact(77L);
        System.out.println((int) getter.invokeExact(c) + " " + (long) sget.invokeExact() + " " + ((MhCombinators) ctor.invokeExact(12)).field
            + " " + unrefl.invoke(1, 1) + " " + unreflGetter.invoke(c) + " " + ((MhCombinators) unreflCtor.invoke()).field);
        // asType conversions
        MethodHandle boxed = add.asType(methodType(Integer.class, Integer.class, Object.class));
        System.out.println(boxed.invoke(3, (Object) 4) + " " + add.asType(methodType(long.class, byte.class, short.class)).invoke((byte) 1, (short) 2));
        MethodHandle dbl = add.asType(methodType(double.class, char.class, int.class));
        System.out.println((double) dbl.invokeExact('a', 1));
        try { boxed.invoke(3, "x"); } catch (ClassCastException e) { System.out.println("CCE " + e.getMessage()); }
        try { int r = (int) add.invokeExact(1L, 2); } catch (WrongMethodTypeException e) { System.out.println("WMTE " + e.getMessage()); }
        try { Object r = add.invoke(1, 2, 3); } catch (WrongMethodTypeException e) { System.out.println("WMTE " + e.getMessage()); }
        try { add.invoke((Object) null, 2); } catch (NullPointerException e) { System.out.println("NPE"); }
        // combinators
        MethodHandle len = L.findVirtual(String.class, "length", methodType(int.class));
        MethodHandle filtered = MethodHandles.filterArguments(add, 0, len, len);
        System.out.println((int) filtered.invokeExact("abc", "de"));
        MethodHandle folded = MethodHandles.foldArguments(add, MethodHandles.identity(int.class));
        System.out.println((int) folded.invokeExact(5) + " ");
        MethodHandle neg = L.findStatic(Math.class, "negateExact", methodType(int.class, int.class));
        MethodHandle gwt = MethodHandles.guardWithTest(L.findStatic(MhCombinators.class, "isPos", methodType(boolean.class, int.class)), MethodHandles.identity(int.class), neg);
        System.out.println((int) gwt.invokeExact(-8) + " " + (int) gwt.invokeExact(8));
        MethodHandle ins = MethodHandles.insertArguments(cat, 1, "!");
        System.out.println((String) ins.invokeExact("hi"));
        MethodHandle drop = MethodHandles.dropArguments(cat, 0, int.class, List.class);
        System.out.println((String) drop.invokeExact(1, (List) null, "p", "q"));
        MethodHandle thr = L.findStatic(MhCombinators.class, "thrower", methodType(int.class, int.class));
        MethodHandle caught = MethodHandles.catchException(thr, Exception.class, L.findStatic(MhCombinators.class, "handler", methodType(int.class, Exception.class, int.class)));
        System.out.println((int) caught.invokeExact(-3) + " " + (int) caught.invokeExact(3));
        MethodHandle fin = MethodHandles.tryFinally(thr, MethodHandles.dropArguments(MethodHandles.identity(int.class), 0, Throwable.class));
        System.out.println((int) fin.invokeExact(4));
        // loops
        MethodHandle body = L.findStatic(MhCombinators.class, "add", methodType(int.class, int.class, int.class));
        MethodHandle counted = MethodHandles.countedLoop(MethodHandles.constant(int.class, 10), MethodHandles.constant(int.class, 0), body);
        System.out.println((int) counted.invokeExact());
        MethodHandle init = MethodHandles.constant(int.class, 1);
        MethodHandle pred = L.findStatic(MhCombinators.class, "lessThan100", methodType(boolean.class, int.class));
        MethodHandle step = L.findStatic(MhCombinators.class, "dbl", methodType(int.class, int.class));
        MethodHandle wl = MethodHandles.whileLoop(init, pred, step);
        System.out.println((int) wl.invokeExact());
        MethodHandle dwl = MethodHandles.doWhileLoop(init, step, pred);
        System.out.println((int) dwl.invokeExact());
        MethodHandle it = MethodHandles.iteratedLoop(null, MethodHandles.constant(int.class, 0).asType(methodType(int.class)),
            L.findStatic(MhCombinators.class, "sumIt", methodType(int.class, int.class, Integer.class)));
        System.out.println(it.invoke(List.of(1, 2, 3, 4)));
        // spreader/collector/varargs
        MethodHandle spread = cat.asSpreader(String[].class, 2);
        System.out.println((String) spread.invokeExact(new String[] {"s", "p"}));
        MethodHandle join = L.findStatic(MhCombinators.class, "join", methodType(String.class, String.class, String[].class));
        System.out.println(join.isVarargsCollector() + " " + join.invoke("-", "a", "b", "c") + " " + join.invoke("+") + " " + join.invoke("*", new String[]{"x", "y"}));
        MethodHandle coll = join.asFixedArity().asCollector(String[].class, 3);
        System.out.println((String) coll.invokeExact(",", "1", "2", "3"));
        MethodHandle va = MethodHandles.identity(String[].class).asVarargsCollector(String[].class);
        System.out.println(va.isVarargsCollector() + " " + ((String[]) va.invoke("a", "b")).length);
        MethodHandle perm = MethodHandles.permuteArguments(cat, methodType(String.class, String.class, String.class), 1, 0);
        System.out.println((String) perm.invokeExact("x", "y"));
        MethodHandle filtRet = MethodHandles.filterReturnValue(add, L.findStatic(Integer.class, "toString", methodType(String.class, int.class)));
        System.out.println((String) filtRet.invokeExact(40, 2));
        MethodHandle ag = MethodHandles.arrayElementGetter(int[].class);
        MethodHandle as = MethodHandles.arrayElementSetter(int[].class);
        int[] arr = {1, 2, 3};
        as.invokeExact(arr, 1, 20);
        System.out.println((int) ag.invokeExact(arr, 1) + " " + MethodHandles.arrayLength(int[].class).invoke(arr));
        try { ag.invoke(arr, 5); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        MethodHandle ctorArr = MethodHandles.arrayConstructor(String[].class);
        System.out.println(((String[]) ctorArr.invokeExact(3)).length);
        MethodHandle zero = MethodHandles.zero(double.class); MethodHandle empty = MethodHandles.empty(methodType(long.class, String.class));
        System.out.println((double) zero.invokeExact() + " " + (long) empty.invokeExact("x"));
        MethodHandle exact = MethodHandles.exactInvoker(methodType(int.class, int.class, int.class));
        System.out.println((int) exact.invokeExact(add, 5, 5));
        MethodHandle inv = MethodHandles.invoker(methodType(Object.class, Object.class, Object.class));
        System.out.println(inv.invoke(add, 1, 2));
        MethodHandle thrw = MethodHandles.throwException(int.class, IllegalStateException.class);
        try { int r = (int) thrw.invokeExact(new IllegalStateException("thrown by MH")); } catch (IllegalStateException e) { System.out.println(e.getMessage()); }
        MethodHandleInfo info = L.revealDirect(inst);
        System.out.println(info + " " + info.getReferenceKind() + " " + info.getName() + " " + info.getMethodType());
        System.out.println(L.revealDirect(getter) + " " + L.revealDirect(ctor) + " " + L.revealDirect(sset));
        System.out.println(MethodHandles.reflectAs(java.lang.reflect.Method.class, add));
        System.out.println(add.type() + " " + boxed.type() + " " + MethodHandles.collectArguments(add, 1, len).type());
        MethodHandle tbl = MethodHandles.tableSwitch(MethodHandles.dropArguments(MethodHandles.constant(String.class, "dflt"), 0, int.class),
            MethodHandles.dropArguments(MethodHandles.constant(String.class, "zero"), 0, int.class),
            MethodHandles.dropArguments(MethodHandles.constant(String.class, "one"), 0, int.class));
        System.out.println((String) tbl.invokeExact(0) + (String) tbl.invokeExact(1) + (String) tbl.invokeExact(7));
        System.out.println(L.findVirtual(Object.class, "toString", methodType(String.class)).invoke(List.of(1)));
        System.out.println(L.findVirtual(List.class, "size", methodType(int.class)).invoke(List.of(1, 2)));
        MethodHandle hashOfIface = L.findVirtual(Comparable.class, "compareTo", methodType(int.class, Object.class));
        System.out.println(hashOfIface.invoke("a", "b"));
        try { L.findStatic(MhCombinators.class, "nope", methodType(void.class)); } catch (NoSuchMethodException e) { System.out.println(e.getMessage()); }
        try { L.findVirtual(MhCombinators.class, "add", methodType(int.class, int.class, int.class)); } catch (IllegalAccessException e) { System.out.println(e.getMessage()); }
        try { L.findGetter(MhCombinators.class, "nofield", int.class); } catch (NoSuchFieldException e) { System.out.println(e.getMessage()); }
        try { MethodHandles.publicLookup().findVirtual(MhCombinators.class, "priv", methodType(int.class, int.class)); } catch (IllegalAccessException e) { System.out.println(e.getMessage()); }
    }
    static boolean lessThan100(int x) { return x < 100; }
    static int dbl(int x) { return x * 2; }
    static int sumIt(int acc, Integer e) { return acc + e; }
}
