// switch statements: dense (tableswitch) and sparse (lookupswitch) int switches,
// negative and extreme case values, fall-through, default in the middle, switches on
// char, byte, short, on strings (hashCode lookupswitch + equals, including colliding
// hash codes) and on enums (through the synthetic $SwitchMap class), and arrow-form
// switch expressions with yield.
public class Switches {
    enum Color { RED, GREEN, BLUE, ALPHA }

    static String dense(int x) {
        switch (x) {
            case -2: return "minus two";
            case -1: return "minus one";
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3: return "three";
            case 5: return "five";      // a gap at 4
            default: return "dense default";
        }
    }

    static String sparse(int x) {
        switch (x) {
            case Integer.MIN_VALUE: return "MIN";
            case -1000000: return "minus a million";
            case -7: return "minus seven";
            case 10: return "ten";
            case 1000: return "thousand";
            case 65536: return "2^16";
            case Integer.MAX_VALUE: return "MAX";
            default: return "sparse default";
        }
    }

    static String fallThrough(int x) {
        StringBuilder sb = new StringBuilder();
        switch (x) {
            case 1:
                sb.append("one ");
            case 2:
                sb.append("two ");
                break;
            default:
                sb.append("default ");
            case 3:
                sb.append("three ");
            case 4:
                sb.append("four ");
        }
        return sb.toString().trim();
    }

    static int charClass(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
            case ' ': return 2;
            case '\u00e9': return 3;
            case '\uffff': return 4;
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9': return 5;
            default: return 0;
        }
    }

    static String onByte(byte b) {
        switch (b) {
            case -128: return "byte min";
            case 127: return "byte max";
            case 0: return "byte zero";
            default: return "byte " + b;
        }
    }

    static String onShort(short s) {
        switch (s) {
            case -32768: return "short min";
            case 32767: return "short max";
            default: return "short " + s;
        }
    }

    static String onString(String s) {
        switch (s) {
            case "apple": return "fruit";
            case "carrot": return "vegetable";
            case "": return "empty";
            case "Aa": return "Aa (hash 2112)";
            case "BB": return "BB (hash 2112 too)";
            case "AaAa": return "AaAa";
            case "BBBB": return "BBBB";
            case "\u00e9t\u00e9": return "summer";
            default: return "unknown '" + s + "'";
        }
    }

    static String onEnum(Color c) {
        switch (c) {
            case RED: return "warm";
            case BLUE: return "cold";
            case GREEN: return "natural";
            default: return "other " + c.name();
        }
    }

    static int expression(int x) {
        return switch (x) {
            case 1, 2, 3 -> x * 10;
            case 4 -> {
                int y = x * x;
                yield y + 1;
            }
            case 100 -> -1;
            default -> {
                if (x < 0) yield -x;
                yield 0;
            }
        };
    }

    static String stringExpression(String s) {
        return switch (s) {
            case "x", "y" -> "coordinate";
            case "z" -> "depth";
            default -> "n/a";
        };
    }

    static int nested(int a, int b) {
        switch (a) {
            case 0:
                switch (b) {
                    case 0: return 0;
                    case 1: return 1;
                    default: return 2;
                }
            case 1:
                switch (b) {
                    case 100: return 3;
                    case -100: return 4;
                    default: return 5;
                }
            default:
                return 6;
        }
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int x = -4; x <= 7; x++) sb.append(x).append('=').append(dense(x)).append(", ");
        System.out.println(sb);
        int[] sparseValues = { Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1000000, -7, -6, 0, 10, 11, 1000,
            65536, 65535, Integer.MAX_VALUE, Integer.MAX_VALUE - 1 };
        sb.setLength(0);
        for (int x : sparseValues) sb.append(x).append('=').append(sparse(x)).append(", ");
        System.out.println(sb);
        for (int x = 0; x <= 5; x++) System.out.println("fallThrough(" + x + ") = " + fallThrough(x));
        sb.setLength(0);
        for (char c : "hello world \u00e9\uffff 42!".toCharArray()) sb.append(charClass(c));
        System.out.println("char classes: " + sb);
        System.out.println(onByte((byte) -128) + ", " + onByte((byte) 127) + ", " + onByte((byte) 0) + ", " + onByte((byte) 5));
        System.out.println(onShort((short) -32768) + ", " + onShort((short) 32767) + ", " + onShort((short) 1));
        String[] strs = { "apple", "carrot", "", "Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "\u00e9t\u00e9", "Apple", "appl" };
        for (String s : strs) System.out.println("onString(\"" + s + "\") = " + onString(s));
        for (Color c : Color.values()) System.out.println("onEnum(" + c + ") = " + onEnum(c) + ", ordinal " + c.ordinal());
        try {
            onEnum(null);
        } catch (NullPointerException e) {
            System.out.println("switch on null enum: NullPointerException");
        }
        try {
            onString(null);
        } catch (NullPointerException e) {
            System.out.println("switch on null string: NullPointerException");
        }
        sb.setLength(0);
        for (int x = -2; x <= 5; x++) sb.append(expression(x)).append(' ');
        sb.append(expression(100));
        System.out.println("switch expressions: " + sb);
        System.out.println(stringExpression("x") + " " + stringExpression("z") + " " + stringExpression("w"));
        sb.setLength(0);
        int[][] pairs = { { 0, 0 }, { 0, 1 }, { 0, 9 }, { 1, 100 }, { 1, -100 }, { 1, 0 }, { 2, 0 } };
        for (int[] p : pairs) sb.append(nested(p[0], p[1]));
        System.out.println("nested: " + sb);
        // A switch in a hot loop.
        long acc = 0;
        for (int i = 0; i < 200000; i++) {
            switch (i & 15) {
                case 0: acc += 1; break;
                case 1: acc += i; break;
                case 2: acc ^= i; break;
                case 7: acc -= 3; break;
                case 15: acc *= 3; break;
                default: acc++;
            }
            switch (i % 1000) {
                case 1: acc += 11; break;
                case 500: acc -= 7; break;
                case 999: acc = acc >>> 1; break;
                default: break;
            }
        }
        System.out.println("loop checksum " + acc);
    }
}
