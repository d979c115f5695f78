// vm-options: -Xshare:off --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
// Class-data sharing queries answered by a VM without an archive (HotSpot runs with
// -Xshare:off for the comparison): jdk.internal.misc.CDS says sharing is off and nothing
// is being dumped, gives 0 as the dumping seed, and initializeFromArchive leaves the
// classes that call it at start-up (the Integer cache, the module graph) to initialise
// themselves normally.
import jdk.internal.misc.CDS;

public class CdsQueries {
    static class Cached {
        static Object archivedValue;
        static {
            CDS.initializeFromArchive(Cached.class);
            if (archivedValue == null) archivedValue = "computed at run time";
        }
    }

    public static void main(String[] args) {
        System.out.println("isSharingEnabled " + CDS.isSharingEnabled());
        System.out.println("isDumpingClassList " + CDS.isDumpingClassList());
        System.out.println("isDumpingArchive " + CDS.isDumpingArchive());
        System.out.println("getRandomSeedForDumping " + CDS.getRandomSeedForDumping());
        System.out.println("Cached.archivedValue " + Cached.archivedValue);
        System.out.println("Integer cache " + (Integer.valueOf(127) == Integer.valueOf(127)) + " "
                           + (Integer.valueOf(-128) == Integer.valueOf(-128)) + " " + (Integer.valueOf(128) == Integer.valueOf(128)));
        System.out.println("boot layer modules " + ModuleLayer.boot().modules().size() + " "
                           + ModuleLayer.boot().findModule("java.base").isPresent());
        CDS.traceLambdaFormInvoker("[LF_RESOLVE]", "Holder", "name", "(I)V");
        CDS.traceSpeciesType("[SPECIES_RESOLVE]", "java.lang.invoke.BoundMethodHandle$Species_L");
        System.out.println("done");
    }
}
