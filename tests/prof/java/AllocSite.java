// A known answer for the allocation profile: exactly N objects of AllocSite$Item
// allocated at one site (make), each kept reachable from a static array for a while so
// that no compiler can remove the allocation.  Argument: N (default 400000).
public class AllocSite {
    static final class Item {
        final long v;
        Item(long v) { this.v = v; }
    }

    static final Item[] KEEP = new Item[4096];

    static void make(int n) {
        for (int i = 0; i < n; i++)
            KEEP[i & 4095] = new Item(i);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 400000;
        make(n);
        System.out.println("allocated " + n);
    }
}
