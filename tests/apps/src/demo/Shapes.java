package demo;

import java.util.List;
import java.util.stream.Collectors;

/** A small program for the real-application runs: javac, javadoc, ant, maven and gradle build it. */
public class Shapes {
    /** A shape with an area. */
    public sealed interface Shape permits Circle, Square {
        /** @return the area */
        double area();
    }

    /** A circle. @param r its radius */
    public record Circle(double r) implements Shape {
        public double area() { return Math.PI * r * r; }
    }

    /** A square. @param side its side */
    public record Square(double side) implements Shape {
        public double area() { return side * side; }
    }

    /** @param args ignored */
    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Circle(1), new Square(2), new Circle(0.5));
        String s = shapes.stream()
                .map(sh -> sh instanceof Circle c ? "circle " + c.r()
                        : sh instanceof Square q ? "square " + q.side() : "?")
                .collect(Collectors.joining(", "));
        System.out.println(s);
        System.out.printf("total %.4f%n", shapes.stream().mapToDouble(Shape::area).sum());
    }
}
