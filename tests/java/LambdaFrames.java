// javac: plain
// What stack traces, StackWalker and getCallerClass show around lambdas and method handles:
// exceptions thrown through invokeExact, invoke, invokeWithArguments, bound handles,
// lambdas, method references and stream pipelines (lambda-form and hidden frames are left
// out, as on HotSpot); StackWalker frames and caller classes from a lambda, a method
// handle, reflection and a thread; NullPointerExceptions raised inside lambda forms have
// no helpful message (the top frame is hidden), those raised in visible frames do.
import java.lang.invoke.*;
import static java.lang.invoke.MethodType.methodType;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class LambdaFrames {
    static int boom(int x) { if (x > 0) throw new IllegalArgumentException("boom " + x); return x; }
    static void print(Throwable e) {
        System.out.println(e);
        for (StackTraceElement el : e.getStackTrace()) System.out.println("  at " + el);
        if (e.getCause() != null) { System.out.print("cause: "); print(e.getCause()); }
    }
    static void walk(String tag) {
        System.out.println(tag + ": " + StackWalker.getInstance().walk(s -> s.map(f -> f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber()).collect(Collectors.toList())));
        System.out.println(tag + " reflect: " + StackWalker.getInstance(StackWalker.Option.SHOW_REFLECT_FRAMES).walk(s -> s.map(f -> f.getClassName() + "." + f.getMethodName()).collect(Collectors.toList())));
        try {
            System.out.println(tag + " caller: " + StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass().getName());
        } catch (Exception e) { System.out.println(e); }
    }
    public static void main(String[] args) throws Throwable {
        MethodHandle mh = MethodHandles.lookup().findStatic(LambdaFrames.class, "boom", MethodType.methodType(int.class, int.class));
        try { int r = (int) mh.invokeExact(1); } catch (IllegalArgumentException e) { print(e); }
        try { Object r = mh.invoke(Integer.valueOf(2)); } catch (IllegalArgumentException e) { print(e); }
        try { mh.invokeWithArguments(3); } catch (IllegalArgumentException e) { print(e); }
        MethodHandle bound = MethodHandles.insertArguments(mh, 0, 4);
        try { bound.invoke(); } catch (IllegalArgumentException e) { print(e); }
        Function<Integer, Integer> f = x -> boom(x);
        try { f.apply(5); } catch (IllegalArgumentException e) { print(e); }
        IntUnaryOperator g = LambdaFrames::boom;
        try { g.applyAsInt(6); } catch (IllegalArgumentException e) { print(e); }
        try { Stream.of(7).map(LambdaFrames::boom).collect(Collectors.toList()); } catch (IllegalArgumentException e) { print(e); }
        try { List.of(8).forEach(x -> boom(x)); } catch (IllegalArgumentException e) { print(e); }
        Runnable r = () -> walk("lambda");
        r.run();
        walk("direct");
        MethodHandle w = MethodHandles.lookup().findStatic(LambdaFrames.class, "walk", MethodType.methodType(void.class, String.class));
        w.invokeExact("mh");
        w.invoke("mh-invoke");
        LambdaFrames.class.getDeclaredMethod("walk", String.class).invoke(null, "reflect");
        Supplier<Throwable> mk = () -> new Throwable("made in lambda");
        print(mk.get());
        Supplier<Object> ctor = Throwable::new;
        print((Throwable) ctor.get());
        npes();
        Thread th = new Thread(() -> walk("thread"));
        th.start();
        th.join();
    }
    String name;
    static void npes() throws Throwable {
        MethodHandle nul = null;
        try { nul.invokeExact(); } catch (NullPointerException e) { print(e); }
        MethodHandle len = MethodHandles.lookup().findVirtual(String.class, "length", methodType(int.class));
        try { int x = (int) len.invokeExact((String) null); } catch (NullPointerException e) { print(e); }
        try { Object x = len.invoke((Object) null); } catch (NullPointerException e) { print(e); }
        MethodHandle get = MethodHandles.lookup().findGetter(LambdaFrames.class, "name", String.class);
        try { String x = (String) get.invokeExact((LambdaFrames) null); } catch (NullPointerException e) { print(e); }
        String s = null;
        try { Supplier<Integer> f = s::length; } catch (NullPointerException e) { print(e); }
        Function<String, Integer> g = String::length;
        try { g.apply(null); } catch (NullPointerException e) { print(e); }
        VarHandle vh = MethodHandles.lookup().findVarHandle(LambdaFrames.class, "name", String.class);
        try { vh.set((LambdaFrames) null, "x"); } catch (NullPointerException e) { print(e); }
        try { MethodHandles.insertArguments(len, 0, (Object) null).invoke(); } catch (NullPointerException e) { print(e); }
        Runnable r = () -> { Object o = null; o.hashCode(); };
        try { r.run(); } catch (NullPointerException e) { print(e); }
        try { String t = "a" + ((Object) null).toString(); } catch (NullPointerException e) { print(e); }
        int[] arr = null;
        try { MethodHandles.arrayElementGetter(int[].class).invoke(arr, 0); } catch (NullPointerException e) { print(e); }
        try { MethodHandles.arrayLength(int[].class).invoke(arr); } catch (NullPointerException e) { print(e); }
    }
}
