// javac: plain
// invokedynamic and loadable constants linked through java.lang.invoke, with class files
// written by hand (javac emits no user bootstrap methods, condy or ldc MethodHandle): one
// call site per instruction, bootstrap arguments of every constant kind, failures wrapped
// in BootstrapMethodError (or passed through for Errors), LinkageErrors recorded and
// rethrown anew with the same class and message (with the cause for constants, without it
// for call sites) while other errors let the bootstrap method run again; CONSTANT_Dynamic
// (own and ConstantBootstraps bootstrap methods, primitive values, null resolved once), ldc of
// MethodType and of MethodHandle of all nine kinds with their resolution errors; and
// threads racing to link one call site all getting the first installed result.
import java.io.*;
import java.lang.invoke.*;
import java.util.*;
import static java.lang.invoke.MethodType.methodType;

public class IndyLinkage {
    // ---- a minimal class-file writer: constant pool, static methods with straight-line code, BootstrapMethods
    static final class CW {
        final ByteArrayOutputStream cp = new ByteArrayOutputStream();
        final DataOutputStream cpo = new DataOutputStream(cp);
        final Map<String, Integer> cache = new HashMap<>();
        int count = 1;
        final List<byte[]> methods = new ArrayList<>();
        final List<int[]> bsms = new ArrayList<>();
        int entry(String key, int slots, IOAction w) {
            Integer i = cache.get(key);
            if (i != null) return i;
            try { w.run(cpo); } catch (IOException e) { throw new UncheckedIOException(e); }
            int idx = count; count += slots; cache.put(key, idx); return idx;
        }
        interface IOAction { void run(DataOutputStream o) throws IOException; }
        int utf8(String s) { return entry("U" + s, 1, o -> { o.writeByte(1); o.writeUTF(s); }); }
        int cls(String n) { int u = utf8(n); return entry("C" + n, 1, o -> { o.writeByte(7); o.writeShort(u); }); }
        int str(String s) { int u = utf8(s); return entry("S" + s, 1, o -> { o.writeByte(8); o.writeShort(u); }); }
        int integer(int v) { return entry("I" + v, 1, o -> { o.writeByte(3); o.writeInt(v); }); }
        int flt(float v) { return entry("F" + v, 1, o -> { o.writeByte(4); o.writeFloat(v); }); }
        int lng(long v) { return entry("J" + v, 2, o -> { o.writeByte(5); o.writeLong(v); }); }
        int dbl(double v) { return entry("D" + v, 2, o -> { o.writeByte(6); o.writeDouble(v); }); }
        int nat(String n, String d) { int a = utf8(n), b = utf8(d); return entry("N" + n + " " + d, 1, o -> { o.writeByte(12); o.writeShort(a); o.writeShort(b); }); }
        int ref(int tag, String c, String n, String d) { int a = cls(c), b = nat(n, d); return entry("R" + tag + c + "." + n + d, 1, o -> { o.writeByte(tag); o.writeShort(a); o.writeShort(b); }); }
        int mref(String c, String n, String d) { return ref(10, c, n, d); }
        int imref(String c, String n, String d) { return ref(11, c, n, d); }
        int fref(String c, String n, String d) { return ref(9, c, n, d); }
        int mh(int kind, int r) { return entry("H" + kind + ":" + r, 1, o -> { o.writeByte(15); o.writeByte(kind); o.writeShort(r); }); }
        int mt(String d) { int u = utf8(d); return entry("T" + d, 1, o -> { o.writeByte(16); o.writeShort(u); }); }
        int bsm(int mh, int... args) { int[] e = new int[args.length + 1]; e[0] = mh; System.arraycopy(args, 0, e, 1, args.length); bsms.add(e); return bsms.size() - 1; }
        int indy(int bsm, String n, String d) { int t = nat(n, d); return entry("Y" + bsm + n + d, 1, o -> { o.writeByte(18); o.writeShort(bsm); o.writeShort(t); }); }
        int condy(int bsm, String n, String d) { int t = nat(n, d); return entry("Q" + bsm + n + d, 1, o -> { o.writeByte(17); o.writeShort(bsm); o.writeShort(t); }); }
        void method(String name, String desc, int stack, int locals, byte[] code) {
            try {
                ByteArrayOutputStream b = new ByteArrayOutputStream(); DataOutputStream o = new DataOutputStream(b);
                o.writeShort(0x0009); o.writeShort(utf8(name)); o.writeShort(utf8(desc)); o.writeShort(1);
                o.writeShort(utf8("Code")); o.writeInt(12 + code.length); o.writeShort(stack); o.writeShort(locals);
                o.writeInt(code.length); o.write(code); o.writeShort(0); o.writeShort(0);
                methods.add(b.toByteArray());
            } catch (IOException e) { throw new UncheckedIOException(e); }
        }
        byte[] bytes(String name) throws IOException {
            int thisC = cls(name), superC = cls("java/lang/Object"), bsmAttr = utf8("BootstrapMethods");
            ByteArrayOutputStream b = new ByteArrayOutputStream(); DataOutputStream o = new DataOutputStream(b);
            o.writeInt(0xCAFEBABE); o.writeShort(0); o.writeShort(61);
            o.writeShort(count); o.write(cp.toByteArray());
            o.writeShort(0x0021); o.writeShort(thisC); o.writeShort(superC); o.writeShort(0); o.writeShort(0);
            o.writeShort(methods.size()); for (byte[] m : methods) o.write(m);
            if (bsms.isEmpty()) { o.writeShort(0); return b.toByteArray(); }
            int len = 2; for (int[] e : bsms) len += 4 + 2 * (e.length - 1);
            o.writeShort(1); o.writeShort(bsmAttr); o.writeInt(len); o.writeShort(bsms.size());
            for (int[] e : bsms) { o.writeShort(e[0]); o.writeShort(e.length - 1); for (int k = 1; k < e.length; k++) o.writeShort(e[k]); }
            return b.toByteArray();
        }
    }
    static byte[] code(int... bs) { byte[] r = new byte[bs.length]; for (int i = 0; i < bs.length; i++) r[i] = (byte) bs[i]; return r; }
    static final int LDC_W = 0x13, LDC2_W = 0x14, INVOKEDYNAMIC = 0xba, ARETURN = 0xb0, IRETURN = 0xac, LRETURN = 0xad, RETURN = 0xb1;
    static byte[] indyReturn(int idx, int ret) { return code(INVOKEDYNAMIC, idx >> 8, idx & 0xff, 0, 0, ret); }
    static byte[] ldcReturn(int idx, int ret) { return code(LDC_W, idx >> 8, idx & 0xff, ret); }

    // ---- bootstrap methods
    static final String ME = "IndyLinkage";
    static int calls;
    public static CallSite bsmOk(MethodHandles.Lookup l, String name, MethodType t) {
        calls++;
        return new ConstantCallSite(MethodHandles.constant(String.class, "linked " + name + " #" + calls).asType(t));
    }
    public static CallSite bsmArgs(MethodHandles.Lookup l, String name, MethodType t, Object... args) {
        StringBuilder sb = new StringBuilder(name);
        for (Object a : args) sb.append(" | ").append(a == null ? "null" : a.getClass().getSimpleName() + ":" + a);
        return new ConstantCallSite(MethodHandles.constant(String.class, sb.toString()).asType(t));
    }
    public static CallSite bsmThrows(MethodHandles.Lookup l, String name, MethodType t) {
        calls++;
        switch (name) {
            case "runtime": throw new IllegalStateException("bsm failed " + calls);
            case "linkage": throw new IncompatibleClassChangeError("linkage failed " + calls);
            case "error": throw new AssertionError("assertion " + calls);
            case "checked": { sneaky(new IOException("checked " + calls)); return null; }
            case "null": return null;
            case "wrongtype": return new ConstantCallSite(MethodHandles.constant(Integer.class, 1));
            default: throw new IllegalArgumentException(name);
        }
    }
    public static Object bsmNotCallSite(MethodHandles.Lookup l, String name, MethodType t) { return "not a call site"; }
    public static String bsmBadSignature(String x) { return x; }
    @SuppressWarnings("unchecked") static <E extends Throwable> void sneaky(Throwable e) throws E { throw (E) e; }
    public static Object condyOk(MethodHandles.Lookup l, String name, Class<?> type) { calls++; return name + ":" + type.getSimpleName() + " #" + calls; }
    public static Object condyArgs(MethodHandles.Lookup l, String name, Class<?> type, Object a, Object b) { return name + "(" + a + ", " + b + ")"; }
    public static int condyInt(MethodHandles.Lookup l, String name, Class<?> type) { return 42; }
    public static long condyLong(MethodHandles.Lookup l, String name, Class<?> type) { return 1L << 40; }
    public static Object condyNull(MethodHandles.Lookup l, String name, Class<?> type) { calls++; return null; }
    public static Object condyThrows(MethodHandles.Lookup l, String name, Class<?> type) { calls++; throw new IllegalStateException("condy failed " + calls); }
    public static Object condyWrong(MethodHandles.Lookup l, String name, Class<?> type) { return 17; }

    // targets for ldc MethodHandle
    public int field = 5; public static int sfield = 6;
    public IndyLinkage() {}
    public IndyLinkage(int f) { field = f; }
    public String virt(String s) { return "virt " + s + field; }
    public static String stat(String s) { return "stat " + s; }
    public interface Iface { String ifm(); }
    public static class Impl implements Iface { public String ifm() { return "iface impl"; } }
    enum Color { RED, GREEN }
    public static final String CONSTANT = "static final constant";

    static Class<?> gen;
    static Object call(String m) throws Throwable {
        for (java.lang.reflect.Method x : gen.getDeclaredMethods())
            if (x.getName().equals(m)) return MethodHandles.lookup().unreflect(x).invoke();
        throw new NoSuchMethodException(m);
    }
    static void show(String m) {
        try { System.out.println(m + " -> " + call(m)); }
        catch (Throwable e) {
            System.out.println(m + " threw " + e);
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) System.out.println("    caused by " + c);
        }
    }
    static void trace(String m) {
        try { call(m); }
        catch (Throwable e) {
            System.out.println(m + " trace:");
            e.printStackTrace(System.out);
        }
    }

    public static void main(String[] args) throws Throwable {
        CW w = new CW();
        String L = "Ljava/lang/invoke/MethodHandles$Lookup;", MT = "Ljava/lang/invoke/MethodType;", S = "Ljava/lang/String;", O = "Ljava/lang/Object;", C = "Ljava/lang/Class;";
        int bsmOk = w.bsm(w.mh(6, w.mref(ME, "bsmOk", "(" + L + S + MT + ")Ljava/lang/invoke/CallSite;")));
        int bsmThrows = w.bsm(w.mh(6, w.mref(ME, "bsmThrows", "(" + L + S + MT + ")Ljava/lang/invoke/CallSite;")));
        int bsmNotCS = w.bsm(w.mh(6, w.mref(ME, "bsmNotCallSite", "(" + L + S + MT + ")" + O)));
        int bsmMissing = w.bsm(w.mh(6, w.mref(ME, "noSuchBsm", "(" + L + S + MT + ")Ljava/lang/invoke/CallSite;")));
        int bsmBadSig = w.bsm(w.mh(6, w.mref(ME, "bsmBadSignature", "(" + S + ")" + S)));
        int condyOk = w.bsm(w.mh(6, w.mref(ME, "condyOk", "(" + L + S + C + ")" + O)));
        int condyInt = w.bsm(w.mh(6, w.mref(ME, "condyInt", "(" + L + S + C + ")I")));
        int condyLong = w.bsm(w.mh(6, w.mref(ME, "condyLong", "(" + L + S + C + ")J")));
        int condyNull = w.bsm(w.mh(6, w.mref(ME, "condyNull", "(" + L + S + C + ")" + O)));
        int condyThrows = w.bsm(w.mh(6, w.mref(ME, "condyThrows", "(" + L + S + C + ")" + O)));
        int condyWrong = w.bsm(w.mh(6, w.mref(ME, "condyWrong", "(" + L + S + C + ")" + O)));
        int condyArgs = w.bsm(w.mh(6, w.mref(ME, "condyArgs", "(" + L + S + C + O + O + ")" + O)), w.integer(1), w.str("two"));
        String CB = "java/lang/invoke/ConstantBootstraps";
        int cbPrim = w.bsm(w.mh(6, w.mref(CB, "primitiveClass", "(" + L + S + C + ")" + C)));
        int cbStatic = w.bsm(w.mh(6, w.mref(CB, "getStaticFinal", "(" + L + S + C + C + ")" + O)), w.cls(ME));
        int cbEnum = w.bsm(w.mh(6, w.mref(CB, "enumConstant", "(" + L + S + C + ")Ljava/lang/Enum;")));
        int cbInvoke = w.bsm(w.mh(6, w.mref(CB, "invoke", "(" + L + S + C + "Ljava/lang/invoke/MethodHandle;[" + O + ")" + O)),
            w.mh(6, w.mref("java/lang/Integer", "toHexString", "(I)" + S)), w.integer(255));
        int cbNull = w.bsm(w.mh(6, w.mref(CB, "nullConstant", "(" + L + S + C + ")" + O)));
        int cbVH = w.bsm(w.mh(6, w.mref(CB, "fieldVarHandle", "(" + L + S + C + C + C + ")Ljava/lang/invoke/VarHandle;")), w.cls(ME), w.condy(cbPrim, "I", C));
        int condyA = w.condy(condyOk, "arg", S);
        int bsmArgs = w.bsm(w.mh(6, w.mref(ME, "bsmArgs", "(" + L + S + MT + "[" + O + ")Ljava/lang/invoke/CallSite;")),
            w.integer(-7), w.flt(2.5f), w.lng(1L << 33), w.dbl(-0.5), w.str("str"), w.cls(ME), w.cls("[I"), w.mt("(I" + S + ")V"),
            w.mh(6, w.mref(ME, "stat", "(" + S + ")" + S)), condyA);
        int bsmArgs1 = w.bsm(w.mh(6, w.mref(ME, "bsmArgs", "(" + L + S + MT + "[" + O + ")Ljava/lang/invoke/CallSite;")), w.str("just one"));

        int okIdx = w.indy(bsmOk, "ok", "()" + O);
        w.method("ok1", "()" + O, 1, 0, indyReturn(okIdx, ARETURN));
        w.method("ok2", "()" + O, 1, 0, indyReturn(okIdx, ARETURN));
        w.method("args", "()" + O, 1, 0, indyReturn(w.indy(bsmArgs, "args", "()" + O), ARETURN));
        w.method("args1", "()" + O, 1, 0, indyReturn(w.indy(bsmArgs1, "args1", "()" + O), ARETURN));
        for (String n : new String[] { "runtime", "linkage", "error", "checked", "null", "wrongtype" })
            w.method(n, "()" + O, 1, 0, indyReturn(w.indy(bsmThrows, n, "()" + O), ARETURN));
        w.method("wrongtype2", "()" + O, 1, 0, indyReturn(w.indy(bsmThrows, "wrongtype", "()" + S), ARETURN));
        w.method("notCallSite", "()" + O, 1, 0, indyReturn(w.indy(bsmNotCS, "x", "()" + O), ARETURN));
        w.method("missingBsm", "()" + O, 1, 0, indyReturn(w.indy(bsmMissing, "x", "()" + O), ARETURN));
        w.method("badBsmSig", "()" + O, 1, 0, indyReturn(w.indy(bsmBadSig, "x", "()" + O), ARETURN));
        w.method("condy", "()" + O, 1, 0, ldcReturn(w.condy(condyOk, "cname", S), ARETURN));
        w.method("condyAgain", "()" + O, 1, 0, ldcReturn(w.condy(condyOk, "cname", S), ARETURN));
        w.method("condyArgs", "()" + O, 1, 0, ldcReturn(w.condy(condyArgs, "withArgs", O), ARETURN));
        w.method("condyInt", "()I", 1, 0, ldcReturn(w.condy(condyInt, "i", "I"), IRETURN));
        int longIdx = w.condy(condyLong, "j", "J");
        w.method("condyLong", "()J", 2, 0, code(LDC2_W, longIdx >> 8, longIdx & 0xff, LRETURN));
        w.method("condyNull", "()" + O, 1, 0, ldcReturn(w.condy(condyNull, "n", S), ARETURN));
        w.method("condyNull2", "()" + O, 1, 0, ldcReturn(w.condy(condyNull, "n", S), ARETURN));
        int bsmNullArg = w.bsm(w.mh(6, w.mref(ME, "bsmArgs", "(" + L + S + MT + "[" + O + ")Ljava/lang/invoke/CallSite;")), w.condy(condyNull, "n", S), w.integer(3));
        w.method("nullArg", "()" + O, 1, 0, indyReturn(w.indy(bsmNullArg, "nullArg", "()" + O), ARETURN));
        w.method("condyNullPrim", "()I", 1, 0, ldcReturn(w.condy(condyNull, "n", "I"), IRETURN));
        w.method("condyThrows", "()" + O, 1, 0, ldcReturn(w.condy(condyThrows, "t", O), ARETURN));
        w.method("condyWrong", "()" + O, 1, 0, ldcReturn(w.condy(condyWrong, "w", S), ARETURN));
        w.method("cbPrim", "()" + O, 1, 0, ldcReturn(w.condy(cbPrim, "D", C), ARETURN));
        w.method("cbStatic", "()" + O, 1, 0, ldcReturn(w.condy(cbStatic, "CONSTANT", S), ARETURN));
        w.method("cbEnum", "()" + O, 1, 0, ldcReturn(w.condy(cbEnum, "GREEN", "LIndyLinkage$Color;"), ARETURN));
        w.method("cbEnumMissing", "()" + O, 1, 0, ldcReturn(w.condy(cbEnum, "BLUE", "LIndyLinkage$Color;"), ARETURN));
        w.method("cbInvoke", "()" + O, 1, 0, ldcReturn(w.condy(cbInvoke, "_", S), ARETURN));
        w.method("cbNull", "()" + O, 1, 0, ldcReturn(w.condy(cbNull, "_", "Ljava/util/List;"), ARETURN));
        w.method("cbVH", "()" + O, 1, 0, ldcReturn(w.condy(cbVH, "field", "Ljava/lang/invoke/VarHandle;"), ARETURN));
        w.method("mt", "()" + O, 1, 0, ldcReturn(w.mt("(IJ[" + S + "LIndyLinkage$Iface;)V"), ARETURN));
        w.method("mt2", "()" + O, 1, 0, ldcReturn(w.mt("(IJ[" + S + "LIndyLinkage$Iface;)V"), ARETURN));
        w.method("mtMissing", "()" + O, 1, 0, ldcReturn(w.mt("(LNoSuchClass;)V"), ARETURN));
        String[][] mhs = {
            { "1", "F", ME, "field", "I" }, { "2", "F", ME, "sfield", "I" }, { "3", "F", ME, "field", "I" }, { "4", "F", ME, "sfield", "I" },
            { "5", "M", ME, "virt", "(" + S + ")" + S }, { "6", "M", ME, "stat", "(" + S + ")" + S }, { "7", "M", "java/lang/Object", "toString", "()" + S },
            { "8", "M", ME, "<init>", "(I)V" }, { "9", "I", "IndyLinkage$Iface", "ifm", "()" + S },
            { "6", "M", ME, "noSuchMethod", "()V" }, { "5", "M", ME, "stat", "(" + S + ")" + S }, { "2", "F", ME, "noSuchField", "I" },
            { "6", "M", "java/lang/Object", "clone", "()" + O }, { "6", "M", "NoSuchClass", "m", "()V" } };
        for (int k = 0; k < mhs.length; k++) {
            String[] d = mhs[k];
            int r = d[1].equals("F") ? w.fref(d[2], d[3], d[4]) : d[1].equals("I") ? w.imref(d[2], d[3], d[4]) : w.mref(d[2], d[3], d[4]);
            w.method("mh" + k, "()" + O, 1, 0, ldcReturn(w.mh(Integer.parseInt(d[0]), r), ARETURN));
        }
        byte[] bytes = w.bytes("IndyLinkage$Gen");
        gen = MethodHandles.lookup().defineClass(bytes);

        show("ok1"); show("ok1"); show("ok2"); show("ok1"); System.out.println("bootstrap calls " + calls);
        show("args"); show("args1");
        for (String n : new String[] { "runtime", "linkage", "error", "checked", "null", "wrongtype", "wrongtype2", "notCallSite", "missingBsm", "badBsmSig" }) {
            calls = 0;
            show(n); show(n);
            System.out.println("  bootstrap calls " + calls);
        }
        trace("runtime"); trace("linkage"); trace("missingBsm");
        Throwable a = null, b = null;
        try { call("runtime"); } catch (Throwable e) { a = e; }
        try { call("runtime"); } catch (Throwable e) { b = e; }
        System.out.println("same instance " + (a == b) + ", same class " + (a.getClass() == b.getClass()) + ", same message " + Objects.equals(a.getMessage(), b.getMessage()));
        calls = 0;
        show("condy"); show("condy"); show("condyAgain"); System.out.println("  condy calls " + calls);
        System.out.println("condy identity " + (call("condy") == call("condyAgain")));
        show("condyArgs"); show("condyInt"); show("condyLong");
        calls = 0; show("condyNull"); show("condyNull"); show("condyNull2"); show("nullArg"); System.out.println("  null constant resolved " + calls + " time(s)");
        show("condyNullPrim");
        calls = 0; show("condyThrows"); show("condyThrows"); System.out.println("  condy calls " + calls); trace("condyThrows");
        show("condyWrong"); show("condyWrong");
        show("cbPrim"); show("cbStatic"); show("cbEnum"); show("cbEnumMissing"); show("cbInvoke"); show("cbNull");
        System.out.println("cbVH " + ((VarHandle) call("cbVH")).get(new IndyLinkage(9)));
        show("mt"); System.out.println("mt identity " + (call("mt") == call("mt2"))); show("mtMissing"); show("mtMissing"); trace("mtMissing");
        for (int k = 0; k < mhs.length; k++) show("mh" + k);
        MethodHandle[] h = new MethodHandle[9];
        for (int k = 0; k < 9; k++) h[k] = (MethodHandle) call("mh" + k);
        IndyLinkage o = new IndyLinkage(3);
        System.out.println((int) h[0].invokeExact(o) + " " + (int) h[1].invokeExact());
        h[2].invokeExact(o, 30); h[3].invokeExact(60);
        System.out.println(o.field + " " + sfield + " " + (String) h[4].invokeExact(o, "a") + " " + (String) h[5].invokeExact("b") + " " + h[6].type()
            + " " + ((IndyLinkage) h[7].invokeExact(8)).field + " " + (String) h[8].invokeExact((Iface) new Impl()));
        System.out.println("mh identity " + (call("mh0") == call("mh0")));
        trace("mh9");
        // several threads link one call site: all see the same result
        racing();
    }
    static void racing() throws Throwable {
        CW w = new CW();
        String L = "Ljava/lang/invoke/MethodHandles$Lookup;", MT = "Ljava/lang/invoke/MethodType;", S = "Ljava/lang/String;";
        int slow = w.bsm(w.mh(6, w.mref(ME, "bsmSlow", "(" + L + S + MT + ")Ljava/lang/invoke/CallSite;")));
        w.method("site", "()Ljava/lang/Object;", 1, 0, indyReturn(w.indy(slow, "race", "()Ljava/lang/Object;"), ARETURN));
        Class<?> c = MethodHandles.lookup().defineClass(w.bytes("IndyLinkage$Race"));
        MethodHandle site = MethodHandles.lookup().findStatic(c, "site", methodType(Object.class));
        Object[] seen = new Object[4];
        Thread[] ts = new Thread[4];
        for (int i = 0; i < 4; i++) {
            final int k = i;
            ts[i] = new Thread(() -> { try { seen[k] = site.invoke(); } catch (Throwable e) { seen[k] = e; } });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        boolean same = true;
        for (Object s : seen) same &= s == seen[0];
        System.out.println("racing threads agree " + same + ", later call agrees " + (site.invoke() == seen[0]));
    }
    static final Object lock = new Object();
    static int slowCalls;
    public static CallSite bsmSlow(MethodHandles.Lookup l, String name, MethodType t) throws InterruptedException {
        synchronized (lock) { slowCalls++; }
        Thread.sleep(50);
        return new ConstantCallSite(MethodHandles.constant(Object.class, new Object()));
    }
}
