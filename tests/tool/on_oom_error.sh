# -XX:OnOutOfMemoryError on each VM: at the first OutOfMemoryError the VM prints HotSpot's
# banner (the error, the option, "Executing /bin/sh -c ...") on its output stream, stdout
# or, with -XX:+DisplayVMOutputToStderr, stderr, and runs each command (';' between them,
# %p the pid) before the error goes on; the second error runs nothing (OpenJDK's
# ProcessBuilder/Basic runs "java -version" so).
# normalize: s/[0-9][0-9]*/N/g
set -e
H=${JAVA_HOME:-$JDK}/bin
mkdir -p src classes
cat >src/Oome.java <<'J'
public class Oome {
    public static void main(String[] args) {
        for (int i = 0; i < 2; i++) {
            try {
                Object o = new long[Integer.MAX_VALUE - 10];
                System.out.println(o);
            } catch (OutOfMemoryError e) {
                System.out.println("caught " + e.getMessage());
            }
        }
        System.exit(1);
    }
}
J
"$H/javac" -d classes src/Oome.java
run() {
  local status=0
  "$JDK/bin/java" -Xmx64m "$@" -cp classes Oome >out.txt 2>err.txt || status=$?
  echo "-- stdout"; cat out.txt; echo "-- stderr"; cat err.txt; echo "-- status $status"
}
echo "== two commands, on stdout"
run "-XX:OnOutOfMemoryError=echo first %p;echo second"
echo "== on stderr"
run -XX:+DisplayVMOutputToStderr "-XX:OnOutOfMemoryError=echo run"
echo "== with -XX:+ExitOnOutOfMemoryError too"
run -XX:+ExitOnOutOfMemoryError "-XX:OnOutOfMemoryError=echo before exit"
