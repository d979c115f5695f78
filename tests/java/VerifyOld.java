import java.lang.reflect.Method;

/*
 * Bytecode verification of class files older than version 50 (JVMS 4.10.2, type
 * inference, jsr/ret subroutines), and of version-50 files the type checker rejects
 * (which fall back to inference): class files that each break one rule, and valid ones
 * with subroutines and merges that must run.  Written with VerifyErrors' class-file writer,
 * defined through a custom class loader; prints the VerifyError each gives, or runs the
 * class's static method run() and prints its result.
 */
public class VerifyOld {
    static int hi(int v) { return (v >> 8) & 0xff; }
    static int lo(int v) { return v & 0xff; }

    static void run(String title, VerifyErrors.CW cw) {
        VerifyErrors.Loader l = new VerifyErrors.Loader();
        l.defs.put(cw.name.replace('/', '.'), cw.bytes());
        System.out.println("== " + title);
        try {
            Class<?> c = Class.forName(cw.name.replace('/', '.'), true, l);
            Method m = c.getDeclaredMethod("run");
            System.out.println("ok " + c.getName() + " " + m.invoke(null));
        } catch (Throwable t) {
            System.out.println(t);
        }
    }

    /* A class of the given version with a static method run with the given code. */
    static VerifyErrors.CW stat(int major, String name, String desc, int stack, int locals, int... code) {
        VerifyErrors.CW cw = new VerifyErrors.CW(name);
        cw.major = major;
        return cw.method(9, "run", desc, stack, locals, code, null, null);
    }

    static VerifyErrors.CW old(String name, String desc, int stack, int locals, int... code) {
        return stat(49, name, desc, stack, locals, code);
    }

    public static void main(String[] args) {
        run("stack underflow", old("Underflow", "()V", 1, 0, 0x57, 0xb1));
        run("stack overflow", old("Overflow", "()V", 1, 0, 0x03, 0x03, 0x57, 0x57, 0xb1));
        run("iadd on float", old("IaddFloat", "()V", 2, 0, 0x03, 0x0b, 0x60, 0x57, 0xb1));
        run("ladd on ints", old("LaddInts", "()V", 4, 0, 0x03, 0x03, 0x03, 0x03, 0x61, 0x58, 0xb1));
        run("fneg on int", old("FnegInt", "()V", 1, 0, 0x03, 0x76, 0x57, 0xb1));
        run("d2i on long", old("D2iLong", "()V", 2, 0, 0x09, 0x8e, 0x57, 0xb1));
        run("iaload on long[]", old("IaloadLongs", "()V", 2, 0, 0x04, 0xbc, 11, 0x03, 0x2e, 0x57, 0xb1));
        run("arraylength on int", old("ArraylengthInt", "()V", 1, 0, 0x03, 0xbe, 0x57, 0xb1));
        run("iload of an unset local", old("IloadTop", "()V", 1, 2, 0x1b, 0x57, 0xb1));
        run("lload of an int", old("LloadInt", "(I)V", 2, 2, 0x1e, 0x58, 0xb1));
        run("astore of an int", old("AstoreInt", "()V", 1, 1, 0x03, 0x4b, 0xb1));
        run("ireturn in void method", old("IreturnVoid", "()V", 1, 0, 0x03, 0xac));
        run("return in int method", old("ReturnInt", "()I", 1, 0, 0xb1));
        run("areturn of an int", old("AreturnInt", "()Ljava/lang/Object;", 1, 0, 0x03, 0xb0));
        run("falling off the end", old("FallOff", "()V", 1, 0, 0x03, 0x57));
        run("goto out of the code", old("GotoOut", "()V", 1, 0, 0xa7, 0, 100));
        run("goto into an instruction", old("GotoMiddle", "()V", 1, 0, 0x10, 1, 0xa7, 0xff, 0xff, 0xb1));
        run("inconsistent stack height", old("Height", "(I)V", 2, 1, 0x1a, 0x99, 0, 4, 0x03, 0xb1));
        run("int and float merged, then used", old("MergeIntFloat", "(I)I", 1, 2,
            0x1a, 0x99, 0, 8, 0x03, 0x3c, 0xa7, 0, 5, 0x0b, 0x44, 0x1b, 0xac));
        run("ret of an int", old("RetInt", "()V", 1, 1, 0x03, 0x3b, 0xa9, 0));
        run("aload of a return address", old("AloadRet", "()V", 1, 1, 0xa8, 0, 4, 0xb1, 0x4b, 0x2a, 0x57, 0xa9, 0));
        run("jsr out of the code", old("JsrOut", "()V", 1, 1, 0xa8, 0, 50, 0xb1));
        run("uninitialized object returned", uninitReturned());
        run("uninitialized object used", uninitUsed());
        run("int and float merged on the stack", old("MergeStack", "(I)V", 1, 1,
            0x1a, 0x99, 0, 7, 0x03, 0xa7, 0, 4, 0x0b, 0x57, 0xb1));
        run("swap of a long's halves", old("SplitLong", "()V", 3, 0, 0x0a, 0x03, 0x5f, 0xb1));
        run("lastore of an int", old("LastoreInt", "()V", 3, 0, 0x04, 0xbc, 11, 0x03, 0x03, 0x50, 0xb1));
        run("aastore into int[]", old("AastoreInts", "()V", 3, 0, 0x04, 0xbc, 10, 0x03, 0x01, 0x53, 0xb1));
        run("aastore of an int", aastoreInt());
        run("ret never stored", old("RetUnset", "()V", 1, 2, 0xa9, 1));
        run("jsr into the middle of an instruction", old("JsrMiddle", "()V", 2, 1, 0xa8, 0, 4, 0x10, 1, 0xb1));
        run("subroutine falls off the end", old("SubFallOff", "()V", 1, 1, 0xa8, 0, 4, 0xb1, 0x4b, 0x00));
        run("valid: subroutine (try/finally)", finallyValid());
        run("valid: subroutine keeps each caller's locals", twoCallers());
        run("valid: nested subroutines", nested());
        run("valid: String and Integer merged to Object", mergeRefs());
        run("valid: arrays merged", mergeArrays());
        run("valid: version 50 without stack maps (fails over to inference)", stat(50, "NoMaps50", "()I", 1, 0,
            0x03, 0x99, 0, 7, 0x04, 0xa7, 0, 4, 0x05, 0xac));
        run("valid: version 50 with a subroutine", finally50());
        run("version 50, invalid: inference rejects it too, the type checker's message stays", stat(50, "Bad50", "()V", 1, 0, 0x57, 0xb1));
        run("jsr in a version 51 class", stat(51, "Jsr51", "()V", 1, 1, 0xa8, 0, 3, 0xb1));
        run("catch type not Throwable", badCatch());
        run("handler range ends inside an instruction", handlerRange());
        run("constructor without super()", noSuper());
        run("wrong <init> for a new object", wrongInit());
        run("invokevirtual on the wrong class", wrongReceiver());
        run("athrow of a String", throwString());
        run("getfield on the wrong class", wrongField());
        run("int passed as Object", intAsObject());
        run("putstatic of a String into a PrintStream field", putStaticString());
        run("istore of a String", old("IstoreRef", "()V", 1, 1, 0x01, 0x3b, 0xb1));
        run("dup of a long", old("DupLong", "()V", 4, 0, 0x09, 0x59, 0xb1));
        run("pop2 of one int", old("Pop2Int", "()V", 1, 0, 0x03, 0x58, 0xb1));
        run("iinc of a float", old("IincFloat", "()V", 1, 1, 0x0b, 0x43, 0x84, 0, 1, 0xb1));
        run("monitorenter on int", old("MonInt", "()V", 1, 0, 0x03, 0xc2, 0xb1));
        run("tableswitch default out of the code", old("SwitchOut", "()V", 1, 0,
            0x03, 0xaa, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0xb1));
        run("tableswitch key out of the code", old("SwitchKeyOut", "()V", 1, 0,
            0x03, 0xaa, 0, 0, 0, 0, 0, 19, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 90, 0xb1));
        run("lookupswitch key out of the code", old("LookupKeyOut", "()V", 1, 0,
            0x03, 0xab, 0, 0, 0, 0, 0, 19, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 90, 0xb1));
        run("anewarray of a String constant", cpType());
        run("ldc of constant 0", old("Ldc0", "()V", 1, 0, 0x12, 0, 0x57, 0xb1));
        run("valid: one return address stored twice", old("RetDup", "()V", 2, 2, 0xa8, 0, 4, 0xb1, 0x59, 0x4b, 0x4c, 0xa9, 0));
        run("valid: uninitialized object in a local across a branch", uninitLocal());
        run("protected clone() of a String", cloneString());
        run("valid: clone() of an array", cloneArray());
        run("valid: 1000 locals live across 3000 branches", manyLocals(1000, 3000));
    }

    static VerifyErrors.CW withCode(String name, int major, String desc, int stack, int locals, int[] code, int[][] exc) {
        VerifyErrors.CW c = new VerifyErrors.CW(name);
        c.major = major;
        return c.method(9, "run", desc, stack, locals, code, exc, null);
    }

    /* int run() { int r = 0; r = sub(locals differ: 1 is an int here, a String there) } */
    static VerifyErrors.CW twoCallers() {
        VerifyErrors.CW c = new VerifyErrors.CW("TwoCallers");
        c.major = 49;
        int s = c.str("x");
        int len = c.method("java/lang/String", "length", "()I");
        int[] code = {
            0x03, 0x3b,             // 0
            0x10, 5, 0x3c,          // 2
            0xa8, 0, 18,            // 5: jsr 23
            0x1b, 0x3b,             // 8
            0x12, s, 0x4c,          // 10
            0xa8, 0, 10,            // 13: jsr 23
            0x2b, 0xb6, hi(len), lo(len), // 16
            0x1a, 0x60, 0xac,       // 20: iload_0 iadd ireturn
            0x4d,                   // 23: astore_2
            0x84, 0, 100,           // 24: iinc 0 100
            0xa9, 2,                // 27: ret 2
        };
        return c.method(9, "run", "()I", 2, 3, code, null, null);
    }

    /* Subroutine A calls subroutine B; B adds 1, A adds 10, to the local 0 */
    static VerifyErrors.CW nested() {
        int[] code = {
            0x03, 0x3b,             // 0: iconst_0 istore_0
            0xa8, 0, 5,             // 2: jsr 7
            0x1a, 0xac,             // 5: iload_0 ireturn
            0x4c,                   // 7: astore_1
            0x84, 0, 10,            // 8: iinc 0 10
            0xa8, 0, 5,             // 11: jsr 16
            0xa9, 1,                // 14: ret 1
            0x4d,                   // 16: astore_2
            0x84, 0, 1,             // 17: iinc 0 1
            0xa9, 2,                // 20: ret 2
        };
        return withCode("Nested", 46, "()I", 1, 3, code, null);
    }

    /* Object run(int) { Object o = arg == 0 ? "s" : Integer.valueOf(7); return String.valueOf(o); } */
    static VerifyErrors.CW mergeRefs() {
        VerifyErrors.CW c = new VerifyErrors.CW("MergeRefs");
        c.major = 49;
        int s = c.str("seven");
        int valueOf = c.method("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;");
        int str = c.method("java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;");
        int hash = c.method("java/lang/Object", "toString", "()Ljava/lang/String;");
        int[] code = {
            0x03, 0x3b,                                 // 0: iconst_0 istore_0
            0x1a, 0x9a, 0, 8,                           // 2: iload_0 ifne 10
            0x12, s, 0xa7, 0, 8,                        // 6: ldc "seven" goto 16
            0x10, 7, 0xb8, hi(valueOf), lo(valueOf),    // 11: bipush 7 invokestatic Integer.valueOf
            0x4c,                                       // 16: astore_1
            0x2b, 0xb6, hi(hash), lo(hash), 0x57,       // 17: aload_1 toString pop
            0x2b, 0xb8, hi(str), lo(str), 0xb0,         // 22: aload_1 String.valueOf areturn
        };
        return c.method(9, "run", "()Ljava/lang/Object;", 1, 2, code, null, null);
    }

    /* String[] and Integer[] meet as Object[]; aaload from it */
    static VerifyErrors.CW mergeArrays() {
        VerifyErrors.CW c = new VerifyErrors.CW("MergeArrays");
        c.major = 49;
        int str = c.cls("java/lang/String"), in = c.cls("java/lang/Integer");
        int[] code = {
            0x03, 0x3b,                                 // 0: iconst_0 istore_0
            0x1a, 0x9a, 0, 10,                          // 2: iload_0 ifne 12
            0x04, 0xbd, hi(str), lo(str), 0xa7, 0, 7,   // 6: iconst_1 anewarray String goto 17
            0x04, 0xbd, hi(in), lo(in),                 // 13: iconst_1 anewarray Integer
            0x03, 0x32, 0xb0,                           // 17: iconst_0 aaload areturn
        };
        return c.method(9, "run", "()Ljava/lang/Object;", 2, 1, code, null, null);
    }

    static VerifyErrors.CW finally50() {
        VerifyErrors.CW c = finallyValid();
        c.major = 50;
        return c;
    }

    static VerifyErrors.CW badCatch() {
        VerifyErrors.CW c = new VerifyErrors.CW("BadCatch");
        c.major = 49;
        int str = c.cls("java/lang/String");
        return c.method(9, "run", "()V", 1, 0, new int[] { 0x00, 0xb1, 0x57, 0xb1 }, new int[][] { { 0, 1, 2, str } }, null);
    }

    static VerifyErrors.CW handlerRange() {
        return withCode("HandlerRange", 49, "()V", 1, 0, new int[] { 0x10, 1, 0x57, 0xb1, 0x57, 0xb1 },
                        new int[][] { { 0, 1, 4, 0 } });
    }

    static VerifyErrors.CW noSuper() {
        VerifyErrors.CW c = new VerifyErrors.CW("NoSuper");
        c.major = 49;
        c.method(1, "<init>", "()V", 1, 1, new int[] { 0xb1 }, null, null);
        return c.method(9, "run", "()V", 2, 0, new int[] { 0xbb, hi(c.cls("NoSuper")), lo(c.cls("NoSuper")), 0x59,
            0xb7, hi(c.method("NoSuper", "<init>", "()V")), lo(c.method("NoSuper", "<init>", "()V")), 0x57, 0xb1 }, null, null);
    }

    static VerifyErrors.CW wrongInit() {
        VerifyErrors.CW c = new VerifyErrors.CW("WrongInit");
        c.major = 49;
        int cls = c.cls("java/lang/String"), init = c.method("java/lang/Object", "<init>", "()V");
        return c.method(9, "run", "()V", 2, 0, new int[] { 0xbb, hi(cls), lo(cls), 0xb7, hi(init), lo(init), 0xb1 }, null, null);
    }

    static VerifyErrors.CW wrongReceiver() {
        VerifyErrors.CW c = new VerifyErrors.CW("WrongReceiver");
        c.major = 49;
        int s = c.str("x"), m = c.method("java/lang/Integer", "intValue", "()I");
        return c.method(9, "run", "()I", 1, 0, new int[] { 0x12, s, 0xb6, hi(m), lo(m), 0xac }, null, null);
    }

    static VerifyErrors.CW throwString() {
        VerifyErrors.CW c = new VerifyErrors.CW("ThrowString");
        c.major = 49;
        return c.method(9, "run", "()V", 1, 0, new int[] { 0x12, c.str("x"), 0xbf }, null, null);
    }

    /* Stores to `locals` int locals, then `branches` times "iload_0; ifeq next", then returns local n-1. */
    static VerifyErrors.CW manyLocals(int locals, int branches) {
        int[] code = new int[locals * 6 + branches * 4 + 4];
        int p = 0;
        for (int i = 0; i < locals; i++) {
            code[p++] = 0x04;                                           // iconst_1
            code[p++] = 0xc4; code[p++] = 0x36; code[p++] = hi(i); code[p++] = lo(i); // wide istore i
            code[p++] = 0x00;                                           // nop
        }
        for (int i = 0; i < branches; i++) {
            code[p++] = 0x1a;                                           // iload_0
            code[p++] = 0x99; code[p++] = 0; code[p++] = 3;             // ifeq next
        }
        code[p++] = 0xc4; code[p++] = 0x15; code[p++] = hi(locals - 1); code[p++] = lo(locals - 1);
        int[] all = java.util.Arrays.copyOf(code, p + 1);
        all[p] = 0xac;                                                  // ireturn
        return withCode("ManyLocals", 49, "()I", 1, locals, all, null);
    }

    static VerifyErrors.CW aastoreInt() {
        VerifyErrors.CW c = new VerifyErrors.CW("AastoreInt");
        c.major = 49;
        int obj = c.cls("java/lang/Object");
        return c.method(9, "run", "()V", 3, 0, new int[] { 0x04, 0xbd, hi(obj), lo(obj), 0x03, 0x03, 0x53, 0xb1 }, null, null);
    }

    static VerifyErrors.CW intAsObject() {
        VerifyErrors.CW c = new VerifyErrors.CW("IntAsObject");
        c.major = 49;
        int vo = c.method("java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;");
        return c.method(9, "run", "()V", 1, 0, new int[] { 0x03, 0xb8, hi(vo), lo(vo), 0x57, 0xb1 }, null, null);
    }

    static VerifyErrors.CW putStaticString() {
        VerifyErrors.CW c = new VerifyErrors.CW("PutStaticString");
        c.major = 49;
        int f = c.field("java/lang/System", "out", "Ljava/io/PrintStream;");
        return c.method(9, "run", "()V", 1, 0, new int[] { 0x12, c.str("x"), 0xb3, hi(f), lo(f), 0xb1 }, null, null);
    }

    static VerifyErrors.CW cpType() {
        VerifyErrors.CW c = new VerifyErrors.CW("CpType");
        c.major = 49;
        return c.method(9, "run", "()V", 1, 0, new int[] { 0x03, 0xbd, 0, c.str("x"), 0x57, 0xb1 }, null, null);
    }

    /* new Object; astore_0; iconst_0; ifeq next; aload_0; invokespecial <init>; aload_0; getClass; areturn */
    static VerifyErrors.CW uninitLocal() {
        VerifyErrors.CW c = new VerifyErrors.CW("UninitLocal");
        c.major = 49;
        int obj = c.cls("java/lang/Object"), init = c.method("java/lang/Object", "<init>", "()V");
        int gc = c.method("java/lang/Object", "getClass", "()Ljava/lang/Class;");
        return c.method(9, "run", "()Ljava/lang/Object;", 1, 1, new int[] { 0xbb, hi(obj), lo(obj), 0x4b, 0x03, 0x99, 0, 3,
            0x2a, 0xb7, hi(init), lo(init), 0x2a, 0xb6, hi(gc), lo(gc), 0xb0 }, null, null);
    }

    static VerifyErrors.CW cloneString() {
        VerifyErrors.CW c = new VerifyErrors.CW("CloneString");
        c.major = 49;
        int m = c.method("java/lang/Object", "clone", "()Ljava/lang/Object;");
        return c.method(9, "run", "()Ljava/lang/Object;", 1, 0, new int[] { 0x12, c.str("x"), 0xb6, hi(m), lo(m), 0xb0 }, null, null);
    }

    static VerifyErrors.CW cloneArray() {
        VerifyErrors.CW c = new VerifyErrors.CW("CloneArray");
        c.major = 49;
        int m = c.method("java/lang/Object", "clone", "()Ljava/lang/Object;");
        int len = c.method("java/lang/Object", "getClass", "()Ljava/lang/Class;");
        return c.method(9, "run", "()Ljava/lang/Object;", 1, 0,
            new int[] { 0x05, 0xbc, 10, 0xb6, hi(m), lo(m), 0xb6, hi(len), lo(len), 0xb0 }, null, null);
    }

    static VerifyErrors.CW wrongField() {
        VerifyErrors.CW c = new VerifyErrors.CW("WrongField");
        c.major = 49;
        int f = c.field("java/awt/Point", "x", "I");
        return c.method(9, "run", "()I", 1, 0, new int[] { 0x12, c.str("x"), 0xb4, hi(f), lo(f), 0xac }, null, null);
    }

    static VerifyErrors.CW uninitReturned() {
        VerifyErrors.CW c = new VerifyErrors.CW("UninitReturned");
        c.major = 49;
        int obj = c.cls("java/lang/Object");
        return c.method(9, "run", "()Ljava/lang/Object;", 1, 0, new int[] { 0xbb, hi(obj), lo(obj), 0xb0 }, null, null);
    }

    static VerifyErrors.CW uninitUsed() {
        VerifyErrors.CW c = new VerifyErrors.CW("UninitUsed");
        c.major = 49;
        int obj = c.cls("java/lang/Object");
        int hash = c.method("java/lang/Object", "hashCode", "()I");
        return c.method(9, "run", "()I", 1, 0, new int[] { 0xbb, hi(obj), lo(obj), 0xb6, hi(hash), lo(hash), 0xac }, null, null);
    }

    /* int run() { int x = 1; try { x = 2; } finally { x += 40; } return x; } as javac 1.3 compiled it */
    static VerifyErrors.CW finallyValid() {
        VerifyErrors.CW c = new VerifyErrors.CW("FinallyValid");
        c.major = 45;
        int[] code = {
            0x04, 0x3b,             // 0: iconst_1 istore_0
            0x05, 0x3b,             // 2: iconst_2 istore_0
            0xa8, 0, 14,            // 4: jsr 18
            0xa7, 0, 20,            // 7: goto 27
            0x4c,                   // 10: astore_1 (the exception)
            0xa8, 0, 7,             // 11: jsr 18
            0x2b, 0xbf,             // 14: aload_1 athrow
            0x00, 0x00,             // 16: nop nop
            0x4d,                   // 18: astore_2 (return address)
            0x84, 0, 40,            // 19: iinc 0 40
            0xa9, 2,                // 22: ret 2
            0x00, 0x00, 0x00,       // 24: nops
            0x1a, 0xac,             // 27: iload_0 ireturn
        };
        return c.method(9, "run", "()I", 1, 3, code, new int[][] { { 2, 7, 10, 0 } }, null);
    }
}
