// ParallelAlloc: allocation from several threads at once. Four threads each build and
// walk short-lived binary trees and byte arrays while a long-lived structure per thread
// survives every collection, so collections stop threads that are busy allocating.
// Checksum: the combined tree checks and array sums, which do not depend on scheduling.
public final class ParallelAlloc {
    static final class Node {
        final Node left;
        final Node right;

        Node(Node left, Node right) {
            this.left = left;
            this.right = right;
        }

        int check() {
            return left == null ? 1 : 1 + left.check() + right.check();
        }
    }

    static Node build(int depth) {
        return depth == 0 ? new Node(null, null) : new Node(build(depth - 1), build(depth - 1));
    }

    static final class Worker extends Thread {
        final int seed;
        final int rounds;
        long result;

        Worker(int seed, int rounds) {
            this.seed = seed;
            this.rounds = rounds;
        }

        @Override
        public void run() {
            Node keep = build(12);
            long sum = 0;
            for (int r = 0; r < rounds; r++) {
                sum += build(10).check();
                byte[] b = new byte[256 + (r + seed) % 512];
                for (int i = 0; i < b.length; i += 16) {
                    b[i] = (byte) (i + seed);
                }
                for (int i = 0; i < b.length; i += 16) {
                    sum += b[i];
                }
            }
            result = sum + keep.check();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int reps = reps(args, 2);
        long total = 0;
        for (int r = 0; r < reps; r++) {
            Worker[] ws = new Worker[4];
            for (int i = 0; i < ws.length; i++) {
                ws[i] = new Worker(i, 300);
                ws[i].start();
            }
            for (Worker w : ws) {
                w.join();
                total = total * 31 + w.result;
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("ParallelAlloc ").append(total);
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
