// Loaded by agent/HotSpotExtensions through a loader of its own, then dropped with it.
public class HsExtVictim {
    public String toString() { return "victim"; }
}
