// How a program ends, one way per run (the argument names it; tool/exit_modes runs them
// all, the java test runs "return"): main returning with shutdown hooks registered (one
// removed, one rejected because it is running, one rejected as a duplicate); System.exit
// with 0, 42, -1 and 300 (the status is taken modulo 256); an uncaught exception with
// causes; Runtime.halt, which skips the hooks; a hook that halts with its own status; a
// hook that throws; a hook registered while shutting down (IllegalStateException); a
// daemon thread still running; a non-daemon thread that outlives main; System.exit from
// another thread while main waits; an uncaught exception in another thread.
public class ExitModes {
    static void hook(String name, Runnable r) {
        Runtime.getRuntime().addShutdownHook(new Thread(r, name));
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "return";
        // (Hooks run concurrently: where another hook prints, this one is left out.)
        if (!mode.equals("hook-halts") && !mode.equals("late-hook")) {
            hook("hook-1", () -> System.out.println("hook 1 ran (" + mode + ")"));
        }
        Thread removed = new Thread(() -> System.out.println("removed hook must not run"));
        Runtime.getRuntime().addShutdownHook(removed);
        System.out.println("removed: " + Runtime.getRuntime().removeShutdownHook(removed) + ", again: "
                           + Runtime.getRuntime().removeShutdownHook(removed));
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread running = new Thread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        running.start();
        try {
            Runtime.getRuntime().addShutdownHook(running);
        } catch (IllegalArgumentException e) {
            System.out.println(e);
        }
        release.countDown();
        running.join();
        Thread dup = new Thread(() -> {});
        Runtime.getRuntime().addShutdownHook(dup);
        try {
            Runtime.getRuntime().addShutdownHook(dup);
        } catch (IllegalArgumentException e) {
            System.out.println(e);
        }
        Runtime.getRuntime().removeShutdownHook(dup);
        System.out.print("mode " + mode + ": ");
        System.err.println("stderr line before the end");
        switch (mode) {
            case "return":
                System.out.println("main returns");
                return;
            case "exit0": System.exit(0); break;
            case "exit42": System.exit(42); break;
            case "exit-1": System.exit(-1); break;
            case "exit300": System.exit(300); break;
            case "throw":
                throw new IllegalStateException("outer", new RuntimeException("middle", new Error("root cause")));
            case "halt":
                Runtime.getRuntime().halt(5);
                break;
            case "hook-halts":
                hook("halting-hook", () -> {
                    System.out.println("a hook halts with 9");
                    Runtime.getRuntime().halt(9);
                });
                System.exit(4);
                break;
            case "hook-throws":
                hook("throwing-hook", () -> { throw new RuntimeException("thrown in a shutdown hook"); });
                System.exit(6);
                break;
            case "late-hook":
                hook("late", () -> {
                    try {
                        Runtime.getRuntime().addShutdownHook(new Thread(() -> {}));
                    } catch (IllegalStateException e) {
                        System.out.println("while shutting down: " + e);
                    }
                });
                System.out.println("main returns");
                break;
            case "daemon": {
                Thread d = new Thread(() -> {
                    try {
                        Thread.sleep(600_000);
                    } catch (InterruptedException e) {
                        System.out.println("daemon interrupted");
                    }
                });
                d.setDaemon(true);
                d.start();
                System.out.println("a daemon thread is left sleeping");
                break;
            }
            case "non-daemon": {
                Thread n = new Thread(() -> {
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        return;
                    }
                    System.out.println("the non-daemon thread finished after main");
                });
                n.start();
                System.out.println("main returns first");
                break;
            }
            case "thread-exits": {
                Thread x = new Thread(() -> System.exit(11));
                x.start();
                x.join();
                System.out.println("not reached: exit does not return");
                break;
            }
            case "thread-throws": {
                Thread x = new Thread(() -> { throw new UnsupportedOperationException("in a worker"); }, "worker");
                x.start();
                x.join();
                System.out.println("main carries on");
                break;
            }
            default:
                System.out.println("unknown mode");
        }
    }
}
