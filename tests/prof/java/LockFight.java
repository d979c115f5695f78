// A known answer for the lock profile: thread "holder" takes the monitor of a
// LockFight$TheLock and keeps it 400 ms; thread "waiter" then blocks on it.
import java.util.concurrent.CountDownLatch;

public class LockFight {
    static final class TheLock {}

    static final TheLock LOCK = new TheLock();

    public static void main(String[] args) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (LOCK) {
                held.countDown();
                sleep(400);
            }
        }, "holder");
        Thread waiter = new Thread(() -> {
            await(held);
            synchronized (LOCK) {
                LOCK.hashCode();
            }
        }, "waiter");
        holder.start();
        waiter.start();
        holder.join();
        waiter.join();
        System.out.println("done");
    }

    static void sleep(long ms) {
        try { Thread.sleep(ms); } catch (InterruptedException e) { throw new RuntimeException(e); }
    }

    static void await(CountDownLatch l) {
        try { l.await(); } catch (InterruptedException e) { throw new RuntimeException(e); }
    }
}
