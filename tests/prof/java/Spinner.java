// A program to attach to: prints "ready", computes in hot() for the given number of
// seconds (default 8), then prints "finished" and a result that does not depend on time.
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
        long end = System.nanoTime() + seconds * 1_000_000_000L, x = 1;
        while (System.nanoTime() < end)
            x = hot(x);
        System.out.println("finished " + (x == 42 ? "?" : "ok"));
    }
}
