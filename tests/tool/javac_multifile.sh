# javac on the VM under test compiling a program of several files in two packages:
# generics with bounded wildcards, records, a sealed interface, an enum with bodies,
# lambdas and method references, string concatenation, and a runtime annotation read back
# by reflection.  The class files must be byte-identical to HotSpot's, the program's
# output the same, and javap and jdeps must describe the classes the same way.
set -e
mkdir -p src/app/model src/app/util out
cat >src/app/util/Tag.java <<'JAVA'
package app.util;

import java.lang.annotation.*;

/** A marker read back at run time; no annotation processing involved. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Tag {
    String value();
    int priority() default 0;
}
JAVA
cat >src/app/util/Pipeline.java <<'JAVA'
package app.util;

import java.util.*;
import java.util.function.*;

public final class Pipeline<T> {
    private final List<Function<? super T, ? extends T>> stages = new ArrayList<>();

    public Pipeline<T> then(Function<? super T, ? extends T> f) { stages.add(f); return this; }

    public T run(T input) {
        T v = input;
        for (Function<? super T, ? extends T> f : stages) v = f.apply(v);
        return v;
    }

    public static <K extends Comparable<? super K>, V> SortedMap<K, List<V>> group(Collection<? extends V> items,
                                                                                  Function<? super V, ? extends K> key) {
        SortedMap<K, List<V>> out = new TreeMap<>();
        for (V item : items) out.computeIfAbsent(key.apply(item), k -> new ArrayList<>()).add(item);
        return out;
    }
}
JAVA
cat >src/app/model/Shape.java <<'JAVA'
package app.model;

import app.util.Tag;

public sealed interface Shape permits Circle, Rect {
    double area();

    default String label() { return getClass().getSimpleName().toLowerCase() + " " + String.format("%.2f", area()); }
}
JAVA
cat >src/app/model/Circle.java <<'JAVA'
package app.model;

import app.util.Tag;

@Tag(value = "round", priority = 2)
public record Circle(@Tag("radius") double r) implements Shape {
    public double area() { return Math.PI * r * r; }
}
JAVA
cat >src/app/model/Rect.java <<'JAVA'
package app.model;

import app.util.Tag;

@Tag("angular")
public record Rect(double w, double h) implements Shape {
    public Rect {
        if (w <= 0 || h <= 0) throw new IllegalArgumentException("bad size " + w + "x" + h);
    }
    public double area() { return w * h; }
}
JAVA
cat >src/app/model/Size.java <<'JAVA'
package app.model;

public enum Size {
    SMALL { @Override public String symbol() { return "s"; } },
    MEDIUM,
    LARGE { @Override public String symbol() { return "L!"; } };

    public String symbol() { return name().substring(0, 1); }

    public static Size of(Shape s) {
        double a = s.area();
        return a < 3 ? SMALL : a < 30 ? MEDIUM : LARGE;
    }
}
JAVA
cat >src/app/Main.java <<'JAVA'
package app;

import app.model.*;
import app.util.*;
import java.util.*;
import java.util.stream.*;

@Tag(value = "entry", priority = 9)
public class Main {
    @Tag("describe")
    static String describe(Shape s) {
        return switch (s) {
            case Circle c -> "circle r=" + c.r();
            case Rect r -> "rect " + r.w() + "x" + r.h();
        };
    }

    public static void main(String[] args) throws Exception {
        List<Shape> shapes = List.of(new Circle(1), new Rect(2, 3), new Circle(4), new Rect(10, 10), new Circle(0.5));
        SortedMap<Size, List<Shape>> bySize = Pipeline.group(shapes, Size::of);
        bySize.forEach((size, list) -> System.out.println(size + " " + size.symbol() + ": "
            + list.stream().map(Shape::label).collect(Collectors.joining(", "))));
        System.out.println(shapes.stream().map(Main::describe).sorted().toList());
        System.out.println(new Pipeline<String>().then(String::trim).then(s -> s + "!").then(s -> s.repeat(2)).run("  hi "));
        for (Class<?> c : List.of(Main.class, Circle.class, Rect.class)) {
            Tag t = c.getAnnotation(Tag.class);
            System.out.println(c.getSimpleName() + " @Tag(" + t.value() + ", " + t.priority() + ")");
        }
        System.out.println("describe @Tag " + Main.class.getDeclaredMethod("describe", Shape.class).getAnnotation(Tag.class).value()
            + ", component @Tag " + Circle.class.getRecordComponents()[0].getAnnotation(Tag.class).value());
        try {
            new Rect(-1, 2);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
JAVA
"$JDK/bin/javac" --release 17 --enable-preview -Xlint:-preview -d out $(find src -name '*.java' | sort) 2>&1
(cd out && find . -name '*.class' | sort && find . -name '*.class' | sort | xargs cat | sha256sum)
"$JDK/bin/java" --enable-preview -cp out app.Main
"$JDK/bin/javap" -p -cp out app.Main app.model.Circle app.util.Tag
"$JDK/bin/jdeps" -summary out
