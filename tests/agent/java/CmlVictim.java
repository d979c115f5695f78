// Loaded by agent/CompiledLoad through a loader of its own; its spin method is made hot, then
// the class is dropped with its loader.
public class CmlVictim {
    static int spin(int i) { return (i * 31) ^ (i >>> 3); }

    public String toString() {
        int r = 0;
        for (int i = 0; i < 20000; i++) r += spin(i);
        return "spun " + r;
    }
}
