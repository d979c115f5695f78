// Direct and mapped byte buffers: allocateDirect (zeroed, both byte orders, every typed
// get/put absolute and relative, views as int/long/double/char buffers, slices and
// duplicates sharing memory, read-only views, bulk transfers to and from heap buffers and
// arrays), a file mapped with FileChannel.map (READ_WRITE changes reaching the file,
// READ_ONLY and PRIVATE mappings), many short-lived direct buffers (their memory is freed
// by the JDK's cleaner), and the buffer exceptions.
import java.io.IOException;
import java.nio.*;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

public class DirectBuffers {
    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (RuntimeException e) {
            System.out.println(what + " -> " + e);
        }
    }

    public static void main(String[] args) throws IOException {
        ByteBuffer d = ByteBuffer.allocateDirect(256);
        int zeros = 0;
        for (int i = 0; i < d.capacity(); i++) if (d.get(i) == 0) zeros++;
        System.out.println(d + " direct " + d.isDirect() + " zeros " + zeros + " order " + d.order() + " hasArray " + d.hasArray());
        d.put((byte) 1).putChar('\u20ac').putShort((short) -2).putInt(0x01020304).putLong(Long.MIN_VALUE + 5)
         .putFloat(1.5f).putDouble(-0.25);
        System.out.println("position " + d.position());
        d.flip();
        System.out.println(d.get() + " " + (int) d.getChar() + " " + d.getShort() + " " + Integer.toHexString(d.getInt()) + " "
                           + d.getLong() + " " + d.getFloat() + " " + d.getDouble() + " remaining " + d.remaining());
        d.clear();
        d.order(ByteOrder.LITTLE_ENDIAN).putInt(0, 0x0A0B0C0D);
        System.out.println("little endian bytes " + d.get(0) + " " + d.get(3) + " big-endian read "
                           + Integer.toHexString(d.duplicate().order(ByteOrder.BIG_ENDIAN).getInt(0)));
        IntBuffer ib = d.position(16).slice().order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < ib.capacity(); i++) ib.put(i, i * i);
        System.out.println("int view " + ib.capacity() + " " + ib.get(7) + " direct " + ib.isDirect() + " byte at 16+28 " + d.get(16 + 28));
        LongBuffer lb = d.clear().asLongBuffer();
        DoubleBuffer db = d.asDoubleBuffer();
        CharBuffer cb = d.asCharBuffer();
        db.put(10, Math.E);
        System.out.println(lb.get(10) == Double.doubleToLongBits(Math.E) ? "views share memory" : "views do not share");
        cb.put(0, 'h').put(1, 'i');
        System.out.println("char view " + cb.subSequence(0, 2) + " long view " + lb.capacity());
        ByteBuffer slice = d.position(100).limit(110).slice();
        slice.put(0, (byte) 77);
        ByteBuffer dup = d.duplicate().clear();
        System.out.println("slice " + slice + " writes through: " + dup.get(100) + ", isDirect " + slice.isDirect());
        ByteBuffer ro = d.asReadOnlyBuffer();
        attempt("put into read-only", () -> ro.put(0, (byte) 1));
        attempt("get past limit", () -> slice.get(10));
        attempt("relative get underflow", () -> ByteBuffer.allocateDirect(2).position(1).getInt());
        attempt("relative put overflow", () -> ByteBuffer.allocateDirect(2).putLong(1));
        attempt("negative capacity", () -> ByteBuffer.allocateDirect(-1));
        attempt("bad limit", () -> ByteBuffer.allocateDirect(4).limit(5));
        ByteBuffer heap = ByteBuffer.allocate(64);
        heap.put(d.clear().position(100).limit(110));
        byte[] arr = new byte[10];
        heap.flip();
        heap.get(arr);
        System.out.println("bulk copies " + Arrays.toString(arr) + " compare " + d.clear().compareTo(ByteBuffer.allocateDirect(256))
                           + " mismatch " + ByteBuffer.wrap(new byte[] { 1, 2, 3 }).mismatch(ByteBuffer.allocateDirect(3).put(0, (byte) 1)));

        long sum = 0;
        for (int i = 0; i < 2000; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(64 * 1024);
            b.putLong(b.capacity() - 8, i);
            sum += b.getLong(b.capacity() - 8);
        }
        System.out.println("2000 direct buffers of 64 KB: " + sum);

        Path file = Paths.get("mapped.bin");
        Files.write(file, new byte[8192]);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer mb = ch.map(FileChannel.MapMode.READ_WRITE, 0, ch.size());
            mb.putInt(0, 0x12345678).putLong(4096, 42L);
            mb.put(8191, (byte) -1);
            mb.force();
            System.out.println("mapped " + mb.isDirect() + " " + mb.capacity() + " loaded-check " + (mb.isLoaded() || true));
            MappedByteBuffer priv = ch.map(FileChannel.MapMode.PRIVATE, 0, 16);
            priv.putInt(0, 7);
            MappedByteBuffer rom = ch.map(FileChannel.MapMode.READ_ONLY, 4096, 8);
            System.out.println("read-only mapping " + rom.getLong(0) + " private copy " + priv.getInt(0) + " read-only "
                               + rom.isReadOnly());
            attempt("write into READ_ONLY mapping", () -> rom.putLong(0, 1));
        }
        byte[] all = Files.readAllBytes(file);
        System.out.println("file sees the mapping: " + Integer.toHexString(ByteBuffer.wrap(all).getInt(0)) + " "
                           + ByteBuffer.wrap(all).getLong(4096) + " " + all[8191]);
        Files.delete(file);
    }
}
