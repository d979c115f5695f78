// A call through an interface checks that the receiver implements it even when the method
// needs no itable: invokeinterface of a private interface method, and a method handle for
// a final Object method found through an interface (HotSpot reports it a direct call, so
// the JDK inserts the check).  The receivers are smuggled past the verifier by an
// explicitCastArguments handle, as OpenJDK's PrivateInterfaceCall test does.
import java.lang.invoke.*;

public class InterfaceReceiverChecks {
    interface I2 {
        private String priv() { return "I2.priv"; }
        static String callPriv(I2 i) { return i.priv(); }           // invokeinterface
    }

    static class C2 implements I2 { }

    static class D1 { }

    static I2 unsafeCastI2(Object o) throws Throwable {
        MethodHandle id = MethodHandles.identity(Object.class);
        id = MethodHandles.explicitCastArguments(id, id.type().changeReturnType(I2.class));
        return (I2) id.invokeExact(o);
    }

    interface Call { Object run() throws Throwable; }

    static void show(String what, Call c) {
        try {
            System.out.println(what + ": " + c.run());
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) throws Throwable {
        MethodHandle getClass = MethodHandles.lookup().findVirtual(I2.class, "getClass", MethodType.methodType(Class.class));
        MethodHandle toString = MethodHandles.lookup().findVirtual(I2.class, "toString", MethodType.methodType(String.class));
        show("private through I2, an I2", () -> I2.callPriv(new C2()));
        show("private through I2, not an I2", () -> I2.callPriv(unsafeCastI2(new D1())));
        show("getClass handle, an I2", () -> ((Class<?>) getClass.invokeExact((I2) new C2())).getSimpleName());
        show("getClass handle, not an I2", () -> (Class<?>) getClass.invokeExact(unsafeCastI2(new D1())));
        show("toString handle, not an I2", () -> ((String) toString.invokeExact(unsafeCastI2(new D1()))).startsWith("InterfaceReceiverChecks$D1@"));
        show("getClass kind", () -> MethodHandles.lookup().revealDirect(getClass).getReferenceKind());
        show("String.length kind", () -> MethodHandles.lookup().revealDirect(
            MethodHandles.lookup().findVirtual(String.class, "length", MethodType.methodType(int.class))).getReferenceKind());
    }
}
