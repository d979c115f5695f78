// javac: plain
// Call sites whose target changes: MutableCallSite and VolatileCallSite through
// dynamicInvoker (setTarget, syncAll, an unlinked site, type checks), ConstantCallSite,
// SwitchPoint, threads calling through a site while another flips it; java.lang.reflect.Proxy
// with default methods (InvocationHandler.invokeDefault), undeclared checked exceptions and
// null for a primitive result; MethodHandleProxies.
import java.lang.invoke.*;
import java.lang.reflect.*;
import java.util.*;
import java.util.stream.*;
import static java.lang.invoke.MethodType.methodType;

public class CallSites {
    static String a() { return "A"; } static String b() { return "B"; } static String c() { return "C"; }
    interface Greeter { String greet(String n); default String twice(String n) { return greet(n) + greet(n); } }
    interface Other { int num(); default String name() { return "other-default"; } }
    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup L = MethodHandles.lookup();
        MethodHandle A = L.findStatic(CallSites.class, "a", methodType(String.class));
        MethodHandle B = L.findStatic(CallSites.class, "b", methodType(String.class));
        MethodHandle C = L.findStatic(CallSites.class, "c", methodType(String.class));
        MutableCallSite mcs = new MutableCallSite(A);
        MethodHandle inv = mcs.dynamicInvoker();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 6; i++) { sb.append((String) inv.invokeExact()); if (i == 2) mcs.setTarget(B); }
        MutableCallSite.syncAll(new MutableCallSite[] { mcs });
        VolatileCallSite vcs = new VolatileCallSite(methodType(String.class));
        try { String s = (String) vcs.dynamicInvoker().invokeExact(); } catch (IllegalStateException e) { sb.append(" unlinked:" + e.getMessage()); }
        vcs.setTarget(C); sb.append(" " + (String) vcs.dynamicInvoker().invokeExact());
        ConstantCallSite ccs = new ConstantCallSite(A);
        try { ccs.setTarget(B); } catch (UnsupportedOperationException e) { sb.append(" constant"); }
        try { mcs.setTarget(MethodHandles.constant(int.class, 1)); } catch (WrongMethodTypeException e) { sb.append(" wmte:" + e.getMessage()); }
        System.out.println(sb);
        SwitchPoint sp = new SwitchPoint();
        MethodHandle guarded = sp.guardWithTest(A, B);
        System.out.println((String) guarded.invokeExact() + " invalidated " + sp.hasBeenInvalidated());
        SwitchPoint.invalidateAll(new SwitchPoint[] { sp });
        System.out.println((String) guarded.invokeExact() + " invalidated " + sp.hasBeenInvalidated());
        // Threads flip a MutableCallSite while others call through it
        MutableCallSite flip = new MutableCallSite(A);
        MethodHandle fi = flip.dynamicInvoker();
        Thread[] ts = new Thread[3]; int[] counts = new int[3];
        for (int k = 0; k < 3; k++) { final int kk = k; ts[k] = new Thread(() -> { try { for (int i = 0; i < 2000; i++) { String s = (String) fi.invokeExact(); if (s.equals("A") || s.equals("B")) counts[kk]++; } } catch (Throwable e) { throw new RuntimeException(e); } }); ts[k].start(); }
        for (int i = 0; i < 200; i++) flip.setTarget(i % 2 == 0 ? B : A);
        for (Thread t : ts) t.join();
        System.out.println("flip counts " + Arrays.toString(counts));
        // Proxy
        InvocationHandler h = (proxy, m, margs) -> {
            if (m.isDefault()) return InvocationHandler.invokeDefault(proxy, m, margs);
            switch (m.getName()) {
                case "greet": return "hi " + margs[0];
                case "num": return 42;
                case "toString": return "proxy!";
                case "hashCode": return 7;
                case "equals": return proxy == margs[0];
            }
            throw new UnsupportedOperationException(m.toString());
        };
        Object p = Proxy.newProxyInstance(CallSites.class.getClassLoader(), new Class<?>[] { Greeter.class, Other.class }, h);
        Greeter g = (Greeter) p; Other o = (Other) p;
        System.out.println(g.greet("bob") + " | " + g.twice("x") + " | " + o.num() + " | " + o.name() + " | " + p + " " + p.hashCode() + " " + p.equals(p));
        System.out.println(Proxy.isProxyClass(p.getClass()) + " " + (Proxy.getInvocationHandler(p) == h) + " " + p.getClass().getSimpleName().startsWith("$Proxy") + " " + Modifier.isFinal(p.getClass().getModifiers()));
        Runnable thrower = (Runnable) Proxy.newProxyInstance(CallSites.class.getClassLoader(), new Class<?>[] { Runnable.class }, (px, m, a) -> { throw new java.io.IOException("checked"); });
        try { thrower.run(); } catch (UndeclaredThrowableException e) { System.out.println("undeclared " + e.getCause()); }
        Runnable rt = (Runnable) Proxy.newProxyInstance(CallSites.class.getClassLoader(), new Class<?>[] { Runnable.class }, (px, m, a) -> { throw new IllegalStateException("unchecked"); });
        try { rt.run(); } catch (IllegalStateException e) { System.out.println("unchecked " + e.getMessage()); }
        Comparable<String> cmp = (Comparable<String>) Proxy.newProxyInstance(CallSites.class.getClassLoader(), new Class<?>[] { Comparable.class }, (px, m, a) -> null);
        try { cmp.compareTo("x"); } catch (NullPointerException e) { System.out.println("null for int: NPE"); }
        // MethodHandleProxies
        Runnable mhp = MethodHandleProxies.asInterfaceInstance(Runnable.class, L.findStatic(CallSites.class, "hello", methodType(void.class)));
        mhp.run();
        System.out.println(MethodHandleProxies.isWrapperInstance(mhp));
    }
    static void hello() { System.out.println("hello from MethodHandleProxies"); }
}
