// MhCalls: calls through java.lang.invoke. invokeExact on constant (static final) method
// handles to a static method, a virtual method and a field getter; a bound handle and an
// adapted one (asType with boxing); a MutableCallSite's dynamicInvoker whose target
// changes now and then; VarHandle getAndAdd/compareAndSet on a field and an array; plain
// invoke (with an asType conversion per call site). Each linked call site must be reused,
// never re-resolved: the cost measured is that of the lambda forms themselves.
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.lang.invoke.VarHandle;

public final class MhCalls {
    int value = 3;
    volatile long counter;
    static int add(int a, int b) { return a + b; }
    static int sub(int a, int b) { return a - b; }
    int scale(int x) { return x * value; }

    static final MethodHandle ADD, SCALE, GET_VALUE, BOUND, BOXED;
    static final MutableCallSite SITE;
    static final MethodHandle DYN;
    static final VarHandle COUNTER, ELEMS;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            MethodType ii = MethodType.methodType(int.class, int.class, int.class);
            ADD = l.findStatic(MhCalls.class, "add", ii);
            SCALE = l.findVirtual(MhCalls.class, "scale", MethodType.methodType(int.class, int.class));
            GET_VALUE = l.findGetter(MhCalls.class, "value", int.class);
            BOUND = MethodHandles.insertArguments(ADD, 0, 1000);
            BOXED = ADD.asType(MethodType.methodType(Integer.class, Integer.class, Integer.class));
            SITE = new MutableCallSite(ADD);
            DYN = SITE.dynamicInvoker();
            COUNTER = l.findVarHandle(MhCalls.class, "counter", long.class);
            ELEMS = MethodHandles.arrayElementVarHandle(int[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static long round(int r) throws Throwable {
        MhCalls o = new MhCalls();
        o.value = r + 2;
        MethodHandle sub = MethodHandles.lookup().findStatic(MhCalls.class, "sub", MethodType.methodType(int.class, int.class, int.class));
        int[] arr = new int[16];
        long h = 0;
        for (int i = 0; i < 30000; i++) {
            h += (int) ADD.invokeExact(i, r);
            h += (int) SCALE.invokeExact(o, i & 1023);
            h += (int) GET_VALUE.invokeExact(o);
            h += (int) BOUND.invokeExact(i);
            h += (Integer) BOXED.invokeExact((Integer) i, (Integer) 5);
            h += (int) DYN.invokeExact(i, 2);
            if ((i & 4095) == 0) {
                SITE.setTarget((i & 8192) == 0 ? sub : ADD);
            }
            h += (long) COUNTER.getAndAdd(o, 1L);
            ELEMS.compareAndSet(arr, i & 15, arr[i & 15], i);
            h += (long) ADD.invoke(i, 1);
        }
        SITE.setTarget(ADD);
        for (int v : arr) {
            h = h * 31 + v;
        }
        return h;
    }

    public static void main(String[] args) throws Throwable {
        int reps = reps(args, 4);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 17 + round(r);
        }
        System.out.println("MhCalls " + sum);
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
