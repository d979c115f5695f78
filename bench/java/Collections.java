// Collections: java.util with boxing. HashMap<Integer, Integer> puts, gets, updates,
// removals and iteration over entrySet; ArrayList<Integer> adds, indexed gets/sets,
// sort and iteration. Exercises library code, interface calls (Map, List, Iterator),
// Integer boxing/unboxing and hashCode/equals; no lambdas.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

public final class Collections {
    static long round(int r) {
        Map<Integer, Integer> map = new HashMap<>();
        int seed = r + 1;
        for (int i = 0; i < 20000; i++) {
            seed = seed * 1103515245 + 12345;
            Integer key = (seed >>> 12) & 0x3fff;
            Integer old = map.get(key);
            map.put(key, old == null ? 1 : old + 1);
        }
        long h = map.size();
        for (int k = 0; k < 0x4000; k += 3) {
            if (map.containsKey(k)) {
                map.remove(k);
            }
        }
        for (Map.Entry<Integer, Integer> e : map.entrySet()) {
            h += (long) e.getKey() * e.getValue();
            e.setValue(e.getValue() * 2);
        }
        List<Integer> list = new ArrayList<>();
        for (Iterator<Integer> it = map.values().iterator(); it.hasNext(); ) {
            list.add(it.next());
        }
        for (int i = 0; i < 20000; i++) {
            list.add(i ^ r);
        }
        for (int i = 0; i < list.size(); i++) {
            list.set(i, list.get(i) + i % 5);
        }
        list.sort(null);
        int prev = Integer.MIN_VALUE;
        for (Integer v : list) {
            if (v < prev) {
                throw new AssertionError("not sorted");
            }
            prev = v;
            h = h * 31 + v;
        }
        return h + list.size();
    }

    public static void main(String[] args) {
        int reps = reps(args, 15);
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 17 + round(r);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Collections ").append(sum);
        System.out.println(sb.toString());
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
