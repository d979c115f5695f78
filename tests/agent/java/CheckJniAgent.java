// The target of tests/agent/CheckJniAgent.c: two classes whose ClassPrepare callbacks call JNI.
public class CheckJniAgent {
    static class Checked {
        int x = 1;
    }

    static class Unchecked {
        int y = 2;
    }

    public static void main(String[] args) {
        System.out.println("main");
        System.out.println(new Checked().x);
        System.out.println(new Unchecked().y);
    }
}
