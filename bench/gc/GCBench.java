// GCBench: a GCBench-style collector kernel (after the classic benchmark's shape, written
// here): a stretch tree, then a long-lived tree and a long-lived array of doubles that stay
// reachable for the whole run, while complete binary trees of depths 4, 6, ... MAX are
// built many times over, top-down (allocate the node, then fill its children) and
// bottom-up (children first), and dropped.  Top-down building stores young objects into
// older ones, which exercises the write barriers of the generational and
// reference-counting collectors; bottom-up building does not.  Prints a checksum.
// args[0], if present, scales the number of trees (e.g. 0.1 or 2).
public final class GCBench {
    static final class Node {
        Node left, right;
        int i, j;

        Node(Node left, Node right) {
            this.left = left;
            this.right = right;
        }

        Node() {}
    }

    static final int LONG_LIVED_DEPTH = 14;
    static final int ARRAY_SIZE = 200_000;
    static final int MIN_DEPTH = 4;
    static final int MAX_DEPTH = 14;

    static int nodes(int depth) { return (1 << (depth + 1)) - 1; }

    static void populate(int depth, Node n) {
        if (depth <= 0) return;
        n.left = new Node();
        n.right = new Node();
        populate(depth - 1, n.left);
        populate(depth - 1, n.right);
    }

    static Node bottomUp(int depth) {
        return depth <= 0 ? new Node() : new Node(bottomUp(depth - 1), bottomUp(depth - 1));
    }

    static int count(Node n) { return n == null ? 0 : 1 + count(n.left) + count(n.right); }

    public static void main(String[] args) {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        long check = count(bottomUp(MAX_DEPTH + 1));
        Node longLived = new Node();
        populate(LONG_LIVED_DEPTH, longLived);
        double[] array = new double[ARRAY_SIZE];
        for (int i = 0; i < ARRAY_SIZE / 2; i++) array[i] = 1.0 / (i + 1);
        for (int d = MIN_DEPTH; d <= MAX_DEPTH; d += 2) {
            int iterations = (int) Math.max(1, Math.round(scale * 2 * nodes(MAX_DEPTH) / nodes(d)));
            for (int i = 0; i < iterations; i++) {
                Node top = new Node();
                populate(d, top);
                check += count(top);
                check += count(bottomUp(d));
            }
        }
        check += count(longLived) + (long) (array[1000] * 1e6);
        System.out.println("GCBench checksum " + check);
    }
}
