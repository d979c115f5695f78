// Empty: the startup baseline. An empty main: the time it takes is VM start-up plus
// shutdown, which every other kernel's wall time includes too.
public final class Empty {
    public static void main(String[] args) {
    }
}
