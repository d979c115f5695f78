// The Java side of agent/HeapStackSlots: a Marker on main's operand stack (the first
// argument of use, pushed before probe runs) and a Local in main's local variable 1 while
// the native probe walks the heap from the roots.
public class HeapStackSlots {
    static class Marker {}
    static class Local {}

    static native int probe(Class<?> marker, Class<?> local);

    static int use(Object pending, int found) {
        return pending != null ? found : -1;
    }

    public static void main(String[] args) {
        Local local = new Local();
        int r = use(new Marker(), probe(Marker.class, Local.class));
        System.out.println("main: " + r + " " + (local != null));
    }
}
