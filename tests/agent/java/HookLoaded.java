// Defined from bytes by agent/ClassHook's HookMain.
public class HookLoaded {
    public static String msg() { return "original"; }
}
