// The Java side of agent/HeapWalk: a known object graph the agent walks with
// FollowReferences, IterateThroughHeap and the JVMTI 1.0 heap functions.
public class HeapWalk {
    static class Node {
        Node next;
        Object payload;
        int value;
        long big;
        Node(int v) { value = v; big = 1000L * v; }
    }
    static class SubNode extends Node {
        SubNode(int v) { super(v); }
    }

    static Node root;
    static int counter = 42;

    static native void walk(Node graph, Object[] array, Class<?> node, Class<?> sub);

    public static void main(String[] args) {
        Node n1 = new Node(1), n2 = new Node(2), n3 = new SubNode(3);
        n1.next = n2;
        n2.next = n3;
        n3.next = n1;
        n2.payload = new int[] { 1, 2, 3 };
        n3.payload = "hello";
        Object[] array = { n1, null, n3, new char[] { 'x', 'y' } };
        root = n1;
        walk(n1, array, Node.class, SubNode.class);
        System.out.println("main: " + (n1.value + n2.value + n3.value) + " " + array.length);
    }
}
