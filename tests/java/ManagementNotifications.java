// ManagementNotifications: notifications the VM delivers on its Notification Thread — a
// collection notification (GarbageCollectionNotificationInfo) for System.gc(), and the
// collection-usage threshold of the heap pools (MemoryMXBean's notification, the pool's
// count and "exceeded" state).
// vm-options: -Xmx64m
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import javax.management.*;
import javax.management.openmbean.CompositeData;
import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;

public class ManagementNotifications {
    public static void main(String[] args) throws Exception {
        BlockingQueue<GarbageCollectionNotificationInfo> gcq = new LinkedBlockingQueue<>();
        NotificationListener gcl = (n, handback) -> {
            if (n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION))
                gcq.add(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()));
        };
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        Set<String> gcNames = new HashSet<>(), emitted = new TreeSet<>();
        for (GarbageCollectorMXBean g : gcs) {
            gcNames.add(g.getName());
            for (MBeanNotificationInfo ni : ((NotificationEmitter) g).getNotificationInfo())
                emitted.addAll(Arrays.asList(ni.getNotifTypes()));
            ((NotificationEmitter) g).addNotificationListener(gcl, null, "handback");
        }
        System.out.println("collectors emit " + emitted);
        System.gc();
        GarbageCollectionNotificationInfo info;
        do {
            info = gcq.poll(60, TimeUnit.SECONDS);
        } while (info != null && !info.getGcCause().equals("System.gc()"));
        if (info == null) {
            System.out.println("no collection notification");
        } else {
            GcInfo gi = info.getGcInfo();
            Set<String> pools = new HashSet<>();
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) pools.add(p.getName());
            System.out.println("collection: " + info.getGcAction() + ", " + info.getGcCause() + ", a collector " + gcNames.contains(info.getGcName())
                    + ", id>0 " + (gi.getId() > 0) + ", start<=end " + (gi.getStartTime() <= gi.getEndTime())
                    + ", every pool " + gi.getMemoryUsageBeforeGc().keySet().equals(pools) + " " + gi.getMemoryUsageAfterGc().keySet().equals(pools)
                    + ", GcThreadCount " + (gi.get("GcThreadCount") instanceof Integer));
        }
        for (GarbageCollectorMXBean g : gcs) ((NotificationEmitter) g).removeNotificationListener(gcl);

        BlockingQueue<Notification> mq = new LinkedBlockingQueue<>();
        NotificationEmitter memory = (NotificationEmitter) ManagementFactory.getMemoryMXBean();
        NotificationListener ml = (n, handback) -> mq.add(n);
        memory.addNotificationListener(ml, null, null);
        List<MemoryPoolMXBean> watched = new ArrayList<>();
        boolean heapOnly = true, initially = true;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (!p.isCollectionUsageThresholdSupported()) continue;
            heapOnly &= p.getType() == MemoryType.HEAP;
            initially &= p.getCollectionUsageThreshold() == 0 && !p.isCollectionUsageThresholdExceeded()
                    && p.getCollectionUsageThresholdCount() == 0;
            p.setCollectionUsageThreshold(1);
            watched.add(p);
        }
        System.out.println("collection thresholds: some " + !watched.isEmpty() + " on heap pools " + heapOnly
                + " off and clear at first " + initially);
        try {
            watched.get(0).setCollectionUsageThreshold(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        System.gc();
        Notification n = mq.poll(60, TimeUnit.SECONDS);
        if (n == null) {
            System.out.println("no memory notification");
        } else {
            MemoryNotificationInfo mi = MemoryNotificationInfo.from((CompositeData) n.getUserData());
            System.out.println("memory: " + n.getType() + " count " + mi.getCount() + " used>=1 " + (mi.getUsage().getUsed() >= 1)
                    + " a watched pool " + watched.stream().anyMatch(p -> p.getName().equals(mi.getPoolName())));
        }
        int exceeded = 0;
        boolean counted = true;
        for (MemoryPoolMXBean p : watched) {
            if (!p.isCollectionUsageThresholdExceeded()) continue;
            exceeded++;
            counted &= p.getCollectionUsageThresholdCount() == 1 && p.getCollectionUsageThreshold() == 1;
        }
        System.out.println("pools over their threshold " + (exceeded > 0) + ", each counted once " + counted);
        for (MemoryPoolMXBean p : watched) p.setCollectionUsageThreshold(0);
        memory.removeNotificationListener(ml);
    }
}
