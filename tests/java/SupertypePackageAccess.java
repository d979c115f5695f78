// SupertypePackageAccess: the package-access check of class resolution, for supertypes too.
// Loading a class resolves its superclass and interfaces with the class's protection domain,
// as any other resolution from that domain: with no SecurityManager the check passes and the
// domain is remembered for the (supertype, loader) pair, so a later resolution of that
// supertype from code of the same domain passes even under a SecurityManager that denies
// the package, while a class of that package never resolved before is denied (HotSpot's
// behaviour; Loupe checked supertypes not at all, so the later resolution was denied: jtreg
// LoggerBridgeTest).
// vm-options: --add-exports java.base/sun.util.logging=ALL-UNNAMED -Djava.security.manager=allow
import java.security.*;
import sun.util.logging.PlatformLogger;

public class SupertypePackageAccess {
    static class Impl implements PlatformLogger.ConfigurableBridge {
    }

    static class User {
        static String use() {
            return "resolved the interface again: " + PlatformLogger.ConfigurableBridge.getLoggerConfiguration(null);
        }
    }

    static class Other {
        static String use() {
            return "resolved another class: " + PlatformLogger.Level.class.getSimpleName();
        }
    }

    @SuppressWarnings("removal")
    public static void main(String[] args) {
        System.out.println("loaded " + new Impl().getClass().getInterfaces()[0].getName() + " as an interface");
        Policy.setPolicy(new Policy() {
            @Override
            public boolean implies(ProtectionDomain pd, Permission p) {
                return !(p instanceof RuntimePermission && p.getName().startsWith("accessClassInPackage."));
            }
        });
        System.setSecurityManager(new SecurityManager());
        System.out.println(User.use());
        try {
            System.out.println(Other.use());
        } catch (AccessControlException e) {
            System.out.println("denied: " + e.getMessage());
        }
    }
}
