# javac on the VM under test: compiles a program that uses records, lambdas, switch
# expressions and string concatenation; the class files must be byte-identical to
# HotSpot's output, and the program's output the same when run.
set -e
mkdir -p src out
cat >src/Shapes.java <<'JAVA'
import java.util.*;
import java.util.stream.*;

public class Shapes {
    sealed interface Shape permits Circle, Square {}
    record Circle(double r) implements Shape {}
    record Square(double side) implements Shape {}

    static double area(Shape s) {
        return switch (s) {
            case Circle c -> Math.PI * c.r() * c.r();
            case Square q -> q.side() * q.side();
        };
    }

    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Circle(1), new Square(2), new Circle(0.5));
        String report = shapes.stream()
            .map(s -> s + " area=" + String.format("%.3f", area(s)))
            .collect(Collectors.joining("\n"));
        System.out.println(report);
        Map<String, Long> byKind = shapes.stream()
            .collect(Collectors.groupingBy(s -> s.getClass().getSimpleName(), TreeMap::new, Collectors.counting()));
        System.out.println(byKind);
    }
}
JAVA
"$JDK/bin/javac" --release 17 --enable-preview -Xlint:-preview -d out src/Shapes.java 2>&1
(cd out && ls | sort && cat *.class | sha256sum)
"$JDK/bin/java" --enable-preview -cp out Shapes
