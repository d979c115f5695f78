// Defined from bytes by agent/ClassHook's HookMain.
public class HookHidden {
    public static String msg() { return "original"; }
}
