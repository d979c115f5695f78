// The program of tool/crash_report: with the argument "unsafe" it reads address 8 through
// sun.misc.Unsafe, which faults inside the VM (SIGSEGV in Unsafe's native code) on HotSpot
// and on Loupe alike; both VMs then write their crash report.  With "threads" it first
// starts a daemon thread "crash-sleeper" and waits until it waits in Sleeper.waitHere, so
// that the report lists it (and Loupe's shows its Java frames).  Without an argument (as
// a plain test) it only says so.
import java.lang.reflect.Field;

public class CrashReport {
    static class Sleeper implements Runnable {
        static final Object lock = new Object();

        static void waitHere() throws InterruptedException {
            synchronized (lock) {
                lock.wait();
            }
        }

        public void run() {
            try {
                waitHere();
            } catch (InterruptedException e) {
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.out.println("no argument: nothing crashes");
            return;
        }
        if (args[0].equals("threads")) {
            Thread t = new Thread(new Sleeper(), "crash-sleeper");
            t.setDaemon(true);
            t.start();
            while (t.getState() != Thread.State.WAITING) Thread.sleep(10);
        }
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
        System.out.println("reading address 8");     // (not 0: UBSan would stop at a null load itself)
        System.out.println(u.getLong(8L));
    }
}
