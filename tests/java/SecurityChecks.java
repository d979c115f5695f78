import java.io.FileInputStream;
import java.security.AccessControlContext;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.security.PrivilegedExceptionAction;
import java.security.ProtectionDomain;

/*
 * Access checks through the VM's stack inspection (JVM_GetStackAccessControlContext) and
 * the package-access check made on class resolution.  Run alone (no SecurityManager, and in
 * embed mode as boot classes) every attempt is allowed; tool/security_manager runs it under
 * a SecurityManager with a policy file (argument "sm"), with the manager installed late
 * ("late"), and with SecurityChecks$Trusted copied into a second code source that the policy
 * grants more than the application.
 */
@SuppressWarnings("removal")
public class SecurityChecks {
    static void attempt(String what, PrivilegedExceptionAction<Object> a) {
        try {
            System.out.println(what + ": allowed " + a.run());
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    static String home() { return System.getProperty("user.home") != null ? "user.home" : "none"; }

    static boolean readPasswd() throws Exception {
        try (FileInputStream f = new FileInputStream("/etc/passwd")) {
            return f.read() >= 0;
        }
    }

    /** Granted more than the application when it comes from its own code source. */
    public static class Trusted {
        public static String home() { return System.getProperty("user.home") != null ? "user.home" : "none"; }

        public static String homePrivileged() {
            return AccessController.doPrivileged((PrivilegedAction<String>) Trusted::home);
        }

        public static String homePrivilegedIn(AccessControlContext acc) {
            return AccessController.doPrivileged((PrivilegedAction<String>) Trusted::home, acc);
        }

        public static String forNameUnsafePrivileged() {
            return AccessController.doPrivileged((PrivilegedAction<String>) () -> {
                try {
                    return Class.forName("sun.misc.Unsafe").getName();
                } catch (ClassNotFoundException e) {
                    return e.toString();
                }
            });
        }

        /** Runs in a thread: reads user.home without a privileged block of its own. */
        public static Runnable homeTask(String what) {
            return () -> {
                try {
                    System.out.println(what + ": allowed " + home());
                } catch (SecurityException e) {
                    System.out.println(what + ": " + e);
                }
            };
        }

        /** A thread made inside a privileged block inherits only this class's domain. */
        public static Thread privilegedThread(Runnable r) {
            return AccessController.doPrivileged((PrivilegedAction<Thread>) () -> new Thread(r));
        }

        public static boolean fromTrustedSource() {
            ProtectionDomain pd = Trusted.class.getProtectionDomain();
            return pd.getCodeSource() != SecurityChecks.class.getProtectionDomain().getCodeSource();
        }
    }

    static class UsesUnsafe {
        static String name() { return sun.misc.Unsafe.class.getName(); }
    }

    static void threads() throws InterruptedException {
        Thread app = new Thread(Trusted.homeTask("thread made by the application"));
        app.start();
        app.join();
        Thread priv = Trusted.privilegedThread(Trusted.homeTask("thread made in Trusted's privileged block"));
        priv.start();
        priv.join();
    }

    static void common() throws Exception {
        attempt("forName sun.misc.Unsafe", () -> Class.forName("sun.misc.Unsafe").getName());
        attempt("ldc sun.misc.Unsafe", UsesUnsafe::name);
        attempt("user.home", SecurityChecks::home);
        attempt("/etc/passwd", SecurityChecks::readPasswd);
        attempt("java.version", () -> System.getProperty("java.version") != null);
        attempt("java.io.tmpdir (granted)", () -> System.getProperty("java.io.tmpdir") != null);
        attempt("doPrivileged user.home", () -> AccessController.doPrivileged((PrivilegedAction<String>) SecurityChecks::home));
        attempt("Trusted.home", Trusted::home);
        attempt("Trusted.homePrivileged", Trusted::homePrivileged);
        AccessControlContext mine = AccessController.getContext();
        attempt("Trusted.homePrivilegedIn(app context)", () -> Trusted.homePrivilegedIn(mine));
        attempt("Trusted.homePrivilegedIn(null)", () -> Trusted.homePrivilegedIn(null));
        attempt("Trusted /etc/passwd privileged", () -> AccessController.doPrivileged(
                (PrivilegedExceptionAction<Boolean>) SecurityChecks::readPasswd, null));
        threads();
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "none";
        System.out.println("mode " + mode);
        if (mode.equals("late")) {
            System.out.println("trusted source " + Trusted.fromTrustedSource());
            attempt("before: forName sun.misc.Unsafe", () -> Class.forName("sun.misc.Unsafe").getName());
            System.setSecurityManager(new SecurityManager());
            attempt("after: forName sun.misc.Unsafe (validated before)", () -> Class.forName("sun.misc.Unsafe").getName());
            attempt("after: forName sun.misc.Signal", () -> Class.forName("sun.misc.Signal").getName());
            attempt("after: Trusted forName sun.misc.Unsafe", Trusted::forNameUnsafePrivileged);
            attempt("after: user.home", SecurityChecks::home);
            return;
        }
        System.out.println("security manager " + (System.getSecurityManager() != null));
        common();
    }
}
