// The Java side of agent/AgentUnload: a class defined by a loader of its own, watched by
// the agent, kept while an instance lives, unloaded once the instance and loader are gone.
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class AgentUnload {
    public static class Payload {
        public int value() { return 7; }
    }

    static class Loader extends ClassLoader {
        Loader() { super(null); }
        Class<?> define(byte[] b) { return defineClass("AgentUnload$Payload", b, 0, b.length); }
    }

    static native void watch(Class<?> c, long tag);
    static native void report(String what, ClassLoader loader);

    public static void main(String[] args) throws Exception {
        byte[] b;
        try (InputStream in = AgentUnload.class.getResourceAsStream("AgentUnload$Payload.class")) {
            b = in.readAllBytes();
        }
        Loader l = new Loader();
        Class<?> c = l.define(b);
        Object o = c.getDeclaredConstructor().newInstance();
        watch(c, 42);
        c = null;
        System.gc();
        report("instance alive", l);
        WeakReference<Object> w = new WeakReference<>(l);
        o = null;
        l = null;
        for (int i = 0; i < 5 && w.get() != null; i++) System.gc();
        report("dropped", null);
    }
}
