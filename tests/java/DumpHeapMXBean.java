// HotSpotDiagnosticMXBean.dumpHeap: an HPROF file of the running VM (live objects or all),
// an IOException for a file that exists, and the JDK's own check of the file name.
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.*;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;

public class DumpHeapMXBean {
    static String head(File f) throws IOException {
        try (InputStream in = new FileInputStream(f)) {
            byte[] b = new byte[18];
            int n = in.readNBytes(b, 0, b.length);
            return new String(b, 0, n, "ISO-8859-1");
        }
    }

    public static void main(String[] args) throws Exception {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        File dir = Files.createTempDirectory("dumpheap").toFile();
        File live = new File(dir, "live.hprof"), all = new File(dir, "all.hprof");
        bean.dumpHeap(live.getPath(), true);
        System.out.println("live dump: " + head(live) + ", non-empty " + (live.length() > 100000));
        bean.dumpHeap(all.getPath(), false);
        System.out.println("full dump: " + head(all) + ", non-empty " + (all.length() > 100000));
        try {
            bean.dumpHeap(live.getPath(), true);
            System.out.println("overwrote an existing file");
        } catch (IOException e) {
            System.out.println("existing file: " + e);
        }
        try {
            bean.dumpHeap(new File(dir, "dump.txt").getPath(), true);
        } catch (IllegalArgumentException e) {
            System.out.println("bad name: " + e.getMessage());
        }
        live.delete();
        all.delete();
        dir.delete();
    }
}
