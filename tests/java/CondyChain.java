// Recursion inside the VM ends in StackOverflowError, never a crash: a dynamic constant
// whose bootstrap argument is another dynamic constant, nested thousands deep (each
// resolution resolves its arguments first), and one whose argument is itself.  The
// classes are made here by a small class-file writer: one method, get(), loads the last
// constant of the chain; its bootstrap method returns its argument plus one.  A short
// chain resolves to its length, and a constant that failed with StackOverflowError is
// tried again when asked again (only LinkageErrors are remembered).
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;

public class CondyChain {
    public static Object bsm(MethodHandles.Lookup l, String name, Class<?> type, Object arg) {
        return (Integer) arg + 1;
    }

    /** A class "CondyChain$Gen<id>" whose get() loads constant n - 1 of a chain of n
     * (self: one constant naming itself as its argument). */
    static byte[] chain(String id, int n, boolean self) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(bytes);
        o.writeInt(0xCAFEBABE);
        o.writeShort(0);
        o.writeShort(61);
        o.writeShort(20 + n);
        utf8(o, "CondyChain$Gen" + id);                     // 1
        o.writeByte(7); o.writeShort(1);                    // 2
        utf8(o, "java/lang/Object");                        // 3
        o.writeByte(7); o.writeShort(3);                    // 4
        utf8(o, "get");                                     // 5
        utf8(o, "()Ljava/lang/Object;");                    // 6
        utf8(o, "Code");                                    // 7
        utf8(o, "CondyChain");                              // 8
        o.writeByte(7); o.writeShort(8);                    // 9
        utf8(o, "bsm");                                     // 10
        utf8(o, "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/Object;)Ljava/lang/Object;"); // 11
        o.writeByte(12); o.writeShort(10); o.writeShort(11); // 12
        o.writeByte(10); o.writeShort(9); o.writeShort(12);  // 13
        o.writeByte(15); o.writeByte(6); o.writeShort(13);   // 14 REF_invokeStatic
        utf8(o, "c");                                       // 15
        utf8(o, "Ljava/lang/Object;");                      // 16
        o.writeByte(12); o.writeShort(15); o.writeShort(16); // 17
        utf8(o, "BootstrapMethods");                        // 18
        o.writeByte(3); o.writeInt(0);                      // 19 Integer 0
        for (int i = 0; i < n; i++) {                       // 20 + i
            o.writeByte(17); o.writeShort(i); o.writeShort(17);
        }
        o.writeShort(0x21);
        o.writeShort(2);
        o.writeShort(4);
        o.writeShort(0);                                    // interfaces
        o.writeShort(0);                                    // fields
        o.writeShort(1);                                    // methods
        o.writeShort(0x09); o.writeShort(5); o.writeShort(6); o.writeShort(1);
        o.writeShort(7); o.writeInt(12 + 3 + 1);
        o.writeShort(1); o.writeShort(0); o.writeInt(4);
        o.writeByte(0x13); o.writeShort(20 + n - 1);        // ldc_w
        o.writeByte(0xb0);                                  // areturn
        o.writeShort(0); o.writeShort(0);
        o.writeShort(1);                                    // class attributes
        o.writeShort(18); o.writeInt(2 + n * 6);
        o.writeShort(n);
        for (int i = 0; i < n; i++) {
            o.writeShort(14); o.writeShort(1);
            o.writeShort(self ? 20 + i : i == 0 ? 19 : 20 + i - 1);
        }
        o.flush();
        return bytes.toByteArray();
    }

    static void utf8(DataOutputStream o, String s) throws IOException {
        o.writeByte(1);
        o.writeUTF(s);
    }

    static void run(String label, String id, int n, boolean self) throws Exception {
        Class<?> c = MethodHandles.lookup().defineClass(chain(id, n, self));
        for (int attempt = 1; attempt <= 2; attempt++) {
            try {
                System.out.println(label + " attempt " + attempt + ": " + c.getMethod("get").invoke(null));
            } catch (java.lang.reflect.InvocationTargetException e) {
                Throwable t = e.getCause();
                System.out.println(label + " attempt " + attempt + ": " + t.getClass().getName());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        run("chain of 10", "A", 10, false);
        run("chain of 200", "B", 200, false);
        run("chain of 60000", "C", 60000, false);
        run("self-referencing", "D", 1, true);
        Thread t = new Thread(null, () -> {
            try {
                run("chain of 60000 on a 256 KB stack", "E", 60000, false);
            } catch (Exception e) {
                System.out.println(e);
            }
        }, "small", 256 << 10);
        t.start();
        t.join();
    }
}
