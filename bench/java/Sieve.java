// Sieve: loops over arrays. The sieve of Eratosthenes over a boolean[] and, in a second
// pass, a bit set packed in an int[] (shifts and masks); both counts must agree.
public final class Sieve {
    static int sieveBool(boolean[] composite) {
        int n = composite.length;
        for (int i = 0; i < n; i++) {
            composite[i] = false;
        }
        int count = 0;
        for (int i = 2; i < n; i++) {
            if (!composite[i]) {
                count++;
                for (long j = (long) i * i; j < n; j += i) {
                    composite[(int) j] = true;
                }
            }
        }
        return count;
    }

    static int sieveBits(int[] bits, int n) {
        for (int i = 0; i < bits.length; i++) {
            bits[i] = 0;
        }
        int count = 0;
        for (int i = 2; i < n; i++) {
            if ((bits[i >>> 5] & (1 << (i & 31))) == 0) {
                count++;
                for (long j = (long) i * i; j < n; j += i) {
                    int k = (int) j;
                    bits[k >>> 5] |= 1 << (k & 31);
                }
            }
        }
        return count;
    }

    public static void main(String[] args) {
        int reps = reps(args, 10);
        int n = 1 << 20;
        boolean[] composite = new boolean[n];
        int[] bits = new int[(n + 31) >>> 5];
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            int a = sieveBool(composite);
            int b = sieveBits(bits, n - r);
            if (a != sieveBits(bits, n) || b > a) {
                throw new AssertionError("sieve mismatch");
            }
            sum = sum * 31 + a + b;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Sieve ").append(sum);
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
