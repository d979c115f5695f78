# ClassLoadingMXBean.isVerbose on each VM for the ways class loading is logged: true only
# when every class+load tag set (class+load*) logs to stdout at info or finer, as HotSpot
# computes it; -verbose:class and -Xlog:class+load (the one tag set) print the loads but
# are not "verbose"; setVerbose(true) turns on all of them.
set -e
H=${JAVA_HOME:-$JDK}/bin
mkdir -p src classes
cat >src/Vb.java <<'J'
import java.lang.management.*;

public class Vb {
    public static void main(String[] args) {
        ClassLoadingMXBean b = ManagementFactory.getClassLoadingMXBean();
        boolean before = b.isVerbose();
        b.setVerbose(!before);
        boolean after = b.isVerbose();
        b.setVerbose(before);
        System.err.println("verbose " + before + ", toggled " + after + ", restored " + b.isVerbose());
    }
}
J
"$H/javac" -d classes src/Vb.java
for o in -verbose:class -Xlog:class+load=info -Xlog:class+load=trace -Xlog:class+load*=info "-Xlog:class*=debug" \
         -Xlog:all=info "-Xlog:class+load*=info,class+load=warning" "-Xlog:class+load*=info,class+load=trace" \
         "-Xlog:class+load*=trace:file=vm.log" -Xlog:class+load*=warning -Xlog:disable; do
  printf '%s: ' "$o" >&2
  "$JDK/bin/java" "$o" -cp classes Vb >/dev/null
done
