// UsageThresholds: MemoryPoolMXBean's usage threshold, a gauge, on the heap pool that keeps
// what outlives collections (HotSpot's old generation; Loupe's old generation, or the
// space a copier allocates in).  Pools that do not support it (an eden) say so; crossing
// the threshold sends one MEMORY_THRESHOLD_EXCEEDED notification and counts once however
// many collections find the pool still over it; falling under it and crossing again
// counts again.  The collections are System.gc(), after which both VMs check.  A non-heap
// pool supports a usage threshold too.
// vm-options: -Xmx256m
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import javax.management.*;
import javax.management.openmbean.CompositeData;

public class UsageThresholds {
    static final BlockingQueue<Notification> notes = new LinkedBlockingQueue<>();
    static final List<byte[]> kept = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        MemoryPoolMXBean pool = null;
        boolean unsupportedThrow = true;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() != MemoryType.HEAP) continue;
            if (p.isUsageThresholdSupported()) {
                if (pool == null) pool = p;
                continue;
            }
            try {
                p.getUsageThreshold();
                unsupportedThrow = false;
            } catch (UnsupportedOperationException e) {
                unsupportedThrow &= e.getMessage().equals("Usage threshold is not supported");
            }
        }
        System.out.println("a heap pool supports a usage threshold: " + (pool != null)
                + ", the others throw " + unsupportedThrow);
        // a non-heap pool too (HotSpot's Metaspace and code heaps, Loupe's class metadata)
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() != MemoryType.NON_HEAP || !p.isUsageThresholdSupported()) continue;
            long old = p.getUsageThreshold();
            long high = p.getUsage().getMax() > 0 ? p.getUsage().getMax() : 1L << 40;
            p.setUsageThreshold(high);
            System.out.println("a non-heap pool: threshold " + old + " then set " + (p.getUsageThreshold() == high)
                    + ", no collection threshold " + !p.isCollectionUsageThresholdSupported());
            p.setUsageThreshold(0);
            break;
        }
        if (pool == null) return;
        System.out.println("at first: threshold " + pool.getUsageThreshold() + " count " + pool.getUsageThresholdCount()
                + " exceeded " + pool.isUsageThresholdExceeded());
        try {
            pool.setUsageThreshold(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        NotificationEmitter memory = (NotificationEmitter) ManagementFactory.getMemoryMXBean();
        memory.addNotificationListener((n, handback) -> notes.add(n), null, null);
        System.gc();
        long threshold = pool.getUsage().getUsed() + (8 << 20);
        pool.setUsageThreshold(threshold);
        System.out.println("set: " + (pool.getUsageThreshold() == threshold) + " exceeded " + pool.isUsageThresholdExceeded());

        String first = crossAndWait(pool);
        System.out.println("crossed: " + first + " count " + pool.getUsageThresholdCount() + " exceeded " + pool.isUsageThresholdExceeded());
        for (int i = 0; i < 3; i++) System.gc();
        Notification more = notes.poll(1, TimeUnit.SECONDS);
        System.out.println("still over after 3 collections: count " + pool.getUsageThresholdCount() + ", no new notification " + (more == null));

        kept.clear();
        // the sensor is cleared by the thread that delivers notifications, once a check
        // after a collection finds the pool under the threshold (HotSpot's G1 measures the
        // old generation as the previous collection left it: a second one is needed)
        for (int i = 0; i < 100 && pool.isUsageThresholdExceeded(); i++) {
            System.gc();
            Thread.sleep(20);
        }
        System.out.println("dropped: exceeded " + pool.isUsageThresholdExceeded() + " count " + pool.getUsageThresholdCount());
        String second = crossAndWait(pool);
        System.out.println("crossed again: " + second + " count " + pool.getUsageThresholdCount());
        pool.setUsageThreshold(0);
        System.out.println("off: threshold " + pool.getUsageThreshold());
    }

    // Keeps 1 MB arrays, collecting after each, until the notification comes.
    static String crossAndWait(MemoryPoolMXBean pool) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            kept.add(new byte[1 << 20]);
            System.gc();
            Notification n = notes.poll(i < 8 ? 10 : 200, TimeUnit.MILLISECONDS);
            if (n == null) continue;
            MemoryNotificationInfo mi = MemoryNotificationInfo.from((CompositeData) n.getUserData());
            return n.getType() + " pool matches " + mi.getPoolName().equals(pool.getName()) + " info count " + mi.getCount()
                    + " over " + (mi.getUsage().getUsed() >= pool.getUsageThreshold());
        }
        return "no notification";
    }
}
