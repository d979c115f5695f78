// CompactStringsOff: -XX:-CompactStrings as HotSpot: String.COMPACT_STRINGS is false and every
// string is UTF-16, the VM's own (literals, class names) too, so strings the VM and Java make
// still compare and intern alike.  (Loupe ignored the flag: COMPACT_STRINGS stayed true.)
// vm-options: -XX:-CompactStrings --add-opens java.base/java.lang=ALL-UNNAMED
import java.lang.reflect.Field;
public class CompactStringsOff {
    public static void main(String[] a) throws Exception {
        Field f = String.class.getDeclaredField("COMPACT_STRINGS"); f.setAccessible(true);
        Field c = String.class.getDeclaredField("coder"); c.setAccessible(true);
        String lit = "abc", built = new StringBuilder("ab").append('c').toString();
        System.out.println("COMPACT_STRINGS " + f.get(null) + ", literal coder " + c.get(lit) + ", built coder " + c.get(built)
            + ", equal " + lit.equals(built) + ", intern same " + (built.intern() == lit) + ", name coder " + c.get(CompactStringsOff.class.getName()));
    }
}
