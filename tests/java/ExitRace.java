// System.exit and Runtime.halt racing with what else the program is doing: threads that
// allocate flat out (a collection may be under way at the moment of the exit), threads
// blocked in wait, sleep, park and on a monitor, shutdown hooks that allocate heavily
// themselves, and several threads calling System.exit at once.  The exit status is the
// one asked for, everything printed before is flushed, hooks run (not for halt), and
// nothing waits for the threads still running.  The argument names the race; tool/
// exit_races runs them all, the java test runs "exit".
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

public class ExitRace {
    static final Object lock = new Object();
    static volatile long sink;

    static void daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    static boolean allDaemons;

    static Thread worker(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(allDaemons);
        t.start();
        return t;
    }

    static void churn() {
        long s = 0;
        while (true) {
            Object[] o = new Object[16];
            o[0] = new int[64];
            s += o.length;
            sink = s;
        }
    }

    static final java.util.concurrent.atomic.AtomicInteger hooksDone = new java.util.concurrent.atomic.AtomicInteger();

    /** Hooks run concurrently: the one that ends second speaks for both. */
    static void hook(String name, int allocations) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long s = 0;
            for (int i = 0; i < allocations; i++) s += new byte[256].length;
            if (hooksDone.incrementAndGet() == 2) System.out.println("both hooks allocated " + s + " bytes each");
        }, name));
    }

    /** Threads in every kind of blocking, started before the exit. */
    static void blockers(CountDownLatch ready) {
        worker("waiter", () -> {
            synchronized (lock) {
                ready.countDown();
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        worker("sleeper", () -> {
            ready.countDown();
            try {
                Thread.sleep(600_000);
            } catch (InterruptedException e) {
                return;
            }
        });
        worker("parker", () -> {
            ready.countDown();
            while (true) LockSupport.park();
        });
        worker("spinner", () -> {
            ready.countDown();
            while (true) sink++;
        });
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "exit";
        allDaemons = mode.equals("throw");   // else the VM would wait for them, on any VM
        for (int i = 0; i < 3; i++) daemon("churn-" + i, ExitRace::churn);
        CountDownLatch ready = new CountDownLatch(4);
        blockers(ready);
        ready.await();
        if (!mode.equals("halt")) {
            hook("a", 20000);
            hook("b", 20000);
        } else {
            hook("must-not-run", 10);
        }
        for (int i = 0; i < 3; i++) worker("churn-nd-" + i, ExitRace::churn);
        System.out.println("mode " + mode);
        System.err.println("to stderr before the end");
        System.out.print("a partial line; ");
        switch (mode) {
            case "exit":
                System.exit(7);
                break;
            case "halt":
                Runtime.getRuntime().halt(5);
                break;
            case "many": {
                CountDownLatch go = new CountDownLatch(1);
                for (int i = 0; i < 8; i++) {
                    worker("exiter-" + i, () -> {
                        try {
                            go.await();
                        } catch (InterruptedException e) {
                            return;
                        }
                        System.exit(9);
                    });
                }
                go.countDown();
                System.exit(9);
                break;
            }
            case "from-thread": {
                Thread x = worker("exiter", () -> System.exit(12));
                x.join();
                break;
            }
            case "throw":
                throw new IllegalStateException("main fails while others run");
            default:
                System.out.println("unknown mode");
        }
        System.out.println("not reached");
    }
}
