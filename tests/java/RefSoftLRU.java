// vm-options: -Xmx32m -XX:SoftRefLRUPolicyMSPerMB=0
// gcstress-args: stress
// The soft-reference LRU policy: with SoftRefLRUPolicyMSPerMB=0 a soft reference survives
// a collection only if it was created or used (get()) since the collection before, so an
// unused one is cleared by the second System.gc() and one used in between survives it; a
// soft reference to a strongly reachable object is never cleared.  Under GC stress (the
// argument "stress") every allocation may bring a collection that ages the used reference,
// so only what holds whatever the number of collections is checked.
import java.lang.ref.Reference;
import java.lang.ref.SoftReference;

public class RefSoftLRU {
    static SoftReference<Object> soft() { return new SoftReference<Object>(new int[16]); }

    public static void main(String[] args) throws Exception {
        boolean stress = args.length > 0 && args[0].equals("stress");
        System.gc();
        Object strong = new int[16];
        SoftReference<Object> held = new SoftReference<Object>(strong);
        SoftReference<Object> used = soft();
        SoftReference<Object> unused = soft();
        Thread.sleep(20);
        System.gc();
        Thread.sleep(20);
        boolean usedAlive = used.get() != null;
        System.gc();
        if (!stress) usedAlive &= used.get() != null;
        System.out.println("unused cleared: " + (unused.get() == null));
        System.out.println("used alive: " + (stress ? "not checked" : String.valueOf(usedAlive)));
        System.out.println("held alive: " + (held.get() == strong));
        Reference.reachabilityFence(strong);
    }
}
