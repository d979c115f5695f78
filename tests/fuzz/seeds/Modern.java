// Records, sealed types, lambdas, enums and annotations: a fuzzing seed for tests/fuzz/run.sh.
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.function.IntSupplier;

public sealed interface Modern permits Modern.Point, Modern.Kind {
    @Retention(RetentionPolicy.RUNTIME)
    @interface Tag {
        String value() default "t";
        int[] ids() default {1};
        Kind kind() default Kind.A;
    }

    record Point(@Tag("x") int x, int y) implements Modern {
        public Point {
            if (x < 0) throw new IllegalArgumentException();
        }
    }

    enum Kind implements Modern { A, B }

    default IntSupplier sum(int k) {
        return () -> k + hashCode();
    }

    static String describe(Object o) {
        return switch (o.hashCode() & 3) {
            case 0 -> "zero " + o;
            case 1 -> "one";
            default -> String.valueOf(o);
        };
    }
}
