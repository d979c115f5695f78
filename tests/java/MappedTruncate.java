// A mapped buffer read and written past the end of its file, truncated after mapping: the
// fault (SIGBUS) in the Unsafe access throws InternalError, as in HotSpot, instead of
// ending the VM (jtreg's java/nio/MappedByteBuffer/Truncate crashed Loupe).
import java.io.File;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

public class MappedTruncate {
    public static void main(String[] args) throws Exception {
        File f = File.createTempFile("MappedTruncate", ".bin");
        f.deleteOnExit();
        try (RandomAccessFile raf = new RandomAccessFile(f, "rw"); FileChannel fc = raf.getChannel()) {
            raf.setLength(64 * 1024);
            MappedByteBuffer mbb = fc.map(FileChannel.MapMode.READ_WRITE, 0, 64 * 1024);
            mbb.put(0, (byte) 1);
            System.out.println("before: " + mbb.get(0) + ", " + mbb.get(40000));
            fc.truncate(4096);
            System.out.println("within the file: " + mbb.get(0));
            try {
                System.out.println("get past the end: " + mbb.get(40000));
            } catch (InternalError e) {
                System.out.println("get past the end: " + e);
            }
            try {
                mbb.put(50000, (byte) 2);
                System.out.println("put past the end");
            } catch (InternalError e) {
                System.out.println("put past the end: " + e);
            }
            try {
                mbb.get(40000, new byte[64]);
                System.out.println("bulk get past the end");
            } catch (InternalError e) {
                System.out.println("bulk get past the end: " + e);
            }
        }
        System.out.println("still running");
    }
}
