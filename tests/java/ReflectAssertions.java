// Assertion status of classes defined by a user class loader: before the loader has
// asked for the VM's -ea/-da directives (JVM_DesiredAssertionStatus), after it has
// (ClassLoader.retrieveDirectives, i.e. JVM_AssertionStatusDirectives, whose default is
// the -ea state and whose class and package lists are empty here), and with the loader's
// own class, package and default settings on top.  ReflectAssertionsEa runs the same
// with -ea.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;

public class ReflectAssertions {
    static class Definer extends ClassLoader {
        Definer() { super(null); }
        Class<?> define(byte[] b) { return defineClass("ReflectAssertionsTarget", b, 0, b.length); }
    }

    static byte[] targetBytes() throws Exception {
        InputStream in = ReflectAssertions.class.getResourceAsStream("/ReflectAssertionsTarget.class");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        for (int n; (n = in.read(buf)) > 0;) out.write(buf, 0, n);
        return out.toByteArray();
    }

    static void run(String what, Definer d, byte[] bytes) throws Exception {
        Class<?> c = d.define(bytes);
        java.lang.reflect.Constructor<?> k = c.getDeclaredConstructor();
        k.setAccessible(true);          // another loader's class: another run-time package
        Runnable r = (Runnable) k.newInstance();
        String status;
        try {
            r.run();
            status = "disabled";
        } catch (AssertionError e) {
            status = "enabled";
        }
        StringBuilder sb = new StringBuilder(what).append(": desired ").append(c.desiredAssertionStatus());
        System.out.println(sb.append(", assert statement ").append(status));
    }

    public static void main(String[] args) throws Exception {
        byte[] bytes = targetBytes();
        run("fresh loader", new Definer(), bytes);

        Definer d = new Definer();
        d.setPackageAssertionStatus("some.other.pkg", true);
        run("after the loader read the directives", d, bytes);

        d = new Definer();
        d.setClassAssertionStatus("ReflectAssertionsTarget", true);
        run("class enabled", d, bytes);

        d = new Definer();
        d.setClassAssertionStatus("ReflectAssertionsTarget", false);
        run("class disabled", d, bytes);

        d = new Definer();
        d.setPackageAssertionStatus(null, true);
        run("unnamed package enabled", d, bytes);

        d = new Definer();
        d.setDefaultAssertionStatus(true);
        run("loader default on", d, bytes);

        d = new Definer();
        d.setDefaultAssertionStatus(true);
        d.clearAssertionStatus();
        run("cleared", d, bytes);

        System.out.println(new StringBuilder("this class: ").append(ReflectAssertions.class.desiredAssertionStatus()));
    }
}

class ReflectAssertionsTarget implements Runnable {
    public void run() {
        assert false : "checked";
    }
}
