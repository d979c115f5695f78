// java.util collections without lambdas: ArrayList (growth, insert/remove in the middle,
// iterator remove, ConcurrentModificationException, subList), LinkedList, ArrayDeque
// as stack and queue, HashMap/HashSet with many entries (resizing, collisions, removal;
// printed through TreeMap/sorted arrays so the order is fixed), TreeMap navigation,
// LinkedHashMap access order (an LRU cache), PriorityQueue, Collections.sort/reverse/
// shuffle with a seeded Random, binarySearch, Arrays.sort of primitives and objects with
// anonymous Comparators, unmodifiable views, and equals/hashCode of collections.
import java.util.*;

public class Collections1 {
    static final class Key {
        final int id;
        Key(int id) { this.id = id; }
        @Override public int hashCode() { return id % 7; }    // many collisions on purpose
        @Override public boolean equals(Object o) { return o instanceof Key && ((Key) o).id == id; }
        @Override public String toString() { return "K" + id; }
    }

    public static void main(String[] args) {
        // ArrayList.
        ArrayList<Integer> list = new ArrayList<Integer>();
        for (int i = 0; i < 1000; i++) list.add(i * 3 % 1000);
        list.add(0, -1);
        list.add(500, -2);
        list.remove(Integer.valueOf(999));
        list.remove(10);
        System.out.println("ArrayList size " + list.size() + ", first " + list.subList(0, 8) + ", indexOf(-2) "
            + list.indexOf(-2) + ", contains(3) " + list.contains(3) + ", lastIndexOf(0) " + list.lastIndexOf(0));
        Iterator<Integer> it = list.iterator();
        while (it.hasNext()) if (it.next() % 2 == 0) it.remove();
        System.out.println("after removing evens: size " + list.size() + ", head " + list.subList(0, 6));
        try {
            for (Integer x : list) if (x == 1) list.add(5);
        } catch (ConcurrentModificationException e) {
            System.out.println("ConcurrentModificationException");
        }
        // (No out-of-range get(): the JDK builds that message with java.util.Formatter,
        // which is written with lambdas.)
        List<Integer> sub = list.subList(2, 5);
        sub.set(0, 777);
        System.out.println("subList write-through: " + list.get(2) + ", toArray length " + list.toArray().length
            + ", toArray(T[]) " + list.subList(0, 3).toArray(new Integer[0]).length);

        // LinkedList and ArrayDeque.
        LinkedList<String> ll = new LinkedList<String>();
        ll.add("b");
        ll.addFirst("a");
        ll.addLast("c");
        ll.add(1, "ab");
        ll.removeLastOccurrence("c");
        System.out.println("LinkedList " + ll + ", peekFirst " + ll.peekFirst() + ", pollLast " + ll.pollLast() + " -> " + ll);
        ListIterator<String> li = ll.listIterator();
        while (li.hasNext()) {
            String s = li.next();
            li.set(s.toUpperCase());
            if (s.equals("a")) li.add("inserted");
        }
        System.out.println("after ListIterator: " + ll);
        ArrayDeque<Integer> dq = new ArrayDeque<Integer>(2);
        for (int i = 0; i < 100; i++) {
            if (i % 3 == 0) dq.addFirst(i); else dq.addLast(i);
        }
        int s1 = 0;
        while (dq.size() > 50) s1 += dq.pollFirst() - dq.pollLast();
        System.out.println("ArrayDeque: remaining " + dq.size() + ", peek " + dq.peekFirst() + "/" + dq.peekLast() + ", sum " + s1);
        ArrayDeque<String> stack = new ArrayDeque<String>();
        stack.push("x");
        stack.push("y");
        System.out.println("stack pop " + stack.pop() + " " + stack.pop() + ", empty " + stack.isEmpty() + ", poll " + stack.poll());

        // HashMap with collisions and resizing.
        HashMap<Key, Integer> hm = new HashMap<Key, Integer>();
        for (int i = 0; i < 5000; i++) hm.put(new Key(i), i * i);
        for (int i = 0; i < 5000; i += 3) hm.remove(new Key(i));
        hm.put(new Key(1), -1);
        hm.putIfAbsent(new Key(2), -2);
        hm.putIfAbsent(new Key(3), -3);
        long sum = 0;
        for (Map.Entry<Key, Integer> e : hm.entrySet()) sum += e.getKey().id * 31L + e.getValue();
        System.out.println("HashMap size " + hm.size() + ", checksum " + sum + ", get(K1) " + hm.get(new Key(1))
            + ", get(K3) " + hm.get(new Key(3)) + ", containsKey(K0) " + hm.containsKey(new Key(0)) + ", getOrDefault "
            + hm.getOrDefault(new Key(0), 99));
        HashMap<String, Integer> words = new HashMap<String, Integer>();
        String text = "the quick brown fox jumps over the lazy dog the end fox";
        for (String w : text.split(" ")) {
            Integer c = words.get(w);
            words.put(w, c == null ? 1 : c + 1);
        }
        System.out.println("word counts (TreeMap order): " + new TreeMap<String, Integer>(words));
        HashSet<String> hs = new HashSet<String>(words.keySet());
        hs.retainAll(Arrays.asList("fox", "dog", "cat"));
        String[] hsArr = hs.toArray(new String[0]);
        Arrays.sort(hsArr);
        System.out.println("HashSet retainAll: " + Arrays.toString(hsArr) + ", HashMap null key: " + nullKey());

        // TreeMap navigation.
        TreeMap<Integer, String> tm = new TreeMap<Integer, String>();
        for (int i = 0; i < 50; i += 5) tm.put(i, "v" + i);
        System.out.println("TreeMap floor(12) " + tm.floorKey(12) + ", ceiling(12) " + tm.ceilingKey(12) + ", higher(45) "
            + tm.higherKey(45) + ", head(15) " + tm.headMap(15) + ", tail(40) " + tm.tailMap(40) + ", first "
            + tm.firstEntry() + ", pollLast " + tm.pollLastEntry() + ", descending " + tm.descendingKeySet());
        TreeSet<String> ts = new TreeSet<String>(new Comparator<String>() {
            public int compare(String a, String b) {
                return a.length() != b.length() ? a.length() - b.length() : a.compareTo(b);
            }
        });
        Collections.addAll(ts, "pear", "fig", "banana", "kiwi", "apple", "fig");
        System.out.println("TreeSet by length: " + ts + ", first " + ts.first() + ", subSet " + ts.subSet("kiwi", "apple"));

        // LinkedHashMap as an LRU cache.
        LinkedHashMap<Integer, Integer> lru = new LinkedHashMap<Integer, Integer>(16, 0.75f, true) {
            @Override protected boolean removeEldestEntry(Map.Entry<Integer, Integer> eldest) { return size() > 4; }
        };
        for (int i = 0; i < 6; i++) lru.put(i, i);
        lru.get(3);
        lru.put(9, 9);
        System.out.println("LRU order: " + lru.keySet());

        // PriorityQueue.
        PriorityQueue<Integer> pq = new PriorityQueue<Integer>(Collections.reverseOrder());
        Random rnd = new Random(42);
        for (int i = 0; i < 20; i++) pq.add(rnd.nextInt(100));
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println("PriorityQueue (max first): " + sb);

        // Sorting.
        ArrayList<String> names = new ArrayList<String>(Arrays.asList("delta", "Alpha", "charlie", "bravo", "Echo", "alpha"));
        Collections.sort(names);
        System.out.println("natural: " + names);
        Collections.sort(names, String.CASE_INSENSITIVE_ORDER);
        System.out.println("case-insensitive (stable): " + names);
        Collections.sort(names, new Comparator<String>() {
            public int compare(String a, String b) { return b.length() - a.length(); }
        });
        System.out.println("by length descending (stable): " + names);
        Collections.reverse(names);
        System.out.println("reversed: " + names);
        ArrayList<Integer> nums = new ArrayList<Integer>();
        for (int i = 0; i < 20; i++) nums.add(i);
        Collections.shuffle(nums, new Random(7));
        System.out.println("shuffled(seed 7): " + nums);
        Collections.sort(nums);
        System.out.println("binarySearch 13: " + Collections.binarySearch(nums, 13) + ", max " + Collections.max(nums)
            + ", min " + Collections.min(nums) + ", frequency " + Collections.frequency(names, "delta"));
        int[] prim = new int[1000];
        for (int i = 0; i < prim.length; i++) prim[i] = rnd.nextInt();
        Arrays.sort(prim);
        boolean sorted = true;
        for (int i = 1; i < prim.length; i++) sorted &= prim[i - 1] <= prim[i];
        double[] dbl = { 3.5, -0.0, 0.0, Double.NaN, -1e9, Double.NEGATIVE_INFINITY, 2 };
        Arrays.sort(dbl);
        System.out.println("int[1000] sorted: " + sorted + ", first " + prim[0] + "; double[]: " + Arrays.toString(dbl));
        Integer[] boxed = { 5, 3, 9, 1, 7 };
        Arrays.sort(boxed, new Comparator<Integer>() {
            public int compare(Integer a, Integer b) { return b.compareTo(a); }
        });
        char[] chars = "sorting".toCharArray();
        Arrays.sort(chars, 1, 5);
        System.out.println("Integer[] descending: " + Arrays.toString(boxed) + ", partial char sort: " + new String(chars));
        Object[] objs = new Object[200];
        for (int i = 0; i < objs.length; i++) objs[i] = "s" + (char) ('a' + (i * 37) % 26) + i % 3;
        Arrays.sort(objs);
        System.out.println("Object[] sort: " + objs[0] + " " + objs[100] + " " + objs[199]);

        // Views, equality, hashing.
        List<Integer> unmod = Collections.unmodifiableList(nums);
        try {
            unmod.add(1);
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable add: UnsupportedOperationException");
        }
        List<Integer> fixed = Arrays.asList(1, 2, 3);
        try {
            fixed.add(4);
        } catch (UnsupportedOperationException e) {
            System.out.println("Arrays.asList add: UnsupportedOperationException");
        }
        System.out.println("equals across implementations: " + new ArrayList<Integer>(fixed).equals(new LinkedList<Integer>(fixed))
            + ", hashCode " + fixed.hashCode() + " " + new HashSet<Integer>(fixed).hashCode() + ", List.of "
            + List.of(1, 2, 3).equals(fixed) + ", Map.of size " + Map.of("a", 1, "b", 2).size()
            + ", emptyList " + Collections.emptyList() + ", nCopies " + Collections.nCopies(3, "ab"));
        BitSet bits = new BitSet();
        for (int i = 0; i < 200; i += 7) bits.set(i);
        System.out.println("BitSet cardinality " + bits.cardinality() + ", nextSetBit(50) " + bits.nextSetBit(50) + ", length "
            + bits.length() + ", " + bits.get(49) + bits.get(50));
    }

    static String nullKey() {
        HashMap<String, String> m = new HashMap<String, String>();
        m.put(null, "null key");
        m.put("k", null);
        return m.get(null) + "/" + m.get("k") + "/" + m.containsKey("k") + "/" + m.size();
    }
}
