// Package.getPackages() and Package.getPackage() for the boot loader's packages
// (JVM_GetSystemPackages, JVM_GetSystemPackage): a package appears once the boot loader
// has loaded a class of it, with its module's location; java.util.prefs is loaded here
// for the first time.  Only packages every run loads are printed.
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

public class SystemPackages {
    static final String[] ALWAYS = { "java.lang", "java.util", "java.io", "java.lang.invoke", "jdk.internal.misc" };

    public static void main(String[] args) throws Exception {
        Set<String> names = new TreeSet<>();
        for (Package p : Package.getPackages()) names.add(p.getName());
        for (String n : ALWAYS) System.out.println(n + " listed: " + names.contains(n));
        System.out.println("java.util.prefs listed before: " + names.contains("java.util.prefs"));
        show("java.lang");
        show("java.util.concurrent");
        Class.forName("java.util.prefs.Preferences", false, null);
        names.clear();
        for (Package p : Package.getPackages()) names.add(p.getName());
        System.out.println("java.util.prefs listed after: " + names.contains("java.util.prefs"));
        show("java.util.prefs");
        show("no.such.pkg");
        System.out.println("sorted unique: " + (names.size() == Package.getPackages().length
                || names.size() <= Package.getPackages().length));
        Package lang = Object.class.getPackage();
        System.out.println("Object's package: " + lang.getName() + " sealed=" + lang.isSealed()
                + " same as listed: " + Arrays.asList(Package.getPackages()).contains(lang));
    }

    @SuppressWarnings("deprecation")
    static void show(String name) {
        Package p = Package.getPackage(name);
        if (p == null) {
            System.out.println(name + ": null");
            return;
        }
        System.out.println(name + ": " + p.getName() + " title=" + p.getImplementationTitle()
                + " spec=" + p.getSpecificationVersion() + " sealed=" + p.isSealed());
    }
}
