// vm-options: -Xmx32m
// OutOfMemoryError under a 32 MB heap: filling the heap with 1 MB arrays and with small
// objects until allocation fails, catching the error, releasing everything and carrying
// on (the heap is usable again); a single array bigger than the heap; arrays larger than
// any VM allows; an OutOfMemoryError in another thread; and finally a live set that fits.
import java.util.ArrayList;

public class OutOfMemory {
    static final class Small {
        Small next;
        long a, b;
        Small(Small next) { this.next = next; }
    }

    static String tryArray(int kind) {
        try {
            Object o;
            switch (kind) {
                case 0: o = new byte[64 << 20]; break;                  // twice the heap
                case 1: o = new long[Integer.MAX_VALUE]; break;          // beyond any VM limit
                case 2: o = new int[Integer.MAX_VALUE]; break;
                case 3: o = new Object[Integer.MAX_VALUE - 1]; break;
                case 4: o = new byte[Integer.MAX_VALUE]; break;
                default: o = new int[512][1 << 20]; break;               // 2 GB in rows
            }
            return "allocated " + (o != null);
        } catch (OutOfMemoryError e) {
            return "OutOfMemoryError: " + e.getMessage();
        }
    }

    public static void main(String[] args) throws Exception {
        // Big arrays until the heap is full.
        ArrayList<byte[]> chunks = new ArrayList<byte[]>();
        String result;
        try {
            while (true) chunks.add(new byte[1 << 20]);
        } catch (OutOfMemoryError e) {
            int n = chunks.size();
            chunks = null;                       // release before doing anything else
            result = "caught OutOfMemoryError (" + e.getMessage() + ") after between 1 and 32 chunks: " + (n >= 1 && n <= 32);
        }
        System.out.println(result);
        System.out.println("recovered");

        // Small objects until the heap is full.
        Small head = null;
        long count = 0;
        try {
            while (true) {
                head = new Small(head);
                count++;
            }
        } catch (OutOfMemoryError e) {
            head = null;
            result = "caught OutOfMemoryError (" + e.getMessage() + ") after more than 100000 small objects: " + (count > 100000);
        }
        System.out.println(result);

        // The heap is usable again: build and check an 8 MB structure.
        byte[][] again = new byte[32][];
        for (int i = 0; i < again.length; i++) {
            again[i] = new byte[1 << 18];
            again[i][i] = (byte) i;
        }
        int sum = 0;
        for (int i = 0; i < again.length; i++) sum += again[i][i];
        System.out.println("recovered: allocated 8 MB again, sum " + sum);
        again = null;

        for (int kind = 0; kind <= 5; kind++) System.out.println("array kind " + kind + ": " + tryArray(kind));

        // OutOfMemoryError in another thread, caught there.
        final String[] inThread = new String[1];
        Thread t = new Thread("hog") {
            @Override public void run() {
                ArrayList<long[]> hog = new ArrayList<long[]>();
                try {
                    while (true) hog.add(new long[1 << 16]);
                } catch (OutOfMemoryError e) {
                    hog = null;
                    inThread[0] = "thread caught OutOfMemoryError: " + e.getMessage();
                }
            }
        };
        t.start();
        t.join();
        System.out.println(inThread[0]);

        // A live set that fits comfortably (8 MB in 256 KB arrays), allocated many times over.
        long check = 0;
        for (int round = 0; round < 20; round++) {
            int[][] live = new int[32][1 << 16];
            for (int i = 0; i < live.length; i++) live[i][live[i].length - 1] = round + i;
            for (int i = 0; i < live.length; i++) check += live[i][live[i].length - 1];
        }
        System.out.println("20 rounds of an 8 MB live set: checksum " + check);
        System.out.println("done");
    }
}
