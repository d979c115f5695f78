// ThreadStress: many threads allocating and synchronising at once, so that collections
// happen while threads run Java code, wait on monitors, sleep, are parked or sit in
// native code (arraycopy, hashing), then a check that no update was lost and no object was
// corrupted.  Workers build linked structures and strings, exchange objects through a
// shared synchronized queue with wait/notifyAll, bump a shared counter under a lock and an
// AtomicLong, and verify each structure they built before dropping it.
// gcstress-args: 4
import java.util.*;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

public class ThreadStress {
    static final Object lock = new Object();
    static long lockedCounter;
    static final AtomicLong atomicCounter = new AtomicLong();
    static final ArrayDeque<int[]> mailbox = new ArrayDeque<>();
    static long mailSum, mailCount;

    static final class Node {
        final int value;
        final Node next;
        final String label;
        Node(int value, Node next) {
            this.value = value;
            this.next = next;
            this.label = "n" + value;
        }
    }

    static int build(int seed, int n) {
        Node head = null;
        for (int i = 0; i < n; i++) head = new Node(seed + i, head);
        int errors = 0, expect = seed + n - 1;
        for (Node p = head; p != null; p = p.next, expect--) {
            if (p.value != expect || !p.label.equals("n" + expect)) errors++;
        }
        return errors;
    }

    static void post(int[] msg) {
        synchronized (mailbox) {
            while (mailbox.size() >= 8) {
                try { mailbox.wait(); } catch (InterruptedException e) { throw new RuntimeException(e); }
            }
            mailbox.add(msg);
            mailbox.notifyAll();
        }
    }

    static int[] take() {
        synchronized (mailbox) {
            while (mailbox.isEmpty()) {
                try { mailbox.wait(); } catch (InterruptedException e) { throw new RuntimeException(e); }
            }
            int[] m = mailbox.poll();
            mailbox.notifyAll();
            return m;
        }
    }

    public static void main(String[] args) throws Exception {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int workers = 8, rounds = 20 * scale, messages = 40 * scale;
        int[] errors = new int[workers];
        Thread[] ts = new Thread[workers + 2];
        for (int w = 0; w < workers; w++) {
            final int id = w;
            ts[w] = new Thread(() -> {
                int errs = 0;
                List<int[]> keep = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    errs += build(id * 100000 + r, 50);
                    int[] a = new int[64 + r % 32];
                    Arrays.fill(a, id);
                    int[] b = Arrays.copyOf(a, a.length * 2);
                    for (int i = 0; i < a.length; i++) if (b[i] != id) errs++;
                    keep.add(b);
                    if (keep.size() > 10) keep.remove(0);
                    synchronized (lock) { lockedCounter++; }
                    atomicCounter.incrementAndGet();
                    if (r % 16 == 0) LockSupport.parkNanos(10_000);
                    if (r % 32 == 0) Thread.yield();
                }
                for (int[] k : keep) for (int i = 0; i < k.length / 2; i++) if (k[i] != id) errs++;
                errors[id] = errs;
            }, "worker-" + w);
        }
        ts[workers] = new Thread(() -> {
            for (int i = 1; i <= messages; i++) post(new int[] { i, i * 2, i * 3 });
        }, "producer");
        ts[workers + 1] = new Thread(() -> {
            for (int i = 1; i <= messages; i++) {
                int[] m = take();
                mailSum += m[0] + m[1] + m[2];
                mailCount++;
                String s = Integer.toString(m[0]).repeat(3);
                if (s.length() < 3) mailSum = -1;
            }
        }, "consumer");
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        long expectedMail = 6L * messages * (messages + 1) / 2;
        System.out.println("workers " + workers + " rounds " + rounds);
        System.out.println("locked counter " + (lockedCounter == (long) workers * rounds ? "ok" : "LOST " + lockedCounter));
        System.out.println("atomic counter " + (atomicCounter.get() == (long) workers * rounds ? "ok" : "LOST " + atomicCounter.get()));
        System.out.println("mail " + mailCount + " " + (mailSum == expectedMail ? "ok" : "BAD " + mailSum));
        System.out.println("errors " + Arrays.toString(errors));
    }
}
