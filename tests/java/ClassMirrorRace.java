// Threads released together create the array classes of the same element classes (through
// Array.newInstance) and load the same classes: each must see a complete class with its
// java.lang.Class.  A class or array class was once findable before its mirror existed,
// so under GC stress getClass() of a new array could return null, and a class being
// initialised by another thread could have none.
import java.lang.reflect.Array;
import java.util.concurrent.CountDownLatch;

public class ClassMirrorRace {
    static class A0 { } static class A1 { } static class A2 { } static class A3 { }
    static class A4 { } static class A5 { } static class A6 { } static class A7 { }
    static class B0 { static final boolean FLAG = true; static int v = 1; }
    static class B1 { static final boolean FLAG = true; static int v = 2; }
    static class B2 { static final boolean FLAG = true; static int v = 3; }
    static class B3 { static final boolean FLAG = true; static int v = 4; }

    static final Class<?>[] ELEMENTS = { A0.class, A1.class, A2.class, A3.class, A4.class, A5.class, A6.class, A7.class };

    static final class Worker extends Thread {
        final CountDownLatch go;
        String result;
        Worker(CountDownLatch go) { this.go = go; }
        public void run() {
            try {
                go.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            StringBuilder sb = new StringBuilder();
            for (Class<?> c : ELEMENTS) {
                Object a = Array.newInstance(c, 1);
                Object aa = Array.newInstance(a.getClass(), 1);
                sb.append(aa.getClass().getName().length()).append(a.getClass().getComponentType() == c ? "+" : "-");
            }
            sb.append(' ').append(B0.v + B1.v + B2.v + B3.v).append(B0.FLAG && B3.FLAG);
            result = sb.toString();
        }
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        Worker[] ws = { new Worker(go), new Worker(go), new Worker(go), new Worker(go) };
        for (Worker w : ws) w.start();
        go.countDown();
        for (Worker w : ws) w.join();
        for (Worker w : ws) System.out.println(w.result);
    }
}
