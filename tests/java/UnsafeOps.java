// javac: plain
// sun.misc.Unsafe as libraries use it: allocateInstance (no constructor, class
// initialised; abstract classes, interfaces and arrays refused), compare-and-swap,
// volatile and ordered accesses on fields, static fields and array elements,
// get-and-add/set, ensureClassInitialized/shouldBeInitialized, raw memory, fences,
// throwException; and the JDK's atomics built on jdk.internal.misc.Unsafe.
import java.lang.reflect.*;
import java.util.*;
import sun.misc.Unsafe;

public class UnsafeOps {
    static class Target { int i = 5; long l; Object o; volatile int v; static int s = 3; static Object so; static { System.out.println("Target <clinit>"); } Target() { System.out.println("ctor ran"); } }
    static class Lazy { static { System.out.println("Lazy <clinit>"); } static int x = 9; }
    static abstract class Abs {}
    public static void main(String[] args) throws Throwable {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Unsafe U = (Unsafe) f.get(null);
        Target t = (Target) U.allocateInstance(Target.class);
        System.out.println("allocated i=" + t.i + " l=" + t.l);
        try { U.allocateInstance(Abs.class); } catch (InstantiationException e) { System.out.println("abstract: " + e); }
        try { U.allocateInstance(Runnable.class); } catch (InstantiationException e) { System.out.println("iface: " + e); }
        try { U.allocateInstance(int[].class); } catch (InstantiationException e) { System.out.println("array: " + e); }
        long io = U.objectFieldOffset(Target.class.getDeclaredField("i"));
        long lo = U.objectFieldOffset(Target.class.getDeclaredField("l"));
        long oo = U.objectFieldOffset(Target.class.getDeclaredField("o"));
        long vo = U.objectFieldOffset(Target.class.getDeclaredField("v"));
        System.out.println("cas i " + U.compareAndSwapInt(t, io, 0, 10) + " " + U.compareAndSwapInt(t, io, 0, 11) + " " + t.i);
        System.out.println("cas l " + U.compareAndSwapLong(t, lo, 0L, 1L << 40) + " " + t.l);
        System.out.println("cas o " + U.compareAndSwapObject(t, oo, null, "x") + " " + t.o + " " + U.compareAndSwapObject(t, oo, "y", "z"));
        U.putIntVolatile(t, vo, 77); System.out.println("vol " + U.getIntVolatile(t, vo) + " " + t.v);
        U.putOrderedInt(t, vo, 78); System.out.println("ordered " + t.v);
        System.out.println("gaa " + U.getAndAddInt(t, io, 5) + " " + t.i + " gas " + U.getAndSetLong(t, lo, 7L) + " " + t.l + " gaso " + U.getAndSetObject(t, oo, "w") + " " + t.o);
        Object base = U.staticFieldBase(Target.class.getDeclaredField("s"));
        long so = U.staticFieldOffset(Target.class.getDeclaredField("s"));
        System.out.println("static " + U.getInt(base, so)); U.putInt(base, so, 33); System.out.println("static now " + Target.s);
        long soo = U.staticFieldOffset(Target.class.getDeclaredField("so"));
        U.putObjectVolatile(base, soo, "stat"); System.out.println("static obj " + Target.so + " " + U.getObjectVolatile(base, soo));
        int[] ia = new int[8]; long ib = U.arrayBaseOffset(int[].class), is = U.arrayIndexScale(int[].class);
        System.out.println("array base/scale " + (ib > 0) + " " + is + " " + U.arrayIndexScale(long[].class) + " " + U.arrayIndexScale(byte[].class));
        U.putInt(ia, ib + 3 * is, 42); System.out.println("ia[3]=" + ia[3] + " cas " + U.compareAndSwapInt(ia, ib + 3 * is, 42, 43) + " " + ia[3]);
        Object[] oa = new Object[4]; long ob = U.arrayBaseOffset(Object[].class), os = U.arrayIndexScale(Object[].class);
        System.out.println("oa cas " + U.compareAndSwapObject(oa, ob + 2 * os, null, "q") + " " + Arrays.toString(oa));
        long[] la = new long[2]; long lb = U.arrayBaseOffset(long[].class);
        U.putLongVolatile(la, lb + 8, -5L); System.out.println("la " + Arrays.toString(la) + " " + U.getAndAddLong(la, lb, 3L) + " " + la[0]);
        System.out.println("shouldBeInitialized " + U.shouldBeInitialized(Lazy.class));
        U.ensureClassInitialized(Lazy.class);
        System.out.println("after ensure " + U.shouldBeInitialized(Lazy.class));
        long mem = U.allocateMemory(64); U.putLong(mem, 0x0102030405060708L); System.out.println("mem " + Long.toHexString(U.getLong(mem)) + " byte " + U.getByte(mem)); U.setMemory(mem, 64, (byte) 1); System.out.println(Long.toHexString(U.getLong(mem + 8))); U.freeMemory(mem);
        System.out.println("page " + (U.pageSize() > 0) + " addr " + U.addressSize());
        U.fullFence(); U.loadFence(); U.storeFence();
        try { U.throwException(new Exception("sneaky")); } catch (Exception e) { System.out.println("thrown " + e.getMessage()); }
        // jdk.internal.misc.Unsafe via the JDK: AtomicInteger/AtomicReferenceArray/ConcurrentHashMap
        var ai = new java.util.concurrent.atomic.AtomicLong(); ai.incrementAndGet(); ai.accumulateAndGet(5, Long::sum);
        var ara = new java.util.concurrent.atomic.AtomicReferenceArray<String>(3); ara.compareAndSet(1, null, "r");
        var chm = new java.util.concurrent.ConcurrentHashMap<String, Integer>(); for (int k = 0; k < 100; k++) chm.merge("k" + (k % 7), 1, Integer::sum);
        System.out.println(ai + " " + ara + " " + new TreeMap<>(chm));
        var afu = java.util.concurrent.atomic.AtomicIntegerFieldUpdater.newUpdater(Target.class, "v"); afu.addAndGet(t, 2); System.out.println("updater " + t.v);
    }
}
