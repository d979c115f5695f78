// Hello: the start-up benchmark (bench/run.sh).  One line of output: the time and memory
// it takes are VM start-up, loading the classes a first println needs, and shutdown.
public final class Hello {
    public static void main(String[] args) {
        System.out.println("Hello, World!");
    }
}
