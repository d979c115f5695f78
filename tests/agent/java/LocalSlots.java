import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

// The Java side of agent/LocalSlots: frames whose locals the agent reads from native methods.
// NoTable.run is assembled here without a LocalVariableTable (as javac -g:none would leave
// it): slot 0 the int argument, 1 an int, 2 a reference, 3 an int, 4 never stored into.
public class LocalSlots {
    static native void probe(String what);
    native void instanceNative();
    static native void staticNative();

    static void withTable(int i) {
        int j = i + 1;
        Object o = "o";
        probe("table");
        System.out.println("withTable " + j + o);
    }

    public static void probeNoTable() {
        probe("none");
    }

    static byte[] noTableClass() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeInt(0xCAFEBABE);
        o.writeShort(0);
        o.writeShort(52);
        String[] utf = { "NoTable", "java/lang/Object", "LocalSlots", "probeNoTable", "()V", "run", "(I)V", "Code" };
        o.writeShort(utf.length + 6);
        for (String s : utf) { o.writeByte(1); o.writeUTF(s); }                 // 1..8
        o.writeByte(7); o.writeShort(1);                                         // 9 class NoTable
        o.writeByte(7); o.writeShort(2);                                         // 10 class Object
        o.writeByte(7); o.writeShort(3);                                         // 11 class LocalSlots
        o.writeByte(12); o.writeShort(4); o.writeShort(5);                       // 12 probeNoTable:()V
        o.writeByte(10); o.writeShort(11); o.writeShort(12);                     // 13 LocalSlots.probeNoTable
        o.writeShort(0x21); o.writeShort(9); o.writeShort(10); o.writeShort(0); o.writeShort(0);
        o.writeShort(1);
        o.writeShort(9); o.writeShort(6); o.writeShort(7); o.writeShort(1);      // public static run(I)V
        byte[] code = { 0x1a, 0x3c, 0x01, 0x4d, 0x1a, 0x3e, (byte) 0xb8, 0, 13, (byte) 0xb1 };
        o.writeShort(8); o.writeInt(12 + code.length);
        o.writeShort(1); o.writeShort(5); o.writeInt(code.length); o.write(code);
        o.writeShort(0); o.writeShort(0);
        o.writeShort(0);
        return b.toByteArray();
    }

    static final class Loader extends ClassLoader {
        Loader() { super(LocalSlots.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass("NoTable", b, 0, b.length); }
    }

    public static void main(String[] args) throws Exception {
        withTable(41);
        new LocalSlots().instanceNative();
        staticNative();
        new Loader().define(noTableClass()).getMethod("run", int.class).invoke(null, 7);
    }
}
