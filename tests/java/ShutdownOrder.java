// ShutdownOrder: when main returns, the VM waits for the non-daemon threads (not for the
// daemon ones), then runs the shutdown hooks.
public class ShutdownOrder {
    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook runs last")));
        Thread w = new Thread(() -> {
            try { Thread.sleep(300); } catch (InterruptedException e) { }
            System.out.println("worker done");
        });
        w.start();
        Thread d = new Thread(() -> {
            try { Thread.sleep(100000); } catch (InterruptedException e) { }
            System.out.println("daemon must not get here");
        });
        d.setDaemon(true);
        d.start();
        System.out.println("main done");
    }
}
