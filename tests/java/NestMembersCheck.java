// Class.getNestMembers lists the host and only those listed members that name it as their
// host: a member whose class file lost its NestHost attribute (renamed here, so that the
// parser skips it) is its own host, and is left out of the host's list, as in HotSpot.
// Both classes are defined from bytes by a loader of the test's own.
import java.io.InputStream;
import java.util.Arrays;

public class NestMembersCheck {
    public static class Member { }

    public static class Claimer { }

    static byte[] bytes(String name, boolean dropNestHost) throws Exception {
        byte[] b;
        try (InputStream in = NestMembersCheck.class.getResourceAsStream(name + ".class")) { b = in.readAllBytes(); }
        if (dropNestHost) {
            byte[] f = "NestHost".getBytes(), t = "NestHosX".getBytes();
            for (int i = 0; i + f.length <= b.length; i++)
                if (Arrays.equals(b, i, i + f.length, f, 0, f.length)) System.arraycopy(t, 0, b, i, t.length);
        }
        return b;
    }

    static class Loader extends ClassLoader {
        Loader() { super(NestMembersCheck.class.getClassLoader()); }

        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("NestMembersCheck")) return super.loadClass(name, resolve);
            Class<?> c = findLoadedClass(name);
            if (c != null) return c;
            try {
                byte[] b = bytes(name, name.endsWith("$Member"));
                return defineClass(name, b, 0, b.length);
            } catch (Exception e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static String names(Class<?>[] cs) {
        StringBuilder sb = new StringBuilder();
        for (Class<?> c : cs) sb.append(sb.length() == 0 ? "" : ", ").append(c.getName());
        return "[" + sb + "]";
    }

    public static void main(String[] args) throws Exception {
        Loader l = new Loader();
        Class<?> host = l.loadClass("NestMembersCheck");
        Class<?> member = l.loadClass("NestMembersCheck$Member");
        Class<?> claimer = l.loadClass("NestMembersCheck$Claimer");
        System.out.println("host's members: " + names(host.getNestMembers()));
        System.out.println("member's host: " + member.getNestHost().getName() + ", its members: " + names(member.getNestMembers()));
        System.out.println("claimer's host: " + claimer.getNestHost().getName());
        System.out.println("nestmates: host/member " + host.isNestmateOf(member) + ", host/claimer " + host.isNestmateOf(claimer));
    }
}
