// main: MainThreadStart
/*
 * ThreadStart and the primordial phase: an environment that enables ThreadStart in
 * Agent_OnLoad hears of no thread while it is still in the primordial phase (the VM's own
 * threads started before VMStart are not reported to it), so every ThreadStart it gets can
 * ask about the thread's class.  An environment holding can_generate_early_vmstart is in
 * the start phase then, and may hear of them.  (OpenJDK's
 * nsk/jvmti/scenarios/events/EM01/em01t001 calls GetClassSignature in ThreadStart.)
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *env;
static int starts, primordial_starts, signature_errors;

static void JNICALL thread_start(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    jvmtiPhase p;
    char *sig = NULL;
    starts++;
    (*e)->GetPhase(e, &p);
    if (p != JVMTI_PHASE_START && p != JVMTI_PHASE_LIVE) primordial_starts++;
    jclass k = (*jni)->GetObjectClass(jni, t);
    if ((*e)->GetClassSignature(e, k, &sig, NULL) != JVMTI_ERROR_NONE) signature_errors++;
    else (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_MainThreadStart_report(JNIEnv *jni, jclass c) {
    printf("ThreadStart events: %s\n", starts > 0 ? "some" : "none");
    printf("ThreadStart in the primordial phase: %d\n", primordial_starts);
    printf("GetClassSignature failures in ThreadStart: %d\n", signature_errors);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadStart = thread_start;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL);
    return JNI_OK;
}
