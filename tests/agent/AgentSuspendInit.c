// main: AgentEarly
/*
 * A thread suspended while it runs an event callback stops when the callback returns,
 * before it runs on: an agent thread suspends the main thread during VMInit (as jdwp does
 * with suspend=y); main returns from the callback but runs no Java code until resumed.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
static jthread main_thread;
static volatile int suspended;

static void JNICALL agent(jvmtiEnv *e, JNIEnv *jni, void *arg) {
    printf("SuspendThread(main) -> %d\n", (*jvmti)->SuspendThread(jvmti, main_thread));
    fflush(stdout);
    __atomic_store_n(&suspended, 1, __ATOMIC_SEQ_CST);
    /* main leaves its callback now; give it time to run on, if it (wrongly) would */
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    (*jvmti)->RawMonitorWait(jvmti, lock, 300);
    (*jvmti)->RawMonitorExit(jvmti, lock);
    jint frames = -1, state = 0;
    (*jvmti)->GetFrameCount(jvmti, main_thread, &frames);
    (*jvmti)->GetThreadState(jvmti, main_thread, &state);
    printf("main while suspended: %d frames, suspended %d\n", frames, (state & JVMTI_THREAD_STATE_SUSPENDED) != 0);
    /* said before it is done: once resumed, main prints at once (the order is otherwise a race) */
    printf("ResumeThread(main)\n");
    fflush(stdout);
    jvmtiError err = (*jvmti)->ResumeThread(jvmti, main_thread);
    if (err != JVMTI_ERROR_NONE) printf("ResumeThread(main) -> %d\n", err);
    fflush(stdout);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    main_thread = (*jni)->NewGlobalRef(jni, t);
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jobject at = (*jni)->NewObject(jni, tc, (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V"),
                                   (*jni)->NewStringUTF(jni, "agent"));
    printf("RunAgentThread -> %d\n", (*jvmti)->RunAgentThread(jvmti, at, agent, NULL, JVMTI_THREAD_NORM_PRIORITY));
    fflush(stdout);
    /* (no JVMTI or JNI call while suspended: those would stop main here already) */
    while (!__atomic_load_n(&suspended, __ATOMIC_SEQ_CST)) {}
    printf("VMInit returns\n");
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    printf("AddCapabilities -> %d\n", (*jvmti)->AddCapabilities(jvmti, &caps));
    (*jvmti)->CreateRawMonitor(jvmti, "init", &lock);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    fflush(stdout);
    return 0;
}
