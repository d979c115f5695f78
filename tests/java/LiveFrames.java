// LiveFrames: StackWalker's JDK-internal extended walk (java.lang.LiveStackFrame with
// LOCALS_AND_OPERANDS) sees each frame's locals, operands and monitors, as HotSpot's
// interpreter shows them: references as objects, other slots as 64-bit PrimitiveSlots (a
// long or double in one of its two slots), a synchronized method's monitor among its
// frame's monitors; the ordinary walker's frames are not live ones.  (Loupe gave empty
// arrays before.)
// vm-options: --add-opens java.base/java.lang=ALL-UNNAMED
import java.lang.StackWalker.StackFrame;
import java.lang.reflect.Method;
import java.util.*;

public class LiveFrames {
    static Class<?> live, prim;
    static Method locals, operands, monitors, longValue;

    public static void main(String[] args) throws Exception {
        live = Class.forName("java.lang.LiveStackFrame");
        prim = Class.forName("java.lang.LiveStackFrame$PrimitiveSlot");
        locals = open(live, "getLocals");
        operands = open(live, "getStack");
        monitors = open(live, "getMonitors");
        longValue = open(prim, "longValue");
        Method get = live.getMethod("getStackWalker", Set.class);
        get.setAccessible(true);
        StackWalker walker = (StackWalker) get.invoke(null, EnumSet.noneOf(StackWalker.Option.class));
        new LiveFrames().known(walker, 0xA, 'z', "himom", 0x3FF00000000L + 0xFFFF, Math.PI);
        boolean plain = StackWalker.getInstance().walk(s -> s.noneMatch(f -> live.isInstance(f)));
        System.out.println("ordinary frames are not live: " + plain);
    }

    static Method open(Class<?> c, String name) throws Exception {
        Method m = c.getDeclaredMethod(name);
        m.setAccessible(true);
        return m;
    }

    synchronized void known(StackWalker walker, int x, char c, String hi, long l, double d) throws Exception {
        StackFrame[] frames = walker.walk(s -> s.filter(f -> f.getMethodName().equals("known")).toArray(StackFrame[]::new));
        StackFrame f = frames[0];
        Object[] loc = (Object[]) locals.invoke(f);
        System.out.println("live frame: " + live.isInstance(f) + ", " + loc.length + " locals");
        System.out.println("this: " + (loc[0] == this) + ", walker: " + (loc[1] == walker));
        System.out.println("int " + low(loc[2]) + ", char " + (char) low(loc[3]) + ", string " + loc[4]);
        System.out.println("long in its slots " + inSlots(loc[5], loc[6], l) + ", double in its slots "
                + inSlots(loc[7], loc[8], Double.doubleToRawLongBits(d)));
        Object[] mon = (Object[]) monitors.invoke(f);
        System.out.println("monitors: " + mon.length + ", this " + (mon.length == 1 && mon[0] == this));
        System.out.println("operands an array: " + (operands.invoke(f) instanceof Object[]));
    }

    static int low(Object slot) throws Exception { return (int) (long) (Long) longValue.invoke(slot); }

    static boolean inSlots(Object a, Object b, long v) throws Exception {
        return prim.isInstance(a) && prim.isInstance(b) && ((Long) longValue.invoke(a) == v || (Long) longValue.invoke(b) == v);
    }
}
