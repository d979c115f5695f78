// javac: plain
// Method handles to what the interpreter treats specially: class initialisation on first
// invocation (and its failure, then NoClassDefFoundError), constructors, arguments of every
// slot width through invokeExact/invoke/invokeWithArguments/spreaders/permutations, native
// methods, caller-sensitive methods (the JDK's injected invoker is a hidden class named
// after the caller, as given to defineHiddenClass, not after its template's bytes), deep
// recursion through a handle and a StackOverflowError thrown through lambda forms.
import java.lang.invoke.*;
import java.util.*;
import static java.lang.invoke.MethodType.methodType;
public class MhInvocation {
    static class Init { static { System.out.println("Init <clinit>"); } static int v = 5; static int get() { return v; } int i = 1; }
    static class Bad { static { if (true) throw new IllegalStateException("bad init"); } static int get() { return 1; } }
    static long mix(int a, long b, double c, float d, Object e, long f, double g) { return a + b + (long) c + (long) d + e.hashCode() + f + (long) g; }
    static int depth(int n) throws Throwable { return n == 0 ? 0 : 1 + (int) DEPTH.invokeExact(n - 1); }
    static MethodHandle DEPTH;
    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup L = MethodHandles.lookup();
        MethodHandle get = L.findStatic(Init.class, "get", methodType(int.class));
        System.out.println("found, not yet initialised");
        System.out.println((int) get.invokeExact());
        MethodHandle bad = L.findStatic(Bad.class, "get", methodType(int.class));
        try { int r = (int) bad.invokeExact(); } catch (ExceptionInInitializerError e) { System.out.println("EIIE " + e.getCause()); }
        try { int r = (int) bad.invokeExact(); } catch (NoClassDefFoundError e) { System.out.println("NCDFE " + e.getMessage() + " / " + e.getCause()); }
        MethodHandle ctor = L.findConstructor(Init.class, methodType(void.class));
        System.out.println(((Init) ctor.invokeExact()).i);
        MethodHandle mix = L.findStatic(MhInvocation.class, "mix", methodType(long.class, int.class, long.class, double.class, float.class, Object.class, long.class, double.class));
        System.out.println((long) mix.invokeExact(1, 2L, 3.5, 4.5f, (Object) "x", 6L, 7.9));
        System.out.println(mix.invoke(1, 2, 3, 4, "x", 6, 7));
        System.out.println(mix.invokeWithArguments(1, 2L, 3.5, 4.5f, "x", 6L, 7.9));
        MethodHandle sp = mix.asSpreader(Object[].class, 3);
        System.out.println(sp.invoke(1, 2L, 3.5, 4.5f, new Object[] { "x", 6L, 7.9 }));
        MethodHandle perm = MethodHandles.permuteArguments(mix, methodType(long.class, double.class, long.class, int.class, float.class, Object.class, long.class, double.class), 2, 1, 0, 3, 4, 5, 6);
        System.out.println((long) perm.invokeExact(3.5, 2L, 1, 4.5f, (Object) "x", 6L, 7.9));
        // natives through handles
        System.out.println((boolean) L.findStatic(Thread.class, "holdsLock", methodType(boolean.class, Object.class)).invokeExact((Object) L));
        System.out.println(((Class<?>) L.findVirtual(Object.class, "getClass", methodType(Class.class)).invokeExact((Object) "s")).getName());
        System.out.println((double) L.findStatic(StrictMath.class, "sqrt", methodType(double.class, double.class)).invokeExact(2.0));
        System.out.println((int) L.findStatic(Integer.class, "bitCount", methodType(int.class, int.class)).invokeExact(255));
        int[] src = {1, 2, 3}, dst = new int[3];
        L.findStatic(System.class, "arraycopy", methodType(void.class, Object.class, int.class, Object.class, int.class, int.class)).invokeExact((Object) src, 0, (Object) dst, 1, 2);
        System.out.println(Arrays.toString(dst));
        String s = "x";
        System.out.println((int) L.findVirtual(Object.class, "hashCode", methodType(int.class)).invokeExact((Object) s) == s.hashCode());
        // caller-sensitive through handles
        MethodHandle forName = L.findStatic(Class.class, "forName", methodType(Class.class, String.class));
        System.out.println(((Class<?>) forName.invokeExact("MhInvocation$Init")).getName());
        try { MethodHandle lk = L.findStatic(MethodHandles.class, "lookup", methodType(MethodHandles.Lookup.class)); System.out.println(String.valueOf(((MethodHandles.Lookup) lk.invokeExact()).lookupClass()).replaceAll("/0x[0-9a-f]+", "/HIDDEN")); } catch (Throwable e) { System.out.println(e); }
        MethodHandle getCaller = L.findVirtual(StackWalker.class, "getCallerClass", methodType(Class.class));
        try { System.out.println(String.valueOf(getCaller.invoke(StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE))).replaceAll("/0x[0-9a-f]+", "/HIDDEN")); } catch (Throwable e) { System.out.println(e); }
        // deep recursion through handles on a thread with a big stack
        DEPTH = L.findStatic(MhInvocation.class, "depth", methodType(int.class, int.class));
        int[] res = new int[1];
        Thread t = new Thread(null, () -> { try { res[0] = depth(2000); } catch (Throwable e) { res[0] = -1; } }, "deep", 64 << 20);
        t.start(); t.join();
        System.out.println("depth " + res[0]);
        Thread t2 = new Thread(null, () -> { try { depth(10_000_000); } catch (StackOverflowError e) { res[0] = -2; } catch (Throwable e) { res[0] = -3; System.out.println(e); } }, "soe", 1 << 20);
        t2.start(); t2.join();
        System.out.println("overflow " + res[0]);
    }
}
