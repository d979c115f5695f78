// Hidden classes of the boot loader defined without ClassOption.STRONG (as java.lang.invoke
// spins its LambdaForms) are unloaded once unreachable, as HotSpot unloads them: 3000 of
// them, each holding a 32 KB static array, fit a 32 MB heap only if they go.  They are
// defined in java.lang through a full-power lookup there (made from the trusted lookup,
// java.lang.invoke being opened to this test).
// vm-options: -Xmx32m --add-opens java.base/java.lang.invoke=ALL-UNNAMED
// gcstress-args: 60
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;

public class HiddenBootUnload {
    /* java/lang/LoupeHidden: static byte[] ballast = new byte[32000]; static int size() */
    static byte[] classBytes() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeInt(0xCAFEBABE);
        o.writeShort(0);
        o.writeShort(52);
        o.writeShort(14);
        utf(o, "java/lang/LoupeHidden");                                     // 1
        o.writeByte(7); o.writeShort(1);                                     // 2
        utf(o, "java/lang/Object");                                          // 3
        o.writeByte(7); o.writeShort(3);                                     // 4
        utf(o, "ballast");                                                   // 5
        utf(o, "[B");                                                        // 6
        o.writeByte(12); o.writeShort(5); o.writeShort(6);                   // 7
        o.writeByte(9); o.writeShort(2); o.writeShort(7);                    // 8
        utf(o, "<clinit>");                                                  // 9
        utf(o, "()V");                                                       // 10
        utf(o, "Code");                                                      // 11
        utf(o, "size");                                                      // 12
        utf(o, "()I");                                                       // 13
        o.writeShort(0x31); o.writeShort(2); o.writeShort(4); o.writeShort(0);
        o.writeShort(1);
        o.writeShort(0x09); o.writeShort(5); o.writeShort(6); o.writeShort(0);
        o.writeShort(2);
        method(o, 0x08, 9, 10, new byte[] { 0x11, 0x7d, 0x00, (byte) 0xbc, 8, (byte) 0xb3, 0, 8, (byte) 0xb1 });
        method(o, 0x09, 12, 13, new byte[] { (byte) 0xb2, 0, 8, (byte) 0xbe, (byte) 0xac });
        o.writeShort(0);
        return b.toByteArray();
    }

    static void utf(DataOutputStream o, String s) throws IOException {
        o.writeByte(1);
        o.writeUTF(s);
    }

    static void method(DataOutputStream o, int access, int name, int desc, byte[] code) throws IOException {
        o.writeShort(access); o.writeShort(name); o.writeShort(desc); o.writeShort(1);
        o.writeShort(11); o.writeInt(12 + code.length);
        o.writeShort(1); o.writeShort(0); o.writeInt(code.length); o.write(code);
        o.writeShort(0); o.writeShort(0);
    }

    public static void main(String[] args) throws Throwable {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        byte[] bytes = classBytes();
        java.lang.reflect.Field impl = MethodHandles.Lookup.class.getDeclaredField("IMPL_LOOKUP");
        impl.setAccessible(true);
        MethodHandles.Lookup lang = ((MethodHandles.Lookup) impl.get(null)).in(Object.class);
        long total = 0;
        WeakReference<Class<?>> first = null;
        for (int i = 0; i < n; i++) {
            Class<?> c = lang.defineHiddenClass(bytes, true).lookupClass();
            if (first == null) first = new WeakReference<>(c);
            MethodHandle size = lang.findStatic(c, "size", MethodType.methodType(int.class));
            total += (int) size.invokeExact();
        }
        System.out.println("defined " + n + " hidden classes in " + lang.lookupClass().getPackageName()
                           + " (loader " + lang.lookupClass().getClassLoader() + "), " + total / n + " bytes each");
        for (int i = 0; i < 5 && first.get() != null; i++) System.gc();
        System.out.println("the first one unloaded: " + (first.get() == null));
    }
}
