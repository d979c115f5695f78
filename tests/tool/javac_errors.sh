# javac reporting compile errors on the VM under test: the diagnostics and exit status.
cat >Broken.java <<'JAVA'
public class Broken {
    void f() { int x = "s"; undefined(); }
}
JAVA
"$JDK/bin/javac" Broken.java 2>&1
echo "javac exit $?"
