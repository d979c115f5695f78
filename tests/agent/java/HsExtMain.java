// The Java side of agent/HotSpotExtensions: loads HsExtVictim through a loader of its own,
// drops both and collects until the agent's ClassUnload callback has seen the class go
// (at most about a minute, however slow the machine).
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class HsExtMain {
    static native void report();
    static native void enable(boolean on);
    static native boolean unloaded(String name);
    static native String[] jvmtiThreads();

    static class OwnLoader extends ClassLoader {
        OwnLoader() { super(HsExtMain.class.getClassLoader()); }

        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals("HsExtVictim")) return super.loadClass(name, resolve);
            try (InputStream in = getParent().getResourceAsStream("HsExtVictim.class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static WeakReference<Class<?>> load() throws Exception {
        OwnLoader l = new OwnLoader();
        Class<?> c = l.loadClass("HsExtVictim");
        System.out.println("loaded " + c.getName() + " by its own loader: " + (c.getClassLoader() == l)
                           + ", " + c.getDeclaredConstructor().newInstance());
        return new WeakReference<>(c);
    }

    public static void main(String[] args) throws Exception {
        report();
        enable(true);
        WeakReference<Class<?>> ref = load();
        for (int i = 0; i < 600 && !unloaded("HsExtVictim"); i++) {
            System.gc();
            Thread.sleep(100);
        }
        System.out.println("class collected: " + (ref.get() == null));
        System.out.println("ClassUnload of HsExtVictim: " + unloaded("HsExtVictim"));
        enable(false);
        printThreads();
    }

    // The threads every view lists, the callbacks' thread (hidden) in none of them.
    static void printThreads() {
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        while (g.getParent() != null) g = g.getParent();
        Thread[] ts = new Thread[200];
        int n = g.enumerate(ts, true);
        java.util.TreeSet<String> group = new java.util.TreeSet<>();
        for (int i = 0; i < n; i++) group.add(ts[i].getName());
        java.util.TreeSet<String> all = new java.util.TreeSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) all.add(t.getName());
        System.out.println("thread group: " + group);
        System.out.println("getAllStackTraces: " + all);
        System.out.println("GetAllThreads: " + new java.util.TreeSet<>(java.util.Arrays.asList(jvmtiThreads())));
        System.out.println("thread count: " + java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount());
    }
}
