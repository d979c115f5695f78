// javac: plain
// MethodHandles.Lookup finds resolved by MethodHandleNatives.resolve as the JVM links the
// matching instruction: static/instance mismatches (IncompatibleClassChangeError causes),
// missing members, interface static/default/abstract methods, access checks on behalf of
// the lookup class (the cause's message names the modules), constructors that are not
// inherited, final-field setters, array members, revealDirect of the resolved kinds, bind;
// and default methods named through a class (linkToVirtual dispatching through the itable).
import java.lang.invoke.*;
import static java.lang.invoke.MethodType.methodType;
public class MhResolution {
    static int sm() { return 1; } int im() { return 2; } private int pm() { return 3; }
    interface I { static int si() { return 4; } default int di() { return 5; } int ai(); }
    static class C implements I { public int ai() { return 6; } }
    static class D { protected int prot() { return 7; } MhResolution.C c() { return null; } }
    static void t(String tag, ThrowingRunnable r) {
        try { System.out.println(tag + ": " + r.run()); }
        catch (Throwable e) { System.out.println(tag + ": " + mask(e)); for (Throwable c = e.getCause(); c != null; c = c.getCause()) System.out.println("   cause " + mask(c)); }
    }
    static String mask(Throwable e) {
        return e.toString().replaceAll("@[0-9a-f]+", "@H");
    }
    interface ThrowingRunnable { Object run() throws Throwable; }
    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodType mt = methodType(int.class);
        t("virtual of static", () -> l.findVirtual(MhResolution.class, "sm", mt));
        t("static of virtual", () -> l.findStatic(MhResolution.class, "im", mt));
        t("missing", () -> l.findStatic(MhResolution.class, "none", mt));
        t("wrong type", () -> l.findStatic(MhResolution.class, "sm", methodType(long.class)));
        t("iface static", () -> l.findStatic(I.class, "si", mt).invoke());
        t("iface static via class", () -> l.findStatic(C.class, "si", mt));
        t("iface default", () -> l.findVirtual(I.class, "di", mt).invoke(new C()));
        t("class default", () -> l.findVirtual(C.class, "di", mt).invoke(new C()));
        t("class abstract", () -> l.findVirtual(C.class, "ai", mt).invoke(new C()));
        t("iface abstract", () -> l.findVirtual(I.class, "ai", mt).invoke(new C()));
        t("iface virtual of static", () -> l.findVirtual(I.class, "si", mt));
        t("private", () -> l.findVirtual(MhResolution.class, "pm", mt).invoke(new MhResolution()));
        t("public lookup private", () -> MethodHandles.publicLookup().findVirtual(MhResolution.class, "pm", mt));
        t("public lookup pkg", () -> MethodHandles.publicLookup().findVirtual(D.class, "prot", mt));
        t("public lookup sm", () -> MethodHandles.publicLookup().findStatic(MhResolution.class, "sm", mt));
        t("special", () -> l.findSpecial(D.class, "prot", mt, MhResolution.class));
        t("ctor missing", () -> l.findConstructor(MhResolution.class, methodType(void.class, int.class)));
        t("ctor iface", () -> l.findConstructor(I.class, methodType(void.class)));
        t("ctor abstract", () -> l.findConstructor(Number.class, methodType(void.class)).invoke());
        t("field static mismatch", () -> l.findGetter(MhResolution.class, "sf", int.class));
        t("field static mismatch2", () -> l.findStaticGetter(MhResolution.class, "f", int.class));
        t("field type", () -> l.findGetter(MhResolution.class, "f", long.class));
        t("final setter", () -> l.findSetter(MhResolution.class, "ff", int.class));
        t("final static setter", () -> l.findStaticSetter(MhResolution.class, "sff", int.class));
        t("array clone", () -> ((int[]) l.findVirtual(int[].class, "clone", methodType(Object.class)).invoke(new int[] {1, 2})).length);
        t("array hashCode", () -> l.findVirtual(int[].class, "getClass", methodType(Class.class)).invoke(new int[0]));
        t("Object via iface", () -> l.findVirtual(I.class, "toString", methodType(String.class)).invoke(new C()).toString().startsWith("MhResolution$C"));
        t("final string method", () -> l.revealDirect(l.findVirtual(String.class, "length", mt)).getReferenceKind());
        t("unreflect final", () -> l.revealDirect(l.unreflect(String.class.getMethod("hashCode"))));
        t("reveal iface", () -> l.revealDirect(l.findVirtual(I.class, "ai", mt)));
        t("reveal class default", () -> l.revealDirect(l.findVirtual(C.class, "di", mt)));
        t("reveal Object via iface", () -> l.revealDirect(l.findVirtual(I.class, "hashCode", mt)));
        t("bind", () -> l.bind(new C(), "ai", mt).invoke());
        t("static init", () -> l.findStatic(MhResolution.class, "<clinit>", methodType(void.class)));
        t("init as virtual", () -> l.findVirtual(MhResolution.class, "<init>", methodType(void.class)));
        t("findClass", () -> l.findClass("MhResolution$D"));
        t("findClass missing", () -> l.findClass("MhResolution$Nope"));
        t("accessClass", () -> l.accessClass(D.class));
        t("varhandle", () -> l.findVarHandle(MhResolution.class, "f", int.class).get(new MhResolution()));
        t("static varhandle", () -> l.findStaticVarHandle(MhResolution.class, "sf", int.class).get());
        defaults();
    }
    interface DI { default int di() { return 5; } int ai(); }
    static class DC implements DI { public int ai() { return 6; } }
    static class DE extends DC { public int di() { return 50; } public int ai() { return 60; } }
    static abstract class DA implements DI { }
    static class DB extends DA { public int ai() { return 70; } public int di() { return 71; } }

    static void defaults() throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodType mt = methodType(int.class);
        MethodHandle cdi = l.findVirtual(DC.class, "di", mt);
        System.out.println("default via class: " + (int) cdi.invokeExact(new DC()) + " " + (int) cdi.invokeExact((DC) new DE()));
        MethodHandle aai = l.findVirtual(DA.class, "ai", mt), adi = l.findVirtual(DA.class, "di", mt);
        System.out.println("miranda via abstract class: " + (int) aai.invokeExact((DA) new DB()) + " " + (int) adi.invokeExact((DA) new DB()));
        System.out.println(l.revealDirect(aai) + " " + l.revealDirect(adi) + " " + l.revealDirect(cdi));
        t("special of indirect superinterface", () -> l.findSpecial(DI.class, "di", mt, DE.class));
        t("special of direct superinterface", () -> (int) l.findSpecial(DI.class, "di", mt, DC.class).invoke(new DC()));
    }
    int f = 8; static int sf = 9; final int ff = 10; static final int sff = 11;
}
