// The Java side of agent/AgentThreadViews: which views list the agent's thread.
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.TreeSet;

public class AgentThreadViews {
    static native boolean listedByJvmti(String name);

    public static void main(String[] args) {
        TreeSet<String> all = new TreeSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) all.add(t.getName());
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        TreeSet<String> named = new TreeSet<>();
        for (var info : mx.getThreadInfo(mx.getAllThreadIds())) if (info != null) named.add(info.getThreadName());
        System.out.println("GetAllThreads lists it: " + listedByJvmti("an agent thread"));
        System.out.println("getAllStackTraces: " + all);
        System.out.println("ThreadMXBean: " + named);
        System.out.println("thread count " + mx.getThreadCount() + ", daemons " + mx.getDaemonThreadCount()
                           + ", ids " + mx.getAllThreadIds().length);
    }
}
