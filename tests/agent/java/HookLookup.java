// Defined from bytes by agent/ClassHook's HookMain.
public class HookLookup {
    public static String msg() { return "original"; }
}
