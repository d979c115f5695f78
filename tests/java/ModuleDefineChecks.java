// Defining a module to a loader is refused, as HotSpot's JVM_DefineModule refuses it, when
// one of its packages already has classes in that loader's unnamed module, or when a
// loader other than the boot and platform loaders gets a java or java.* package; the JDK
// reports either as LayerInstantiationException with the VM's message as its cause.
import java.lang.module.*;
import java.util.*;

public class ModuleDefineChecks {
    static class Marker { }

    static class Named extends ClassLoader {
        Named() { super("checks", ModuleDefineChecks.class.getClassLoader()); }

        // Marker's bytes renamed (same length) into package q: a class of q in this
        // loader's unnamed module
        Class<?> defineInQ() throws Exception {
            byte[] b;
            try (java.io.InputStream in = ModuleDefineChecks.class.getResourceAsStream("ModuleDefineChecks$Marker.class")) {
                b = in.readAllBytes();
            }
            byte[] from = "ModuleDefineChecks$Marker".getBytes(), to = "q/ModuleDefineChecksMarke".getBytes();
            for (int i = 0; i + from.length <= b.length; i++)
                if (Arrays.equals(b, i, i + from.length, from, 0, from.length)) System.arraycopy(to, 0, b, i, to.length);
            return defineClass("q.ModuleDefineChecksMarke", b, 0, b.length);
        }
    }

    static ModuleFinder finderOf(ModuleDescriptor... ds) {
        Map<String, ModuleReference> refs = new HashMap<>();
        for (ModuleDescriptor d : ds)
            refs.put(d.name(), new ModuleReference(d, null) {
                public ModuleReader open() { throw new UnsupportedOperationException(); }
            });
        return new ModuleFinder() {
            public Optional<ModuleReference> find(String name) { return Optional.ofNullable(refs.get(name)); }
            public Set<ModuleReference> findAll() { return new HashSet<>(refs.values()); }
        };
    }

    static void define(String what, String pkg, ClassLoader loader) {
        ModuleDescriptor md = ModuleDescriptor.newModule("m" + Math.abs(pkg.hashCode())).packages(Set.of(pkg)).requires("java.base").build();
        try {
            Configuration cf = ModuleLayer.boot().configuration().resolve(finderOf(md), ModuleFinder.of(), Set.of(md.name()));
            ModuleLayer layer = ModuleLayer.boot().defineModules(cf, mn -> loader);
            System.out.println(what + ": defined " + layer.findModule(md.name()).get().getName().startsWith("m"));
        } catch (LayerInstantiationException e) {
            Throwable c = e.getCause();
            System.out.println(what + ": " + e.getClass().getSimpleName() + " caused by " + (c == null ? null : c.getClass().getName()));
            System.out.println("  " + e.getMessage().replaceAll("@[0-9a-f]+", "@..."));
        }
    }

    public static void main(String[] args) throws Exception {
        define("a fresh package", "p.fresh", new Named());
        define("java.x to a class loader", "java.x", new Named());
        define("java to a class loader", "java", new Named());
        Named withQ = new Named();
        Class<?> q = withQ.defineInQ();
        System.out.println("defined " + q.getName() + " in a named module: " + q.getModule().isNamed());
        define("a package with classes in the unnamed module", "q", withQ);
        define("the same package, another loader", "q", new Named());
    }
}
