/*
 * When ClassLoad and ClassPrepare come: ClassLoad when a class is defined, ClassPrepare
 * when it is linked as HotSpot links it (verified, supertypes and interfaces first), so a
 * class loaded only to be checked by the verifier (a catch type), or through
 * Class.forName(..., false, ...), has its ClassPrepare later, at its first use.  Printed for
 * tests/agent/java/ClassPrepare.java's classes, interleaved with the program's own lines,
 * with GetClassStatus's prepared bit and GetClassMethods' answer in each callback.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

static void report(const char *what, jclass klass) {
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL) != JVMTI_ERROR_NONE) return;
    if (strncmp(sig, "LClassPrepare", 13) == 0) {
        jint status = 0, n = 0;
        jmethodID *methods = NULL;
        (*jvmti)->GetClassStatus(jvmti, klass, &status);
        jvmtiError e = (*jvmti)->GetClassMethods(jvmti, klass, &n, &methods);
        printf("%s %s prepared=%d verified=%d methods=%s\n", what, sig, !!(status & JVMTI_CLASS_STATUS_PREPARED),
               !!(status & JVMTI_CLASS_STATUS_VERIFIED), e == JVMTI_ERROR_NONE ? "ok" : "CLASS_NOT_PREPARED");
        if (e == JVMTI_ERROR_NONE) (*jvmti)->Deallocate(jvmti, (unsigned char *)methods);
        fflush(stdout);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_load(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass) { report("ClassLoad", klass); }
static void JNICALL on_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass) { report("ClassPrepare", klass); }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassLoad = on_load;
    cb.ClassPrepare = on_prepare;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    return 0;
}
