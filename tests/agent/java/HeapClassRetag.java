// The Java side of agent/HeapClassRetag: an array of Nodes, each linked to the next, that
// the agent walks from with FollowReferences while its callback tags the Node class.
public class HeapClassRetag {
    static class Node {
        Node next;
    }

    static final int COUNT = 100;

    static native void walk(Node[] nodes, Class<?> node);

    public static void main(String[] args) {
        Node[] nodes = new Node[COUNT];
        for (int i = COUNT - 1; i >= 0; i--) {
            nodes[i] = new Node();
            nodes[i].next = i + 1 < COUNT ? nodes[i + 1] : null;
        }
        walk(nodes, Node.class);
        int n = 0;
        for (Node x = nodes[0]; x != null; x = x.next) n++;
        System.out.println("main: " + n);
    }
}
