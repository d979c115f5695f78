// vm-options: -Xcheck:jni
// -Xcheck:jni on a program that only uses the JDK: its own native libraries (java, zip,
// nio, net) make many JNI calls, all correct, so neither VM may print a warning.  Any
// line that is not the program's own is a false report of Loupe's checking JNI table.
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.util.zip.*;

public class CheckJniQuiet {
    public static void main(String[] args) throws Exception {
        File dir = Files.createTempDirectory("checkjni").toFile();
        File f = new File(dir, "data.bin");
        try (FileOutputStream out = new FileOutputStream(f)) {
            for (int i = 0; i < 1000; i++) out.write(i);
        }
        byte[] back = new byte[1000];
        try (RandomAccessFile raf = new RandomAccessFile(f, "r")) {
            raf.readFully(back);
            System.out.println("raf length " + raf.length() + " byte 300 " + back[300]);
        }
        System.out.println("exists " + f.exists() + " length " + f.length() + " dir " + dir.isDirectory());
        CRC32 crc = new CRC32();
        crc.update(back);
        System.out.println("crc " + Long.toHexString(crc.getValue()));
        Deflater d = new Deflater();
        d.setInput(back);
        d.finish();
        byte[] packed = new byte[2000];
        int n = d.deflate(packed);
        d.end();
        Inflater inf = new Inflater();
        inf.setInput(packed, 0, n);
        byte[] unpacked = new byte[1000];
        int m = inf.inflate(unpacked);
        inf.end();
        System.out.println("inflated " + m + " same " + java.util.Arrays.equals(back, unpacked));
        try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.READ)) {
            ByteBuffer direct = ByteBuffer.allocateDirect(64);
            int r = ch.read(direct, 10);
            System.out.println("channel read " + r + " first " + direct.get(0));
        }
        System.out.println("lines " + Files.readAllBytes(f.toPath()).length);
        String[] names = dir.list();
        System.out.println("listed " + names.length + " " + names[0]);
        System.out.println("deleted " + f.delete() + " " + dir.delete());
        System.out.println("env " + (System.getenv("PATH") != null));
        Thread t = new Thread(() -> System.out.println("thread ran"));
        t.start();
        t.join();
        int[] copy = new int[] { 1, 2, 3 }.clone();
        System.arraycopy(copy, 0, copy, 1, 2);
        System.out.println("copy " + copy[0] + copy[1] + copy[2]);
        System.out.println("invoke " + CheckJniQuiet.class.getDeclaredMethod("twice", int.class).invoke(null, 21));
        System.out.println("loopback " + java.net.InetAddress.getLoopbackAddress().getHostAddress());
        try {
            new FileInputStream(new File(dir, "missing"));
        } catch (FileNotFoundException e) {
            System.out.println("missing: " + e.getMessage().replace(dir.toString(), "(dir)"));
        }
    }

    static int twice(int x) {
        return 2 * x;
    }
}
