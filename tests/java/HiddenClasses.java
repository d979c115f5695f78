// javac: plain
// Hidden classes from Lookup.defineHiddenClass: names, nest hosts (NESTMATE or not, and
// the IllegalAccessError that tells why a rejected NestHost attribute did not count),
// class data, the InnerClasses mismatch HotSpot reports for them, Class.forName failing;
// MethodHandles.lookup() called inside a hidden class (Reflection.getCallerClass must not
// skip its frames); lambda proxies; Lookup.defineClass and its duplicate definition error.
import java.lang.invoke.*;
import java.lang.reflect.*;
import java.util.*;
import java.util.function.*;
import static java.lang.invoke.MethodType.methodType;

public class HiddenClasses {
    private static int secret = 42;
    private int inst = 7;
    public static class Template implements Supplier<String> {
        public String get() {
            try {
                List<?> data = MethodHandles.classData(MethodHandles.lookup(), "_", List.class);
                return "template sees " + data + " secret " + HiddenClasses.secret;
            } catch (IllegalAccessException e) { return e.toString(); }
        }
        static String hello() { return "static hello"; }
    }
    static byte[] bytes(Class<?> c) throws Exception {
        try (var in = HiddenClasses.class.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) { return in.readAllBytes(); }
    }
    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup L = MethodHandles.lookup();
        byte[] b = bytes(Template.class);
        MethodHandles.Lookup hl = L.defineHiddenClassWithClassData(b, List.of("a", 1), true, MethodHandles.Lookup.ClassOption.NESTMATE);
        Class<?> hc = hl.lookupClass();
        System.out.println("hidden " + hc.isHidden() + " name has slash " + hc.getName().contains("/") + " prefix " + hc.getName().substring(0, hc.getName().indexOf('/')));
        System.out.println("nest host " + hc.getNestHost().getName() + " nestmate " + hc.isNestmateOf(HiddenClasses.class) + " members " + HiddenClasses.class.getNestMembers().length);
        System.out.println("canonical " + hc.getCanonicalName() + " anonymous? " + hc.isAnonymousClass());
        try { hc.getSimpleName(); } catch (IncompatibleClassChangeError e) { System.out.println(mask(e.toString())); }
        @SuppressWarnings("unchecked") Supplier<String> s = (Supplier<String>) hc.getDeclaredConstructor().newInstance();
        System.out.println(s.get());
        System.out.println(hl.findStatic(hc, "hello", methodType(String.class)).invoke());
        try { Class.forName(hc.getName()); } catch (ClassNotFoundException e) { System.out.println("forName fails: " + (e.getMessage().equals(hc.getName()))); }
        System.out.println("descriptor empty " + hc.describeConstable().isEmpty() + " desc " + hc.descriptorString().contains(".") );
        System.out.println("lookup modes " + (hl.lookupModes() & MethodHandles.Lookup.PRIVATE));
        MethodHandles.Lookup hl2 = L.defineHiddenClass(b, false);
        System.out.println("not init " + mask(hl2.lookupClass().getNestHost().getName()) + " " + (hl2.lookupClass() != hc));
        try { MethodHandles.classData(hl2, "_", Object.class); System.out.println("classData null ok " + MethodHandles.classData(hl2, "_", Object.class)); } catch (Exception e) { System.out.println(e); }
        Object inst = hl2.lookupClass().getDeclaredConstructor().newInstance();
        try { System.out.println(((Supplier<?>) inst).get()); } catch (Throwable e) { System.out.println("without nestmate: " + mask(e.toString())); }
        // classDataAt
        MethodHandles.Lookup hl3 = L.defineHiddenClassWithClassData(b, List.of("x", "y"), true);
        System.out.println(MethodHandles.classDataAt(hl3, "_", String.class, 1));
        // hidden class in stack trace
        Runnable r = () -> { throw new RuntimeException("in lambda"); };
        System.out.println("lambda class hidden " + r.getClass().isHidden() + " synthetic " + r.getClass().isSynthetic());
        try { r.run(); } catch (RuntimeException e) { for (StackTraceElement el : e.getStackTrace()) System.out.println("  " + el); }
        // defineClass (not hidden) into same package
        byte[] nb = bytes(Extra.class);
        try { L.defineClass(nb); } catch (LinkageError e) { System.out.println("dup: " + e); }
        // weak hidden classes unload fine; Lookup.in; dropLookupMode
        System.out.println(L.dropLookupMode(MethodHandles.Lookup.PRIVATE).lookupModes());
        try { MethodHandles.privateLookupIn(String.class, L); } catch (IllegalAccessException e) { System.out.println(e.getMessage().replaceAll("@[0-9a-f]+", "@H")); }
        // getCallerClass through hidden class: Class.forName from hidden class uses its loader
    }
    static String mask(String s) { return s.replaceAll("/0x[0-9a-f]+", "/HIDDEN"); }
    static class Extra {}
}
