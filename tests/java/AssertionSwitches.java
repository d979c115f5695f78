// vm-options: -da:AssertionSwitches -ea:AssertionSwitches -ea:... -da:AssertionSwitches$Off -ea:javax.naming... -da:javax.naming.directory... -ea:javax.naming.directory.InitialDirContext -ea:java.sql... -da:java.sql.Time -ea:javax/script... -da:java.rmi.Remote... -ea:java.beans.Beans -da:java.beans.Beans -dsa
// The -ea/-da switches for classes and package trees (NAME... ; "..." alone is the unnamed
// package), which HotSpot used to honour only as the default: the last switch for a name
// wins, a class switch beats a package switch, the innermost package wins, slashes work
// like dots, and a class in a package never matches the unnamed-package switch.  Printed
// for boot classes (javax.naming, java.rmi, java.beans: JVM_DesiredAssertionStatus with
// the -esa/-dsa default), for platform-loader classes (java.sql, javax.script: the user
// default), for this test's own classes and another test's class in the unnamed package
// (boot or app loader, by test mode; never initialised), and by running assert statements.  Then the class loaders are made to ask for the VM's switches
// (ClassLoader.retrieveDirectives, JVM_AssertionStatusDirectives) and answer from their
// own tables, which must agree except where the JDK's tables cannot express a switch.
public class AssertionSwitches {
    // A nested class asserts with its top-level class's status (javac asks the outermost).
    static class Off {
        static boolean asserting() {
            boolean on = false;
            assert on = true;
            return on;
        }
    }

    static boolean asserting() {
        boolean on = false;
        assert on = true;
        return on;
    }

    static final String[] NAMES = {
        "AssertionSwitches", "AssertionSwitches$Off", "Arith",
        "javax.naming.Context", "javax.naming.ldap.LdapContext", "javax.naming.directory.DirContext",
        "javax.naming.directory.InitialDirContext", "java.rmi.Remote", "java.rmi.server.RMIClassLoader",
        "java.beans.Beans", "java.beans.Introspector", "java.sql.Date", "java.sql.Time", "javax.sql.DataSource",
        "javax.script.ScriptEngine", "java.lang.String", "[Ljava.lang.String;", "[I",
    };

    static void print(String when) throws Exception {
        StringBuilder sb = new StringBuilder(when).append(":");
        // (The boot loader does not define platform classes: ask the platform loader then.)
        ClassLoader loader = AssertionSwitches.class.getClassLoader();
        if (loader == null) loader = ClassLoader.getPlatformClassLoader();
        for (String n : NAMES) {
            Class<?> c = Class.forName(n, false, loader);
            sb.append("\n  ").append(n).append(' ').append(c.desiredAssertionStatus());
        }
        sb.append("\n  int ").append(int.class.desiredAssertionStatus());
        System.out.println(sb);
    }

    public static void main(String[] args) throws Exception {
        System.out.println("asserting: AssertionSwitches " + asserting() + ", Off " + Off.asserting());
        print("from the VM");
        // A loader asks the VM for the switches once it gets assertion settings of its own.
        ClassLoader app = AssertionSwitches.class.getClassLoader();
        if (app != null) app.setClassAssertionStatus("NoSuchClass", true);
        ClassLoader.getPlatformClassLoader().setClassAssertionStatus("NoSuchClass", true);
        print("from the class loaders");
        ClassLoader.getPlatformClassLoader().setPackageAssertionStatus("java.sql", false);
        ClassLoader.getPlatformClassLoader().setDefaultAssertionStatus(true);
        print("after setPackageAssertionStatus and setDefaultAssertionStatus");
    }
}

