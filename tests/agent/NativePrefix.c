// main: NpMain
/*
 * SetNativeMethodPrefix: a native method renamed with the prefix binds to the JNI
 * function of the Java method that has its old name (by lookup, and through
 * RegisterNatives of the old name); a prefixed native without such a method stays
 * unbound (UnsatisfiedLinkError), and RegisterNatives of a name no method has fails even
 * when the prefixed name is a native method.  Prefixes set by two environments are taken
 * off last applied first.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

JNIEXPORT jint JNICALL Java_NpMain_answer(JNIEnv *jni, jclass c) { return 41; }
JNIEXPORT jint JNICALL Java_NpMain_lonely(JNIEnv *jni, jclass c) { return 0; }

static jint JNICALL registered(JNIEnv *jni, jclass c) { return 99; }

JNIEXPORT jboolean JNICALL Java_NpMain_register(JNIEnv *jni, jclass c) {
    JNINativeMethod m = { "registered", "()I", (void *)registered };
    return (*jni)->RegisterNatives(jni, c, &m, 1) == 0;
}

JNIEXPORT jboolean JNICALL Java_NpMain_registerLonely(JNIEnv *jni, jclass c) {
    JNINativeMethod m = { "lonely", "()I", (void *)registered };
    return (*jni)->RegisterNatives(jni, c, &m, 1) == 0;
}

static jvmtiEnv *env_with_prefix(JavaVM *vm, const char *prefix) {
    jvmtiEnv *e;
    if ((*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return NULL;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_set_native_method_prefix = 1;
    jvmtiError err = (*e)->AddCapabilities(e, &caps);
    if (!err) err = (*e)->SetNativeMethodPrefix(e, prefix);
    if (err) printf("%s: %d\n", prefix, err);
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *first = env_with_prefix(vm, "wrapped_");
    jvmtiEnv *second = env_with_prefix(vm, "unused_");
    char *two[] = { "other_", "wrapped_" };
    jvmtiError err = (*second)->SetNativeMethodPrefixes(second, -1, two);
    printf("SetNativeMethodPrefixes(-1): %d\n", err);
    err = (*first)->SetNativeMethodPrefixes(first, 2, two);
    printf("SetNativeMethodPrefixes(2): %d\n", err);
    fflush(stdout);
    return 0;
}
