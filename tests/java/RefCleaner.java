// vm-options: -Xmx32m
// Cleaners: java.lang.ref.Cleaner runs the action of an object that became phantom
// reachable (on the cleaner's own thread) exactly once, explicit clean() runs it at once
// and only once, actions of objects still reachable do not run; the JDK's internal Cleaner
// (run by the Reference Handler thread itself) frees direct byte buffers: allocating four
// times the direct-memory limit (the heap size) in 1 MB buffers works only if the memory
// of the dropped ones comes back, which java.nio.Bits waits for with System.gc() and
// Reference.waitForReferenceProcessing.
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class RefCleaner {
    static final Object lock = new Object();
    static final List<String> cleaned = new ArrayList<String>();

    static final class Action implements Runnable {
        final String name;
        Action(String name) { this.name = name; }
        public void run() {
            synchronized (lock) {
                cleaned.add(name);
                lock.notifyAll();
            }
        }
    }

    static final class Resource {
        final String name;
        Resource(String name) { this.name = name; }
    }

    static List<String> cleanedSorted() {
        synchronized (lock) {
            List<String> out = new ArrayList<String>(cleaned);
            Collections.sort(out);
            return out;
        }
    }

    static boolean await(int n) throws InterruptedException {
        for (int i = 0; i < 2000; i++) {
            synchronized (lock) {
                if (cleaned.size() >= n) return true;
            }
            if (i % 20 == 0) System.gc();
            Thread.sleep(5);
        }
        return false;
    }

    static void registerGarbage(Cleaner cleaner, int n) {
        for (int i = 0; i < n; i++) cleaner.register(new Resource("r" + i), new Action("garbage " + i));
    }

    public static void main(String[] args) throws Exception {
        Cleaner cleaner = Cleaner.create();

        Resource kept = new Resource("kept");
        Cleaner.Cleanable keptCleanable = cleaner.register(kept, new Action("kept"));
        Resource explicit = new Resource("explicit");
        Cleaner.Cleanable explicitCleanable = cleaner.register(explicit, new Action("explicit"));
        explicitCleanable.clean();
        explicitCleanable.clean();
        System.out.println("after explicit clean() twice: " + cleanedSorted());

        registerGarbage(cleaner, 4);
        System.gc();
        System.out.println("garbage cleaned: " + await(5) + " " + cleanedSorted());
        System.gc();
        Thread.sleep(100);
        System.out.println("no more: " + cleanedSorted().size());
        keptCleanable.clean();
        System.out.println("kept cleaned explicitly: " + cleanedSorted().contains("kept"));
        Reference.reachabilityFence(kept);
        Reference.reachabilityFence(explicit);

        long total = 0;
        for (int i = 0; i < 128; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
            b.put(0, (byte) i);
            total += b.get(0) & 0xff;
        }
        System.out.println("direct buffers: 128 MB allocated, checksum " + total);
    }
}
