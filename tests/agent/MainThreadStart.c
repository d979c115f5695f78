// main: MainThreadStart
/*
 * ThreadStart for the thread that created the VM (the launcher's "main"): it comes once,
 * after VMInit has returned and before main() runs, both to an environment that enabled
 * ThreadStart in Agent_OnLoad and to one that enabled it only in its VMInit callback
 * (as OpenJDK's nsk/jvmti/VMInit/vminit001 expects).  The event's thread is the current one.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *onload_env, *vminit_env;
static int vminit_returned, main_starts[2];

static int is_main(jvmtiEnv *e, jthread t) {
    jvmtiThreadInfo info;
    if ((*e)->GetThreadInfo(e, t, &info) != JVMTI_ERROR_NONE || !info.name) return 0;
    int r = strcmp(info.name, "main") == 0;
    (*e)->Deallocate(e, (unsigned char *)info.name);
    return r;
}

static void JNICALL thread_start(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    if (!is_main(e, t)) return;
    int which = e == vminit_env;
    jthread cur = NULL;
    (*e)->GetCurrentThread(e, &cur);
    main_starts[which]++;
    printf("ThreadStart main (env enabled in %s): after VMInit returned %d, current thread %d\n",
           which ? "VMInit" : "OnLoad", vminit_returned, (*jni)->IsSameObject(jni, cur, t));
    fflush(stdout);
}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    if (e != vminit_env) return;
    printf("VMInit: thread is main %d\n", is_main(e, t));
    printf("enable ThreadStart -> %d\n", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL));
    fflush(stdout);
    vminit_returned = 1;
}

static void setup(jvmtiEnv *e, int thread_start_now) {
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = vm_init;
    cb.ThreadStart = thread_start;
    (*e)->SetEventCallbacks(e, &cb, sizeof cb);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    if (thread_start_now) (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&onload_env, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    if ((*vm)->GetEnv(vm, (void **)&vminit_env, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    setup(onload_env, 1);
    setup(vminit_env, 0);
    return JNI_OK;
}

JNIEXPORT void JNICALL Java_MainThreadStart_report(JNIEnv *jni, jclass k) {
    printf("main(): ThreadStart for main seen %d time(s) by the OnLoad env, %d by the VMInit env\n",
           main_starts[0], main_starts[1]);
    fflush(stdout);
}
