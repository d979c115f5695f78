// ManagementDiagnosticCommands: the DiagnosticCommand MBean — the commands Loupe offers
// (a subset of HotSpot's), help texts, GC.run, VM.uptime, VM.command_line,
// VM.system_properties, Thread.print, and the argument errors HotSpot reports.
// vm-options: -Xint -Dmgmt.dcmd=yes
import java.lang.management.*;
import java.util.*;
import javax.management.*;

public class ManagementDiagnosticCommands {
    static final String[] ARGS = { String[].class.getName() };
    static MBeanServer mbs;
    static ObjectName dc;

    /* An operation without parameters. */
    static String run(String op) throws Exception {
        try {
            return (String) mbs.invoke(dc, op, null, null);
        } catch (MBeanException | RuntimeMBeanException e) {
            return "-> " + e.getCause();
        }
    }

    /* An operation taking the command's words (options and arguments). */
    static String with(String op, String... words) throws Exception {
        try {
            return (String) mbs.invoke(dc, op, new Object[] { words }, ARGS);
        } catch (MBeanException | RuntimeMBeanException e) {
            return "-> " + e.getCause();
        }
    }

    public static void main(String[] args) throws Exception {
        mbs = ManagementFactory.getPlatformMBeanServer();
        dc = new ObjectName("com.sun.management:type=DiagnosticCommand");
        Set<String> ops = new TreeSet<>();
        for (MBeanOperationInfo oi : mbs.getMBeanInfo(dc).getOperations()) ops.add(oi.getName());
        List<String> ours = List.of("gcClassHistogram", "gcHeapInfo", "gcRun", "gcRunFinalization", "help", "threadPrint",
                                    "vmCommandLine", "vmDynlibs", "vmFlags", "vmSystemProperties", "vmUptime", "vmVersion");
        System.out.println("operations include " + ours + ": " + ops.containsAll(ours));
        for (MBeanOperationInfo oi : mbs.getMBeanInfo(dc).getOperations())
            if (oi.getName().equals("vmUptime") || oi.getName().equals("gcRun"))
                System.out.println(oi.getName() + ": " + oi.getDescription() + " / " + oi.getDescriptor().getFieldValue("dcmd.vmImpact")
                        + " / " + oi.getSignature().length + " parameter(s)");

        System.out.print(with("help", "GC.run"));
        System.out.print(with("help", "VM.uptime"));
        System.out.print(with("help", "Thread.print"));
        System.out.print(with("help", "VM.system_properties"));
        System.out.print(with("help", "help"));
        System.out.print(with("help", "GC.heap_info"));
        System.out.print(with("help", "GC.run_finalization"));
        System.out.print(with("help", "VM.dynlibs"));
        System.out.print(with("help", "No.such"));

        long before = 0, after = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) before += g.getCollectionCount();
        System.out.println("GC.run [" + run("gcRun") + "]");
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) after += g.getCollectionCount();
        System.out.println("collected " + (after > before));

        System.out.println("uptime " + with("vmUptime").matches("[0-9]+\\.[0-9]{3} s\n"));
        System.out.println("uptime with date " + with("vmUptime", "-date").matches("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+[+-][0-9]{4}: [0-9]+\\.[0-9]{3} s\n"));
        System.out.println("uptime -date=false " + with("vmUptime", "-date=false").matches("[0-9]+\\.[0-9]{3} s\n"));
        System.out.println(with("vmUptime", "-bogus"));
        System.out.println(with("vmUptime", "-date=maybe"));
        System.out.println(with("vmUptime", "extra"));
        System.out.println(with("vmVersion", "extra"));

        System.out.print(run("vmCommandLine"));
        System.out.println("properties " + run("vmSystemProperties").contains("\nmgmt.dcmd=yes\n"));
        String dump = with("threadPrint");
        System.out.println("thread dump " + dump.contains("Full thread dump") + " " + dump.contains("\"main\""));
        System.out.println("thread dump -l " + with("threadPrint", "-l").contains("Full thread dump"));
        System.out.println("version " + run("vmVersion").contains("version") + " flags " + (with("vmFlags") != null));
    }
}
