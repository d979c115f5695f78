# The package-access check on class resolution passes a class's own protection domain
# without asking the SecurityManager, as in HotSpot: code that names a class of its own
# code source in a restricted package (pkgr., added to package.access) resolves it under a
# policy that grants that code nothing (jtreg's java/nio/charset/spi/CharsetProviderBasicTest:
# jdk.charsets's ExtendedCharsets naming sun.nio.cs.ext).  main/ has AllPermission, lib/
# (pkgr.Foo, pkgr.Bar, loaded through a URLClassLoader whose parent is the boot loader:
# the app loader would check pkgr itself) none.
set -u
mkdir -p src/pkgr main lib
cat >src/pkgr/Bar.java <<'JAVA'
package pkgr;
public class Bar { public String toString() { return "a Bar"; } }
JAVA
cat >src/pkgr/Foo.java <<'JAVA'
package pkgr;
public class Foo implements Runnable { public void run() { System.out.println("Foo made " + new Bar()); } }
JAVA
cat >src/Main.java <<'JAVA'
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Paths;
import java.security.Security;
public class Main {
    public static void main(String[] args) throws Exception {
        Security.setProperty("package.access", Security.getProperty("package.access") + ",pkgr.");
        URLClassLoader lib = new URLClassLoader(new URL[] { Paths.get("lib").toUri().toURL() }, null);
        System.setSecurityManager(new SecurityManager());
        Runnable r = (Runnable) Class.forName("pkgr.Foo", true, lib).getConstructor().newInstance();
        try {
            r.run();
        } catch (SecurityException e) {
            System.out.println(e);
        }
        try {
            Class.forName("pkgr.Bar", false, lib);
            System.out.println("Main may load pkgr.Bar");
        } catch (SecurityException e) {
            System.out.println(e);
        }
    }
}
JAVA
cat >app.policy <<POLICY
grant codeBase "file:$PWD/main/" { permission java.security.AllPermission; };
POLICY
"$JDK/bin/javac" -d lib src/pkgr/*.java && "$JDK/bin/javac" -d main src/Main.java 2>&1 | grep -v -i 'warning\|^ *\^\|setSecurityManager\|^1 '
"$JDK/bin/java" -Djava.security.manager=allow -Djava.security.policy=app.policy -cp main Main 2>&1 | grep -v '^WARNING'
echo "exit ${PIPESTATUS[0]}"
