// vm-options: -Xmx32m
// gcstress-args: 300000
// Interned strings that nothing else holds are collected, as on HotSpot: a program that
// interns millions of distinct strings runs in a small heap.  Strings still held (a
// literal, a static, a local) stay canonical across collections.
public class InternChurn {
    static String kept;

    public static void main(String[] args) {
        kept = new String("kept-" + 42).intern();
        String local = new StringBuilder("loc").append("al").toString().intern();
        long sum = 0;
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3_000_000;   // fewer under GC stress
        for (int i = 0; i < n; i++) {
            String s = ("churn-" + i + "-abcdefghijklmnopqrstuvwxyz").intern();
            sum += s.length();
        }
        System.gc();
        System.out.println("sum " + sum);
        System.out.println("literal canonical: " + (new String("literal").intern() == "literal"));
        System.out.println("static canonical: " + (("kept-" + 42).intern() == kept));
        System.out.println("local canonical: " + (("lo" + "cal-".substring(0, 3)).intern() == local));
        String again = ("churn-" + 7 + "-abcdefghijklmnopqrstuvwxyz").intern();
        System.out.println("re-interned equal: " + again.equals("churn-7-abcdefghijklmnopqrstuvwxyz")
                           + " same: " + (again == again.intern()));
    }
}
