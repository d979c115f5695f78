// vm-options: -Xmx32m
// Soft references: kept by ordinary collections (System.gc()) while in use, all cleared
// and queued before an OutOfMemoryError is thrown (the heap is filled with 64 KB arrays
// until allocation fails), except those whose referents are strongly reachable; soft
// references in static fields; the heap is usable again afterwards.
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

public class RefSoft {
    static final ReferenceQueue<Object> queue = new ReferenceQueue<Object>();
    static final Map<Reference<?>, String> names = new IdentityHashMap<Reference<?>, String>();
    static SoftReference<Object> staticSoft;

    static SoftReference<Object> soft(String name, int kb) {
        SoftReference<Object> r = new SoftReference<Object>(new byte[kb << 10], queue);
        names.put(r, name);
        return r;
    }

    static String alive(SoftReference<?> r) { return r.get() != null ? "alive" : "cleared"; }

    public static void main(String[] args) throws Exception {
        SoftReference<Object> big = soft("big", 1024);
        SoftReference<Object> small = soft("small", 16);
        staticSoft = soft("static", 64);
        byte[] strong = new byte[1000];
        SoftReference<Object> held = new SoftReference<Object>(strong, queue);
        names.put(held, "held");

        for (int i = 1; i <= 3; i++) {
            System.gc();
            System.out.println("after System.gc() #" + i + ": big " + alive(big) + ", small " + alive(small)
                + ", static " + alive(staticSoft) + ", held " + alive(held));
        }
        System.out.println("nothing queued: " + (queue.remove(200) == null));

        ArrayList<byte[]> chunks = new ArrayList<byte[]>();
        String result;
        try {
            while (true) chunks.add(new byte[64 << 10]);
        } catch (OutOfMemoryError e) {
            chunks = null;
            result = "OutOfMemoryError: " + e.getMessage();
        }
        System.out.println(result);
        System.out.println("after OutOfMemoryError: big " + alive(big) + ", small " + alive(small)
            + ", static " + alive(staticSoft) + ", held " + (held.get() == strong ? "alive" : "cleared"));

        List<String> queued = new ArrayList<String>();
        for (int i = 0; i < 3; i++) {
            Reference<?> r = queue.remove(10000);
            queued.add(r == null ? "<timeout>" : names.get(r));
        }
        Collections.sort(queued);
        System.out.println("queued: " + queued + ", then " + (queue.remove(200) == null ? "nothing" : "more"));

        byte[] again = new byte[1 << 20];
        System.out.println("allocation after recovery: " + again.length);
        Reference.reachabilityFence(strong);
    }
}
