# How deep recursion goes before StackOverflowError on each VM, with the JNI-callback
# shape too: the script builds the small library StackDepth (tests/java/StackDepth.java)
# calls back through, then runs it under -Xint with -Xss256k, the default and -Xss2m (the
# argument names the -Xss for the depth it expects).  Only whether each depth lies within
# a band around HotSpot -Xint's is printed.
set -e
cat >stackdepth.c <<'C'
#include <jni.h>

/* Java up(n) -> native nativeDown(n) -> Java up(n + 1) ... */
JNIEXPORT jint JNICALL Java_StackDepth_nativeDown(JNIEnv *env, jclass cls, jint n) {
    jmethodID m = (*env)->GetStaticMethodID(env, cls, "up", "(I)I");
    jint r = (*env)->CallStaticIntMethod(env, cls, m, n + 1);
    return (*env)->ExceptionCheck(env) ? -1 : r + 1;
}
C
gcc -shared -fPIC -O1 -I"$JDK/include" -I"$JDK/include/linux" -o libloupestackdepth.so stackdepth.c
set +e
for xss in 256 1024 2048; do
    echo "== -Xss${xss}k"
    "$JDK/bin/java" -Xint -Xss${xss}k -Djava.library.path="$PWD" -cp "$CLASSES" StackDepth $xss 2>&1
    echo "exit $?"
done
