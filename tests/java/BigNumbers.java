// java.math: BigInteger arithmetic far beyond a long (factorials, powers, gcd, modPow and
// modInverse, square roots, primality with a fixed certainty, bit operations, radix
// conversions, byte arrays), and BigDecimal with MathContext and every RoundingMode,
// scales, exact division and its ArithmeticException, stripTrailingZeros, toString vs
// toPlainString vs toEngineeringString, and the errors of both classes.
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Arrays;

public class BigNumbers {
    static void attempt(String what, java.util.concurrent.Callable<Object> c) {
        try {
            System.out.println(what + " = " + c.call());
        } catch (Exception e) {
            System.out.println(what + " -> " + e);
        }
    }

    public static void main(String[] args) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= 100; i++) f = f.multiply(BigInteger.valueOf(i));
        System.out.println("100! = " + f);
        System.out.println("bits " + f.bitLength() + " lowest set " + f.getLowestSetBit() + " bitCount " + f.bitCount()
                           + " signum " + f.negate().signum());
        BigInteger m = BigInteger.TWO.pow(127).subtract(BigInteger.ONE);
        System.out.println("2^127-1 prime: " + m.isProbablePrime(50) + ", 2^128+1 prime: "
                           + BigInteger.TWO.pow(128).add(BigInteger.ONE).isProbablePrime(50));
        System.out.println("sqrt(100!) = " + f.sqrt() + " remainder " + f.subtract(f.sqrt().pow(2)));
        BigInteger a = new BigInteger("123456789012345678901234567890123456789");
        BigInteger b = new BigInteger("-987654321098765432109876543210");
        System.out.println(a.add(b) + " " + a.subtract(b) + " " + a.multiply(b));
        BigInteger[] qr = a.divideAndRemainder(b);
        System.out.println(qr[0] + " " + qr[1] + " mod " + a.mod(b.abs()) + " gcd " + a.gcd(b));
        System.out.println(a.modPow(BigInteger.valueOf(65537), m) + " inverse " + a.modInverse(m));
        System.out.println(a.toString(16) + " " + a.toString(36) + " " + new BigInteger("-zz", 36) + " " + a.shiftLeft(100).shiftRight(37));
        System.out.println(a.and(b) + " " + a.or(b) + " " + a.xor(b) + " " + a.not() + " " + a.andNot(b) + " " + b.testBit(5)
                           + " " + a.setBit(200).clearBit(0).flipBit(3));
        System.out.println(Arrays.toString(BigInteger.valueOf(-129).toByteArray()) + " "
                           + new BigInteger(new byte[] { (byte) 0xff, 0x00, 0x01 }) + " " + new BigInteger(1, new byte[] { (byte) 0xff })
                           + " " + a.longValue() + " " + a.doubleValue() + " " + b.intValue());
        System.out.println(BigInteger.valueOf(3).pow(1000).mod(BigInteger.valueOf(1000000007)) + " "
                           + new BigInteger(200, new java.util.Random(42)) + " " + BigInteger.probablePrime(64, new java.util.Random(7)));
        attempt("divide by zero", () -> a.divide(BigInteger.ZERO));
        attempt("negative exponent", () -> a.pow(-1));
        attempt("no inverse", () -> BigInteger.valueOf(4).modInverse(BigInteger.valueOf(8)));
        attempt("bad digit", () -> new BigInteger("12a3"));
        attempt("sqrt of negative", () -> BigInteger.valueOf(-4).sqrt());
        attempt("longValueExact", () -> a.longValueExact());

        BigDecimal third = BigDecimal.ONE.divide(BigDecimal.valueOf(3), new MathContext(40));
        System.out.println(third + " scale " + third.scale() + " precision " + third.precision());
        System.out.println(new BigDecimal(0.1) + " vs " + BigDecimal.valueOf(0.1) + " vs " + new BigDecimal("0.1"));
        BigDecimal x = new BigDecimal("-2.5");
        for (RoundingMode rm : RoundingMode.values()) {
            if (rm == RoundingMode.UNNECESSARY) continue;
            System.out.print(rm + ":" + x.setScale(0, rm) + "/" + new BigDecimal("1.15").setScale(1, rm) + " ");
        }
        System.out.println();
        BigDecimal big = new BigDecimal("123456789.123456789e20");
        System.out.println(big + " " + big.toPlainString() + " " + big.toEngineeringString() + " "
                           + new BigDecimal("1200.00").stripTrailingZeros() + " " + new BigDecimal("1E+3").toPlainString());
        System.out.println(BigDecimal.valueOf(2).sqrt(MathContext.DECIMAL128) + " " + new BigDecimal("1.5").pow(20) + " "
                           + new BigDecimal("10").divide(new BigDecimal("4")) + " "
                           + new BigDecimal("7").divideToIntegralValue(new BigDecimal("2.5")) + " "
                           + new BigDecimal("7").remainder(new BigDecimal("2.5")));
        System.out.println(new BigDecimal("1.0").equals(new BigDecimal("1.00")) + " "
                           + new BigDecimal("1.0").compareTo(new BigDecimal("1.00")) + " "
                           + new BigDecimal("3.14159").round(new MathContext(3)) + " " + new BigDecimal("-0.000123").unscaledValue()
                           + " " + new BigDecimal("9.99").movePointRight(5) + " " + new BigDecimal("123.456").doubleValue());
        attempt("non-terminating", () -> BigDecimal.ONE.divide(BigDecimal.valueOf(3)));
        attempt("unnecessary rounding", () -> new BigDecimal("1.25").setScale(1, RoundingMode.UNNECESSARY));
        attempt("bad number", () -> new BigDecimal("1.2.3"));
        attempt("intValueExact", () -> new BigDecimal("1.5").intValueExact());
        attempt("sqrt of negative", () -> BigDecimal.valueOf(-2).sqrt(MathContext.DECIMAL64));
        attempt("divide by zero", () -> BigDecimal.ONE.divide(BigDecimal.ZERO));
    }
}
