// vm-options: --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED --add-exports=jdk.compiler/com.sun.tools.javac.util=java.sql,java.logging --add-reads=java.sql=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-modules=jdk.internal.vm.ci --add-modules=jdk.incubator.foreign
// The module options of the command line, which the VM turns into jdk.module.* properties
// for java.base's ModuleBootstrap: jdk.internal.misc exported to all unnamed modules links
// (the VM's own check agrees with the Java bookkeeping), qualified exports between named
// modules, reads of all unnamed modules, opens, and both --add-modules options (the
// second does not replace the first; the incubator module's warning goes to stderr).
public class ModuleOptions {
    static class Call { static Object run() { return jdk.internal.misc.Unsafe.getUnsafe(); } }
    static class Array { static Object run() { return new jdk.internal.misc.VM[1]; } }

    static Module module(String name) {
        return ModuleLayer.boot().findModule(name).orElseThrow();
    }

    public static void main(String[] args) {
        System.out.println("Unsafe: " + (Call.run() != null) + ", address size " + jdk.internal.misc.Unsafe.getUnsafe().addressSize());
        System.out.println("array: " + Array.run().getClass().getName());
        Module me = ModuleOptions.class.getModule(), base = Object.class.getModule();
        Module compiler = module("jdk.compiler"), sql = module("java.sql"), logging = module("java.logging");
        System.out.println("java.base exports jdk.internal.misc " + base.isExported("jdk.internal.misc") + ", to me " + base.isExported("jdk.internal.misc", me)
                + ", opens java.util to me " + base.isOpen("java.util", me) + ", opens java.io to me " + base.isOpen("java.io", me));
        System.out.println("jdk.compiler exports com.sun.tools.javac.util to java.sql " + compiler.isExported("com.sun.tools.javac.util", sql)
                + ", to java.logging " + compiler.isExported("com.sun.tools.javac.util", logging) + ", to me " + compiler.isExported("com.sun.tools.javac.util", me));
        System.out.println("java.sql reads me " + sql.canRead(me) + ", java.logging reads me " + logging.canRead(me));
        for (String n : new String[] { "jdk.internal.vm.ci", "jdk.incubator.foreign", "jdk.incubator.vector" })
            System.out.println(n + " in the boot layer: " + ModuleLayer.boot().findModule(n).isPresent());
    }
}
