// The program of tool/crash_report: with the argument "unsafe" it reads address 8 through
// sun.misc.Unsafe, which faults inside the VM (SIGSEGV in Unsafe's native code) on HotSpot
// and on Loupe alike; both VMs then write their crash report.  Without an argument (as a
// plain test) it only says so.
import java.lang.reflect.Field;

public class CrashReport {
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.out.println("no argument: nothing crashes");
            return;
        }
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
        System.out.println("reading address 8");     // (not 0: UBSan would stop at a null load itself)
        System.out.println(u.getLong(8L));
    }
}
