// Something of everything for the HTML report: CPU in two methods, allocations that
// fill a small heap (collections), and a contended monitor.  Needs CpuSplit, AllocSite
// and LockFight.
public class Mixed {
    public static void main(String[] args) throws Exception {
        CpuSplit.main(new String[] {"300"});
        AllocSite.main(new String[] {"3000000"});
        LockFight.main(new String[0]);
    }
}
