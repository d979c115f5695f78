// Classes for embed_bad_args: an abstract class, an interface, a class with an instance
// method and a field, and a native method to register.
public class EmbedBadArgs {
    public int field;
    public static int count;
    public void instanceMethod() { }
    public static native int registered();
    public static int notNative() { return 0; }

    public abstract static class Abstract { }
    public interface Iface { }
}
