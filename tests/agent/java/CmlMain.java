// The Java side of agent/CompiledLoad: makes CmlHot.work hot, then CmlVictim.spin in a class
// of a loader of its own, drops the loader and collects until the agent has seen the
// unload of spin's code (at most about a minute, however slow the machine).
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class CmlMain {
    static native void reportHot();
    static native void reportVictim();
    static native boolean unloaded();
    static native void reportUnload();

    static class OwnLoader extends ClassLoader {
        OwnLoader() { super(CmlMain.class.getClassLoader()); }

        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals("CmlVictim")) return super.loadClass(name, resolve);
            try (InputStream in = getParent().getResourceAsStream("CmlVictim.class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static WeakReference<Class<?>> runVictim() throws Exception {
        OwnLoader l = new OwnLoader();
        Class<?> c = l.loadClass("CmlVictim");
        Object v = c.getDeclaredConstructor().newInstance();
        System.out.println("victim says " + v);
        return new WeakReference<>(c);
    }

    public static void main(String[] args) throws Exception {
        long sum = 0;
        for (int i = 0; i < 20000; i++) sum += CmlHot.work(i);
        System.out.println("sum " + sum);
        reportHot();
        WeakReference<Class<?>> ref = runVictim();
        reportVictim();
        for (int i = 0; i < 600 && !unloaded(); i++) {
            System.gc();
            Thread.sleep(100);
        }
        System.out.println("victim class collected: " + (ref.get() == null));
        reportUnload();
    }
}

class CmlHot {
    static int work(int i) {
        int r = 0;
        for (int k = 0; k < 4; k++) r += (i ^ k) & 7;
        return r;
    }
}
