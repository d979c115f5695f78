# JNI FindClass and the SecurityManager's package access: HotSpot 17 makes no check of the
# calling class's protection domain in FindClass itself; the application loader checks in
# Java (AppClassLoader.loadClass), a loader that does not (a URLClassLoader whose parent is
# the boot loader, which defines the native method's class here) finds restricted classes
# (sun.misc, jdk.internal.misc) even with a SecurityManager and no grants.  Loupe must not
# refuse what HotSpot allows; without a manager everything is found too.
# normalize: s|file:[^ ]*/lib/|file:LIB/|
set -e
mkdir src out lib
cat >src/FindClassAccess.java <<'JAVA'
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

public class FindClassAccess {
    public static void main(String[] args) throws Exception {
        URLClassLoader l = new URLClassLoader(new URL[] { Path.of("lib").toUri().toURL() }, null);
        Class.forName("FindClassNative", true, l).getMethod("run", boolean.class).invoke(null, args.length > 0);
    }
}
JAVA
cat >src/FindClassNative.java <<'JAVA'
public class FindClassNative {
    static native String find(String name);
    public static void run(boolean sm) {
        System.loadLibrary("fca");
        if (sm) System.setSecurityManager(new SecurityManager());
        for (String n : new String[] { "java/lang/String", "java/util/List", "sun/misc/Unsafe",
                                       "jdk/internal/misc/Unsafe", "sun/reflect/Reflection", "NoSuchClass" }) {
            try {
                System.out.println(n + ": " + find(n));
            } catch (Throwable e) {
                System.out.println(n + ": " + e);
            }
        }
    }
}
JAVA
cat >fca.c <<'C'
#include <jni.h>
JNIEXPORT jstring JNICALL Java_FindClassNative_find(JNIEnv *env, jclass cls, jstring name) {
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    jclass c = (*env)->FindClass(env, n);
    (*env)->ReleaseStringUTFChars(env, name, n);
    return c ? (*env)->NewStringUTF(env, "found") : NULL;
}
C
gcc -shared -fPIC -o libfca.so -I"$JDK/include" -I"$JDK/include/linux" fca.c
# the classes are compiled once, by the reference JDK's javac (javac is not under test here)
"${JAVA_HOME:-$JDK}/bin/javac" -Xlint:-removal -d out src/FindClassAccess.java src/FindClassNative.java
mv out/FindClassNative.class lib/
set +e
echo "== no SecurityManager"
"$JDK/bin/java" -Djava.library.path=. -cp out FindClassAccess 2>&1
echo "exit $?"
echo "== SecurityManager, no grants"
"$JDK/bin/java" -Djava.security.manager=allow -Djava.library.path=. -cp out FindClassAccess sm 2>&1
echo "exit $?"
