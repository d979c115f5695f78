// Bit manipulation: Integer/Long bitCount, highest/lowestOneBit, numberOfLeading/
// TrailingZeros, reverse, reverseBytes, rotateLeft/Right, signum, compress-style loops,
// shifts of negative numbers, masks built from shifts, and a checksum over many values
// so that any difference in these intrinsics shows.
public class BitOps {
    static int[] ints = { 0, 1, -1, 2, 3, 0x80000000, 0x7fffffff, 0x12345678, 0xf0f0f0f0, 0x00010000, -128, 1 << 30 };
    static long[] longs = { 0L, 1L, -1L, 0x8000000000000000L, 0x7fffffffffffffffL, 0x123456789abcdef0L,
        0xf0f0f0f0f0f0f0f0L, 1L << 32, -(1L << 40), 0xffffffffL };

    public static void main(String[] args) {
        for (int v : ints) {
            System.out.println(Integer.toHexString(v) + ": bitCount " + Integer.bitCount(v) + ", nlz "
                + Integer.numberOfLeadingZeros(v) + ", ntz " + Integer.numberOfTrailingZeros(v) + ", highest "
                + Integer.toHexString(Integer.highestOneBit(v)) + ", lowest " + Integer.toHexString(Integer.lowestOneBit(v))
                + ", reverse " + Integer.toHexString(Integer.reverse(v)) + ", reverseBytes "
                + Integer.toHexString(Integer.reverseBytes(v)) + ", rotl5 " + Integer.toHexString(Integer.rotateLeft(v, 5))
                + ", rotr37 " + Integer.toHexString(Integer.rotateRight(v, 37)) + ", signum " + Integer.signum(v));
        }
        for (long v : longs) {
            System.out.println(Long.toHexString(v) + ": bitCount " + Long.bitCount(v) + ", nlz "
                + Long.numberOfLeadingZeros(v) + ", ntz " + Long.numberOfTrailingZeros(v) + ", highest "
                + Long.toHexString(Long.highestOneBit(v)) + ", lowest " + Long.toHexString(Long.lowestOneBit(v))
                + ", reverse " + Long.toHexString(Long.reverse(v)) + ", reverseBytes "
                + Long.toHexString(Long.reverseBytes(v)) + ", rotl13 " + Long.toHexString(Long.rotateLeft(v, 13))
                + ", rotr-3 " + Long.toHexString(Long.rotateRight(v, -3)) + ", signum " + Long.signum(v));
        }
        System.out.println("Short.reverseBytes " + Short.reverseBytes((short) 0x1234) + ", Character.reverseBytes "
            + (int) Character.reverseBytes((char) 0xff00) + ", Short.toUnsignedInt " + Short.toUnsignedInt((short) -1)
            + ", Byte.toUnsignedInt " + Byte.toUnsignedInt((byte) -1) + ", Integer.toUnsignedLong " + Integer.toUnsignedLong(-1));

        // Masks and bit fields.
        int packed = 0;
        int[] fields = { 5, 0, 31, 17, 9, 30 };
        for (int i = 0; i < fields.length; i++) packed |= (fields[i] & 0x1f) << (i * 5);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.length; i++) sb.append((packed >>> (i * 5)) & 0x1f).append(' ');
        System.out.println("packed " + Integer.toHexString(packed) + " unpacked " + sb);
        long mask = 0;
        for (int i = 0; i < 64; i += 3) mask |= 1L << i;
        System.out.println("mask " + Long.toHexString(mask) + ", ~mask " + Long.toHexString(~mask) + ", mask >> 60 "
            + (mask >> 60) + ", (int) mask " + (int) mask + ", mask >>> 63 " + (mask >>> 63));
        int x = -17;
        System.out.println("-17 >> 2 = " + (x >> 2) + ", -17 >>> 28 = " + (x >>> 28) + ", -17 / 4 = " + (x / 4)
            + ", -17 & 3 = " + (x & 3) + ", -17 % 4 = " + (x % 4) + ", ~-17 = " + ~x + ", -17 ^ -1 = " + (x ^ -1));

        // Popcount by hand vs the library, and other classic tricks over many values.
        long check = 0;
        int seed = 1;
        for (int i = 0; i < 200000; i++) {
            seed = seed * 1664525 + 1013904223;
            int v = seed;
            int pop = 0;
            for (int w = v; w != 0; w &= w - 1) pop++;
            if (pop != Integer.bitCount(v)) check += 1000000;
            long lv = ((long) v << 32) ^ (v * 0x9E3779B97F4A7C15L);
            check += Integer.numberOfTrailingZeros(v) + Long.numberOfLeadingZeros(lv) + Integer.reverse(v)
                + Long.bitCount(lv) + Long.rotateLeft(lv, v & 63) + (v & -v) + Integer.highestOneBit(v >>> 3);
            boolean isPow2 = v > 0 && (v & (v - 1)) == 0;
            if (isPow2) check ^= v;
        }
        System.out.println("checksum " + check);
        System.out.println("Integer.compress-like: " + Integer.toBinaryString(gather(0b1011_0110, 0b1111_0000)));
    }

    static int gather(int value, int mask) {
        int result = 0, bit = 0;
        for (int i = 0; i < 32; i++) {
            if ((mask & (1 << i)) != 0) {
                if ((value & (1 << i)) != 0) result |= 1 << bit;
                bit++;
            }
        }
        return result;
    }
}
