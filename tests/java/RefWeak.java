// Weak and phantom references: cleared by System.gc() when the referent is only weakly
// reachable and handed to their ReferenceQueue (polled with remove(timeout)); kept while the
// referent is strongly reachable (locals with reachabilityFence, static fields, fields of
// the reference itself); references held in static fields; unreachable reference objects
// never queued; referents reachable only from other weak referents; refersTo, get, clear
// and enqueue; phantom references cleared and queued; WeakHashMap expunging its entries.
// Referents that must die are made in helper methods so that no frame keeps them; results
// that arrive from the Reference Handler thread are awaited with timeouts, and lists of
// dequeued references are sorted (the queue order is the collector's business).
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

public class RefWeak {
    static final class Payload {
        final String name;
        Payload link;
        Payload(String name) { this.name = name; }
        public String toString() { return name; }
    }

    /** A weak reference with fields of its own: they are ordinary strong fields. */
    static final class Tagged extends WeakReference<Object> {
        final String tag;
        final Payload extra;
        Tagged(Object referent, ReferenceQueue<Object> q, String tag, Payload extra) {
            super(referent, q);
            this.tag = tag;
            this.extra = extra;
        }
    }

    /** Each section has a queue of its own: references of earlier sections whose referents
     * die later do not show up in it. */
    static ReferenceQueue<Object> queue;
    static final Map<Reference<?>, String> names = new IdentityHashMap<Reference<?>, String>();

    static WeakReference<Object> staticWeakToGarbage;
    static WeakReference<Object> staticWeakToStatic;
    static Payload staticStrong = new Payload("static strong");

    static WeakReference<Object> weak(String name, Object referent) {
        WeakReference<Object> r = new WeakReference<Object>(referent, queue);
        names.put(r, name);
        return r;
    }

    static WeakReference<Object> weakToGarbage(String name) { return weak(name, new Payload(name)); }

    static PhantomReference<Object> phantomToGarbage(String name) {
        PhantomReference<Object> r = new PhantomReference<Object>(new Payload(name), queue);
        names.put(r, name);
        return r;
    }

    static WeakReference<Object> unregisteredWeakToGarbage() { return new WeakReference<Object>(new Payload("inner")); }

    /** Registers a reference and forgets it: the reference object itself becomes garbage. */
    static void unreachableReference() { new WeakReference<Object>(new Payload("lost"), queue); }

    /** Takes n references from the queue (waiting up to 10 s for each) and names them, sorted. */
    static List<String> take(ReferenceQueue<Object> q, int n) throws InterruptedException {
        List<String> got = new ArrayList<String>();
        for (int i = 0; i < n; i++) {
            Reference<?> r = q.remove(10000);
            if (r == null) {
                got.add("<timeout>");
                break;
            }
            String name = names.get(r);
            got.add(name != null ? name : "<unknown reference>");
        }
        Collections.sort(got);
        return got;
    }

    static void basics() throws InterruptedException {
        queue = new ReferenceQueue<Object>();
        Payload strong = new Payload("strong");
        WeakReference<Object> a = weakToGarbage("a");
        WeakReference<Object> b = weakToGarbage("b");
        WeakReference<Object> kept = weak("kept", strong);
        WeakReference<Object> unregistered = new WeakReference<Object>(new Payload("unregistered"));
        System.out.println("kept before gc: " + kept.get() + ", refersTo(strong) " + kept.refersTo(strong)
            + ", refersTo(null) " + kept.refersTo(null));
        System.gc();
        System.out.println("a, b cleared: " + (a.get() == null) + " " + (b.get() == null)
            + ", unregistered cleared: " + (unregistered.get() == null));
        System.out.println("a.refersTo(null): " + a.refersTo(null));
        System.out.println("dequeued: " + take(queue, 2));
        System.out.println("kept after gc: " + kept.get() + ", refersTo(strong) " + kept.refersTo(strong));
        System.out.println("nothing more queued: " + (queue.remove(200) == null));
        Reference.reachabilityFence(strong);
    }

    static void fenceInLoop() {
        Payload p = new Payload("fenced");
        WeakReference<Object> w = new WeakReference<Object>(p);
        int alive = 0;
        for (int i = 0; i < 3; i++) {
            System.gc();
            if (w.get() == p) alive++;
        }
        Reference.reachabilityFence(p);
        System.out.println("fenced referent alive after 3 collections: " + alive);
    }

    static void statics() throws InterruptedException {
        queue = new ReferenceQueue<Object>();
        staticWeakToGarbage = weakToGarbage("static weak");
        staticWeakToStatic = weak("static weak to static", staticStrong);
        System.gc();
        System.out.println("static weak cleared: " + (staticWeakToGarbage.get() == null)
            + ", queued: " + take(queue, 1));
        System.out.println("static weak to static: " + staticWeakToStatic.get());
    }

    static void unreachableReferences() throws InterruptedException {
        queue = new ReferenceQueue<Object>();
        for (int i = 0; i < 10; i++) unreachableReference();
        System.gc();
        System.out.println("unreachable references queued: " + (queue.remove(300) != null));
    }

    /** The referent is also held by a field of the reference itself, which is strong. */
    static Tagged selfHeld() {
        Payload p = new Payload("self-held referent");
        return new Tagged(p, queue, "self", p);
    }

    static void subclassFields() throws InterruptedException {
        queue = new ReferenceQueue<Object>();
        Tagged t = new Tagged(new Payload("tagged referent"), queue, "tag", new Payload("extra"));
        names.put(t, "tagged");
        Tagged self = selfHeld();
        names.put(self, "self");
        System.gc();
        System.out.println("tagged: referent " + t.get() + ", tag " + t.tag + ", extra " + t.extra
            + ", queued " + take(queue, 1));
        System.out.println("self-held: referent " + self.get() + ", same as field " + (self.get() == self.extra)
            + ", queued " + (queue.remove(200) != null));
    }

    static Payload[] chain() {
        Payload x = new Payload("x");
        x.link = new Payload("y");
        return new Payload[] { x, x.link };
    }

    static void weakChains() throws InterruptedException {
        queue = new ReferenceQueue<Object>();
        // x -> y, both only weakly reachable: both cleared.
        Payload[] xy = chain();
        WeakReference<Object> wx = weak("wx", xy[0]);
        WeakReference<Object> wy = weak("wy", xy[1]);
        xy = null;
        System.gc();
        System.out.println("chain cleared: " + (wx.get() == null) + " " + (wy.get() == null) + ", queued " + take(queue, 2));

        // The referent is reachable from a strongly held object: kept.
        Payload holder = new Payload("holder");
        holder.link = new Payload("held");
        WeakReference<Object> wh = weak("wh", holder.link);
        // A weak reference whose referent is another weak reference (with no queue, which
        // would hold it once queued): the inner reference object dies with its referent.
        WeakReference<Object> outer = weak("outer", unregisteredWeakToGarbage());
        System.gc();
        System.out.println("held via strong object: " + wh.get());
        System.out.println("outer cleared: " + (outer.get() == null) + ", queued " + take(queue, 1)
            + ", then " + (queue.remove(300) == null ? "nothing" : "more"));
        Reference.reachabilityFence(holder);
    }

    static void clearAndEnqueue() throws InterruptedException {
        ReferenceQueue<Object> q = new ReferenceQueue<Object>();
        Payload p = new Payload("p");
        WeakReference<Object> r = new WeakReference<Object>(p, q);
        System.out.println("enqueue: " + r.enqueue() + ", again " + r.enqueue() + ", get " + r.get()
            + ", polled " + (q.poll() == r) + ", then " + q.poll());
        Payload cp = new Payload("c");
        WeakReference<Object> c = new WeakReference<Object>(cp, q);
        c.clear();
        System.out.println("cleared: get " + c.get() + ", refersTo(null) " + c.refersTo(null));
        System.gc();
        System.out.println("cleared reference queued by gc: " + (q.remove(200) != null));
        Reference.reachabilityFence(p);
        Reference.reachabilityFence(cp);
    }

    static void phantoms() throws InterruptedException {
        queue = new ReferenceQueue<Object>();
        Payload strong = new Payload("phantom strong");
        PhantomReference<Object> p1 = phantomToGarbage("p1");
        PhantomReference<Object> p2 = phantomToGarbage("p2");
        PhantomReference<Object> pk = new PhantomReference<Object>(strong, queue);
        names.put(pk, "pk");
        System.out.println("phantom get: " + p1.get() + " " + pk.get() + ", pk.refersTo(strong) " + pk.refersTo(strong));
        System.gc();
        System.out.println("phantoms queued: " + take(queue, 2));
        System.out.println("phantoms cleared: " + p1.refersTo(null) + " " + p2.refersTo(null)
            + ", pk kept " + pk.refersTo(strong));
        Reference.reachabilityFence(strong);
    }

    static void weakHashMap() throws InterruptedException {
        WeakHashMap<Object, String> map = new WeakHashMap<Object, String>();
        Payload[] keys = new Payload[20];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = new Payload("key" + i);
            map.put(keys[i], "value" + i);
        }
        System.out.println("map size with all keys held: " + map.size());
        for (int i = 0; i < keys.length; i++)
            if (i % 4 != 0) keys[i] = null;
        // The map expunges entries as their keys' references reach its queue.
        for (int i = 0; i < 1000 && map.size() != 5; i++) {
            System.gc();
            Thread.sleep(10);
        }
        List<String> values = new ArrayList<String>(map.values());
        Collections.sort(values);
        System.out.println("map after gc: size " + map.size() + ", values " + values);
        System.out.println("kept keys present: " + map.containsKey(keys[0]) + " " + map.containsKey(keys[16]));
    }

    public static void main(String[] args) throws Exception {
        basics();
        fenceInLoop();
        statics();
        unreachableReferences();
        subclassFields();
        weakChains();
        clearAndEnqueue();
        phantoms();
        weakHashMap();
    }
}
