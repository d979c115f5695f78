/*
 * MethodEntry and MethodExit for native methods, as for Java ones: entry before the call,
 * exit after it with the return value (ints, longs, doubles, objects), or with
 * was_popped_by_exception when the native method returns with an exception pending; the
 * frame of a native method is on the stack during both (GetFrameLocation: location -1).
 * The natives of tests/agent/java/NativeMethodEvents.java are defined here; only events in
 * that class's methods are printed.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

JNIEXPORT jint JNICALL Java_NativeMethodEvents_twice(JNIEnv *jni, jclass c, jint x) { return 2 * x; }
JNIEXPORT jstring JNICALL Java_NativeMethodEvents_echo(JNIEnv *jni, jclass c, jstring s) { return s; }
JNIEXPORT jdouble JNICALL Java_NativeMethodEvents_half(JNIEnv *jni, jclass c, jdouble d) { return d / 2; }

JNIEXPORT void JNICALL Java_NativeMethodEvents_fail(JNIEnv *jni, jclass c, jstring msg) {
    const char *s = (*jni)->GetStringUTFChars(jni, msg, NULL);
    (*jni)->ThrowNew(jni, (*jni)->FindClass(jni, "java/lang/IllegalStateException"), s);
    (*jni)->ReleaseStringUTFChars(jni, msg, s);
}

JNIEXPORT jlong JNICALL Java_NativeMethodEvents_plus(JNIEnv *jni, jobject self, jlong a) {
    jclass c = (*jni)->GetObjectClass(jni, self);
    return (*jni)->GetLongField(jni, self, (*jni)->GetFieldID(jni, c, "base", "J")) + a;
}

/* The method's name if it is NativeMethodEvents', else NULL; *native_ set. */
static char *mine(jmethodID m, int *native_) {
    jclass c;
    char *sig = NULL, *name = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, m, &c)) return NULL;
    (*jvmti)->GetClassSignature(jvmti, c, &sig, NULL);
    if (sig && !strcmp(sig, "LNativeMethodEvents;")) {
        jboolean n = 0;
        (*jvmti)->IsMethodNative(jvmti, m, &n);
        *native_ = n;
        (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    return name;
}

static void where(jthread t, jmethodID m) {
    jmethodID fm;
    jlocation loc = 0;
    jvmtiError e = (*jvmti)->GetFrameLocation(jvmti, t, 0, &fm, &loc);
    printf("  frame 0: %s, location %ld\n", e ? "error" : fm == m ? "this method" : "another method", (long)loc);
}

static void JNICALL on_entry(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m) {
    int native_;
    char *n = mine(m, &native_);
    if (!n) return;
    printf("MethodEntry %s%s\n", n, native_ ? " (native)" : "");
    if (native_) where(t, m);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    fflush(stdout);
}

static void value(JNIEnv *jni, jmethodID m, jvalue v) {
    char *sig = NULL;
    (*jvmti)->GetMethodName(jvmti, m, NULL, &sig, NULL);
    char r = strchr(sig, ')')[1];
    if (r == 'I') printf(" value %d", v.i);
    else if (r == 'J') printf(" value %ld", (long)v.j);
    else if (r == 'D') printf(" value %g", v.d);
    else if (r == 'L' && v.l) {
        const char *s = (*jni)->GetStringUTFChars(jni, (jstring)v.l, NULL);
        printf(" value \"%s\"", s);
        (*jni)->ReleaseStringUTFChars(jni, (jstring)v.l, s);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_exit(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jboolean popped, jvalue v) {
    int native_;
    char *n = mine(m, &native_);
    if (!n) return;
    printf("MethodExit %s%s%s", n, native_ ? " (native)" : "", popped ? " popped by exception" : "");
    if (!popped) value(jni, m, v);
    printf("\n");
    if (native_) where(t, m);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps)) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_entry;
    cb.MethodExit = on_exit;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, NULL);
    return 0;
}
