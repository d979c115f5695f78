// Helpful NullPointerException messages (JEP 358), part 2: every bytecode that can throw
// an implicit NPE (field reads and writes of each type, array loads and stores of each
// kind, arraylength, athrow, monitorenter, the three virtual invokes), and many sources of
// the null value: parameters, locals (also wide ones), this, constants, static and
// instance fields, chains of fields deeper than the message describes, array elements
// with constant, local, loaded and computed indices, method results with every kind of
// parameter type, values passed through dup/dup_x1/dup_x2/checkcast, control-flow merges
// that hide the source, and exceptions that get no message (explicit construction, native
// methods, reflection).  Compiled with -g: locals are named.
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class NpeMessages2 {
    int i; long l; double d; float f; boolean z; byte b; char c; short s;
    Object o; String str; int[] ia; long[] la; NpeMessages2 next; NpeMessages2[] nexts; Object[][] grid;
    Integer boxed;

    static NpeMessages2 sNode;
    static int[] sInts;
    static Object sObj;
    static int[][] sMatrix = new int[3][];
    static boolean flag = true;

    interface Shape {
        double area();
        default String label() { return "shape"; }
    }

    interface Source { Object get(); }

    static class Inner {
        Inner in;
        String name;
        static Inner shared;
        static Inner make() { return null; }
        Inner self(int x, long y, String s, Object o, int[] a, String[][] m, List<String> l,
                   StringBuilder sb, double dd, boolean zz, Integer boxed, Inner inner, char[] cs) { return null; }
    }

    static class MyNpe extends NullPointerException {
        MyNpe() { super(); }
    }

    private int secret() { return 42; }
    NpeMessages2 nextNode() { return next; }
    static NpeMessages2 make() { return null; }
    static NpeMessages2 make(int a, String b) { return null; }
    static Object makeObj() { return null; }
    static int[] ints() { return null; }
    static int zero() { return 0; }
    static RuntimeException noException() { return null; }

    // ---- getfield of each type
    static int readInt(NpeMessages2 p) { return p.i; }
    static long readLong(NpeMessages2 p) { return p.l; }
    static double readDouble(NpeMessages2 p) { return p.d; }
    static float readFloat(NpeMessages2 p) { return p.f; }
    static boolean readBoolean(NpeMessages2 p) { return p.z; }
    static byte readByte(NpeMessages2 p) { return p.b; }
    static char readChar(NpeMessages2 p) { return p.c; }
    static short readShort(NpeMessages2 p) { return p.s; }
    static Object readRef(NpeMessages2 p) { return p.o; }

    // ---- putfield of each type (the reference sits below one or two value slots)
    static void writeInt(NpeMessages2 p) { p.i = 1; }
    static void writeLong(NpeMessages2 p) { p.l = 2L; }
    static void writeDouble(NpeMessages2 p) { p.d = 3.0; }
    static void writeFloat(NpeMessages2 p) { p.f = 4.0f; }
    static void writeBoolean(NpeMessages2 p) { p.z = true; }
    static void writeByte(NpeMessages2 p) { p.b = 5; }
    static void writeChar(NpeMessages2 p) { p.c = 'x'; }
    static void writeShort(NpeMessages2 p) { p.s = 6; }
    static void writeRef(NpeMessages2 p) { p.o = "o"; }
    static void writeFromCall(NpeMessages2 p) { p.next.l = System.nanoTime() * 0; }

    // ---- array loads and stores of each kind
    static int loadInt(int[] a) { return a[0]; }
    static long loadLong(long[] a) { return a[0]; }
    static float loadFloat(float[] a) { return a[0]; }
    static double loadDouble(double[] a) { return a[0]; }
    static Object loadObject(Object[] a) { return a[0]; }
    static byte loadByte(byte[] a) { return a[0]; }
    static boolean loadBoolean(boolean[] a) { return a[0]; }
    static char loadChar(char[] a) { return a[0]; }
    static short loadShort(short[] a) { return a[0]; }
    static void storeInt(int[] a) { a[0] = 1; }
    static void storeLong(long[] a) { a[0] = 1L; }
    static void storeFloat(float[] a) { a[0] = 1f; }
    static void storeDouble(double[] a) { a[0] = 1.0; }
    static void storeObject(Object[] a) { a[0] = "x"; }
    static void storeByte(byte[] a) { a[0] = 1; }
    static void storeBoolean(boolean[] a) { a[0] = true; }
    static void storeChar(char[] a) { a[0] = 'c'; }
    static void storeShort(short[] a) { a[0] = 1; }
    static void storeFromCall(Object[] a) { a[zero()] = makeObj(); }

    // ---- arraylength, athrow, monitorenter
    static int length(int[] a) { return a.length; }
    static int forEachArray(String[] names) {
        int n = 0;
        for (String name : names) n += name.length();
        return n;
    }
    static void throwLocal() { RuntimeException e = null; throw e; }
    static void throwResult() { throw noException(); }
    static void throwCast(Object o) { throw (RuntimeException) o; }
    static void syncField(NpeMessages2 p) { synchronized (p.o) { p.i++; } }
    static void syncStatic() { synchronized (sObj) { sObj.notify(); } }

    // ---- invocations
    static int callVirtual(String text) { return text.length(); }
    static int callInterface(List<String> list) { return list.size(); }
    static String callDefault(Shape shape) { return shape.label(); }
    static double callAbstract(Shape shape) { return shape.area(); }
    static int callPrivate(NpeMessages2 p) { return p.secret(); }
    static Object callWithParams(Inner in) {
        return in.self(1, 2L, "s", null, null, null, null, null, 1.0, true, null, null, null);
    }
    static String callOnMapResult(Map<String, String> map) { return map.get("key").trim(); }
    static int callOnStatic() { return Inner.make().name.length(); }
    static int callOnStaticWithArgs() { return make(1, "b").i; }
    static String callOnInnerResult(Inner in) { return in.self(0, 0, null, null, null, null, null, null, 0, false, null, null, null).name; }
    static int callOnNullConstant() { return ((String) null).length(); }
    static int callHashOnObject(Object o) { return o.hashCode(); }
    static boolean callEquals(String s) { return s.equals("x"); }
    static Class<?> callGetClass(Object o) { return o.getClass(); }
    static Object cloneArray(int[] a) { return a.clone(); }
    static Object cloneArray2(String[][] a) { return a.clone(); }
    static Object cloneResult() { return ints().clone(); }
    static int unboxInteger(Integer v) { return v; }
    static long unboxLong(Long v) { return v; }
    static boolean unboxBoolean(Boolean v) { return v; }
    static int unboxField(NpeMessages2 p) { return p.boxed + 1; }
    static int switchOnString(String s) {
        switch (s) { case "a": return 1; case "b": return 2; default: return 0; }
    }
    static int forEachList(List<String> list) {
        int n = 0;
        for (String s : list) n += s.length();
        return n;
    }
    static Object callSource(Source src) { return src.get().toString(); }

    // ---- sources of the null value
    int thisChain() { return this.next.i; }
    int thisChain2() { return next.next.i; }
    int methodOnThisField() { return str.length(); }
    static int staticChain() { return sNode.next.i; }
    static int staticArray() { return sInts[0]; }
    static int staticMatrix(int k) { return sMatrix[k][0]; }
    static int innerStatic() { return Inner.shared.name.length(); }
    static int deepChain(NpeMessages2 p) { return p.next.next.next.next.next.next.next.i; }
    static int deepChain5(NpeMessages2 p) { return p.next.next.next.next.i; }
    static int deepArrays(NpeMessages2 p) { return p.nexts[1].nexts[2].nexts[3].nexts[4].i; }
    static int elementConstant(NpeMessages2[] a) { return a[3].i; }
    static int elementBipush(NpeMessages2[] a) { return a[100].i; }
    static int elementSipush(NpeMessages2[] a) { return a[1000].i; }
    static int elementLocal(NpeMessages2[] a, int k) { return a[k].i; }
    static int elementLoaded(NpeMessages2[] a, int[] idx) { return a[idx[0]].i; }
    static int elementComputed(NpeMessages2[] a, int k) { return a[k + 1].i; }
    static int elementCall(NpeMessages2[] a) { return a[zero()].i; }
    static int elementField(NpeMessages2 p) { return p.nexts[p.i].i; }
    static int grid2(Object[][] g) { return g[1][2].hashCode(); }
    static int gridRow(Object[][] g, int r) { return g[r].length; }
    static int elementOfResult() { return make().nexts[0].i; }
    static int elementOfStaticResult() { return ints()[0]; }
    static int nestedIndex(Object[] a, int[] idx, int[][] m) { return a[idx[m[0][1]]].hashCode(); }
    static int localReused(boolean c) {
        if (c) {
            String first = "first";
            first.length();
        }
        String second = null;
        return second.length();
    }
    static int assignedParam(String s) { s = null; return s.length(); }
    static int afterWide(long a, double b, String s) { return s.length(); }
    static int ternary(boolean c, Object a, Object b) { return (c ? a : b).hashCode(); }
    static int ternaryField(boolean c, NpeMessages2 p) { return (c ? p : p).next.i; }
    static int ternaryIndex(boolean c, NpeMessages2[] a) { return a[c ? 0 : 1].i; }
    static int mergedLocal(boolean c) {
        Object x;
        if (c) x = null; else x = null;
        return x.hashCode();
    }
    static int loopLocal(NpeMessages2 p) {
        int n = 0;
        for (NpeMessages2 q = p; n < 3; q = q.next) n += q.i;
        return n;
    }
    static int viaDupX1(NpeMessages2 p) { return (p.o = makeObj()).hashCode(); }
    static int viaDupX2(Object[] a) { return (a[0] = makeObj()).hashCode(); }
    static int viaDupStatic() { return (sObj = makeObj()).hashCode(); }
    static int viaIncrement(NpeMessages2 p) { return p.i++; }
    static long viaLongIncrement(NpeMessages2 p) { return p.l++; }
    static int viaArrayIncrement(int[] a) { return a[2]++; }
    static void viaCompound(NpeMessages2 p) { p.ia[1] += 5; }
    static int inCatch() {
        try {
            throw new IllegalStateException();
        } catch (IllegalStateException e) {
            String msg = e.getMessage();
            return msg.length();
        }
    }
    static int inFinally(String s) {
        try {
            return 1;
        } finally {
            s.length();
        }
    }
    static int nestedCall(NpeMessages2 p) { return callVirtual(p.next.str); }
    static int manyLocals() {
        long v0 = 0, v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9, v10 = 10, v11 = 11, v12 = 12, v13 = 13, v14 = 14, v15 = 15, v16 = 16, v17 = 17, v18 = 18, v19 = 19, v20 = 20, v21 = 21, v22 = 22, v23 = 23, v24 = 24, v25 = 25, v26 = 26, v27 = 27, v28 = 28, v29 = 29, v30 = 30, v31 = 31, v32 = 32, v33 = 33, v34 = 34, v35 = 35, v36 = 36, v37 = 37, v38 = 38, v39 = 39, v40 = 40, v41 = 41, v42 = 42, v43 = 43, v44 = 44, v45 = 45, v46 = 46, v47 = 47, v48 = 48, v49 = 49, v50 = 50, v51 = 51, v52 = 52, v53 = 53, v54 = 54, v55 = 55, v56 = 56, v57 = 57, v58 = 58, v59 = 59, v60 = 60, v61 = 61, v62 = 62, v63 = 63, v64 = 64, v65 = 65, v66 = 66, v67 = 67, v68 = 68, v69 = 69, v70 = 70, v71 = 71, v72 = 72, v73 = 73, v74 = 74, v75 = 75, v76 = 76, v77 = 77, v78 = 78, v79 = 79, v80 = 80, v81 = 81, v82 = 82, v83 = 83, v84 = 84, v85 = 85, v86 = 86, v87 = 87, v88 = 88, v89 = 89, v90 = 90, v91 = 91, v92 = 92, v93 = 93, v94 = 94, v95 = 95, v96 = 96, v97 = 97, v98 = 98, v99 = 99, v100 = 100, v101 = 101, v102 = 102, v103 = 103, v104 = 104, v105 = 105, v106 = 106, v107 = 107, v108 = 108, v109 = 109, v110 = 110, v111 = 111, v112 = 112, v113 = 113, v114 = 114, v115 = 115, v116 = 116, v117 = 117, v118 = 118, v119 = 119, v120 = 120, v121 = 121, v122 = 122, v123 = 123, v124 = 124, v125 = 125, v126 = 126, v127 = 127;
        String w = null;
        return w.length() + (int) (v0 + v127);
    }

    NpeMessages2() {}
    NpeMessages2(NpeMessages2 other) { this.i = other.i; }

    static class Holder {
        static final int VALUE;
        static {
            String s = null;
            VALUE = s.length();
        }
    }

    // ---- no message
    static void explicitNpe() { throw new NullPointerException(); }
    static void explicitWithMessage() { throw new NullPointerException("given message"); }
    static void explicitSubclass() { throw new MyNpe(); }
    static NullPointerException made;
    static void makeEarly() { made = new NullPointerException(); }
    static void throwMade() { throw made; }
    static void requireNonNull() { java.util.Objects.requireNonNull(null); }
    static void arraycopyNull() { System.arraycopy(null, 0, new int[1], 0, 1); }
    static void arrayGetLength() { java.lang.reflect.Array.getLength(null); }
    static void holdsLock() { Thread.holdsLock(null); }
    static void reflectConstruct() throws Throwable {
        Constructor<NullPointerException> c = NullPointerException.class.getConstructor();
        throw c.newInstance();
    }
    static void reflectInvokeNullReceiver() throws Throwable {
        Method m = NpeMessages2.class.getDeclaredMethod("thisChain");
        m.invoke(null);
    }
    static void reflectInvokeTarget() throws Throwable {
        Method m = NpeMessages2.class.getDeclaredMethod("readInt", NpeMessages2.class);
        try {
            m.invoke(null, (Object) null);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
    static void jdkConcat() { "abc".concat(null); }
    static void jdkStringValueOf() { String.valueOf((char[]) null); }
    static void jdkHashMap() { new HashMap<String, String>(null); }
    static void inConstructor() { new NpeMessages2(null); }
    static void inInitializer() throws Throwable {
        try {
            System.out.println(Holder.VALUE);
        } catch (ExceptionInInitializerError e) {
            throw e.getCause();
        }
    }

    static final String[] NAMES = {
        "readInt", "readLong", "readDouble", "readFloat", "readBoolean", "readByte", "readChar", "readShort", "readRef",
        "writeInt", "writeLong", "writeDouble", "writeFloat", "writeBoolean", "writeByte", "writeChar", "writeShort",
        "writeRef", "writeFromCall",
        "loadInt", "loadLong", "loadFloat", "loadDouble", "loadObject", "loadByte", "loadBoolean", "loadChar", "loadShort",
        "storeInt", "storeLong", "storeFloat", "storeDouble", "storeObject", "storeByte", "storeBoolean", "storeChar",
        "storeShort", "storeFromCall",
        "length", "forEachArray", "throwLocal", "throwResult", "throwCast", "syncField", "syncStatic",
        "callVirtual", "callInterface", "callDefault", "callAbstract", "callPrivate", "callWithParams",
        "callOnMapResult", "callOnStatic", "callOnStaticWithArgs", "callOnInnerResult", "callOnNullConstant",
        "callHashOnObject", "callEquals", "callGetClass", "cloneArray", "cloneArray2", "cloneResult",
        "unboxInteger", "unboxLong", "unboxBoolean", "unboxField", "switchOnString", "forEachList", "callSource",
        "thisChain", "thisChain2", "methodOnThisField", "staticChain", "staticArray", "staticMatrix", "innerStatic",
        "deepChain", "deepChain5", "deepArrays", "elementConstant", "elementBipush", "elementSipush", "elementLocal",
        "elementLoaded", "elementComputed", "elementCall", "elementField", "grid2", "gridRow", "elementOfResult",
        "elementOfStaticResult", "nestedIndex", "localReused", "assignedParam", "afterWide", "ternary",
        "ternaryField", "ternaryIndex", "mergedLocal", "loopLocal", "viaDupX1", "viaDupX2", "viaDupStatic",
        "viaIncrement", "viaLongIncrement", "viaArrayIncrement", "viaCompound", "inCatch", "inFinally", "nestedCall",
        "manyLocals",
        "explicitNpe", "explicitWithMessage", "explicitSubclass", "throwMade", "requireNonNull", "arraycopyNull",
        "arrayGetLength", "holdsLock", "reflectConstruct", "reflectInvokeNullReceiver", "reflectInvokeTarget",
        "jdkConcat", "jdkStringValueOf", "jdkHashMap", "inConstructor", "inInitializer",
    };

    static void run(int k) throws Throwable {
        NpeMessages2 node = new NpeMessages2();
        node.next = new NpeMessages2();
        node.next.next = new NpeMessages2();
        node.nexts = new NpeMessages2[2];
        NpeMessages2 deep = new NpeMessages2();
        NpeMessages2 cur = deep;
        for (int j = 0; j < 5; j++) { cur.next = new NpeMessages2(); cur = cur.next; }
        NpeMessages2 arrays = new NpeMessages2();
        arrays.nexts = new NpeMessages2[5];
        arrays.nexts[1] = new NpeMessages2();
        arrays.nexts[1].nexts = new NpeMessages2[5];
        arrays.nexts[1].nexts[2] = new NpeMessages2();
        arrays.nexts[1].nexts[2].nexts = new NpeMessages2[5];
        NpeMessages2[] many = new NpeMessages2[2000];
        Object[][] g = new Object[3][];
        g[1] = new Object[3];
        switch (NAMES[k]) {
            case "readInt": readInt(null); break;
            case "readLong": readLong(null); break;
            case "readDouble": readDouble(null); break;
            case "readFloat": readFloat(null); break;
            case "readBoolean": readBoolean(null); break;
            case "readByte": readByte(null); break;
            case "readChar": readChar(null); break;
            case "readShort": readShort(null); break;
            case "readRef": readRef(null); break;
            case "writeInt": writeInt(null); break;
            case "writeLong": writeLong(null); break;
            case "writeDouble": writeDouble(null); break;
            case "writeFloat": writeFloat(null); break;
            case "writeBoolean": writeBoolean(null); break;
            case "writeByte": writeByte(null); break;
            case "writeChar": writeChar(null); break;
            case "writeShort": writeShort(null); break;
            case "writeRef": writeRef(null); break;
            case "writeFromCall": writeFromCall(new NpeMessages2()); break;
            case "loadInt": loadInt(null); break;
            case "loadLong": loadLong(null); break;
            case "loadFloat": loadFloat(null); break;
            case "loadDouble": loadDouble(null); break;
            case "loadObject": loadObject(null); break;
            case "loadByte": loadByte(null); break;
            case "loadBoolean": loadBoolean(null); break;
            case "loadChar": loadChar(null); break;
            case "loadShort": loadShort(null); break;
            case "storeInt": storeInt(null); break;
            case "storeLong": storeLong(null); break;
            case "storeFloat": storeFloat(null); break;
            case "storeDouble": storeDouble(null); break;
            case "storeObject": storeObject(null); break;
            case "storeByte": storeByte(null); break;
            case "storeBoolean": storeBoolean(null); break;
            case "storeChar": storeChar(null); break;
            case "storeShort": storeShort(null); break;
            case "storeFromCall": storeFromCall(null); break;
            case "length": length(null); break;
            case "forEachArray": forEachArray(null); break;
            case "throwLocal": throwLocal(); break;
            case "throwResult": throwResult(); break;
            case "throwCast": throwCast(null); break;
            case "syncField": syncField(node); break;
            case "syncStatic": syncStatic(); break;
            case "callVirtual": callVirtual(null); break;
            case "callInterface": callInterface(null); break;
            case "callDefault": callDefault(null); break;
            case "callAbstract": callAbstract(null); break;
            case "callPrivate": callPrivate(null); break;
            case "callWithParams": callWithParams(null); break;
            case "callOnMapResult": callOnMapResult(new HashMap<String, String>()); break;
            case "callOnStatic": callOnStatic(); break;
            case "callOnStaticWithArgs": callOnStaticWithArgs(); break;
            case "callOnInnerResult": callOnInnerResult(new Inner()); break;
            case "callOnNullConstant": callOnNullConstant(); break;
            case "callHashOnObject": callHashOnObject(null); break;
            case "callEquals": callEquals(null); break;
            case "callGetClass": callGetClass(null); break;
            case "cloneArray": cloneArray(null); break;
            case "cloneArray2": cloneArray2(null); break;
            case "cloneResult": cloneResult(); break;
            case "unboxInteger": unboxInteger(null); break;
            case "unboxLong": unboxLong(null); break;
            case "unboxBoolean": unboxBoolean(null); break;
            case "unboxField": unboxField(node); break;
            case "switchOnString": switchOnString(null); break;
            case "forEachList": forEachList(null); break;
            case "callSource": callSource(new Source() { public Object get() { return null; } }); break;
            case "thisChain": node.next.next.thisChain(); break;
            case "thisChain2": node.next.thisChain2(); break;
            case "methodOnThisField": node.methodOnThisField(); break;
            case "staticChain": sNode = new NpeMessages2(); staticChain(); break;
            case "staticArray": staticArray(); break;
            case "staticMatrix": staticMatrix(2); break;
            case "innerStatic": innerStatic(); break;
            case "deepChain": deepChain(deep); break;
            case "deepChain5": deepChain5(node); break;
            case "deepArrays": deepArrays(arrays); break;
            case "elementConstant": elementConstant(many); break;
            case "elementBipush": elementBipush(many); break;
            case "elementSipush": elementSipush(many); break;
            case "elementLocal": elementLocal(many, 7); break;
            case "elementLoaded": elementLoaded(many, new int[] { 4 }); break;
            case "elementComputed": elementComputed(many, 7); break;
            case "elementCall": elementCall(many); break;
            case "elementField": elementField(node); break;
            case "grid2": grid2(g); break;
            case "gridRow": gridRow(g, 2); break;
            case "elementOfResult": elementOfResult(); break;
            case "elementOfStaticResult": elementOfStaticResult(); break;
            case "nestedIndex": nestedIndex(new Object[3], new int[3], new int[][] { { 1, 2 } }); break;
            case "localReused": localReused(true); break;
            case "assignedParam": assignedParam("x"); break;
            case "afterWide": afterWide(1L, 2.0, null); break;
            case "ternary": ternary(flag, null, null); break;
            case "ternaryField": ternaryField(flag, null); break;
            case "ternaryIndex": ternaryIndex(flag, many); break;
            case "mergedLocal": mergedLocal(flag); break;
            case "loopLocal": loopLocal(node); break;
            case "viaDupX1": viaDupX1(node); break;
            case "viaDupX2": viaDupX2(new Object[1]); break;
            case "viaDupStatic": viaDupStatic(); break;
            case "viaIncrement": viaIncrement(null); break;
            case "viaLongIncrement": viaLongIncrement(null); break;
            case "viaArrayIncrement": viaArrayIncrement(null); break;
            case "viaCompound": viaCompound(node); break;
            case "inCatch": inCatch(); break;
            case "inFinally": inFinally(null); break;
            case "nestedCall": nestedCall(node); break;
            case "manyLocals": manyLocals(); break;
            case "explicitNpe": explicitNpe(); break;
            case "explicitWithMessage": explicitWithMessage(); break;
            case "explicitSubclass": explicitSubclass(); break;
            case "throwMade": makeEarly(); throwMade(); break;
            case "requireNonNull": requireNonNull(); break;
            case "arraycopyNull": arraycopyNull(); break;
            case "arrayGetLength": arrayGetLength(); break;
            case "holdsLock": holdsLock(); break;
            case "reflectConstruct": reflectConstruct(); break;
            case "reflectInvokeNullReceiver": reflectInvokeNullReceiver(); break;
            case "reflectInvokeTarget": reflectInvokeTarget(); break;
            case "jdkConcat": jdkConcat(); break;
            case "jdkStringValueOf": jdkStringValueOf(); break;
            case "jdkHashMap": jdkHashMap(); break;
            case "inConstructor": inConstructor(); break;
            case "inInitializer": inInitializer(); break;
            default: throw new IllegalStateException(NAMES[k]);
        }
    }

    static void print(String name, String result) {
        StringBuilder sb = new StringBuilder();
        sb.append(name).append(": ").append(result);
        System.out.println(sb.toString());
    }

    public static void main(String[] args) throws Throwable {
        for (int k = 0; k < NAMES.length; k++) {
            try {
                run(k);
                print(NAMES[k], "no exception");
            } catch (NullPointerException e) {
                print(NAMES[k], e.getMessage());
            }
        }
        // the message is computed once and stays the same; a refilled stack trace keeps it
        NullPointerException e = null;
        try {
            readInt(null);
        } catch (NullPointerException caught) {
            e = caught;
        }
        e.fillInStackTrace();
        print("after refill", e.getMessage());
        print("again", e.getMessage());
        // a fresh stack trace fill before the first getMessage
        try {
            readLong(null);
        } catch (NullPointerException caught) {
            caught.fillInStackTrace();
            caught.fillInStackTrace();
            print("refilled twice", caught.getMessage());
        }
        // toString uses getLocalizedMessage -> getMessage
        try {
            callVirtual(null);
        } catch (NullPointerException caught) {
            print("toString", caught.toString());
        }
    }
}
