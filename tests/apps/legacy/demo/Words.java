package demo;

import java.util.Map;
import java.util.TreeMap;

/** Counts words; written for the old Java level Gradle 4.4 compiles at. */
public class Words {
    public static void main(String[] args) {
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : "the cat and the hat and the bat".split(" ")) counts.merge(w, 1, Integer::sum);
        System.out.println(counts);
    }
}
