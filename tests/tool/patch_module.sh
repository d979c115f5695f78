# --patch-module: classes patched into java.base are found by the boot loader before
# lib/modules (a new class java.lang.PatchProbe, a replaced java.lang.Compiler), from a
# directory and from a jar, with -cp and with an application module on the module path;
# a platform module (java.sql) is patched by the module system; the option's errors and
# warnings are HotSpot's (a missing '=', java.base twice, another module twice, an unknown
# module, -Djdk.module.* properties ignored).
# normalize: s/^.* VM warning: /VM warning: /
# normalize: s/^\[[0-9.]*s\]/[T]/
set -u
mkdir -p patch/java.base/java/lang patch/java.sql/java/sql app/m.app/app cp
cat >patch/java.base/java/lang/PatchProbe.java <<'JAVA'
package java.lang;

public class PatchProbe {
    public static String where() {
        return "PatchProbe in " + PatchProbe.class.getModule() + ", loader " + PatchProbe.class.getClassLoader();
    }
}
JAVA
cat >patch/java.base/java/lang/Compiler.java <<'JAVA'
package java.lang;

@Deprecated(since = "9", forRemoval = true)
public final class Compiler {
    private Compiler() {}
    public static boolean compileClass(Class<?> clazz) { return false; }
    public static boolean compileClasses(String string) { return false; }
    public static Object command(Object any) { return "patched Compiler.command(" + any + ")"; }
    public static void enable() {}
    public static void disable() {}
}
JAVA
cat >patch/java.sql/java/sql/PatchProbe.java <<'JAVA'
package java.sql;

public class PatchProbe {
    public static String where() {
        return "java.sql.PatchProbe in " + PatchProbe.class.getModule() + ", loader " + PatchProbe.class.getClassLoader().getName();
    }
}
JAVA
cat >app/m.app/module-info.java <<'JAVA'
module m.app { requires java.sql; }
JAVA
cat >app/m.app/app/Main.java <<'JAVA'
package app;

public class Main {
    @SuppressWarnings("removal")
    public static void main(String[] args) throws Exception {
        System.out.println(java.lang.PatchProbe.where());
        System.out.println(java.lang.Compiler.command("x"));
        System.out.println(Main.class.getModule().isNamed() ? "named " + Main.class.getModule().getName() : "unnamed");
        try {
            System.out.println(Class.forName("java.sql.PatchProbe").getMethod("where").invoke(null));
        } catch (ClassNotFoundException e) {
            System.out.println(e);
        }
    }
}
JAVA
# one javac run (patches and the application module together) keeps the script quick
"$JDK/bin/javac" -d out --module-source-path app --patch-module java.base=patch/java.base --patch-module java.sql=patch/java.sql \
  $(find patch app -name '*.java') 2>&1 | grep -v '^Note:'
echo "javac: exit ${PIPESTATUS[0]}"
mkdir mods
mv out/java.base pbase
mv out/java.sql psql
mv out/m.app mods/
(cd pbase && "$JDK/bin/jar" cf ../pbase.jar java)
run() { echo "== $*"; "$JDK/bin/java" "$@" 2>&1; echo "exit $?"; }
run --patch-module java.base=pbase -cp mods/m.app app.Main
run --patch-module java.base=/nonexistent:pbase.jar --patch-module java.sql=psql -cp mods/m.app app.Main
run --patch-module java.base=pbase --patch-module java.sql=psql -p mods -m m.app/app.Main
run --patch-module=java.base=pbase -Xlog:class+load -cp mods/m.app app.Main | grep -E 'path:|PatchProbe|Compiler'
run -cp mods/m.app app.Main | head -n 3
run --patch-module java.base -version
run --patch-module java.base=pbase --patch-module java.base=pbase -version
run --patch-module java.sql=psql --patch-module java.sql=psql -version
run --patch-module no.such.module=psql -cp mods/m.app app.Main
run -Djdk.module.patch.0=java.base=pbase -Djdk.module.upgrade.path=mods -Djdk.module.foo=1 -cp mods/m.app app.Main
run --upgrade-module-path=/nonexistent -cp mods/m.app app.Main
run --upgrade-module-path=mods -cp mods/m.app app.Main
