// Old objects that point to young ones must survive minor collections: every kind of
// reference store into an object that has been promoted (a field, a static, array
// elements and arrays of arrays, System.arraycopy into an old array, Object.clone of
// an old array, Unsafe-backed stores through VarHandles, AtomicReferenceArray and
// reflection, method handle setters, compare-and-set and getAndSet) is made after a
// System.gc() has made the holders old, then enough garbage to collect the nursery many
// times is allocated, and every young object must still be there with its value.  Under
// the generational collector a store that bypassed the write barrier leaves a dangling
// pointer into the reused nursery (and under GC stress the collector's own check of the
// cards ends the VM with the holder's class).  Weak references and finalizers to young
// objects from old ones complete it.
// vm-options: -Xmx64m -Xmn2m
// gcstress-args: 40
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

public class GenBarrier {
    static final class Box {
        final int v;
        Box(int v) { this.v = v; }
    }

    static final class Holder {
        Box a, b, c, d, e, f, g;
        volatile Box vol;
        Object[] arr;
    }

    static Box staticBox;
    static volatile Box staticVol;
    static int finalized;

    static final class Fin {
        final Box payload;
        Fin(Box p) { payload = p; }
        @Override protected void finalize() { synchronized (GenBarrier.class) { finalized += payload.v; } }
    }

    static final VarHandle B, VOL, ARR;
    static final MethodHandle SETTER;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            B = l.findVarHandle(Holder.class, "b", Box.class);
            VOL = l.findVarHandle(Holder.class, "vol", Box.class);
            ARR = MethodHandles.arrayElementVarHandle(Object[].class);
            SETTER = l.findSetter(Holder.class, "c", Box.class);
        } catch (ReflectiveOperationException ex) { throw new Error(ex); }
    }

    static long sink;

    /* Garbage: enough to fill a 2 MB nursery many times over. */
    static void churn(int rounds) {
        for (int r = 0; r < rounds; r++) {
            Object[] junk = new Object[64];
            for (int i = 0; i < 2000; i++) {
                junk[i & 63] = new byte[256 + (i & 255)];
                sink += ((byte[]) junk[i & 63]).length;
            }
        }
    }

    static int sum(Object o) {
        if (o == null) return 0;
        if (o instanceof Box) return ((Box) o).v;
        if (o instanceof Object[]) {
            int s = 0;
            for (Object e : (Object[]) o) s += sum(e);
            return s;
        }
        if (o instanceof AtomicReferenceArray) {
            AtomicReferenceArray<?> a = (AtomicReferenceArray<?>) o;
            int s = 0;
            for (int i = 0; i < a.length(); i++) s += sum(a.get(i));
            return s;
        }
        if (o instanceof AtomicReference) return sum(((AtomicReference<?>) o).get());
        Holder h = (Holder) o;
        return sum(h.a) + sum(h.b) + sum(h.c) + sum(h.d) + sum(h.e) + sum(h.f) + sum(h.g) + sum(h.vol) + sum(h.arr);
    }

    public static void main(String[] args) throws Throwable {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Holder h = new Holder();
        Object[] big = new Object[100_000];             /* large: allocated old outright */
        Object[] cloneSource = new Object[100_000];
        Object[][] nested = new Object[50][];
        for (int i = 0; i < nested.length; i++) nested[i] = new Object[10];
        Object[] target = new Object[300];
        AtomicReferenceArray<Box> ara = new AtomicReferenceArray<>(20);
        AtomicReference<Box> ar = new AtomicReference<>();
        Field fe = Holder.class.getDeclaredField("e");
        Field fs = GenBarrier.class.getDeclaredField("staticVol");
        System.gc();                                    /* everything above is old now */

        h.a = new Box(1);
        B.set(h, new Box(2));
        SETTER.invoke(h, new Box(3));
        h.d = new Box(0);
        h.d = new Box(4);                               /* the slot stored twice */
        fe.set(h, new Box(5));
        VOL.setVolatile(h, new Box(6));
        B.compareAndSet(h, h.b, new Box(7));            /* b: 2 -> 7 */
        Box old = (Box) VOL.getAndSet(h, new Box(8));  /* vol: 6 -> 8 */
        h.f = old;
        h.g = new Box(9);
        h.arr = new Object[] { new Box(10), new Object[] { new Box(11) } };
        staticBox = new Box(12);
        fs.set(null, new Box(13));
        for (int i = 0; i < big.length; i += 997) big[i] = new Box(i);
        big[big.length - 1] = new Box(14);
        for (int i = 0; i < nested.length; i++) {
            nested[i][i % 10] = new Box(i);
            if (i % 7 == 0) nested[i] = new Object[] { new Box(100 + i) };
        }
        Object[] young = new Object[300];
        for (int i = 0; i < young.length; i++) young[i] = new Box(i);
        System.arraycopy(young, 0, target, 0, young.length);
        young = null;
        for (int i = 0; i < 8; i++) cloneSource[i * 1000] = new Box(i);
        Object[] cloned = cloneSource.clone();          /* old (large), holding young objects */
        for (int i = 0; i < ara.length(); i++) ara.set(i, new Box(i * 3));
        ara.compareAndSet(0, ara.get(0), new Box(1000));
        ar.set(new Box(77));
        ARR.setVolatile(target, 299, new Box(5000));

        WeakReference<Box> weakYoung = new WeakReference<>(new Box(99));
        Box strong = new Box(98);
        WeakReference<Box> weakKept = new WeakReference<>(strong);
        for (int i = 0; i < 100; i++) new Fin(new Box(i));

        int before = sum(h) + staticBox.v + staticVol.v + sum(big) + sum(nested) + sum(target) + sum(cloned) + sum(ara) + sum(ar);
        churn(rounds);
        int after = sum(h) + staticBox.v + staticVol.v + sum(big) + sum(nested) + sum(target) + sum(cloned) + sum(ara) + sum(ar);
        System.out.println("holder " + sum(h));
        System.out.println("statics " + staticBox.v + " " + staticVol.v);
        System.out.println("big " + sum(big) + " nested " + sum(nested) + " copied " + sum(target) + " cloned " + sum(cloned));
        System.out.println("atomics " + sum(ara) + " " + sum(ar));
        System.out.println("unchanged " + (before == after));

        /* the young objects written into old holders again, now through the churn */
        for (int r = 0; r < 5; r++) {
            h.a = new Box(r);
            for (int i = 0; i < target.length; i++) target[i] = new Box(i + r);
            churn(rounds / 5);
        }
        System.out.println("again " + h.a.v + " " + sum(target));

        System.gc();
        System.out.println("weak kept " + (weakKept.get() == strong) + " young cleared " + (weakYoung.get() == null));
        for (int i = 0; i < 100 && finalized < 4950; i++) {
            System.gc();
            System.runFinalization();
            Thread.sleep(10);
        }
        synchronized (GenBarrier.class) { System.out.println("finalized " + finalized); }
    }
}
