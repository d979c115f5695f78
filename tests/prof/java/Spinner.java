// A program to attach to: prints "ready", computes in hot() for at most the given number
// of seconds (default 8), or until the file named by the second argument exists, then
// prints "finished" and a result that does not depend on time.
public class Spinner {
    static long hot(long x) {
        for (int i = 0; i < 100000; i++)
            x = x * 6364136223846793005L + 1442695040888963407L;
        return x;
    }

    public static void main(String[] args) {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 8;
        System.out.println("ready");
        System.out.flush();
        java.io.File stop = args.length > 1 ? new java.io.File(args[1]) : null;
        long end = System.nanoTime() + seconds * 1_000_000_000L, x = 1;
        for (int i = 0; System.nanoTime() < end; i++) {
            x = hot(x);
            if (stop != null && (i & 255) == 0 && stop.exists())
                break;
        }
        System.out.println("finished " + (x == 42 ? "?" : "ok"));
    }
}
