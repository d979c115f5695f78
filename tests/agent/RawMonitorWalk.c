// main: MainThreadStart
/*
 * A raw monitor wanted by a heap walk's callback while an agent thread owns it: the
 * thread calls RawMonitorWait only once the walk has begun (the world is stopped), and
 * the callback enters the monitor, notifies and goes on.  On HotSpot the raw monitor
 * functions do not stop for the safepoint, so the waiter lets the monitor go; a VM that
 * stopped the owner there would deadlock.  (OpenJDK's
 * nsk/jvmti/scenarios/allocation/AP04/ap04t003 does this with each heap function.)
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
static volatile int holding, walking, notified, done;

static void pause_ms(int ms) {
    struct timespec ts = {0, ms * 1000000L};
    nanosleep(&ts, NULL);
}

/* Waits up to 60 s for *flag. */
static int wait_flag(volatile int *flag) {
    for (int i = 0; i < 60000 && !__atomic_load_n(flag, __ATOMIC_SEQ_CST); i++) pause_ms(1);
    return __atomic_load_n(flag, __ATOMIC_SEQ_CST);
}

static void JNICALL waiter(jvmtiEnv *e, JNIEnv *jni, void *arg) {
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    __atomic_store_n(&holding, 1, __ATOMIC_SEQ_CST);
    wait_flag(&walking);
    while (!notified) (*jvmti)->RawMonitorWait(jvmti, lock, 0);
    (*jvmti)->RawMonitorExit(jvmti, lock);
    __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
}

static jint JNICALL on_object(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data) {
    __atomic_store_n(&walking, 1, __ATOMIC_SEQ_CST);
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    notified = 1;
    (*jvmti)->RawMonitorNotify(jvmti, lock);
    (*jvmti)->RawMonitorExit(jvmti, lock);
    return JVMTI_VISIT_ABORT;
}

JNIEXPORT void JNICALL Java_MainThreadStart_report(JNIEnv *jni, jclass c) {
    (*jvmti)->CreateRawMonitor(jvmti, "walk lock", &lock);
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jthread at = (*jni)->NewObject(jni, tc, (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V"),
                                   (*jni)->NewStringUTF(jni, "raw waiter"));
    printf("RunAgentThread -> %d\n", (*jvmti)->RunAgentThread(jvmti, at, waiter, NULL, JVMTI_THREAD_NORM_PRIORITY));
    printf("waiter owns the monitor: %s\n", wait_flag(&holding) ? "yes" : "no");
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_iteration_callback = on_object;
    printf("IterateThroughHeap -> %d\n", (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &cb, NULL));
    printf("callback notified: %s, waiter done: %s\n", notified ? "yes" : "no", wait_flag(&done) ? "yes" : "no");
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    agent_caps(jvmti, &(jvmtiCapabilities){ .can_tag_objects = 1 });
    return JNI_OK;
}
