// instanceof and checkcast: classes, interfaces, arrays of classes, interfaces and
// primitives (Object[] instanceof Serializable, int[][] instanceof Object[], ...),
// null, and the ClassCastException messages (which name the classes, their modules
// and loaders), plus casts through generics that fail only where the value is used.
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

public class Casts {
    interface I { }
    interface J extends I { }
    static class A implements J { }
    static class B extends A { }
    static class C { }

    static String check(Object o) {
        StringBuilder sb = new StringBuilder();
        sb.append(o instanceof Object ? 'O' : '-');
        sb.append(o instanceof Serializable ? 'S' : '-');
        sb.append(o instanceof Cloneable ? 'C' : '-');
        sb.append(o instanceof Comparable ? 'c' : '-');
        sb.append(o instanceof Object[] ? 'a' : '-');
        sb.append(o instanceof Object[][] ? 'm' : '-');
        sb.append(o instanceof int[] ? 'i' : '-');
        sb.append(o instanceof int[][] ? 'I' : '-');
        sb.append(o instanceof String[] ? 's' : '-');
        sb.append(o instanceof Comparable[] ? 'k' : '-');
        sb.append(o instanceof Serializable[] ? 'z' : '-');
        sb.append(o instanceof I ? '1' : '-');
        sb.append(o instanceof J ? '2' : '-');
        sb.append(o instanceof A ? '3' : '-');
        sb.append(o instanceof B ? '4' : '-');
        sb.append(o instanceof I[] ? '5' : '-');
        sb.append(o instanceof A[] ? '6' : '-');
        sb.append(o instanceof Number ? 'n' : '-');
        return sb.toString();
    }

    static String cast(Object o, int to) {
        try {
            Object r;
            switch (to) {
                case 0: r = (String) o; break;
                case 1: r = (Integer) o; break;
                case 2: r = (Object[]) o; break;
                case 3: r = (int[]) o; break;
                case 4: r = (I) o; break;
                case 5: r = (A) o; break;
                case 6: r = (B) o; break;
                case 7: r = (A[]) o; break;
                case 8: r = (Comparable<?>) o; break;
                case 9: r = (long[][]) o; break;
                case 10: r = (Runnable) o; break;
                default: r = (Cloneable) o; break;
            }
            return "ok" + (r == null ? " (null)" : "");
        } catch (ClassCastException e) {
            return "CCE: " + e.getMessage();
        }
    }

    public static void main(String[] args) {
        Object[] values = { null, "s", 42, new Object(), new A(), new B(), new C(), new int[1], new int[1][1],
            new Object[1], new String[1], new String[1][1], new A[1], new B[1][1], new I[1], new J[0],
            new long[0][0], new Integer[0], new char[0] };
        String[] labels = { "null", "String", "Integer", "Object", "A", "B", "C", "int[]", "int[][]", "Object[]",
            "String[]", "String[][]", "A[]", "B[][]", "I[]", "J[]", "long[][]", "Integer[]", "char[]" };
        for (int i = 0; i < values.length; i++) System.out.println(labels[i] + ": " + check(values[i]));
        for (int i = 0; i < values.length; i++) {
            StringBuilder sb = new StringBuilder(labels[i] + " casts:");
            for (int to = 0; to <= 11; to++) {
                String r = cast(values[i], to);
                sb.append(r.startsWith("ok") ? " " + to + ":ok" : " " + to + ":CCE");
            }
            System.out.println(sb);
        }
        // The messages, for a representative set.
        System.out.println(cast("s", 1));
        System.out.println(cast(42, 0));
        System.out.println(cast(new A(), 6));
        System.out.println(cast(new C(), 4));
        System.out.println(cast(new int[1], 2));
        System.out.println(cast(new Object[1], 0));
        System.out.println(cast(new String[1], 3));
        System.out.println(cast(new B[1][1], 7));
        System.out.println(cast(new Object(), 10));
        System.out.println(cast(new int[1][1], 9));
        System.out.println(cast(new A[0], 2) + " / " + cast(new A[0], 7) + " / " + cast(new B[0], 7));

        // Class.cast and Class.isInstance.
        try {
            Integer.class.cast("no");
        } catch (ClassCastException e) {
            System.out.println("Class.cast: " + e.getMessage());
        }
        System.out.println("isInstance: " + Object[].class.isInstance(new String[0]) + " "
            + int[].class.isInstance(new long[0]) + " " + I.class.isInstance(new B()) + " " + A.class.isInstance(null));
        System.out.println("isAssignableFrom: " + Object[].class.isAssignableFrom(int[][].class) + " "
            + Serializable.class.isAssignableFrom(int[].class) + " " + Cloneable.class.isAssignableFrom(A[].class) + " "
            + int.class.isAssignableFrom(Integer.class) + " " + Number.class.isAssignableFrom(Integer.class));
        System.out.println("primitive classes: " + int.class.getName() + " " + void.class.getName() + " "
            + int.class.isPrimitive() + " " + int[].class.isPrimitive() + " " + int[].class.getComponentType()
            + " " + Integer.TYPE + " " + (Integer.TYPE == int.class));

        // Heap pollution: the cast happens where the element is used.
        List<String> strings = new ArrayList<String>();
        @SuppressWarnings({ "unchecked", "rawtypes" })
        List<Object> raw = (List) strings;
        raw.add(Integer.valueOf(7));
        Object first = strings.get(0);   // no cast needed, no exception
        System.out.println("polluted element read as Object: " + first);
        try {
            String s = strings.get(0);
            System.out.println("no exception " + s);
        } catch (ClassCastException e) {
            System.out.println("polluted element as String: " + e.getMessage());
        }

        // Pattern-matching instanceof (no invokedynamic).
        Object o = "pattern";
        if (o instanceof String s && s.length() > 3) System.out.println("pattern matched: " + s.toUpperCase());
        Object num = 3.5;
        if (!(num instanceof Integer i)) System.out.println("not an Integer: " + num);
        else System.out.println("Integer " + i);
    }
}
