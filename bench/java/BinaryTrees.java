// BinaryTrees: allocation. Builds complete binary trees of small objects (two reference
// fields each) bottom-up, walks them and drops them: a stretch tree, one long-lived tree
// that survives the whole run, and many short-lived trees of depths 4..16. Stresses the
// allocator and the garbage collector (mostly young garbage, one old structure).
public final class BinaryTrees {
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
        if (depth == 0) {
            return new Node(null, null);
        }
        return new Node(build(depth - 1), build(depth - 1));
    }

    public static void main(String[] args) {
        int reps = reps(args, 2);
        int minDepth = 4;
        int maxDepth = 16;
        long sum = build(maxDepth + 1).check();
        Node longLived = build(maxDepth);
        for (int r = 0; r < reps; r++) {
            for (int depth = minDepth; depth <= maxDepth; depth += 2) {
                // About 2^19 nodes per depth: 3.7 million nodes per repetition.
                int iterations = 1 << (maxDepth - depth + minDepth - 2);
                long check = 0;
                for (int i = 0; i < iterations; i++) {
                    check += build(depth).check();
                }
                sum = sum * 31 + check;
            }
        }
        sum += longLived.check();
        StringBuilder sb = new StringBuilder();
        sb.append("BinaryTrees ").append(sum);
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
