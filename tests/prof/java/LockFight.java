// A known answer for the lock profile: thread "holder" takes the monitor of a
// LockFight$TheLock and keeps it until thread "waiter" is blocked on it, then 400 ms more.
import java.util.concurrent.CountDownLatch;

public class LockFight {
    static final class TheLock {}

    static final TheLock LOCK = new TheLock();

    public static void main(String[] args) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        Thread[] waiting = new Thread[1];
        Thread holder = new Thread(() -> {
            synchronized (LOCK) {
                held.countDown();
                for (int i = 0; i < 60000 && waiting[0].getState() != Thread.State.BLOCKED; i++)
                    sleep(1);
                sleep(400);
            }
        }, "holder");
        Thread waiter = waiting[0] = new Thread(() -> {
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
