import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/*
 * Bytecode verification: class files that each break one rule of the type-checking
 * verifier (JVMS 4.10.1), written here by a small class-file writer, defined through a
 * custom class loader (so they are verified in every mode) and initialised; the test prints
 * the VerifyError/ClassFormatError each gives, "Exception Details" included, or "ok".
 */
public class VerifyErrors {
    /* ---- a minimal class-file writer ---- */
    static final class CW {
        final ByteArrayOutputStream cpBytes = new ByteArrayOutputStream();
        final DataOutputStream cp = new DataOutputStream(cpBytes);
        final Map<String, Integer> pool = new HashMap<>();
        final List<byte[]> methods = new ArrayList<>();
        int count = 1;
        final String name;
        String superName = "java/lang/Object";
        int major = 52;

        CW(String name) { this.name = name; }

        int entry(String key, int tag, Object... parts) {
            Integer i = pool.get(key);
            if (i != null) return i;
            try {
                cp.writeByte(tag);
                for (Object p : parts) {
                    if (p instanceof String) cp.writeUTF((String) p);
                    else if (p instanceof Integer) cp.writeShort((Integer) p);
                    else cp.writeInt(((int[]) p)[0]);
                }
            } catch (IOException e) { throw new RuntimeException(e); }
            pool.put(key, count);
            return count++;
        }
        int utf8(String s) { return entry("U" + s, 1, s); }
        int cls(String s) { return entry("C" + s, 7, utf8(s)); }
        int str(String s) { return entry("S" + s, 8, utf8(s)); }
        int integer(int v) { return entry("I" + v, 3, new int[] { v }); }
        int nat(String n, String d) { return entry("N" + n + ":" + d, 12, utf8(n), utf8(d)); }
        int field(String c, String n, String d) { return entry("F" + c + "." + n + d, 9, cls(c), nat(n, d)); }
        int method(String c, String n, String d) { return entry("M" + c + "." + n + d, 10, cls(c), nat(n, d)); }
        int imethod(String c, String n, String d) { return entry("IM" + c + "." + n + d, 11, cls(c), nat(n, d)); }

        /* A method; stackMap is the StackMapTable body (number_of_entries included) or null. */
        CW method(int access, String n, String d, int maxStack, int maxLocals, int[] code, int[][] exc, byte[] stackMap) {
            try {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                DataOutputStream o = new DataOutputStream(b);
                o.writeShort(access);
                o.writeShort(utf8(n));
                o.writeShort(utf8(d));
                o.writeShort(1);
                o.writeShort(utf8("Code"));
                ByteArrayOutputStream cb = new ByteArrayOutputStream();
                DataOutputStream c = new DataOutputStream(cb);
                c.writeShort(maxStack);
                c.writeShort(maxLocals);
                c.writeInt(code.length);
                for (int x : code) c.writeByte(x);
                c.writeShort(exc == null ? 0 : exc.length);
                if (exc != null)
                    for (int[] e : exc)
                        for (int v : e) c.writeShort(v);
                c.writeShort(stackMap == null ? 0 : 1);
                if (stackMap != null) {
                    c.writeShort(utf8("StackMapTable"));
                    c.writeInt(stackMap.length);
                    c.write(stackMap);
                }
                o.writeInt(cb.size());
                o.write(cb.toByteArray());
                methods.add(b.toByteArray());
            } catch (IOException e) { throw new RuntimeException(e); }
            return this;
        }

        /* The usual constructor: super(); return. */
        CW init() {
            return method(1, "<init>", "()V", 1, 1, new int[] { 0x2a, 0xb7, hi(method(superName, "<init>", "()V")),
                lo(method(superName, "<init>", "()V")), 0xb1 }, null, null);
        }

        byte[] bytes() {
            try {
                int thisIndex = cls(name), superIndex = cls(superName);
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                DataOutputStream o = new DataOutputStream(b);
                o.writeInt(0xCAFEBABE);
                o.writeShort(0);
                o.writeShort(major);
                o.writeShort(count);
                o.write(cpBytes.toByteArray());
                o.writeShort(0x21);
                o.writeShort(thisIndex);
                o.writeShort(superIndex);
                o.writeShort(0);
                o.writeShort(0);
                o.writeShort(methods.size());
                for (byte[] m : methods) o.write(m);
                o.writeShort(0);
                return b.toByteArray();
            } catch (IOException e) { throw new RuntimeException(e); }
        }
    }

    static int hi(int v) { return (v >> 8) & 0xff; }
    static int lo(int v) { return v & 0xff; }

    static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) b[i] = (byte) v[i];
        return b;
    }

    static final class Loader extends ClassLoader {
        final Map<String, byte[]> defs = new HashMap<>();
        Loader() { super(VerifyErrors.class.getClassLoader()); }
        @Override protected Class<?> findClass(String n) throws ClassNotFoundException {
            byte[] b = defs.get(n);
            if (b == null) throw new ClassNotFoundException(n);
            return defineClass(n, b, 0, b.length);
        }
    }

    static void run(String title, CW cw) {
        Loader l = new Loader();
        l.defs.put(cw.name.replace('/', '.'), cw.bytes());
        System.out.println("== " + title);
        try {
            Class<?> c = Class.forName(cw.name.replace('/', '.'), true, l);
            System.out.println("ok " + c.getName());
        } catch (Throwable t) {
            System.out.println(t);
        }
    }

    /* A class with a static method run with the given code. */
    static CW stat(String name, String desc, int stack, int locals, int... code) {
        CW cw = new CW(name);
        return cw.method(9, "run", desc, stack, locals, code, null, null);
    }

    /* For tool/verify_options: BadMain.class, whose main prints "hello" and whose other
     * method underflows the stack. */
    static void writeBadMain(String dir) throws IOException {
        CW c = new CW("BadMain");
        int out = c.field("java/lang/System", "out", "Ljava/io/PrintStream;");
        int println = c.method("java/io/PrintStream", "println", "(Ljava/lang/String;)V");
        int hello = c.str("hello");
        c.init();
        c.method(9, "main", "([Ljava/lang/String;)V", 2, 1,
                 new int[] { 0xb2, hi(out), lo(out), 0x12, hello, 0xb6, hi(println), lo(println), 0xb1 }, null, null);
        c.method(9, "bad", "()V", 1, 0, new int[] { 0x57, 0xb1 }, null, null);
        java.nio.file.Files.write(java.nio.file.Path.of(dir, "BadMain.class"), c.bytes());
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("write")) {
            writeBadMain(args[1]);
            return;
        }
        CW c;
        // the case: int[] passed where String is expected (checkcast removed)
        c = new CW("IntArrayAsString");
        int out = c.field("java/lang/System", "out", "Ljava/io/PrintStream;");
        int println = c.method("java/io/PrintStream", "println", "(Ljava/lang/String;)V");
        c.method(9, "main", "([Ljava/lang/String;)V", 3, 1,
                 new int[] { 0xb2, hi(out), lo(out), 0x04, 0xbc, 10, 0xb6, hi(println), lo(println), 0xb1 }, null, null);
        run("int[] passed as String", c);

        run("stack underflow", stat("Underflow", "()V", 1, 0, 0x57, 0xb1));
        run("stack overflow", stat("Overflow", "()V", 1, 0, 0x03, 0x03, 0x57, 0x57, 0xb1));
        run("iadd on float", stat("IaddFloat", "()V", 2, 0, 0x03, 0x0b, 0x60, 0x57, 0xb1));
        run("ladd on ints", stat("LaddInts", "()V", 4, 0, 0x03, 0x03, 0x03, 0x03, 0x61, 0x58, 0xb1));
        run("fneg on int", stat("FnegInt", "()V", 1, 0, 0x03, 0x76, 0x57, 0xb1));
        run("d2i on long", stat("D2iLong", "()V", 2, 0, 0x09, 0x8e, 0x57, 0xb1));
        run("iaload on long[]", stat("IaloadLongs", "()V", 2, 0, 0x04, 0xbc, 11, 0x03, 0x2e, 0x57, 0xb1));
        run("baload on int[]", stat("BaloadInts", "()V", 2, 0, 0x04, 0xbc, 10, 0x03, 0x33, 0x57, 0xb1));
        run("aaload on int[]", stat("AaloadInts", "()V", 2, 0, 0x04, 0xbc, 10, 0x03, 0x32, 0x57, 0xb1));
        run("castore on byte[]", stat("CastoreBytes", "()V", 3, 0, 0x04, 0xbc, 8, 0x03, 0x03, 0x55, 0xb1));
        run("arraylength on int", stat("ArraylengthInt", "()V", 1, 0, 0x03, 0xbe, 0x57, 0xb1));
        run("iload of an unset local", stat("IloadTop", "()V", 1, 2, 0x1b, 0x57, 0xb1));
        run("lload of an int", stat("LloadInt", "(I)V", 2, 2, 0x1e, 0x58, 0xb1));
        run("local index overflow", stat("LocalOverflow", "()V", 1, 1, 0x15, 5, 0x57, 0xb1));
        run("astore of an int", stat("AstoreInt", "()V", 1, 1, 0x03, 0x4b, 0xb1));
        run("monitorenter on int", stat("MonitorInt", "()V", 1, 0, 0x03, 0xc2, 0xb1));
        run("ireturn in void method", stat("IreturnVoid", "()V", 1, 0, 0x03, 0xac));
        run("return in int method", stat("ReturnInt", "()I", 1, 0, 0xb1));
        run("freturn in int method", stat("FreturnInt", "()I", 1, 0, 0x0b, 0xae));
        run("areturn of an int", stat("AreturnInt", "()Ljava/lang/Object;", 1, 0, 0x03, 0xb0));
        run("falling off the end", stat("FallOff", "()V", 1, 0, 0x03, 0x57));
        run("jsr in a version 52 class", stat("Jsr", "()V", 1, 1, 0xa8, 0, 3, 0xb1));
        run("pop2 of a lone int", stat("Pop2Int", "()V", 1, 0, 0x03, 0x58, 0xb1));
        run("dup of a long", stat("DupLong", "()V", 4, 0, 0x09, 0x59, 0x57, 0x58, 0xb1));
        run("swap with a long", stat("SwapLong", "()V", 3, 0, 0x03, 0x09, 0x5f, 0xb1));

        c = new CW("AthrowString");
        int s = c.str("x");
        run("athrow of a String", c.method(9, "run", "()V", 1, 0, new int[] { 0x12, s, 0xbf }, null, null));

        c = new CW("LdcUtf8");
        int u = c.utf8("just text");
        run("ldc of a Utf8 entry", c.method(9, "run", "()V", 1, 0, new int[] { 0x12, u, 0x57, 0xb1 }, null, null));

        c = new CW("BadCpIndex");
        run("getstatic with an index out of the pool", c.method(9, "run", "()V", 1, 0, new int[] { 0xb2, 0x7f, 0x00, 0x57, 0xb1 }, null, null));

        c = new CW("PutstaticWrong");
        int fld = c.field("PutstaticWrong", "f", "Ljava/lang/String;");
        run("putstatic of an int into a String field", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x03, 0xb3, hi(fld), lo(fld), 0xb1 }, null, null));

        c = new CW("GetfieldWrongObject");
        fld = c.field("java/lang/Thread", "name", "Ljava/lang/String;");
        run("getfield on the wrong class", c.method(9, "run", "(Ljava/lang/String;)V", 1, 1,
            new int[] { 0x2a, 0xb4, hi(fld), lo(fld), 0x57, 0xb1 }, null, null));

        c = new CW("InvokevirtualReceiver");
        int len = c.method("java/lang/String", "length", "()I");
        run("invokevirtual on the wrong receiver", c.method(9, "run", "(Ljava/lang/Object;)V", 1, 1,
            new int[] { 0x2a, 0xb6, hi(len), lo(len), 0x57, 0xb1 }, null, null));

        c = new CW("InvokeinterfaceCount");
        int run = c.imethod("java/lang/Runnable", "run", "()V");
        run("invokeinterface with a wrong count", c.method(9, "run", "(Ljava/lang/Runnable;)V", 1, 1,
            new int[] { 0x2a, 0xb9, hi(run), lo(run), 2, 0, 0xb1 }, null, null));

        c = new CW("InterfaceAnyObject");
        run = c.imethod("java/lang/Runnable", "run", "()V");
        c.init();
        run("a String passed where an interface is expected (accepted)", c.method(9, "run", "(Ljava/lang/String;)V", 1, 1,
            new int[] { 0x2a, 0xb9, hi(run), lo(run), 1, 0, 0xb1 }, null, null));

        // uninitialised objects
        c = new CW("UninitUsed");
        int hash = c.method("java/lang/Object", "hashCode", "()I");
        int obj = c.cls("java/lang/Object");
        run("uninitialised object used", c.method(9, "run", "()V", 2, 0,
            new int[] { 0xbb, hi(obj), lo(obj), 0xb6, hi(hash), lo(hash), 0x57, 0xb1 }, null, null));

        c = new CW("UninitReturned");
        obj = c.cls("java/lang/Object");
        run("uninitialised object returned", c.method(9, "run", "()Ljava/lang/Object;", 1, 0,
            new int[] { 0xbb, hi(obj), lo(obj), 0xb0 }, null, null));

        c = new CW("NoSuperCall");
        run("constructor without super()", c.method(1, "<init>", "()V", 1, 1, new int[] { 0xb1 }, null, null));

        c = new CW("WrongInit");
        obj = c.cls("java/lang/Object");
        int sinit = c.method("java/lang/String", "<init>", "()V");
        run("call to the wrong <init>", c.method(9, "run", "()V", 2, 0,
            new int[] { 0xbb, hi(obj), lo(obj), 0x59, 0xb7, hi(sinit), lo(sinit), 0x57, 0xb1 }, null, null));

        c = new CW("BadInitCall");
        sinit = c.method("java/lang/String", "<init>", "()V");
        run("<init> of an unrelated class on this", c.method(1, "<init>", "()V", 1, 1,
            new int[] { 0x2a, 0xb7, hi(sinit), lo(sinit), 0xb1 }, null, null));

        c = new CW("InvokespecialUnrelated");
        len = c.method("java/lang/String", "length", "()I");
        c.init();
        run("invokespecial of an unrelated class's method", c.method(1, "m", "()V", 1, 1,
            new int[] { 0x2a, 0xb7, hi(len), lo(len), 0x57, 0xb1 }, null, null));

        c = new CW("InitByInvokevirtual");
        int oinit = c.method("java/lang/Object", "<init>", "()V");
        run("<init> called by invokevirtual", c.method(1, "m", "()V", 1, 1,
            new int[] { 0x2a, 0xb6, hi(oinit), lo(oinit), 0xb1 }, null, null));

        // super() inside a try block: every handler must end in athrow
        for (int handlerEnd : new int[] { 0xb1, 0xbf }) {
            c = new CW(handlerEnd == 0xb1 ? "InitInTryReturns" : "InitInTryThrows");
            oinit = c.method("java/lang/Object", "<init>", "()V");
            int thrw = c.cls("java/lang/Throwable");
            int[] code = handlerEnd == 0xb1 ? new int[] { 0x2a, 0xb7, hi(oinit), lo(oinit), 0xb1, 0x57, 0xb1 }
                                            : new int[] { 0x2a, 0xb7, hi(oinit), lo(oinit), 0xb1, 0xbf };
            run("super() in a try block whose handler " + (handlerEnd == 0xb1 ? "returns" : "throws"),
                c.method(1, "<init>", "()V", 1, 1, code, new int[][] { { 0, 4, 5, 0 } },
                         bytes(0, 1, 255, 0, 5, 0, 1, 6, 0, 1, 7, hi(thrw), lo(thrw))));
        }

        // protected access from another package
        c = new CW("ProtectedClone");
        obj = c.cls("java/lang/Object");
        oinit = c.method("java/lang/Object", "<init>", "()V");
        int clone = c.method("java/lang/Object", "clone", "()Ljava/lang/Object;");
        c.init();
        run("protected method on another object", c.method(9, "run", "()V", 2, 0,
            new int[] { 0xbb, hi(obj), lo(obj), 0x59, 0xb7, hi(oinit), lo(oinit), 0xb6, hi(clone), lo(clone), 0x57, 0xb1 },
            null, null));

        c = new CW("ProtectedField");
        c.superName = "java/io/ByteArrayOutputStream";
        int baos = c.cls("java/io/ByteArrayOutputStream");
        int binit = c.method("java/io/ByteArrayOutputStream", "<init>", "()V");
        int buf = c.field("java/io/ByteArrayOutputStream", "buf", "[B");
        c.init();
        run("protected field of another object", c.method(9, "run", "()V", 2, 0,
            new int[] { 0xbb, hi(baos), lo(baos), 0x59, 0xb7, hi(binit), lo(binit), 0xb4, hi(buf), lo(buf), 0x57, 0xb1 },
            null, null));

        // branches and stack maps
        run("branch into the middle of an instruction", stat("BranchMiddle", "()V", 1, 0,
            0x11, 0, 0, 0x57, 0xa7, 0xff, 0xfd, 0xb1));
        run("branch out of the code", stat("BranchOut", "()V", 1, 0, 0xa7, 0x00, 0x10));
        run("no stack map after goto", stat("NoMapAfterGoto", "()V", 1, 0, 0xa7, 0, 4, 0x00, 0xb1));

        c = new CW("MapMismatch");   // iconst_0; ifeq L; L: return with a map saying an int is on the stack
        run("branch target frame does not match", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x03, 0x99, 0, 3, 0xb1 }, null, bytes(0, 1, 64 + 4, 1)));

        c = new CW("MapBadOffset");
        run("stack map at no instruction", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x11, 0, 0, 0x57, 0xb1 }, null, bytes(0, 1, 1)));

        c = new CW("MapReserved");
        run("reserved stack map frame type", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x00, 0xb1 }, null, bytes(0, 1, 200, 0, 1)));

        c = new CW("MapTooLong");
        run("stack map attribute with bytes left over", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x00, 0xb1 }, null, bytes(0, 1, 1, 0)));

        c = new CW("MapTruncated");
        run("stack map attribute cut short", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x00, 0xb1 }, null, bytes(0, 2, 1)));

        c = new CW("MapLongNoStack");   // a long on the stack of a frame in a method whose max_stack is 0
        run("stack map frame larger than max_stack", c.method(9, "run", "()V", 0, 0,
            new int[] { 0x00, 0xb1 }, null, bytes(0, 1, 64 + 1, 4)));

        c = new CW("ManySlots");   // a call whose descriptor has 300 argument slots, nothing on the stack
        int many = c.method("ManySlots", "many", "(" + "J".repeat(150) + ")V");
        run("call with 300 argument slots", c.method(9, "run", "()V", 1, 0,
            new int[] { 0xb8, hi(many), lo(many), 0xb1 }, null, null));

        c = new CW("MapLocalsMismatch");   // fconst_0; fstore_0; goto L; L: map says local 0 is an int
        run("stack map locals do not match", c.method(9, "run", "()V", 1, 1,
            new int[] { 0x0b, 0x43, 0xa7, 0, 3, 0xb1 }, null, bytes(0, 1, 252, 0, 5, 1)));

        c = new CW("HandlerFrame");   // try { nop } catch (Throwable) at a handler whose map has an empty stack
        int thr = c.cls("java/lang/Throwable");
        run("handler frame does not match", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x00, 0xb1, 0xb1 }, new int[][] { { 0, 1, 2, thr } }, bytes(0, 1, 2)));

        c = new CW("HandlerNoMap");
        thr = c.cls("java/lang/Throwable");
        run("handler without a stack map", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x00, 0xb1, 0x57, 0xb1 }, new int[][] { { 0, 1, 2, thr } }, null));

        c = new CW("CatchNotThrowable");
        int str = c.cls("java/lang/String");
        run("catch type not a Throwable", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x00, 0xb1, 0x57, 0xb1 }, new int[][] { { 0, 1, 2, str } }, bytes(0, 1, 66, 7, 0, str)));

        c = new CW("HandlerMiddle");
        run("handler in the middle of an instruction", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x11, 0, 0, 0x57, 0xb1 }, new int[][] { { 0, 3, 1, 0 } }, null));

        c = new CW("MissingClass");   // (LMissingA;)V passes its argument to a method taking LMissingB;
        int take = c.method("MissingClass", "take", "(LMissingB;)V");
        c.method(9, "take", "(LMissingB;)V", 0, 1, new int[] { 0xb1 }, null, null);
        run("assignability needs a missing class", c.method(9, "run", "(LMissingA;)V", 1, 1,
            new int[] { 0x2a, 0xb8, hi(take), lo(take), 0xb1 }, null, null));

        // A try block's handler frames are checked at every instruction; the checker skips
        // the check while the locals stay as they were: each way they change must count.
        c = new CW("HandlerAfterStore");   // try { nop; fstore_0 float; nop } with int in the handler's map
        thr = c.cls("java/lang/Throwable");
        run("handler frame broken by a store", c.method(9, "run", "(I)V", 1, 1,
            new int[] { 0x00, 0x0b, 0x43, 0x00, 0xb1, 0x57, 0xb1 }, new int[][] { { 0, 4, 5, thr } },
            bytes(0, 1, 255, 0, 5, 0, 1, 1, 0, 1, 7, hi(thr), lo(thr))));

        c = new CW("HandlerAfterMap");   // try { nop; goto L; L: (map: no locals) nop }
        thr = c.cls("java/lang/Throwable");
        run("handler frame broken by a stack map", c.method(9, "run", "(I)V", 1, 1,
            new int[] { 0x00, 0xa7, 0, 3, 0x00, 0xb1, 0x57, 0xb1 }, new int[][] { { 0, 5, 6, thr } },
            bytes(0, 2, 255, 0, 4, 0, 0, 0, 0, 255, 0, 1, 0, 1, 1, 0, 1, 7, hi(thr), lo(thr))));

        c = new CW("HandlerAfterInit");   // new; dup; astore_0; try { <init> } with uninitialized in the map
        thr = c.cls("java/lang/Throwable");
        obj = c.cls("java/lang/Object");
        oinit = c.method("java/lang/Object", "<init>", "()V");
        run("handler frame broken by <init>", c.method(9, "run", "()V", 2, 1,
            new int[] { 0xbb, hi(obj), lo(obj), 0x59, 0x4b, 0xb7, hi(oinit), lo(oinit), 0xb1, 0x57, 0xb1 },
            new int[][] { { 5, 8, 9, thr } }, bytes(0, 1, 255, 0, 9, 0, 1, 8, 0, 0, 0, 1, 7, hi(thr), lo(thr))));

        c = new CW("HandlerSameLocals");   // try { iconst_0; pop; iinc 0 1; nop } with the locals unchanged: valid
        thr = c.cls("java/lang/Throwable");
        run("handler frame kept across a try block", c.method(9, "run", "(I)V", 1, 1,
            new int[] { 0x03, 0x57, 0x84, 0, 1, 0x00, 0xb1, 0x57, 0xb1 }, new int[][] { { 0, 6, 7, thr } },
            bytes(0, 1, 255, 0, 7, 0, 1, 1, 0, 1, 7, hi(thr), lo(thr))));

        c = new CW("Valid");   // a loop with a stack map: for (int i = 0; i < 3; i++);
        c.init();
        run("valid code", c.method(9, "run", "()V", 2, 1,
            new int[] { 0x03, 0x3b, 0x1a, 0x06, 0xa2, 0, 9, 0x84, 0, 1, 0xa7, 0xff, 0xf8, 0xb1 }, null,
            bytes(0, 2, 252, 0, 2, 1, 10)));

        longNames();
    }

    /* Names of thousands of characters: HotSpot cuts each part of a message where its own
     * buffers end (a printed piece at 1999 characters, the old verifier's message at the
     * class name's length plus 1023), and nothing else; the full names elsewhere. */
    static void longNames() {
        String big = "L" + "a".repeat(59999), mid = "L" + "a".repeat(599);
        String longMethod = "m" + "b".repeat(2099), longType = "T" + "c".repeat(2099);
        CW c = new CW(mid);
        run("bad pool index in a class named by 600 characters", c.method(9, "run", "()V", 1, 0,
            new int[] { 0xb2, 0x7f, 0x00, 0x57, 0xb1 }, null, null));
        c = new CW(big);
        run("bad pool index in a class named by 60000 characters", c.method(9, "run", "()V", 1, 0,
            new int[] { 0xb2, 0x7f, 0x00, 0x57, 0xb1 }, null, null));
        c = new CW("LongMethod");
        run("underflow in a method named by 2100 characters", c.method(9, longMethod, "()V", 1, 0,
            new int[] { 0x57, 0xb1 }, null, null));
        c = new CW("LongType");
        run("a parameter of a type named by 2100 characters returned as an int",
            c.method(9, "run", "(L" + longType + ";)I", 1, 1, new int[] { 0x2a, 0xac }, null, null));
        c = new CW("OldLongMethod");
        c.major = 49;
        run("old verifier: underflow in a method named by 2100 characters", c.method(9, longMethod, "()V", 1, 0,
            new int[] { 0x57, 0xb1 }, null, null));
        c = new CW(big);
        c.major = 49;
        run("old verifier: underflow in a class named by 60000 characters", c.method(9, "run", "()V", 1, 0,
            new int[] { 0x57, 0xb1 }, null, null));
        c = new CW(big);
        c.init();
        run("valid code in a class named by 60000 characters", c.method(9, "run", "()V", 0, 0,
            new int[] { 0xb1 }, null, null));
    }
}
