// The Java side of agent/VerboseGcOnLoad: two collections asked for, each logged.
public class VerboseGcOnLoad {
    public static void main(String[] args) {
        System.gc();
        System.out.println("after the first System.gc()");
        System.gc();
        System.out.println("after the second System.gc()");
    }
}
