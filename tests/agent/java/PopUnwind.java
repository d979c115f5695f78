// The Java side of agent/PopUnwind: fail() throws; the agent pops its frame as the
// exception leaves it, the first time only, so that main's invoke runs it again.
public class PopUnwind {
    static int calls;

    static void fail(String why) throws Exception {
        calls++;
        throw new Exception(why + " " + calls);
    }

    public static void main(String[] args) {
        try {
            fail("boom");
            System.out.println("fail returned");
        } catch (Exception e) {
            System.out.println("caught: " + e.getMessage());
        }
        System.out.println("calls: " + calls);
    }
}
