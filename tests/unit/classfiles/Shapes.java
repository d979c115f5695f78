// Sealed hierarchies and records (class files for test_classfile.c).
package cftest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

public sealed interface Shapes permits Shapes.Circle, Shapes.Square, Shapes.Polygon {
    double area();

    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.TYPE_USE})
    @interface Unit {
        String value();
    }

    record Circle(@Unit("m") double radius) implements Shapes {
        public Circle {
            if (radius < 0) throw new IllegalArgumentException("radius " + radius);
        }

        public double area() {
            return Math.PI * radius * radius;
        }
    }

    final class Square implements Shapes {
        final double side;

        Square(double side) {
            this.side = side;
        }

        public double area() {
            return side * side;
        }
    }

    non-sealed class Polygon implements Shapes {
        public double area() {
            return 0;
        }
    }

    record Pair<A, B>(A first, @Unit("x") List<? extends B> second) {
        static <T> Pair<T, T> twice(T t) {
            return new Pair<>(t, List.of(t));
        }
    }

    static double total(List<? extends Shapes> shapes) {
        double sum = 0;
        for (Shapes s : shapes) {
            if (s instanceof Circle c && c.radius() > 1) sum += c.area();
            else sum += s.area();
        }
        return sum;
    }
}
