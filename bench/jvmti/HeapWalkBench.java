// HeapWalkBench: the program bench/jvmti-heap.sh walks.  It holds 1,000,000 objects of a
// known shape in one static field: an array of 500,000 Nodes, each Node linked to the
// next and holding a Leaf of its own.  Then it collects, and asks the agent
// (bench/jvmti/heapwalk.c, whose native method this is) to time IterateThroughHeap and
// FollowReferences over the heap, `reps` times each.
public final class HeapWalkBench {
    static final class Node {
        Node next;
        Leaf leaf;
        int id;
    }

    static final class Leaf {
        long value;

        Leaf(long value) {
            this.value = value;
        }
    }

    static final int NODES = 500_000;
    static Node[] nodes;

    static native void walk(Class<?> node, Class<?> leaf, int reps);

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        nodes = new Node[NODES];
        for (int i = NODES - 1; i >= 0; i--) {
            Node n = new Node();
            n.id = i;
            n.leaf = new Leaf(i * 3L);
            n.next = i + 1 < NODES ? nodes[i + 1] : null;
            nodes[i] = n;
        }
        System.gc();
        walk(Node.class, Leaf.class, reps);
        long sum = 0;
        for (Node n = nodes[0]; n != null; n = n.next) sum += n.leaf.value + n.id;
        System.out.println("HeapWalkBench " + sum);
    }
}
