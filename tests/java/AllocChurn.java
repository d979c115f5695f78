// vm-options: -Xmx32m
// gcstress-args: 4000
// Allocation churn under a 32 MB heap: about 1 GB allocated in total in short-lived
// objects, small and large arrays and strings, while a live set of a few MB (a
// permanent tree, a ring of recently allocated structures, a map of strings, old
// objects pointing to young ones) is kept and verified by checksums.  Many collections
// must happen; any lost or corrupted object changes the output.
import java.util.HashMap;

public class AllocChurn {
    static final class Node {
        final int value;
        Node left, right;
        Node(int value, Node left, Node right) { this.value = value; this.left = left; this.right = right; }
    }

    static final class Holder {   // an old object whose fields keep being pointed at young ones
        Object ref;
        long stamp;
    }

    static int seed = 12345;
    static int next() {
        seed = seed * 1103515245 + 12345;
        return (seed >>> 1) & 0x3fffffff;
    }

    static Node tree(int depth, int base) {
        if (depth == 0) return null;
        return new Node(base, tree(depth - 1, base * 2 + 1), tree(depth - 1, base * 2 + 2));
    }

    static long checksum(Node n) {
        long s = 0;
        while (n != null) {           // iterate on the right spine, recurse on the left
            s = s * 31 + n.value + checksum(n.left);
            n = n.right;
        }
        return s;
    }

    static int count(Node n) { return n == null ? 0 : 1 + count(n.left) + count(n.right); }

    public static void main(String[] args) {
        Node permanent = tree(16, 1);                 // 65535 nodes, about 2 MB
        long permanentSum = checksum(permanent);
        System.out.println("permanent tree: " + count(permanent) + " nodes");

        final int ringSize = 1024;
        Node[] ringTrees = new Node[ringSize];
        byte[][] ringArrays = new byte[ringSize][];
        Holder[] holders = new Holder[256];
        for (int i = 0; i < holders.length; i++) holders[i] = new Holder();
        HashMap<Integer, String> strings = new HashMap<Integer, String>();

        long allocated = 0, verify = 0;
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 400000;
        for (int it = 0; it < iterations; it++) {
            int r = next();
            int slot = r % ringSize;
            Node old = ringTrees[slot];
            byte[] oldArray = ringArrays[slot];
            if (old != null) {
                // The structure stored ringSize iterations ago must be intact.
                verify = verify * 17 + checksum(old) + oldArray.length + oldArray[0] + oldArray[oldArray.length - 1];
            }
            ringTrees[slot] = tree(4, it & 0xff);   // 15 nodes
            int len = 16 + r % 2048;
            byte[] a = new byte[len];
            a[0] = (byte) it;
            a[len - 1] = (byte) (it >> 8);
            ringArrays[slot] = a;
            allocated += 15 * 32 + len + 16;

            Holder h = holders[it & 255];
            if (h.ref instanceof int[]) verify += ((int[]) h.ref)[0] + h.stamp;
            h.ref = new int[] { it, it + 1 };
            h.stamp = it;
            allocated += 24;

            if ((it & 63) == 0) {
                StringBuilder sb = new StringBuilder();
                for (int k = 0; k < 8; k++) sb.append(k).append(':').append(r % (k + 7)).append(';');
                String s = sb.toString();
                String prev = strings.put((r >>> 8) % 5000, s);
                if (prev != null) verify += prev.hashCode();
                allocated += 200;
            }
            if ((it & 1023) == 0) {
                int[] big = new int[256 * 1024 + (r & 1023)];   // 1 MB, dropped at once
                big[big.length - 1] = it;
                verify += big[big.length - 1] + big[1000];
                allocated += big.length * 4L;
            }
            if ((it & 8191) == 0) {
                long[][] matrix = new long[64][512];            // 256 KB in 65 objects
                matrix[63][511] = it;
                verify += matrix[63][511];
                allocated += 64 * 512 * 8;
            }
            if ((it & 32767) == 0) {
                Object[] cyc = new Object[2];                  // a cycle that becomes garbage
                Object[] other = { cyc };
                cyc[0] = other;
                cyc[1] = cyc;
                verify += cyc.length + other.length;
            }
        }
        System.out.println("allocated at least " + (allocated >> 20) + " MB");
        System.out.println("verification checksum " + verify);
        long ringSum = 0;
        for (int i = 0; i < ringSize; i++) {
            ringSum = ringSum * 7 + (ringTrees[i] == null ? -1 : checksum(ringTrees[i]))
                + (ringArrays[i] == null ? 0 : ringArrays[i].length);
        }
        System.out.println("ring checksum " + ringSum);
        long stringSum = 0;
        for (int k = 0; k < 5000; k++) {
            String s = strings.get(k);
            if (s != null) stringSum = stringSum * 3 + s.hashCode();
        }
        System.out.println("strings: " + strings.size() + ", checksum " + stringSum);
        System.out.println("permanent tree intact: " + (checksum(permanent) == permanentSum) + ", nodes " + count(permanent));
    }
}
