// Helpful NullPointerException messages (JEP 358, on by default in 17), computed by the
// VM from the bytecode: null receivers of calls, field reads and writes, array loads,
// stores and lengths, unboxing, synchronized, throw, and the names of locals, fields,
// statics, array elements and method results in the description (this class is
// compiled with -g, so local variable names are known).
public class NpeMessages {
    String name;
    int[] numbers;
    NpeMessages next;
    static String staticString;
    static Object[] staticArray;

    String getName() { return name; }
    static NpeMessages make() { return null; }

    interface Action { void run(); }

    static void npe(String label, Action a) {
        try {
            a.run();
            System.out.println(label + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(label + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        final NpeMessages nullObj = null;
        final NpeMessages obj = new NpeMessages();
        final int[] nullArr = null;
        final Object[][] grid = new Object[2][];
        final Integer boxed = null;
        npe("call on local", new Action() { public void run() { nullObj.getName(); } });
        npe("field read", new Action() { public void run() { System.out.println(nullObj.name); } });
        npe("field write", new Action() { public void run() { nullObj.name = "x"; } });
        npe("chained field", new Action() { public void run() { System.out.println(obj.next.name); } });
        npe("method result", new Action() { public void run() { make().getName(); } });
        npe("call on field", new Action() { public void run() { obj.name.length(); } });
        npe("static field", new Action() { public void run() { staticString.isEmpty(); } });
        npe("array load", new Action() { public void run() { System.out.println(nullArr[0]); } });
        npe("array store", new Action() { public void run() { nullArr[1] = 5; } });
        npe("array length", new Action() { public void run() { System.out.println(nullArr.length); } });
        npe("field array", new Action() { public void run() { obj.numbers[2] = 1; } });
        npe("2D array", new Action() { public void run() { grid[1][0] = "x"; } });
        npe("static array", new Action() { public void run() { System.out.println(staticArray[0]); } });
        npe("unboxing", new Action() { public void run() { int x = boxed; System.out.println(x); } });
        npe("synchronized", new Action() { public void run() { synchronized (nullObj) { System.out.println(); } } });
        npe("throw null", new Action() { public void run() { RuntimeException e = null; throw e; } });
        npe("explicit", new Action() { public void run() { throw new NullPointerException("my own message"); } });
        npe("no message", new Action() { public void run() { throw new NullPointerException(); } });
        npe("string switch", new Action() {
            public void run() {
                String s = obj.name;
                switch (s) { case "a": break; default: break; }
            }
        });
        npe("Objects.requireNonNull", new Action() { public void run() { java.util.Objects.requireNonNull(obj.name, "name is required"); } });
        npe("in a nested call", new Action() { public void run() { helper(null, 3); } });
    }

    static int helper(String text, int times) {
        int total = 0;
        for (int i = 0; i < times; i++) total += text.length();
        return total;
    }
}
