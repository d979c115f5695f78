// System.exit with a status from inside nested calls and a try/finally: the finally
// block does not run, shutdown hooks do, output is flushed, and the status is 3.
public class ExitCode {
    static void deep(int n) {
        if (n == 0) {
            System.out.println("exiting with 3");
            System.exit(3);
        }
        try {
            deep(n - 1);
        } finally {
            System.out.println("finally must not run");
        }
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread("hook") {
            @Override public void run() { System.out.println("shutdown hook ran in " + getName()); }
        });
        System.out.print("partial line without newline; ");
        System.err.println("to stderr");
        deep(5);
    }
}
