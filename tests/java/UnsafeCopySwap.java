// vm-options: --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
// Unsafe.copySwapMemory with every element size, between arrays and off-heap memory, and
// with source and destination overlapping in both directions (the copy must behave as if
// through a temporary buffer, as memmove does, element by element).
import jdk.internal.misc.Unsafe;

public class UnsafeCopySwap {
    static final Unsafe U = Unsafe.getUnsafe();
    static final long BASE = Unsafe.ARRAY_BYTE_BASE_OFFSET;

    public static void main(String[] args) {
        for (int size : new int[] { 2, 4, 8 }) {
            for (int shift : new int[] { -2, -1, 0, 1, 2, 3 }) overlapInArray(size, shift);
            offHeap(size);
        }
        typedArrays();
    }

    static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i + 1);
        return b;
    }

    /** The expected result: the source elements swapped into a fresh buffer, then copied. */
    static byte[] expected(byte[] b, int src, int dst, int bytes, int size) {
        byte[] tmp = new byte[bytes];
        for (int e = 0; e < bytes; e += size)
            for (int i = 0; i < size; i++) tmp[e + i] = b[src + e + size - 1 - i];
        byte[] r = b.clone();
        System.arraycopy(tmp, 0, r, dst, bytes);
        return r;
    }

    static void overlapInArray(int size, int shiftElems) {
        int bytes = 6 * size, src = 3 * size, dst = src + shiftElems * size + (shiftElems == 3 ? 1 : 0);
        byte[] b = pattern(16 * size);
        byte[] want = expected(b, src, dst, bytes, size);
        U.copySwapMemory(b, BASE + src, b, BASE + dst, bytes, size);
        System.out.println("size " + size + " shift " + shiftElems + ": "
                + (java.util.Arrays.equals(b, want) ? "ok" : "WRONG " + java.util.Arrays.toString(b)));
    }

    static void offHeap(int size) {
        int bytes = 8 * size;
        long mem = U.allocateMemory(3 * bytes);
        byte[] b = pattern(3 * bytes);
        for (int i = 0; i < b.length; i++) U.putByte(mem + i, b[i]);
        int src = bytes, dst = bytes + size;
        byte[] want = expected(b, src, dst, bytes, size);
        U.copySwapMemory(null, mem + src, null, mem + dst, bytes, size);
        byte[] got = new byte[b.length];
        for (int i = 0; i < got.length; i++) got[i] = U.getByte(mem + i);
        dst = bytes - size;
        byte[] want2 = expected(got, src, dst, bytes, size);
        U.copySwapMemory(null, mem + src, null, mem + dst, bytes, size);
        byte[] got2 = new byte[b.length];
        for (int i = 0; i < got2.length; i++) got2[i] = U.getByte(mem + i);
        U.freeMemory(mem);
        System.out.println("off-heap size " + size + ": " + java.util.Arrays.equals(got, want) + " "
                + java.util.Arrays.equals(got2, want2));
    }

    static void typedArrays() {
        int[] ints = { 0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10, 0x11121314 };
        U.copySwapMemory(ints, Unsafe.ARRAY_INT_BASE_OFFSET, ints, Unsafe.ARRAY_INT_BASE_OFFSET + 4, 16, 4);
        StringBuilder sb = new StringBuilder();
        for (int v : ints) sb.append(Integer.toHexString(v)).append(' ');
        System.out.println("ints shifted up: " + sb);
        long[] longs = { 1L, 2L, 3L, 4L };
        U.copySwapMemory(longs, Unsafe.ARRAY_LONG_BASE_OFFSET + 8, longs, Unsafe.ARRAY_LONG_BASE_OFFSET, 24, 8);
        sb.setLength(0);
        for (long v : longs) sb.append(Long.toHexString(v)).append(' ');
        System.out.println("longs shifted down: " + sb);
        char[] chars = "abcdef".toCharArray();
        char[] out = new char[6];
        U.copySwapMemory(chars, Unsafe.ARRAY_CHAR_BASE_OFFSET, out, Unsafe.ARRAY_CHAR_BASE_OFFSET, 12, 2);
        sb.setLength(0);
        for (char c : out) sb.append(Integer.toHexString(c)).append(' ');
        System.out.println("chars to another array: " + sb);
    }
}
