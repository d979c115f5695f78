// Javac: the JDK's own compiler (jdk.compiler, the code behind bin/javac) run in-process
// through javax.tools on a fixed program of five compilation units (generics, records, a
// sealed interface, enums, lambdas and streams, an annotation), output kept in memory.
// Exercises a large real application: class loading of most of jdk.compiler, deep call
// chains, visitors, collections, string handling and javac's own lambdas. The checksum
// is a CRC over the class files, so every VM must make javac emit the same bytes.
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public final class Javac {
    static final String[][] SOURCES = {
        { "demo/Audited.java", String.join("\n",
            "package demo;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME) @Target({ElementType.TYPE, ElementType.METHOD})",
            "public @interface Audited { String value() default \"\"; int level() default 1; }") },
        { "demo/Shape.java", String.join("\n",
            "package demo;",
            "public sealed interface Shape permits Shape.Circle, Shape.Rect, Shape.Tri {",
            "    double area();",
            "    default String describe() { return getClass().getSimpleName() + \"(\" + area() + \")\"; }",
            "    record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }",
            "    record Rect(double w, double h) implements Shape {",
            "        public Rect { if (w < 0 || h < 0) throw new IllegalArgumentException(\"negative\"); }",
            "        public double area() { return w * h; }",
            "    }",
            "    record Tri(double b, double h) implements Shape { public double area() { return b * h / 2; } }",
            "    static Shape parse(String s) {",
            "        String[] p = s.split(\":\");",
            "        return switch (p[0]) {",
            "            case \"c\" -> new Circle(Double.parseDouble(p[1]));",
            "            case \"r\" -> new Rect(Double.parseDouble(p[1]), Double.parseDouble(p[2]));",
            "            default -> new Tri(Double.parseDouble(p[1]), Double.parseDouble(p[2]));",
            "        };",
            "    }",
            "}") },
        { "demo/Registry.java", String.join("\n",
            "package demo;",
            "import java.util.*;",
            "import java.util.function.*;",
            "public class Registry<K extends Comparable<K>, V> implements Iterable<Map.Entry<K, List<V>>> {",
            "    private final TreeMap<K, List<V>> map = new TreeMap<>();",
            "    private final List<BiConsumer<? super K, ? super V>> listeners = new ArrayList<>();",
            "    public Registry<K, V> add(K key, V value) {",
            "        map.computeIfAbsent(key, k -> new ArrayList<>()).add(value);",
            "        listeners.forEach(l -> l.accept(key, value));",
            "        return this;",
            "    }",
            "    public void onAdd(BiConsumer<? super K, ? super V> l) { listeners.add(l); }",
            "    public <R> List<R> mapAll(Function<? super V, ? extends R> f) {",
            "        List<R> out = new ArrayList<>();",
            "        for (List<V> vs : map.values()) for (V v : vs) out.add(f.apply(v));",
            "        return out;",
            "    }",
            "    public Optional<V> first(Predicate<? super V> p) {",
            "        return map.values().stream().flatMap(List::stream).filter(p).findFirst();",
            "    }",
            "    @Override public Iterator<Map.Entry<K, List<V>>> iterator() { return map.entrySet().iterator(); }",
            "    public static <T extends Comparable<? super T>> T max(Collection<? extends T> c) {",
            "        Iterator<? extends T> it = c.iterator(); T best = it.next();",
            "        while (it.hasNext()) { T x = it.next(); if (x.compareTo(best) > 0) best = x; }",
            "        return best;",
            "    }",
            "}") },
        { "demo/Level.java", String.join("\n",
            "package demo;",
            "public enum Level {",
            "    LOW(1) { @Override String tag() { return \"l\"; } }, MID(5), HIGH(10) { @Override String tag() { return \"H!\"; } };",
            "    private final int weight;",
            "    Level(int w) { weight = w; }",
            "    int weight() { return weight; }",
            "    String tag() { return name().toLowerCase(); }",
            "    static Level of(double area) { return area < 2 ? LOW : area < 20 ? MID : HIGH; }",
            "}") },
        { "demo/Main.java", String.join("\n",
            "package demo;",
            "import java.util.*;",
            "import java.util.stream.*;",
            "@Audited(value = \"main\", level = 3)",
            "public final class Main {",
            "    interface Visitor<R> { R circle(double r); R rect(double w, double h); R tri(double b, double h); }",
            "    static <R> R visit(Shape s, Visitor<R> v) {",
            "        if (s instanceof Shape.Circle c) return v.circle(c.r());",
            "        if (s instanceof Shape.Rect r) return v.rect(r.w(), r.h());",
            "        Shape.Tri t = (Shape.Tri) s; return v.tri(t.b(), t.h());",
            "    }",
            "    @Audited public static void main(String[] args) {",
            "        Registry<Level, Shape> reg = new Registry<>();",
            "        int[] count = {0};",
            "        reg.onAdd((k, v) -> count[0]++);",
            "        for (String s : List.of(\"c:1\", \"r:2:3\", \"t:4:5\", \"c:3\", \"r:10:10\"))",
            "            { Shape sh = Shape.parse(s); reg.add(Level.of(sh.area()), sh); }",
            "        String text = reg.mapAll(Shape::describe).stream().sorted().collect(Collectors.joining(\", \"));",
            "        Map<Level, Double> total = StreamSupport.stream(reg.spliterator(), false)",
            "            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().stream().mapToDouble(Shape::area).sum(),",
            "                                      Double::sum, () -> new EnumMap<>(Level.class)));",
            "        String kinds = reg.mapAll(s -> visit(s, new Visitor<String>() {",
            "            public String circle(double r) { return \"o\" + (int) r; }",
            "            public String rect(double w, double h) { return \"#\" + (int) (w * h); }",
            "            public String tri(double b, double h) { return \"^\" + (int) (b + h); }",
            "        })).toString();",
            "        System.out.println(text + \" \" + total + \" \" + kinds + \" \" + count[0] + \" \" + Registry.max(List.of(3, 9, 4))",
            "            + \" \" + reg.first(s -> s.area() > 50).map(Shape::describe).orElse(\"none\") + \" \" + Level.HIGH.tag());",
            "    }",
            "}") },
    };

    static final class Source extends SimpleJavaFileObject {
        final String text;
        Source(String path, String text) {
            super(URI.create("string:///" + path), Kind.SOURCE);
            this.text = text;
        }
        @Override public CharSequence getCharContent(boolean ignore) { return text; }
    }

    static final class ClassOut extends SimpleJavaFileObject {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ClassOut(String name) { super(URI.create("mem:///" + name.replace('.', '/') + ".class"), Kind.CLASS); }
        @Override public OutputStream openOutputStream() { return bytes; }
    }

    static long compileOnce(JavaCompiler javac) {
        Map<String, ClassOut> out = new TreeMap<>();
        StandardJavaFileManager std = javac.getStandardFileManager(null, null, null);
        ForwardingJavaFileManager<StandardJavaFileManager> fm = new ForwardingJavaFileManager<StandardJavaFileManager>(std) {
            @Override public JavaFileObject getJavaFileForOutput(Location loc, String name, JavaFileObject.Kind kind, FileObject sibling) {
                ClassOut c = new ClassOut(name);
                out.put(name, c);
                return c;
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        for (String[] s : SOURCES) units.add(new Source(s[0], s[1]));
        StringWriter diagnostics = new StringWriter();
        boolean ok = javac.getTask(diagnostics, fm, null, List.of("--release", "17", "-g"), null, units).call();
        if (!ok) throw new AssertionError("javac failed: " + diagnostics);
        CRC32 crc = new CRC32();
        for (Map.Entry<String, ClassOut> e : out.entrySet()) {
            crc.update(e.getKey().getBytes());
            crc.update(e.getValue().bytes.toByteArray());
        }
        return crc.getValue() * 100 + out.size();
    }

    public static void main(String[] args) {
        int reps = reps(args, 3);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        long sum = 0;
        for (int r = 0; r < reps; r++) {
            sum = sum * 31 + compileOnce(javac);
        }
        System.out.println("Javac " + sum);
    }

    // args[0], if present, scales the amount of work (e.g. 0.1 or 4).
    static int reps(String[] args, int base) {
        if (args.length == 0) {
            return base;
        }
        return (int) Math.max(1, Math.round(base * Double.parseDouble(args[0])));
    }
}
