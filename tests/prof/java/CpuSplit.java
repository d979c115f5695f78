// A known answer for the CPU profile: about 70 % of this thread's CPU time is spent in
// seventy() and 30 % in thirty(), measured with the thread's own CPU clock, so the split
// holds however loaded the machine is.  Argument: total CPU milliseconds (default 3000).
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

public class CpuSplit {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    static long sink;

    static long spin(long nanos) {
        long end = MX.getCurrentThreadCpuTime() + nanos, x = sink;
        while (MX.getCurrentThreadCpuTime() < end)
            for (int i = 0; i < 20000; i++)
                x = x * 6364136223846793005L + 1442695040888963407L;
        return x;
    }

    static void seventy() { sink += spin(7_000_000); }

    static void thirty() { sink += spin(3_000_000); }

    public static void main(String[] args) {
        long total = args.length > 0 ? Long.parseLong(args[0]) : 3000;
        for (long done = 0; done < total; done += 10) {
            seventy();
            thirty();
        }
        System.out.println("done " + (sink == 42 ? "!" : ""));
    }
}
