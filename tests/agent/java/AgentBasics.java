// The Java side of agent/AgentBasics: two threads of its own, two nested classes loaded
// on demand.  The agent counts their events.
public class AgentBasics {
    static class Loaded {
        static int value = 7;
    }

    interface Shape {
        int sides();
    }

    static class Square implements Shape {
        public int sides() { return 4; }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("main: start");
        Thread[] threads = new Thread[2];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> { }, "agent-test-" + i);
            threads[i].start();
        }
        for (Thread t : threads) t.join();
        System.out.println("main: value " + Loaded.value + ", sides " + new Square().sides());
        System.out.println("main: end");
    }
}
