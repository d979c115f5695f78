// ThreadChurn: rounds of 8 short-lived threads, each spinning briefly, started and joined
// one round after another (tests/prof/thread_churn.sh profiles it with a fast CPU timer);
// the second argument is each thread's loop count.
public class ThreadChurn {
    static volatile long sink;
    static int work = 20000;

    static void spin() {
        long s = 0;
        for (int j = 0; j < work; j++) s += j * 31L;
        sink += s;
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        if (args.length > 1) work = Integer.parseInt(args[1]);
        for (int i = 0; i < rounds; i++) {
            Thread[] ts = new Thread[8];
            for (int k = 0; k < ts.length; k++) {
                ts[k] = new Thread(ThreadChurn::spin);
                ts[k].start();
            }
            for (Thread t : ts) t.join();
        }
        System.out.println("done");
    }
}
