// Fib: pure recursion. Naive recursive Fibonacci: static calls, int arithmetic, a
// compare-and-branch per call; no objects, no arrays.
public final class Fib {
    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    public static void main(String[] args) {
        int reps = reps(args, 8);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum += fib(30 + (r & 1));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Fib ").append(sum);
        System.out.println(sb.toString());
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
