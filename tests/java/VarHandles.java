// javac: plain
// VarHandle access modes (plain, opaque, acquire/release, volatile, compare-and-set and
// exchange, weak CAS, get-and-set/add/bitwise) on instance and static fields of every
// type, arrays and byte-array/ByteBuffer views, with their exceptions, exact-invocation
// behaviour, toMethodHandle and the fences.
import java.lang.invoke.*;
import java.nio.*;
import java.util.*;

public class VarHandles {
    int i; long l; double d; float f; byte b; short s; char c; boolean z; String str; Object o;
    volatile int vi; static int si; static String sstr; final int fi = 1; static final long sfl = 2;
    static void show(String tag, Object v) { System.out.println(tag + " = " + v); }
    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup L = MethodHandles.lookup();
        VarHandle I = L.findVarHandle(VarHandles.class, "i", int.class);
        VarHandle J = L.findVarHandle(VarHandles.class, "l", long.class);
        VarHandle D = L.findVarHandle(VarHandles.class, "d", double.class);
        VarHandle F = L.findVarHandle(VarHandles.class, "f", float.class);
        VarHandle B = L.findVarHandle(VarHandles.class, "b", byte.class);
        VarHandle S = L.findVarHandle(VarHandles.class, "s", short.class);
        VarHandle C = L.findVarHandle(VarHandles.class, "c", char.class);
        VarHandle Z = L.findVarHandle(VarHandles.class, "z", boolean.class);
        VarHandle STR = L.findVarHandle(VarHandles.class, "str", String.class);
        VarHandle SI = L.findStaticVarHandle(VarHandles.class, "si", int.class);
        VarHandle SSTR = L.findStaticVarHandle(VarHandles.class, "sstr", String.class);
        VarHandle FI = L.findVarHandle(VarHandles.class, "fi", int.class);
        VarHandles h = new VarHandles();
        I.set(h, 5); show("get", (int) I.get(h)); I.setVolatile(h, 6); show("getVolatile", (int) I.getVolatile(h));
        I.setOpaque(h, 7); show("getOpaque", (int) I.getOpaque(h)); I.setRelease(h, 8); show("getAcquire", (int) I.getAcquire(h));
        show("cas ok", I.compareAndSet(h, 8, 9)); show("cas fail", I.compareAndSet(h, 8, 10)); show("now", h.i);
        show("cae", (int) I.compareAndExchange(h, 9, 11)); show("caeAcq", (int) I.compareAndExchangeAcquire(h, 0, 12)); show("caeRel", (int) I.compareAndExchangeRelease(h, 11, 13));
        boolean w; do { w = I.weakCompareAndSet(h, 13, 14); } while (!w); show("wcas", h.i);
        do { w = I.weakCompareAndSetPlain(h, 14, 15); } while (!w); do { w = I.weakCompareAndSetAcquire(h, 15, 16); } while (!w); do { w = I.weakCompareAndSetRelease(h, 16, 17); } while (!w);
        show("weak*", h.i);
        show("gas", (int) I.getAndSet(h, 20)); show("gasA", (int) I.getAndSetAcquire(h, 21)); show("gasR", (int) I.getAndSetRelease(h, 22));
        show("gaa", (int) I.getAndAdd(h, 3)); show("gaaA", (int) I.getAndAddAcquire(h, 3)); show("gaaR", (int) I.getAndAddRelease(h, 3)); show("after add", h.i);
        show("or", (int) I.getAndBitwiseOr(h, 0x100)); show("and", (int) I.getAndBitwiseAnd(h, 0xff0)); show("xor", (int) I.getAndBitwiseXor(h, 0x11));
        show("orA", (int) I.getAndBitwiseOrAcquire(h, 1)); show("andR", (int) I.getAndBitwiseAndRelease(h, 0xfff)); show("xorA", (int) I.getAndBitwiseXorAcquire(h, 2)); show("final i", h.i);
        J.set(h, Long.MAX_VALUE); show("J gaa", (long) J.getAndAdd(h, 1L)); show("J", h.l); show("J cas", J.compareAndSet(h, Long.MIN_VALUE, 42L));
        D.set(h, 1.5); show("D gaa", (double) D.getAndAdd(h, 2.25)); show("D cas", D.compareAndSet(h, 3.75, -0.0)); show("D", h.d);
        F.set(h, 1.5f); show("F gas", (float) F.getAndSet(h, 2.5f)); show("F cae", (float) F.compareAndExchange(h, 2.5f, Float.NaN)); show("F", h.f);
        B.set(h, (byte) 127); show("B gaa", (byte) B.getAndAdd(h, (byte) 1)); show("B", h.b); show("B or", (byte) B.getAndBitwiseOr(h, (byte) 3));
        S.set(h, (short) -1); show("S cas", S.compareAndSet(h, (short) -1, (short) 300)); show("S", h.s);
        C.set(h, 'a'); show("C gaa", (char) C.getAndAdd(h, (char) 1)); show("C", h.c);
        Z.set(h, true); show("Z xor", (boolean) Z.getAndBitwiseXor(h, true)); show("Z", h.z); show("Z cas", Z.compareAndSet(h, false, true));
        STR.set(h, "a"); show("STR cas", STR.compareAndSet(h, "a", "b")); show("STR gas", STR.getAndSet(h, "c")); show("STR", h.str);
        String nonInterned = new String("c"); show("STR cas identity", STR.compareAndSet(h, nonInterned, "d"));
        SI.set(3); show("SI gaa", (int) SI.getAndAdd(4)); show("SI", si); SSTR.setVolatile("x"); show("SSTR cae", SSTR.compareAndExchange("x", "y")); show("SSTR", sstr);
        show("FI get", (int) FI.get(h));
        try { FI.set(h, 2); } catch (UnsupportedOperationException e) { show("FI set", e); }
        try { STR.set(h, (Object) Integer.valueOf(1)); } catch (ClassCastException e) { show("CCE", e.getMessage()); }
        try { I.get((VarHandles) null); } catch (NullPointerException e) { show("NPE", "npe"); }
        try { int r = (int) I.get(h, 1); } catch (WrongMethodTypeException e) { show("WMTE", e.getMessage()); }
        try { long r = (long) I.get(h); show("widened", r); } catch (WrongMethodTypeException e) { show("WMTE2", e.getMessage()); }
        show("exact", I.withInvokeExactBehavior().hasInvokeExactBehavior());
        try { long r = (long) I.withInvokeExactBehavior().get(h); } catch (WrongMethodTypeException e) { show("exact WMTE", e.getMessage()); }
        show("modes", I.accessModeType(VarHandle.AccessMode.GET_AND_ADD) + " " + I.varType() + " " + I.coordinateTypes());
        show("isSupported", I.isAccessModeSupported(VarHandle.AccessMode.GET_AND_ADD) + " " + STR.isAccessModeSupported(VarHandle.AccessMode.GET_AND_ADD));
        try { STR.getAndAdd(h, "x"); } catch (UnsupportedOperationException e) { show("UOE", e.getClass().getName()); }
        MethodHandle tm = I.toMethodHandle(VarHandle.AccessMode.GET_AND_ADD);
        show("toMethodHandle", (int) tm.invokeExact(h, 1) + " " + h.i);
        MethodHandle vhi = MethodHandles.varHandleInvoker(VarHandle.AccessMode.SET, methodType());
        // arrays
        VarHandle IA = MethodHandles.arrayElementVarHandle(int[].class);
        VarHandle OA = MethodHandles.arrayElementVarHandle(String[].class);
        VarHandle LA = MethodHandles.arrayElementVarHandle(long[].class);
        int[] ia = new int[4]; String[] oa = new String[2]; long[] la = new long[3];
        IA.set(ia, 1, 5); show("IA gaa", (int) IA.getAndAdd(ia, 1, 2)); show("IA cas", IA.compareAndSet(ia, 1, 7, 8)); show("ia", Arrays.toString(ia));
        OA.setVolatile(oa, 0, "s"); show("OA cae", OA.compareAndExchange(oa, 0, "s", "t")); show("oa", Arrays.toString(oa));
        LA.setRelease(la, 2, -1L); show("LA xor", (long) LA.getAndBitwiseXor(la, 2, 0xffL)); show("la", Arrays.toString(la));
        try { IA.get(ia, 4); } catch (ArrayIndexOutOfBoundsException e) { show("AIOOBE", e.getMessage()); }
        Object[] objs = new Integer[1];
        VarHandle OBJA = MethodHandles.arrayElementVarHandle(Object[].class);
        try { OBJA.set(objs, 0, "str"); } catch (ArrayStoreException e) { show("ASE", e.getMessage()); }
        // byte-array views
        byte[] ba = new byte[16];
        VarHandle BI = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        VarHandle LL = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        VarHandle BD = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);
        VarHandle BC = MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.LITTLE_ENDIAN);
        BI.set(ba, 0, 0x01020304); LL.set(ba, 8, 0x1122334455667788L);
        show("ba", Arrays.toString(ba));
        show("BI cas", BI.compareAndSet(ba, 0, 0x01020304, 0x0a0b0c0d)); show("BI gaa", (int) BI.getAndAdd(ba, 0, 1)); show("BI get", Integer.toHexString((int) BI.getVolatile(ba, 0)));
        show("LL", Long.toHexString((long) LL.getAcquire(ba, 8)));
        try { BI.compareAndSet(ba, 1, 0, 1); } catch (IllegalStateException e) { show("misaligned", e.getMessage()); }
        show("misaligned plain", Integer.toHexString((int) BI.get(ba, 1)));
        try { BI.get(ba, 13); } catch (IndexOutOfBoundsException e) { show("IOOBE", e.getMessage()); }
        BD.set(ba, 0, Math.PI); show("BD", (double) BD.get(ba, 0)); BC.set(ba, 2, 'Z'); show("BC", (char) BC.get(ba, 2));
        ByteBuffer bb = ByteBuffer.allocate(16); ByteBuffer dbb = ByteBuffer.allocateDirect(16);
        VarHandle BBI = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        BBI.set(bb, 4, 77); BBI.set(dbb, 8, 88); show("BB", (int) BBI.getAndAdd(bb, 4, 1) + " " + bb.getInt(4) + " " + (int) BBI.compareAndExchange(dbb, 8, 88, 99) + " " + dbb.getInt(8));
        VarHandle.fullFence(); VarHandle.acquireFence(); VarHandle.releaseFence(); VarHandle.loadLoadFence(); VarHandle.storeStoreFence();
        show("desc", I.describeConstable().isPresent());
    }
    static MethodType methodType() { return MethodType.methodType(void.class, VarHandle.class, VarHandles.class, int.class); }
}
