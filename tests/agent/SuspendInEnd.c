// main: SuspendInEnd
/*
 * ThreadEnd comes while the thread is still alive: the callback may suspend the ending
 * thread itself (SuspendThread of the current thread answers NONE), another thread then
 * sees it alive and suspended, resumes it, and it ends.  (OpenJDK's
 * nsk/jvmti/scenarios/sampling/SP05/sp05t003 suspends its threads in ThreadEnd.)
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static jvmtiEnv *jvmti;
static volatile int suspend_err = -1;

static int is_ender(jvmtiEnv *e, jthread t) {
    jvmtiThreadInfo info;
    if ((*e)->GetThreadInfo(e, t, &info) != JVMTI_ERROR_NONE || !info.name) return 0;
    int r = strcmp(info.name, "ender") == 0;
    (*e)->Deallocate(e, (unsigned char *)info.name);
    return r;
}

static void JNICALL thread_end(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    if (is_ender(e, t)) __atomic_store_n(&suspend_err, (*e)->SuspendThread(e, t), __ATOMIC_SEQ_CST);
}

/* Waits up to 60 s for t to be alive and suspended, then resumes it. */
JNIEXPORT jboolean JNICALL Java_SuspendInEnd_waitSuspendedAndResume(JNIEnv *jni, jclass c, jthread t) {
    struct timespec ts = {0, 10 * 1000 * 1000};
    const jint want = JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_SUSPENDED;
    for (int i = 0; i < 6000; i++) {
        jint state = 0;
        if ((*jvmti)->GetThreadState(jvmti, t, &state) != JVMTI_ERROR_NONE) return JNI_FALSE;
        if ((state & want) == want) return (*jvmti)->ResumeThread(jvmti, t) == JVMTI_ERROR_NONE;
        if (state & JVMTI_THREAD_STATE_TERMINATED) return JNI_FALSE;
        nanosleep(&ts, NULL);
    }
    return JNI_FALSE;
}

JNIEXPORT void JNICALL Java_SuspendInEnd_report(JNIEnv *jni, jclass c) {
    printf("SuspendThread in ThreadEnd -> %d\n", suspend_err);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadEnd = thread_end;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL);
    return JNI_OK;
}
