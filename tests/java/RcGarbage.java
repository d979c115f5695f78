// Garbage for the reference-counting collector (tool/refcount): "acyclic" builds and drops
// linked lists, trees and arrays of arrays (about 200 MB in all, little of it live at any
// time, never a cycle); "cycle" builds rings and doubly linked lists, drops them and
// calls System.gc().  The output is a checksum of what was built, the same on any VM.
public class RcGarbage {
    static final class Node {
        Node next, prev;
        Object payload;
        int value;
    }

    static Node list(int n, boolean cyclic) {
        Node head = new Node(), last = head;
        for (int i = 1; i < n; i++) {
            Node x = new Node();
            x.value = i;
            x.prev = cyclic ? last : null;
            last.next = x;
            last = x;
        }
        if (cyclic) last.next = head;
        return head;
    }

    static Node tree(int depth) {
        Node n = new Node();
        n.value = depth;
        if (depth > 0) {
            n.next = tree(depth - 1);
            n.prev = tree(depth - 1);
        }
        return n;
    }

    static long sum(Node n, int max) {
        long s = 0;
        for (int i = 0; n != null && i < max; i++, n = n.next) s += n.value;
        return s;
    }

    public static void main(String[] args) {
        boolean cycle = args.length > 0 && args[0].equals("cycle");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        long check = 0;
        Node keep = null;
        for (int r = 0; r < rounds; r++) {
            Node l = list(2000, cycle);
            check += sum(l, 2000);
            if (!cycle) {
                Node t = tree(10);
                check += t.value;
                Object[][] aa = new Object[50][];
                for (int i = 0; i < aa.length; i++) aa[i] = new Object[] { new int[i], "s" + i };
                check += aa.length;
            }
            if (r % 100 == 0) keep = l;     // a few survive a while
        }
        if (cycle) System.gc();
        System.out.println((cycle ? "cycle" : "acyclic") + " checksum " + check + " kept " + sum(keep, 3));
    }
}
