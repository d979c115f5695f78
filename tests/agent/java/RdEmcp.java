// The Java side of agent/RedefineEmcp: loop() stops at a breakpoint before each call of
// value(); the agent redefines the class there with value() returning the next number.
public class RdEmcp {
    static final int MAGIC = 0x12345678;

    static int value() {
        return MAGIC;
    }

    static void loop() {
        for (int i = 0; i < 4; i++) {
            int v = value();
            System.out.println(v);
        }
    }

    public static void main(String[] args) {
        loop();
    }
}
