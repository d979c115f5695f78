// Unnamed modules of loaders that die while named modules still name them: java.base
// reads each loader's unnamed module and exports a package to it (reflectively, as
// Module.addReads/addExports do; held weakly), then the loader is unloaded.  The module
// graph forgets the dead modules and keeps working for the live ones.
// vm-options: -Xmx32m --add-opens java.base/java.lang=ALL-UNNAMED
// gcstress-args: 40
import java.lang.ref.WeakReference;
import java.lang.reflect.Method;

public class ModuleUnload {
    static final class Fresh extends ClassLoader {
        Fresh() { super(null); }
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        Module base = Object.class.getModule();
        Method reads = Module.class.getDeclaredMethod("implAddReads", Module.class);
        Method exports = Module.class.getDeclaredMethod("implAddExports", String.class, Module.class);
        reads.setAccessible(true);
        exports.setAccessible(true);
        WeakReference<ClassLoader> last = null;
        for (int i = 0; i < n; i++) {
            Fresh l = new Fresh();
            reads.invoke(base, l.getUnnamedModule());
            exports.invoke(base, "jdk.internal.misc", l.getUnnamedModule());
            last = new WeakReference<>(l);
            if (i % 50 == 0) System.gc();
        }
        for (int i = 0; i < 5 && last.get() != null; i++) System.gc();
        System.out.println("last loader collected: " + (last.get() == null));
        Fresh kept = new Fresh();
        reads.invoke(base, kept.getUnnamedModule());
        exports.invoke(base, "jdk.internal.misc", kept.getUnnamedModule());
        System.out.println("java.base reads a live loader's unnamed module: " + base.canRead(kept.getUnnamedModule()));
        System.out.println("exports jdk.internal.misc to it: " + base.isExported("jdk.internal.misc", kept.getUnnamedModule()));
    }
}
