// The Java side of tests/embed/embed_weak.c: objects for JNI weak global references to
// point at, one of them finalizable with a finalize() that holds on until released, so
// that the C side can look at a weak reference while finalization is under way.
public class EmbedRefs {
    static final Object lock = new Object();
    static boolean entered, released, finished;

    static final class Finalizable {
        @Override protected void finalize() throws InterruptedException {
            synchronized (lock) {
                entered = true;
                lock.notifyAll();
                while (!released) lock.wait();
                finished = true;
                lock.notifyAll();
            }
        }
    }

    public static Object newPlain() { return new Object(); }
    public static Object newFinalizable() { return new Finalizable(); }

    /** Waits (up to 10 s) until finalize() has started. */
    public static boolean awaitFinalizeEntered() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        synchronized (lock) {
            while (!entered && System.nanoTime() < deadline) lock.wait(100);
            return entered;
        }
    }

    /** Lets finalize() return and waits (up to 10 s) until it has. */
    public static boolean releaseFinalize() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        synchronized (lock) {
            released = true;
            lock.notifyAll();
            while (!finished && System.nanoTime() < deadline) lock.wait(100);
            return finished;
        }
    }
}
