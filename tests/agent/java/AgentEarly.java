// The Java side of agent/AgentEarly: nothing to do; the agent watches start-up.
public class AgentEarly {
    public static void main(String[] args) {
        System.out.println("main");
    }
}
