// ManagementMemory: MemoryMXBean, MemoryPoolMXBean, MemoryManagerMXBean and
// GarbageCollectorMXBean — heap and non-heap usage, pools and their managers, collection
// counts that System.gc() moves, the last collection's GcInfo, bytes allocated per thread.
// Pool and collector names are the VM's own: only their relations are printed.
// vm-options: -Xmx64m
import java.lang.management.*;
import java.util.*;

public class ManagementMemory {
    static long collections(List<GarbageCollectorMXBean> gcs) {
        long n = 0;
        for (GarbageCollectorMXBean g : gcs) n += g.getCollectionCount();
        return n;
    }

    static long collectionTime(List<GarbageCollectorMXBean> gcs) {
        long n = 0;
        for (GarbageCollectorMXBean g : gcs) n += g.getCollectionTime();
        return n;
    }

    static boolean consistent(MemoryUsage u) {
        return u.getInit() >= -1 && u.getUsed() >= 0 && u.getUsed() <= u.getCommitted()
                && (u.getMax() == -1 || u.getCommitted() <= u.getMax());
    }

    static volatile Object sink;

    public static void main(String[] args) throws Exception {
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        MemoryUsage heap = mem.getHeapMemoryUsage();
        System.out.println("heap: consistent " + consistent(heap) + " max is -Xmx " + (heap.getMax() == 64L << 20)
                + " init<=max " + (heap.getInit() <= heap.getMax()));
        MemoryUsage nonHeap = mem.getNonHeapMemoryUsage();
        System.out.println("non-heap: consistent " + consistent(nonHeap) + " used>0 " + (nonHeap.getUsed() > 0)
                + " max " + nonHeap.getMax());
        System.out.println("verbose " + mem.isVerbose() + " pending finalization " + mem.getObjectPendingFinalizationCount());

        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
        List<MemoryManagerMXBean> managers = ManagementFactory.getMemoryManagerMXBeans();
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        Set<String> poolNames = new HashSet<>(), managerNames = new HashSet<>();
        boolean heapPool = false, nonHeapPool = false, poolsOk = true;
        for (MemoryPoolMXBean p : pools) {
            poolNames.add(p.getName());
            if (p.getType() == MemoryType.HEAP) heapPool = true;
            else nonHeapPool = true;
            MemoryUsage u = p.getUsage();
            MemoryUsage peak = p.getPeakUsage();
            poolsOk &= p.isValid() && consistent(u) && consistent(peak) && peak.getUsed() >= u.getUsed()
                    && p.getMemoryManagerNames().length > 0;
        }
        for (MemoryManagerMXBean m : managers) managerNames.add(m.getName());
        System.out.println("pools: heap " + heapPool + " non-heap " + nonHeapPool + " all consistent " + poolsOk
                + " names unique " + (poolNames.size() == pools.size()));
        boolean managed = true;
        for (MemoryPoolMXBean p : pools)
            managed &= managerNames.containsAll(Arrays.asList(p.getMemoryManagerNames()));
        for (MemoryManagerMXBean m : managers)
            managed &= m.isValid() && poolNames.containsAll(Arrays.asList(m.getMemoryPoolNames()));
        System.out.println("managers know pools and pools know managers " + managed
                + " collectors are managers " + managerNames.containsAll(gcs.stream().map(g -> g.getName()).toList()));
        boolean gcHeap = !gcs.isEmpty();
        for (GarbageCollectorMXBean g : gcs)
            for (MemoryPoolMXBean p : pools)
                if (Arrays.asList(g.getMemoryPoolNames()).contains(p.getName())) gcHeap &= p.getType() == MemoryType.HEAP;
        System.out.println("collectors manage heap pools only " + gcHeap);
        boolean sameObjects = ManagementFactory.getMemoryPoolMXBeans().get(0) == pools.get(0)
                || ManagementFactory.getMemoryPoolMXBeans().get(0).getName().equals(pools.get(0).getName());
        System.out.println("stable " + sameObjects);

        long c0 = collections(gcs), t0 = collectionTime(gcs);
        System.gc();
        long c1 = collections(gcs), t1 = collectionTime(gcs);
        System.out.println("System.gc() counted " + (c1 > c0) + " time " + (t1 >= t0));
        mem.gc();
        System.out.println("MemoryMXBean.gc() counted " + (collections(gcs) > c1));

        boolean collectedUsage = true;
        for (MemoryPoolMXBean p : pools) {
            boolean collected = false;
            for (GarbageCollectorMXBean g : gcs)
                collected |= Arrays.asList(g.getMemoryPoolNames()).contains(p.getName());
            MemoryUsage cu = p.getCollectionUsage();
            collectedUsage &= collected ? cu != null && consistent(cu) : cu == null;
        }
        System.out.println("collection usage exactly for collected pools " + collectedUsage);

        int infos = 0;
        for (GarbageCollectorMXBean g : gcs) {
            com.sun.management.GcInfo info = ((com.sun.management.GarbageCollectorMXBean) g).getLastGcInfo();
            if (g.getCollectionCount() == 0 || info == null) continue;
            infos++;
            System.out.println("gc info: id>0 " + (info.getId() > 0) + " start<=end " + (info.getStartTime() <= info.getEndTime())
                    + " duration " + (info.getDuration() == info.getEndTime() - info.getStartTime())
                    + " before/after cover every pool " + (info.getMemoryUsageBeforeGc().keySet().equals(poolNames)
                    && info.getMemoryUsageAfterGc().keySet().equals(poolNames))
                    + " GcThreadCount " + (info.get("GcThreadCount") instanceof Integer));
        }
        System.out.println("some gc info " + (infos > 0));

        com.sun.management.ThreadMXBean tm = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        System.out.println("allocated bytes supported " + tm.isThreadAllocatedMemorySupported() + " enabled " + tm.isThreadAllocatedMemoryEnabled());
        long me = Thread.currentThread().getId();
        long b0 = tm.getThreadAllocatedBytes(me);
        for (int i = 0; i < 64; i++) sink = new byte[16 * 1024];
        long b1 = tm.getThreadAllocatedBytes(me);
        System.out.println("allocating 1 MB counted " + (b1 - b0 >= 1 << 20) + " current thread " + (tm.getCurrentThreadAllocatedBytes() >= b1));
        Object[] done = new Object[1];
        Thread other = new Thread(() -> {
            for (int i = 0; i < 128; i++) sink = new byte[16 * 1024];
            synchronized (done) {
                done[0] = "";
                done.notifyAll();
                try { done.wait(); } catch (InterruptedException e) { }
            }
        }, "allocator");
        synchronized (done) {
            other.start();
            while (done[0] == null) done.wait();
            long[] both = tm.getThreadAllocatedBytes(new long[] { other.getId(), Long.MAX_VALUE });
            System.out.println("other thread counted " + (both[0] >= 2 << 20) + " " + (tm.getThreadAllocatedBytes(other.getId()) >= both[0])
                    + " unknown " + both[1]);
            done.notifyAll();
        }
        other.join();
        System.out.println("ended thread " + tm.getThreadAllocatedBytes(other.getId()));
    }
}
