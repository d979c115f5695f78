// GcBeans: which GarbageCollectorMXBean counts which collection.  By itself, on any
// collector: System.gc() is counted by a bean that manages every heap pool, and by no
// bean that does not.  With the argument "serial" (tool/gc_serial_beans.sh runs it so
// under -XX:+UseSerialGC, which is Loupe's generational collector): HotSpot Serial's
// beans and pools by name, "Copy" counting the young collections that allocation causes
// and "MarkSweepCompact" the full ones, each with its own last GcInfo and its own
// notification action.  With "parallel" (tool/gc_parallel_beans.sh, -XX:+UseParallelGC,
// on Loupe the generational collector too): the same with HotSpot Parallel's names, "PS
// Scavenge" and "PS MarkSweep" over "PS Eden Space", "PS Survivor Space" and "PS Old Gen".
// HotSpot Parallel scavenges the young generation before each full collection and counts
// it as a young one (Loupe's generational collector does the same work within the full
// collection and counts that alone): the young count of System.gc() is Serial's only.
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import javax.management.*;
import javax.management.openmbean.CompositeData;
import com.sun.management.GarbageCollectionNotificationInfo;

public class GcBeans {
    static volatile Object sink;

    static Set<String> heapPools() {
        Set<String> s = new TreeSet<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (p.getType() == MemoryType.HEAP) s.add(p.getName());
        return s;
    }

    static long[] counts(List<GarbageCollectorMXBean> gcs) {
        long[] c = new long[gcs.size()];
        for (int i = 0; i < c.length; i++) c[i] = gcs.get(i).getCollectionCount();
        return c;
    }

    static void anyCollector(List<GarbageCollectorMXBean> gcs) {
        Set<String> heap = heapPools();
        long[] before = counts(gcs);
        System.gc();
        long[] after = counts(gcs);
        boolean byFull = false, byPartial = false;
        for (int i = 0; i < before.length; i++) {
            if (after[i] == before[i]) continue;
            boolean all = new TreeSet<>(Arrays.asList(gcs.get(i).getMemoryPoolNames())).containsAll(heap);
            byFull |= all;
            byPartial |= !all;
        }
        System.out.println("System.gc() counted by a bean over every heap pool " + byFull + ", by another " + byPartial);
    }

    static GarbageCollectorMXBean bean(List<GarbageCollectorMXBean> gcs, String name) {
        for (GarbageCollectorMXBean g : gcs)
            if (g.getName().equals(name)) return g;
        throw new AssertionError("no collector " + name);
    }

    // the young and the full collector's bean of a generational collector
    static void generational(List<GarbageCollectorMXBean> gcs, String young, String old, boolean serial) throws Exception {
        System.out.println("heap pools " + heapPools());
        for (GarbageCollectorMXBean g : gcs)
            System.out.println("collector " + g.getName() + ": " + new TreeSet<>(Arrays.asList(g.getMemoryPoolNames())));
        Set<String> pools = new TreeSet<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (p.getType() == MemoryType.HEAP)
                pools.add("pool " + p.getName() + ": " + new TreeSet<>(Arrays.asList(p.getMemoryManagerNames())));
        for (String s : pools) System.out.println(s);
        GarbageCollectorMXBean copy = bean(gcs, young), full = bean(gcs, old);
        BlockingQueue<GarbageCollectionNotificationInfo> q = new LinkedBlockingQueue<>();
        NotificationListener l = (n, hb) -> {
            if (n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION))
                q.add(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()));
        };
        for (GarbageCollectorMXBean g : gcs) ((NotificationEmitter) g).addNotificationListener(l, null, null);

        System.gc();
        long y0 = copy.getCollectionCount(), f0 = full.getCollectionCount();
        // garbage only, in small arrays: young collections, never a full one (-Xmx64m)
        for (int i = 0; i < 20000; i++) sink = new byte[4096];
        long y1 = copy.getCollectionCount(), f1 = full.getCollectionCount();
        System.out.println("allocation: young collections " + (y1 > y0) + ", full ones " + (f1 - f0));
        com.sun.management.GcInfo yi = ((com.sun.management.GarbageCollectorMXBean) copy).getLastGcInfo();
        // at least the count read: another thread's allocation (the notification thread
        // makes the GcInfo objects) may have started one more since (HotSpot Parallel, 1 in 3)
        System.out.println(young + "'s last: id " + (yi.getId() >= y1) + ", pools " + yi.getMemoryUsageAfterGc().keySet().containsAll(heapPools()));
        System.gc();
        long y2 = copy.getCollectionCount(), f2 = full.getCollectionCount();
        System.out.println("System.gc(): " + (serial ? "young collections " + (y2 - y1) + ", " : "") + "full ones " + (f2 - f1));
        com.sun.management.GcInfo fi = ((com.sun.management.GarbageCollectorMXBean) full).getLastGcInfo();
        System.out.println(old + "'s last: id " + (fi.getId() == f2) + ", after the young ones " + (fi.getStartTime() >= yi.getEndTime()));
        System.out.println("times: " + (copy.getCollectionTime() >= 0) + " " + (full.getCollectionTime() >= 0));

        // the notifications, per bean, up to the System.gc() just counted
        Set<String> seen = new TreeSet<>();
        for (;;) {
            GarbageCollectionNotificationInfo n = q.poll(60, TimeUnit.SECONDS);
            if (n == null) {
                System.out.println("no notification of System.gc()");
                break;
            }
            seen.add(n.getGcName() + ": " + n.getGcAction());
            if (n.getGcName().equals(old) && n.getGcCause().equals("System.gc()") && n.getGcInfo().getId() == f2) break;
        }
        System.out.println("notifications " + seen);
        for (GarbageCollectorMXBean g : gcs) ((NotificationEmitter) g).removeNotificationListener(l);
    }

    public static void main(String[] args) throws Exception {
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        if (args.length > 0 && args[0].equals("serial")) generational(gcs, "Copy", "MarkSweepCompact", true);
        else if (args.length > 0 && args[0].equals("parallel")) generational(gcs, "PS Scavenge", "PS MarkSweep", false);
        else anyCollector(gcs);
    }
}
