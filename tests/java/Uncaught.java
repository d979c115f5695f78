// An exception escaping main: the VM prints it with its cause chain ("Caused by:",
// "... N more") and suppressed exceptions on stderr through the uncaught-exception
// handler, and the exit status is 1.  The output printed before must be flushed.
public class Uncaught {
    static class Failure extends RuntimeException {
        Failure(String m, Throwable cause) { super(m, cause); }
    }

    static void parse(String s) {
        try {
            Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad input '" + s + "'", e);
        }
    }

    static void process() {
        try {
            parse("12x");
        } catch (IllegalArgumentException e) {
            Failure f = new Failure("processing failed", e);
            f.addSuppressed(new IllegalStateException("cleanup also failed"));
            throw f;
        }
    }

    public static void main(String[] args) {
        System.out.println("before the failure");
        System.err.println("stderr before the failure");
        process();
        System.out.println("not reached");
    }
}
