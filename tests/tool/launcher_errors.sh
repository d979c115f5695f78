# The launcher's paths through the VM other than running a main class normally: a main
# class that cannot be found or has no main method; start-up failing in the class library
# (a security manager or a system class loader that does not exist, an unknown module),
# where the VM prints the exception and exits; the source-file mode (javac compiles the
# program in memory, then it runs); -jar with a missing jar and with a jar without a
# Main-Class; --dry-run; --list-modules and --describe-module (which boot the module
# system and print from it; the latter's lines sorted); and --version/-fullversion, whose
# launcher lines are the same on both VMs.
set -u
J=$JDK/bin/java
run() {
  echo "== java ${*//$CLASSES/CLASSES}"
  "$J" "$@" >run.out 2>run.err
  echo "exit $?"
  sed 's/^/  out: /' run.out
  sed 's/^/  err: /' run.err
}
run -cp "$CLASSES" NoSuchMainClass
run -cp "$CLASSES" no.such.pkg.Main
run -cp "$CLASSES" ReflectInvoke\$Rect
run -cp "$CLASSES" java/lang/Object
run -cp "$CLASSES" --dry-run ExitCode
run -cp "$CLASSES" --dry-run NoSuchMainClass
cat >Prog.java <<'JAVA'
import java.util.*;
public class Prog {
    public static void main(String[] args) {
        List<String> l = new ArrayList<>(List.of(args));
        Collections.reverse(l);
        System.out.println("source-file program, arguments reversed: " + l);
        if (args.length > 2) throw new IllegalArgumentException("too many: " + args.length);
    }
}
JAVA
run Prog.java one two
run Prog.java one two three
printf 'public class Bad { void f() { int x = "s"; } }\n' >Bad.java
run Bad.java
run -jar missing.jar
printf 'Manifest-Version: 1.0\n' >manifest.txt
cp "$CLASSES/ExitCode.class" .
"$JDK/bin/jar" cfm nomain.jar manifest.txt ExitCode.class
run -jar nomain.jar
# Start-up failures: the VM prints the exception itself and exits with status 1.
run -Djava.security.manager=NoSuchManager -cp "$CLASSES" ExitCode
run -Djava.system.class.loader=NoSuchLoader -Xshare:off -cp "$CLASSES" ExitCode
run --add-modules=no.such.module -cp "$CLASSES" ExitCode
run --list-modules
# (The requires lines come out of a HashSet whose order follows identity hash codes.)
run --describe-module java.sql | sort
run --describe-module no.such.module
"$J" --version | head -n 2
echo "exit $?"
"$J" -fullversion 2>&1
