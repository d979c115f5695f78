// The Java side of agent/PopStop: a thread spinning in spin(), called from work(), is
// suspended; the agent pops spin's frame, resumes the thread and stops it with a
// ThreadDeath.  The frame goes first (work calls spin again), then the ThreadDeath comes,
// and the thread catches it.
public class PopStop {
    static volatile boolean spinning, quit;
    static native void popAndStop(Thread t);

    static void spin() {
        spinning = true;
        long n = 0;
        while (!quit) n++;
    }

    static void work() {
        spin();
    }

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            try {
                work();
                System.out.println("spin returned");
            } catch (ThreadDeath td) {
                System.out.println("ThreadDeath caught");
            }
        });
        t.start();
        while (!spinning) Thread.onSpinWait();
        popAndStop(t);
        t.join(10000);
        if (t.isAlive()) {
            System.out.println("still spinning 10 s later: the ThreadDeath was lost");
            quit = true;
            t.join();
        }
    }
}
