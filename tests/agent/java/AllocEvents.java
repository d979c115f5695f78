// The Java side of agent/AllocEvents: allocations the VM makes for Java code (clone,
// reflection, java.lang.reflect.Array, JNI) and allocations of bytecode, counted by the
// agent's VMObjectAlloc and SampledObjectAlloc callbacks.
public class AllocEvents {
    static class Thing implements Cloneable {
        int v;
        public Thing() {}
        Thing copy() throws CloneNotSupportedException { return (Thing) clone(); }
    }

    static native void vmAllocs(boolean on);
    static native void jniAllocs(Class<?> thing);
    static native void sampling(boolean on);
    static native void sampleEvery(int interval, boolean on);

    static Object[] keep = new Object[200];

    public static void main(String[] args) throws Exception {
        Thing t = new Thing();
        java.lang.reflect.Constructor<Thing> ctor = Thing.class.getDeclaredConstructor();
        Object array = java.lang.reflect.Array.newInstance(Thing.class, 1);
        vmAllocs(true);
        Thing plain = new Thing();                                  // bytecode: no event
        Thing copy = t.copy();                                      // clone
        Thing reflected = ctor.newInstance();                       // reflection
        Object[] things = (Object[]) java.lang.reflect.Array.newInstance(Thing.class, 3);
        jniAllocs(Thing.class);                                     // AllocObject, NewObject, NewObjectArray
        vmAllocs(false);
        sampling(true);
        // HotSpot starts sampling at a thread's next TLAB refill: make sure there was one
        for (int i = 0; i < 400; i++) keep[199] = new byte[64 * 1024];
        for (int i = 0; i < 100; i++) keep[i] = new Thing();
        for (int i = 100; i < 150; i++) keep[i] = new Thing[2];
        sampling(false);
        for (int i = 150; i < 200; i++) keep[i] = new Thing();
        // the statistics: about 4 MB of long[125] at a mean interval of 16 KB
        sampleEvery(16 * 1024, true);
        for (int i = 0; i < 400; i++) keep[199] = new byte[64 * 1024];
        for (int i = 0; i < 4000; i++) keep[i % 100] = new long[125];
        sampleEvery(16 * 1024, false);
        System.out.println("main: " + (plain != copy) + " " + (reflected != null) + " " + things.length + " " + array.getClass().getSimpleName());
    }
}
