// Objects larger than half the initial heap, with default heap options: the heap grows to
// fit any object that fits under -Xmx, under every collector (a 16 MB array used to throw
// OutOfMemoryError with a 32 MB initial heap).  HugeArray does the same for 2 GB.
public class LargeArray {
    public static void main(String[] args) {
        byte[] a = new byte[16 << 20];
        a[a.length - 1] = 7;
        System.out.println("16 MB: " + a.length + " " + a[a.length - 1] + " " + a[0]);
        long[] b = new long[8 << 20];
        b[b.length - 1] = 9;
        System.out.println("64 MB: " + b.length + " " + b[b.length - 1] + " " + (a[a.length - 1] + b[0]));
        long sum = 0;
        for (int i = 0; i < 8; i++) {
            int[] c = new int[(6 + i) << 20];
            c[c.length - 1] = i;
            sum += c.length + c[c.length - 1];
        }
        System.out.println("in turn: " + sum);
    }
}
