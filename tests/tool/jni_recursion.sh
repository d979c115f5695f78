# Deep recursion through JNI callbacks on each VM: the script compiles a small C library
# with gcc against the JDK's jni.h and runs JniRecursion (tests/java/JniRecursion.java)
# with it: native methods that call back into Java recursively (with native frames of
# several sizes, and with native code that swallows the StackOverflowError), and threads
# created by native code with small and large stacks that attach and recurse in Java.
set -e
cat >jnirec.c <<'C'
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* Java up(n) -> native down(n) -> Java up(n + 1) ..., each native frame `kb` KB big. */
JNIEXPORT jint JNICALL Java_JniRecursion_down(JNIEnv *env, jclass cls, jint n, jint kb) {
    volatile char buf[48 << 10];
    memset((char *)buf, n, (size_t)kb << 10);
    jmethodID m = (*env)->GetStaticMethodID(env, cls, "up", "(II)I");
    jint r = (*env)->CallStaticIntMethod(env, cls, m, n + 1, kb);
    if ((*env)->ExceptionCheck(env)) return -1;     /* pending: rethrown on return */
    return r + 1 + (kb ? buf[0] - (char)n : 0);
}

/* The same, but a pending exception is cleared and the recursion reported as -1. */
JNIEXPORT jint JNICALL Java_JniRecursion_swallowing(JNIEnv *env, jclass cls, jint n) {
    jmethodID m = (*env)->GetStaticMethodID(env, cls, "upSwallowed", "(I)I");
    if (!m) {
        (*env)->ExceptionClear(env);
        return -1;
    }
    jint r = (*env)->CallStaticIntMethod(env, cls, m, n + 1);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env);
        return -1;
    }
    return r < 0 ? r : r + 1;
}

static JavaVM *vm;
static jclass cls;
static char result[256];

static void *attached(void *arg) {
    JNIEnv *env;
    (void)arg;
    if ((*vm)->AttachCurrentThread(vm, (void **)&env, NULL) != JNI_OK) {
        snprintf(result, sizeof result, "attach failed");
        return NULL;
    }
    jmethodID m = (*env)->GetStaticMethodID(env, cls, "attachedRun", "()Ljava/lang/String;");
    jstring s = (*env)->CallStaticObjectMethod(env, cls, m);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env);
        snprintf(result, sizeof result, "exception pending in the attached thread");
    } else {
        const char *u = (*env)->GetStringUTFChars(env, s, NULL);
        snprintf(result, sizeof result, "%s", u);
        (*env)->ReleaseStringUTFChars(env, s, u);
    }
    (*vm)->DetachCurrentThread(vm);
    return NULL;
}

JNIEXPORT jstring JNICALL Java_JniRecursion_onSmallThread(JNIEnv *env, jclass c, jint kb) {
    (*env)->GetJavaVM(env, &vm);
    cls = (*env)->NewGlobalRef(env, c);
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setstacksize(&a, (size_t)kb << 10);
    pthread_t t;
    if (pthread_create(&t, &a, attached, NULL) != 0) snprintf(result, sizeof result, "no thread");
    else pthread_join(t, NULL);
    pthread_attr_destroy(&a);
    (*env)->DeleteGlobalRef(env, cls);
    return (*env)->NewStringUTF(env, result);
}
C
gcc -shared -fPIC -O1 -I"$JDK/include" -I"$JDK/include/linux" -o libloupejnirec.so jnirec.c -lpthread
set +e
"$JDK/bin/java" -Djava.library.path="$PWD" -cp "$CLASSES" JniRecursion 2>&1
echo "exit $?"
