// The Java side of agent/AgentTags: objects the agent tags, most of which then die.
public class AgentTags {
    static Object kept;

    static native void tag(Object o, long tag);
    static native void report(Object live);

    public static void main(String[] args) throws Exception {
        kept = new StringBuilder("kept");
        tag(kept, 1);
        for (int i = 0; i < 3; i++) tag(new int[i + 1], 10 + i);
        tag("interned literal", 20);
        System.gc();
        Thread.sleep(100);
        report(kept);
        System.out.println("main: done");
    }
}
