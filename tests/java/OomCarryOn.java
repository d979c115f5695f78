// vm-options: -Xmx32m
// gcstress-args: 1 big
// A program that fills the heap with small objects, catches the OutOfMemoryError and
// carries on, as servers do, several times over: a linked list of small nodes, a list of
// small arrays, a growing StringBuilder and a HashMap.  The handler's catch type must
// still resolve with the heap full: for classes of the application's loader, resolving
// it then would call the loader's Java code (HotSpot resolves it when it verifies the
// class, before any of its code runs).
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

public class OomCarryOn {
    static final class Node {
        Node next;
        int value;
        long[] payload;
    }

    /* big: each node carries 4 KB (under GC stress a collection comes every few
     * allocations, and 32 MB of 24-byte nodes would take a million of them) */
    static String nodes(boolean big) {
        Node head = null;
        try {
            while (true) {
                Node n = new Node();
                if (big) n.payload = new long[512];
                n.next = head;
                head = n;
            }
        } catch (OutOfMemoryError e) {
            head = null;
            return "nodes: " + e.getMessage();
        }
    }

    static String arrays() {
        List<Object> l = new ArrayList<>();
        try {
            while (true) l.add(new Object[4]);
        } catch (OutOfMemoryError e) {
            int n = l.size();
            l = null;
            return "arrays: more than 1000 " + (n > 1000);
        }
    }

    static String builder() {
        StringBuilder sb = new StringBuilder();
        try {
            while (true) sb.append("0123456789");
        } catch (OutOfMemoryError e) {
            sb = null;
            return "builder: " + e.getMessage();
        }
    }

    static String map() {
        HashMap<Integer, String> m = new HashMap<>();
        try {
            for (int i = 0;; i++) m.put(i, "v" + i);
        } catch (OutOfMemoryError e) {
            m = null;
            return "map: caught";
        }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        boolean nodesOnly = args.length > 1;       // a lighter run: GC stress
        boolean big = nodesOnly && args[1].equals("big");
        for (int r = 0; r < rounds; r++) {
            if (nodesOnly) {
                System.out.println("round " + r + ": " + nodes(big));
                continue;
            }
            String a = nodes(false), b = arrays(), c = builder(), d = map();
            System.out.println("round " + r + ": " + a + "; " + b + "; " + c + "; " + d);
        }
        System.out.println("carried on");
    }
}
