/*
 * embed_create_retry — JNI_CreateJavaVM calls that fail on their arguments (an unknown
 * -XX option, an unknown option, an unsupported interface version) leave nothing behind:
 * a later call in the same process with good options creates the VM.  Then JNI misuse that HotSpot answers with an exception, not a
 * crash: AllocObject and NewObject on java.lang.Class (IllegalAccessException), on an
 * array class and a primitive class (InstantiationException), and RegisterNatives with a
 * null function, which unbinds the method (its next call looks it up again and fails).
 *
 *   embed_create_retry CLASSDIR
 */
#include <jni.h>
#include "embed_util.h"
#include <stdio.h>
#include <string.h>

static JNIEnv *env;

static void pending(const char *what) { embed_print_pending(env, what); }

static jint JNICALL add(JNIEnv *e, jclass c, jint a, jint b) {
    (void)e;
    (void)c;
    return a + b + 1000;
}

static jint create(JavaVM **vm, jint version, JavaVMOption *options, int n) {
    JavaVMInitArgs args = { version, n, options, JNI_FALSE };
    fflush(stdout);
    jint rc = JNI_CreateJavaVM(vm, (void **)&env, &args);
    fflush(stderr);
    printf("JNI_CreateJavaVM: %d\n", rc);
    return rc;
}

static void print_property(const char *key) {
    jclass system = (*env)->FindClass(env, "java/lang/System");
    jmethodID get = (*env)->GetStaticMethodID(env, system, "getProperty", "(Ljava/lang/String;)Ljava/lang/String;");
    jstring v = (*env)->CallStaticObjectMethod(env, system, get, (*env)->NewStringUTF(env, key));
    const char *s = v ? (*env)->GetStringUTFChars(env, v, NULL) : NULL;
    printf("%s=%s\n", key, s ? s : "(null)");
    if (s) (*env)->ReleaseStringUTFChars(env, v, s);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: embed_create_retry CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVM *vm;
    JavaVMOption bad_xx[] = { { "-Dretry.first=yes", NULL }, { "-XX:+NoSuchFlagAnywhere", NULL } };
    create(&vm, JNI_VERSION_10, bad_xx, 2);
    JavaVMOption bad_opt[] = { { "-Dretry.second=yes", NULL }, { "-Xnosuchoption", NULL } };
    create(&vm, JNI_VERSION_10, bad_opt, 2);
    JavaVMOption good[] = { { cp, NULL }, { "-Xmx32m", NULL }, { "-Dretry.last=yes", NULL } };
    create(&vm, 0x7fff0000, good, 3);
    if (create(&vm, JNI_VERSION_10, good, 3) != JNI_OK) return 1;
    print_property("retry.last");       /* HotSpot keeps the failed calls' properties too */

    jclass class_class = (*env)->FindClass(env, "java/lang/Class");
    printf("AllocObject(Class): %s\n", (*env)->AllocObject(env, class_class) ? "object" : "null");
    pending("AllocObject(Class)");
    jmethodID ctor = (*env)->GetMethodID(env, class_class, "<init>", "(Ljava/lang/ClassLoader;Ljava/lang/Class;)V");
    pending("GetMethodID(Class.<init>)");
    printf("NewObject(Class): %s\n", ctor && (*env)->NewObject(env, class_class, ctor, NULL, NULL) ? "object" : "null");
    pending("NewObject(Class)");
    jclass ints = (*env)->FindClass(env, "[I");
    printf("AllocObject(int[]): %s\n", (*env)->AllocObject(env, ints) ? "object" : "null");
    pending("AllocObject(int[])");

    jclass target = (*env)->FindClass(env, "EmbedTarget");
    jmethodID native_add = (*env)->GetStaticMethodID(env, target, "nativeAdd", "(II)I");
    JNINativeMethod m = { "nativeAdd", "(II)I", (void *)add };
    printf("RegisterNatives(add): %d\n", (*env)->RegisterNatives(env, target, &m, 1));
    printf("nativeAdd(1, 2): %d\n", (*env)->CallStaticIntMethod(env, target, native_add, 1, 2));
    pending("nativeAdd bound");
    m.fnPtr = NULL;
    printf("RegisterNatives(NULL): %d\n", (*env)->RegisterNatives(env, target, &m, 1));
    pending("RegisterNatives(NULL)");
    printf("nativeAdd(1, 2): %d\n", (*env)->CallStaticIntMethod(env, target, native_add, 1, 2));
    pending("nativeAdd unbound");
    m.fnPtr = (void *)add;
    printf("RegisterNatives(add) again: %d\n", (*env)->RegisterNatives(env, target, &m, 1));
    printf("nativeAdd(3, 4): %d\n", (*env)->CallStaticIntMethod(env, target, native_add, 3, 4));
    pending("nativeAdd bound again");
    return (*vm)->DestroyJavaVM(vm) == JNI_OK ? 0 : 1;
}
