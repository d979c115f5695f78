// Nested, inner, local and anonymous classes, lambdas, enums, annotations with every
// element kind, interfaces with default/static/private methods, switches, exception
// handlers and constants (class files for test_classfile.c).
package cftest;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;

public class Kitchen<T extends Comparable<T>> {
    public static final int ANSWER = 42;
    public static final long BIG = 1L << 40;
    public static final float RATIO = 1.5f;
    public static final double E = 2.718281828;
    public static final String GREETING = "hello, \u00e9t\u00e9 \ud83d\ude00";
    public static final boolean FLAG = true;
    public static final char LETTER = 'x';
    public static final byte SMALL = -3;
    public static final short MEDIUM = 1234;
    private static volatile int counter;
    private transient List<T> items = new ArrayList<>();
    protected T[] array;

    @Retention(RetentionPolicy.RUNTIME)
    public @interface Everything {
        byte b() default 1;
        char c() default 'c';
        short s() default 2;
        int i() default 3;
        long j() default 4L;
        float f() default 5f;
        double d() default 6d;
        boolean z() default true;
        String str() default "str";
        Class<?> cls() default Kitchen.class;
        Color color() default Color.RED;
        Retention nested() default @Retention(RetentionPolicy.CLASS);
        int[] ints() default {1, 2, 3};
        String[] strs() default {};
        Color[] colors() default {Color.GREEN, Color.BLUE};
    }

    public enum Color {
        RED, GREEN {
            @Override
            public String toString() {
                return "green!";
            }
        }, BLUE;

        public Color next() {
            return values()[(ordinal() + 1) % values().length];
        }
    }

    public interface Greeter {
        String name();

        default String greet() {
            return prefix() + name();
        }

        static Greeter of(String n) {
            return () -> n;
        }

        private String prefix() {
            return "Hi ";
        }
    }

    public static class Nested implements Greeter {
        public String name() {
            return "nested";
        }
    }

    public class Inner {
        int size() {
            return items.size();
        }
    }

    @Everything(b = 9, c = 'q', s = 7, i = 8, j = 9L, f = 1f, d = 2d, z = false, str = "s",
                cls = int[].class, color = Color.BLUE, nested = @Retention(RetentionPolicy.SOURCE),
                ints = {4}, strs = {"a", "b"}, colors = {})
    @Deprecated
    public synchronized <R> R apply(Function<? super T, ? extends R> f, T t) throws Exception {
        return f.apply(t);
    }

    public static int classify(String s, Color c, int n) {
        int r = switch (s) {
            case "one" -> 1;
            case "two" -> 2;
            default -> s.length();
        };
        switch (c) {
            case RED: r += 10; break;
            case GREEN: r += 20; break;
            default: r += 30;
        }
        switch (n) {
            case 1: case 2: case 3: case 4: r++; break;
            case 1000: case -1000000: r--; break;
        }
        return r;
    }

    public static long locals(long a, double b, int... rest) {
        long sum = a;
        double d = b;
        for (int x : rest) sum += x;
        try {
            sum += (long) (d / rest.length);
        } catch (ArithmeticException | IllegalStateException e) {
            sum = -1;
        } finally {
            counter++;
        }
        return sum;
    }

    public Runnable lambdas(int k) {
        Supplier<String> s = () -> "k=" + k;
        Function<String, Integer> len = String::length;
        Callable<Kitchen<T>> ctor = Kitchen::new;
        Runnable anon = new Runnable() {
            @Override
            public void run() {
                counter += len.apply(s.get());
            }
        };
        class Local implements Runnable {
            public void run() {
                anon.run();
                try {
                    ctor.call();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }
        }
        return new Local();
    }

    public String text() {
        var block = """
            text block
            """;
        return block + items + ANSWER + GREETING;
    }

    static native int nativeMethod(Object o);

    static {
        counter = ANSWER;
    }
}
