// java.nio's limit on direct buffers: -XX:MaxDirectMemorySize, which the VM hands to the
// class library as the property sun.nio.MaxDirectMemorySize (read, then removed; a -D of
// that name does not count), by default the maximum heap size.  Holds direct buffers of
// args[0] bytes (default 64k) until args[1] bytes (default 1m) or OutOfMemoryError;
// tool/direct_memory runs it with the flag.
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

public class DirectMemoryLimit {
    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 64 << 10;
        long total = args.length > 1 ? Long.parseLong(args[1]) : 1 << 20;
        System.out.println("sun.nio.MaxDirectMemorySize: " + System.getProperty("sun.nio.MaxDirectMemorySize"));
        List<ByteBuffer> held = new ArrayList<>();
        long n = 0;
        try {
            while (n + size <= total) {
                held.add(ByteBuffer.allocateDirect(size));
                n += size;
            }
            System.out.println("held " + n + " bytes in " + held.size() + " buffers");
        } catch (OutOfMemoryError e) {
            System.out.println("after " + n + " bytes: " + e);
        }
    }
}
