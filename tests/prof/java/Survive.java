// A known answer for object lifetimes: after a collection, a batch of N Survive$Obj is
// allocated, every K-th kept and the rest dropped; then three collections.  The dropped
// N - N/K die in the first of them (age 0: they lived through no collection); the kept
// N/K live through all three and are alive at the end (age 3).  So the survival curve of
// Survive$Obj is N, N/K, N/K, N/K.  Arguments: N (default 10000), K (default 10), and the
// milliseconds to sleep before the end (default 0: a wall-clock profile gets samples).
// The kept objects stay reachable (a static field) after main returns: a collection during
// the VM's shutdown (frequent under GC stress) must not count them dead.
public class Survive {
    static final class Obj {
        final int v;
        Obj(int v) { this.v = v; }
    }

    static Obj[] kept;

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10000;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        System.gc();
        Obj[] batch = new Obj[n];
        for (int i = 0; i < n; i++)
            batch[i] = new Obj(i);
        kept = new Obj[n / k];
        for (int i = 0; i < n / k; i++)
            kept[i] = batch[i * k];
        batch = null;
        for (int i = 0; i < 3; i++)
            System.gc();
        long sum = 0;
        for (Obj o : kept)
            sum += o.v;
        System.out.println("kept " + kept.length + " sum " + sum);
        if (args.length > 2) {
            try { Thread.sleep(Long.parseLong(args[2])); } catch (InterruptedException e) { }
        }
    }
}
