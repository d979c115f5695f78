// The Java side of agent/AllocSink: objects of one class per phase, made by `new`, as
// arrays and by reflection, while the agent switches the VM's exact counting, lifetimes
// and allocation events on and off between the phases.
public class AllocSink {
    static native void phase(int n);
    static native String result();

    static final class P1 { }
    static final class P2 { }
    static final class P3 { }
    static final class P4 { }
    static final class P5 { }

    static final int OBJECTS = 3000, ARRAYS = 300, REFLECTED = 30;
    static Object keep;

    static Object make(int phase) {
        switch (phase) {
        case 1: return new P1();
        case 2: return new P2();
        case 3: return new P3();
        case 4: return new P4();
        default: return new P5();
        }
    }

    static Object array(int phase) {
        switch (phase) {
        case 1: return new P1[2];
        case 2: return new P2[2];
        case 3: return new P3[2];
        case 4: return new P4[2];
        default: return new P5[2];
        }
    }

    static final Class<?>[] CLASSES = { P1.class, P2.class, P3.class, P4.class, P5.class };

    public static void main(String[] args) throws Exception {
        for (int p = 1; p <= 5; p++) {
            java.lang.reflect.Constructor<?> c = CLASSES[p - 1].getDeclaredConstructor();
            c.setAccessible(true);
            phase(p);
            for (int i = 0; i < OBJECTS; i++) keep = make(p);
            for (int i = 0; i < ARRAYS; i++) keep = array(p);
            for (int i = 0; i < REFLECTED; i++) keep = c.newInstance();
            if (p == 3) System.gc();
        }
        phase(0);
        System.out.println(result());
    }
}
