// A 2 GB array with -Xmx3g: the heap grows to fit any object under -Xmx, whatever the
// initial heap and the collector (semispace, mark-sweep, mark-compact).
// vm-options: -Xmx3g
public class HugeArray {
    public static void main(String[] args) {
        long[] a = new long[1 << 28];
        a[0] = 1;
        a[a.length - 1] = 2;
        System.out.println(a.length + " longs: " + (a[0] + a[a.length - 1] + a[a.length / 2]));
    }
}
