// Finalization: finalize() runs after System.gc() and System.runFinalization() for
// unreachable objects of classes that override it; a finalizable object's weak references
// are cleared before finalize() runs and its phantom references queued only after it ran
// and the object died again; resurrection works once (finalize() is not run again);
// objects reachable from one another are finalized in the same round with their fields
// intact; an exception thrown by finalize() is ignored; registration happens when
// Object.<init> returns (a constructor that throws afterwards still leaves a finalizable
// object, one that throws before never does); clones are finalizable; an empty finalize()
// override makes a class non-finalizable.  Finalizers run on other threads in no
// particular order: counts are kept under a lock, awaited with timeouts, ids sorted.
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class RefFinalize {
    static final Object lock = new Object();
    static final List<String> finalized = new ArrayList<String>();

    static void record(String what) {
        synchronized (lock) {
            finalized.add(what);
            lock.notifyAll();
        }
    }

    static int count(String prefix) {
        int n = 0;
        synchronized (lock) {
            for (String s : finalized)
                if (s.startsWith(prefix)) n++;
        }
        return n;
    }

    /** Waits (up to about 20 s) until `expected` finalizations with this prefix happened. */
    static boolean await(String prefix, int expected) throws InterruptedException {
        for (int i = 0; i < 4000; i++) {
            if (count(prefix) >= expected) return true;
            if (i % 20 == 0) {
                System.gc();
                System.runFinalization();
            }
            Thread.sleep(5);
        }
        return false;
    }

    static List<String> sorted(String prefix) {
        List<String> out = new ArrayList<String>();
        synchronized (lock) {
            for (String s : finalized)
                if (s.startsWith(prefix)) out.add(s);
        }
        Collections.sort(out);
        return out;
    }

    static class Plain {
        final int id;
        Plain(int id) { this.id = id; }
        @Override protected void finalize() { record("plain " + id); }
    }

    static void plain() throws InterruptedException {
        for (int i = 0; i < 5; i++) new Plain(i);
        System.gc();
        System.runFinalization();
        System.out.println("plain finalized: " + await("plain", 5) + " " + sorted("plain"));
    }

    // ---- weak and phantom references to a finalizable object ----
    static WeakReference<Object> weakToWatched;
    static PhantomReference<Object> phantomToWatched;
    static final ReferenceQueue<Object> watchQueue = new ReferenceQueue<Object>();
    static String seenInFinalize;

    static class Watched {
        @Override protected void finalize() {
            seenInFinalize = "weak cleared " + (weakToWatched.get() == null) + ", phantom refers to this "
                + phantomToWatched.refersTo(this);
            record("watched");
        }
    }

    static void makeWatched() {
        Watched w = new Watched();
        weakToWatched = new WeakReference<Object>(w, watchQueue);
        phantomToWatched = new PhantomReference<Object>(w, watchQueue);
    }

    static void watched() throws InterruptedException {
        makeWatched();
        System.gc();
        Reference<?> first = watchQueue.remove(10000);
        System.out.println("first queued is the weak reference: " + (first == weakToWatched));
        boolean ran = await("watched", 1);
        System.out.println("finalized: " + ran + ", in finalize: " + seenInFinalize);
        Reference<?> second = null;
        for (int i = 0; i < 100 && second == null; i++) {
            System.gc();
            second = watchQueue.remove(100);
        }
        System.out.println("then the phantom reference: " + (second == phantomToWatched) + ", cleared "
            + phantomToWatched.refersTo(null));
    }

    // ---- resurrection ----
    static Resurrecting resurrected;

    static class Resurrecting {
        final String name;
        Resurrecting(String name) { this.name = name; }
        @Override protected void finalize() {
            resurrected = this;
            record("resurrecting " + name);
        }
    }

    static void makeResurrecting() { new Resurrecting("lazarus"); }

    static void resurrection() throws InterruptedException {
        makeResurrecting();
        System.gc();
        System.runFinalization();
        boolean ran = await("resurrecting", 1);
        Resurrecting r;
        synchronized (lock) { r = resurrected; }
        System.out.println("finalized: " + ran + ", resurrected: " + (r == null ? null : r.name));
        ReferenceQueue<Object> q = new ReferenceQueue<Object>();
        WeakReference<Object> w = new WeakReference<Object>(r, q);
        r = null;
        synchronized (lock) { resurrected = null; }
        // (the Finalizer thread may still hold its reference for a moment after finalize())
        Reference<?> got = null;
        for (int i = 0; i < 100 && got == null; i++) {
            System.gc();
            got = q.remove(100);
        }
        System.out.println("dies the second time: " + (got == w));
        System.runFinalization();
        Thread.sleep(50);
        System.out.println("finalize() calls: " + count("resurrecting"));
    }

    // ---- graphs, exceptions ----
    static class Node {
        final String name;
        Node next;
        Node(String name) { this.name = name; }
        @Override protected void finalize() {
            record("node " + name + " -> " + (next == null ? "none" : next.name));
        }
    }

    static void makeCycle() {
        Node a = new Node("a"), b = new Node("b"), c = new Node("c");
        a.next = b;
        b.next = c;
        c.next = a;
    }

    static class Throwing {
        final int id;
        Throwing(int id) { this.id = id; }
        @Override protected void finalize() throws Throwable {
            record("throwing " + id);
            throw new IllegalStateException("ignored");
        }
    }

    static void graphsAndExceptions() throws InterruptedException {
        makeCycle();
        for (int i = 0; i < 3; i++) new Throwing(i);
        System.gc();
        System.runFinalization();
        System.out.println("cycle finalized: " + await("node", 3) + " " + sorted("node"));
        System.out.println("throwing finalized: " + await("throwing", 3) + " " + sorted("throwing"));
    }

    // ---- when objects are registered ----
    static class Base {
        final String name;
        Base(String name, int ignored) { this.name = name; }
        @Override protected void finalize() { record("registered " + name); }
    }

    static class ThrowsAfterSuper extends Base {
        ThrowsAfterSuper() {
            super("ThrowsAfterSuper", 0);
            throw new IllegalStateException("after super()");
        }
    }

    static int fail() { throw new IllegalStateException("before super()"); }

    static class ThrowsBeforeSuper extends Base {
        ThrowsBeforeSuper() { super("ThrowsBeforeSuper", fail()); }
    }

    static class Copyable extends Base implements Cloneable {
        Copyable() { super("Copyable", 0); }
        Copyable copy() throws CloneNotSupportedException { return (Copyable) clone(); }
    }

    static class EmptyFinalize extends Base {
        EmptyFinalize() { super("EmptyFinalize", 0); }
        @Override protected void finalize() { }
    }

    static void makeCopies() throws CloneNotSupportedException {
        Copyable c = new Copyable();
        c.copy();
        c.copy();
    }

    static PhantomReference<Object> phantomToEmpty(ReferenceQueue<Object> q) {
        return new PhantomReference<Object>(new EmptyFinalize(), q);
    }

    static void registration() throws Exception {
        try {
            new ThrowsAfterSuper();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            new ThrowsBeforeSuper();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
        makeCopies();
        ReferenceQueue<Object> q = new ReferenceQueue<Object>();
        PhantomReference<Object> p = phantomToEmpty(q);
        System.gc();
        System.out.println("empty finalize(): not finalizable, phantom queued at once: " + (q.remove(10000) == p));
        System.runFinalization();
        boolean ok = await("registered ThrowsAfterSuper", 1) && await("registered Copyable", 3);
        System.gc();
        System.runFinalization();
        Thread.sleep(100);
        System.out.println("registered: " + ok + " " + sorted("registered"));
    }

    public static void main(String[] args) throws Exception {
        plain();
        watched();
        resurrection();
        graphsAndExceptions();
        registration();
        System.runFinalization();
        System.out.println("done");
    }
}
