// ManagementRuntime: RuntimeMXBean (name, pid, uptime, start time, input arguments,
// specification, paths, properties), ClassLoadingMXBean counts, CompilationMXBean under
// -Xint (none, as HotSpot), OperatingSystemMXBean, the platform MBean server, and
// HotSpotDiagnosticMXBean's VM options (an unknown one, the heap and stack sizes).
// vm-options: -Xint -Xmx48m -Dmgmt.flag=on
import java.lang.management.*;
import java.util.*;
import javax.management.*;
import javax.management.openmbean.CompositeData;

public class ManagementRuntime {
    static class Fresh { }

    public static void main(String[] args) throws Exception {
        RuntimeMXBean rt = ManagementFactory.getRuntimeMXBean();
        List<String> in = new ArrayList<>();
        for (String a : rt.getInputArguments())
            if (a.startsWith("-Xint") || a.startsWith("-Xmx") || a.startsWith("-Dmgmt.")) in.add(a);
        System.out.println("input arguments " + in);
        long pid = ProcessHandle.current().pid();
        System.out.println("pid " + (rt.getPid() == pid) + " name " + rt.getName().startsWith(pid + "@"));
        long now = System.currentTimeMillis(), up = rt.getUptime(), start = rt.getStartTime();
        System.out.println("uptime>=0 " + (up >= 0) + " start<=now " + (start <= now) + " start within uptime " + (now - start <= up + 1000));
        Thread.sleep(20);
        System.out.println("uptime moves " + (rt.getUptime() - up >= 19));
        System.out.println("spec " + rt.getSpecName() + " / " + rt.getSpecVendor() + " / " + rt.getSpecVersion()
                + " management " + rt.getManagementSpecVersion());
        System.out.println("vm identity from properties " + rt.getVmName().equals(System.getProperty("java.vm.name"))
                + " " + rt.getVmVendor().equals(System.getProperty("java.vm.vendor"))
                + " " + rt.getVmVersion().equals(System.getProperty("java.vm.version")));
        System.out.println("paths " + rt.getClassPath().equals(System.getProperty("java.class.path"))
                + " " + rt.getLibraryPath().equals(System.getProperty("java.library.path"))
                + " boot class path supported " + rt.isBootClassPathSupported());
        try {
            rt.getBootClassPath();
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE " + e.getMessage());
        }
        Map<String, String> props = rt.getSystemProperties();
        System.out.println("property " + props.get("mgmt.flag") + " java.home " + props.get("java.home").equals(System.getProperty("java.home")));

        ClassLoadingMXBean cl = ManagementFactory.getClassLoadingMXBean();
        int loaded = cl.getLoadedClassCount();
        long total = cl.getTotalLoadedClassCount();
        System.out.println("classes: loaded>100 " + (loaded > 100) + " total>=loaded " + (total >= loaded)
                + " unloaded " + cl.getUnloadedClassCount() + " verbose " + cl.isVerbose());
        Class.forName("ManagementRuntime$Fresh");
        System.out.println("loading one more counts " + (cl.getTotalLoadedClassCount() > total) + " " + (cl.getLoadedClassCount() > loaded));

        System.out.println("compilation " + ManagementFactory.getCompilationMXBean()
                + " compiler property " + System.getProperty("sun.management.compiler"));

        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        System.out.println("os " + os.getName().equals(System.getProperty("os.name")) + " " + os.getArch().equals(System.getProperty("os.arch"))
                + " " + os.getVersion().equals(System.getProperty("os.version"))
                + " processors " + (os.getAvailableProcessors() == Runtime.getRuntime().availableProcessors())
                + " load " + (os.getSystemLoadAverage() >= 0 || os.getSystemLoadAverage() == -1));
        com.sun.management.UnixOperatingSystemMXBean uos = (com.sun.management.UnixOperatingSystemMXBean) os;
        System.out.println("os memory " + (uos.getTotalMemorySize() > 0) + " " + (uos.getFreeMemorySize() >= 0)
                + " process cpu " + (uos.getProcessCpuTime() > 0) + " virtual " + (uos.getCommittedVirtualMemorySize() > 0)
                + " fds " + (uos.getOpenFileDescriptorCount() > 0 && uos.getOpenFileDescriptorCount() <= uos.getMaxFileDescriptorCount()));

        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        for (String n : new String[] { "java.lang:type=Runtime", "java.lang:type=Threading", "java.lang:type=Memory",
                                       "java.lang:type=ClassLoading", "java.lang:type=OperatingSystem", "java.lang:type=Compilation",
                                       "com.sun.management:type=HotSpotDiagnostic", "java.nio:type=BufferPool,name=direct" })
            System.out.println(n + " registered " + mbs.isRegistered(new ObjectName(n)));
        ObjectName runtime = new ObjectName("java.lang:type=Runtime");
        System.out.println("via JMX: vm name " + System.getProperty("java.vm.name").equals(mbs.getAttribute(runtime, "VmName"))
                + " uptime " + ((Long) mbs.getAttribute(runtime, "Uptime") >= 0));
        CompositeData heap = (CompositeData) mbs.getAttribute(new ObjectName("java.lang:type=Memory"), "HeapMemoryUsage");
        System.out.println("via JMX: heap max " + heap.get("max") + " used<=committed "
                + ((Long) heap.get("used") <= (Long) heap.get("committed")));
        Integer threads = (Integer) mbs.getAttribute(new ObjectName("java.lang:type=Threading"), "ThreadCount");
        System.out.println("via JMX: threads " + (threads == ManagementFactory.getThreadMXBean().getThreadCount()));
        boolean pools = true;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) pools &= mbs.isRegistered(p.getObjectName());
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) pools &= mbs.isRegistered(g.getObjectName());
        System.out.println("pools and collectors registered " + pools);

        com.sun.management.HotSpotDiagnosticMXBean diag = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
        try {
            diag.getVMOption("NoSuchOptionAnywhere");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        System.out.println(diag.getVMOption("MaxHeapSize"));
        System.out.println(diag.getVMOption("ThreadStackSize"));
        try {
            diag.setVMOption("MaxHeapSize", "1");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        System.out.println("diagnostic options listed " + (diag.getDiagnosticOptions() != null)
                + ", via JMX " + (mbs.getAttribute(new ObjectName("com.sun.management:type=HotSpotDiagnostic"), "DiagnosticOptions") != null));
    }
}
