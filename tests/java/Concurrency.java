// Concurrency: java.util.concurrent on top of park/unpark, CAS and monitors: executors
// with futures, ConcurrentHashMap.merge from many threads, ReentrantLock with conditions,
// CountDownLatch, CyclicBarrier, Semaphore, CompletableFuture chains, atomics under
// contention, ForkJoinPool recursive tasks, parallel streams, ReadWriteLock, LockSupport,
// synchronized counters, Thread.holdsLock, and a daemon thread left running at exit.
// Every result is deterministic and printed by the main thread.
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;
import java.util.stream.*;

public class Concurrency {
    static int syncCounter;
    static final Object LOCK = new Object();

    static void executors() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Long>> fs = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            final int n = i;
            fs.add(pool.submit(() -> {
                long s = 0;
                for (int k = 0; k <= n * 1000; k++) s += k;
                return s;
            }));
        }
        long total = 0;
        for (Future<Long> f : fs) total += f.get();
        System.out.println("executor total " + total);
        Future<?> failing = pool.submit(() -> { throw new IllegalStateException("boom"); });
        try {
            failing.get();
        } catch (ExecutionException e) {
            System.out.println("execution exception: " + e.getCause());
        }
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) { final int n = i; calls.add(() -> n * n); }
        int sq = 0;
        for (Future<Integer> f : pool.invokeAll(calls)) sq += f.get();
        System.out.println("invokeAll " + sq);
        pool.shutdown();
        System.out.println("terminated " + pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    static void chm() throws Exception {
        ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
        Thread[] ts = new Thread[6];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 2000; k++) map.merge("k" + (k % 37), 1, Integer::sum);
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        int sum = map.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("chm keys " + map.size() + " sum " + sum + " k0 " + map.get("k0"));
    }

    static void locks() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Condition notEmpty = lock.newCondition();
        Condition notFull = lock.newCondition();
        Deque<Integer> q = new ArrayDeque<>();
        int[] consumed = new int[1];
        Thread prod = new Thread(() -> {
            for (int i = 1; i <= 500; i++) {
                lock.lock();
                try {
                    while (q.size() == 4) notFull.awaitUninterruptibly();
                    q.add(i);
                    notEmpty.signal();
                } finally { lock.unlock(); }
            }
        });
        Thread cons = new Thread(() -> {
            for (int i = 1; i <= 500; i++) {
                lock.lock();
                try {
                    while (q.isEmpty()) notEmpty.awaitUninterruptibly();
                    consumed[0] += q.poll();
                    notFull.signal();
                } finally { lock.unlock(); }
            }
        });
        prod.start(); cons.start(); prod.join(); cons.join();
        System.out.println("lock/condition consumed " + consumed[0] + " held " + lock.isHeldByCurrentThread());

        ReadWriteLock rw = new ReentrantReadWriteLock();
        int[] shared = new int[1];
        Thread[] ws = new Thread[4];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = new Thread(() -> {
                for (int k = 0; k < 1000; k++) {
                    rw.writeLock().lock();
                    try { shared[0]++; } finally { rw.writeLock().unlock(); }
                    rw.readLock().lock();
                    try { if (shared[0] < 0) throw new AssertionError(); } finally { rw.readLock().unlock(); }
                }
            });
            ws[i].start();
        }
        for (Thread t : ws) t.join();
        System.out.println("rwlock " + shared[0]);
        try {
            lock.unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println("unlock not held: " + e.getClass().getName());
        }
        boolean got = lock.tryLock(10, TimeUnit.MILLISECONDS);
        System.out.println("tryLock " + got + " holds " + lock.getHoldCount());
        lock.unlock();
    }

    static void synchronizers() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(5);
        AtomicInteger ai = new AtomicInteger();
        for (int i = 0; i < 5; i++) {
            new Thread(() -> {
                try { start.await(); } catch (InterruptedException e) { return; }
                for (int k = 0; k < 1000; k++) ai.incrementAndGet();
                done.countDown();
            }).start();
        }
        start.countDown();
        System.out.println("latch " + done.await(10, TimeUnit.SECONDS) + " " + ai.get());

        int[] trips = new int[1];
        CyclicBarrier barrier = new CyclicBarrier(3, () -> trips[0]++);
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            ts[i] = new Thread(() -> {
                try { for (int r = 0; r < 4; r++) barrier.await(); } catch (Exception e) { throw new RuntimeException(e); }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("barrier trips " + trips[0]);

        Semaphore sem = new Semaphore(2);
        AtomicInteger inside = new AtomicInteger(), maxInside = new AtomicInteger();
        Thread[] ss = new Thread[6];
        for (int i = 0; i < ss.length; i++) {
            ss[i] = new Thread(() -> {
                for (int k = 0; k < 50; k++) {
                    sem.acquireUninterruptibly();
                    int now = inside.incrementAndGet();
                    maxInside.accumulateAndGet(now, Math::max);
                    Thread.yield();
                    inside.decrementAndGet();
                    sem.release();
                }
            });
            ss[i].start();
        }
        for (Thread t : ss) t.join();
        System.out.println("semaphore max inside <= 2: " + (maxInside.get() <= 2) + " permits " + sem.availablePermits());

        LongAdder adder = new LongAdder();
        AtomicLong al = new AtomicLong();
        AtomicReference<String> ref = new AtomicReference<>("");
        Thread[] as = new Thread[4];
        for (int i = 0; i < as.length; i++) {
            final char c = (char) ('a' + i);
            as[i] = new Thread(() -> {
                for (int k = 0; k < 2500; k++) { adder.increment(); al.addAndGet(2); }
                ref.accumulateAndGet(String.valueOf(c), (a, b) -> a + b);
            });
            as[i].start();
        }
        for (Thread t : as) t.join();
        char[] cs = ref.get().toCharArray();
        Arrays.sort(cs);
        System.out.println("adder " + adder.sum() + " atomiclong " + al.get() + " ref " + new String(cs));
    }

    static void completable() throws Exception {
        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> 6);
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> 7);
        int r = a.thenCombine(b, (x, y) -> x * y).thenApply(x -> x + 0).get(10, TimeUnit.SECONDS);
        System.out.println("completable " + r);
        CompletableFuture<String> failed = CompletableFuture.supplyAsync(() -> { throw new ArithmeticException("nope"); });
        System.out.println("handled " + failed.handle((v, e) -> "recovered from " + e.getCause()).join());
        CompletableFuture<Void> all = CompletableFuture.allOf(
            CompletableFuture.runAsync(() -> {}), CompletableFuture.runAsync(() -> {}));
        all.get(10, TimeUnit.SECONDS);
        System.out.println("allOf done " + all.isDone());
    }

    static class Fib extends RecursiveTask<Long> {
        final int n;
        Fib(int n) { this.n = n; }
        protected Long compute() {
            if (n < 12) return slow(n);
            Fib f1 = new Fib(n - 1);
            f1.fork();
            return new Fib(n - 2).compute() + f1.join();
        }
        static long slow(int n) { return n < 2 ? n : slow(n - 1) + slow(n - 2); }
    }

    static void forkJoin() {
        ForkJoinPool pool = new ForkJoinPool(3);
        System.out.println("forkjoin fib(22) " + pool.invoke(new Fib(22)));
        pool.shutdown();
        long evens = IntStream.range(0, 20000).parallel().filter(i -> i % 2 == 0).count();
        long sum = LongStream.rangeClosed(1, 10000).parallel().sum();
        List<Integer> sorted = IntStream.range(0, 1000).map(i -> (i * 7919) % 1000).boxed()
            .parallel().sorted().collect(Collectors.toList());
        Map<Integer, Long> groups = IntStream.range(0, 3000).parallel().boxed()
            .collect(Collectors.groupingByConcurrent(i -> i % 3, Collectors.counting()));
        System.out.println("parallel " + evens + " " + sum + " " + sorted.get(0) + ".." + sorted.get(999)
            + " " + new TreeMap<>(groups));
    }

    static void monitors() throws Exception {
        Thread[] ts = new Thread[5];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 4000; k++) synchronized (LOCK) { syncCounter++; }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("synchronized counter " + syncCounter);
        System.out.println("holdsLock outside " + Thread.holdsLock(LOCK));
        synchronized (LOCK) { System.out.println("holdsLock inside " + Thread.holdsLock(LOCK)); }

        Thread parker = new Thread(() -> {
            LockSupport.park();
            System.out.println("unparked, interrupted=" + Thread.currentThread().isInterrupted());
        });
        parker.start();
        while (parker.getState() != Thread.State.WAITING) Thread.sleep(1);
        System.out.println("parker state " + parker.getState());
        LockSupport.unpark(parker);
        parker.join();
        long t0 = System.nanoTime();
        LockSupport.parkNanos(20_000_000L);
        System.out.println("parkNanos waited >= 15ms: " + (System.nanoTime() - t0 >= 15_000_000L));
        LockSupport.unpark(Thread.currentThread());
        LockSupport.park();
        System.out.println("permit consumed");
    }

    static void threadLocals() throws Exception {
        ThreadLocal<Integer> tl = ThreadLocal.withInitial(() -> 42);
        InheritableThreadLocal<String> itl = new InheritableThreadLocal<>();
        itl.set("parent");
        tl.set(1);
        String[] seen = new String[1];
        Thread t = new Thread(() -> seen[0] = tl.get() + " " + itl.get());
        t.start();
        t.join();
        System.out.println("thread locals: main " + tl.get() + ", child " + seen[0]);
    }

    public static void main(String[] args) throws Exception {
        executors();
        chm();
        locks();
        synchronizers();
        completable();
        forkJoin();
        monitors();
        threadLocals();
        Thread daemon = new Thread(() -> {
            while (true) {
                try { Thread.sleep(1000); } catch (InterruptedException e) { }
            }
        });
        daemon.setDaemon(true);
        daemon.start();
        System.out.println("main done, daemon alive " + daemon.isAlive());
    }
}
