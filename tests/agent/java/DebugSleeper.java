// The Java side of agent/DebugErrors: a second thread asleep in a native method, and a
// method the agent stops in to call the debugger functions with bad arguments.
public class DebugSleeper {
    static int counter;

    static void hit(Thread sleeper) {
        counter++;
    }

    public static void main(String[] args) throws Exception {
        Thread s = new Thread(() -> {
            try {
                Thread.sleep(600000);
            } catch (InterruptedException e) {
                System.out.println("sleeper interrupted");
            }
        }, "sleeper");
        s.setDaemon(true);
        s.start();
        while (s.getState() != Thread.State.TIMED_WAITING) Thread.sleep(1);
        hit(s);
        System.out.println("done " + counter);
    }
}
