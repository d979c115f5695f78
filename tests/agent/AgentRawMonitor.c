// main: AgentRawMonitor
/*
 * RawMonitorWait from Java threads: woken by RawMonitorNotify, interrupted by
 * Thread.interrupt (JVMTI_ERROR_INTERRUPT), timed out, and entered already interrupted.
 */
#include <jvmti.h>
#include <stdio.h>

static jvmtiEnv *jvmti;
static jrawMonitorID mon;
static int waiting;

JNIEXPORT jint JNICALL Java_AgentRawMonitor_waitRaw(JNIEnv *jni, jclass c, jlong millis) {
    (*jvmti)->RawMonitorEnter(jvmti, mon);
    waiting++;
    jvmtiError err = (*jvmti)->RawMonitorWait(jvmti, mon, millis);
    waiting--;
    (*jvmti)->RawMonitorExit(jvmti, mon);
    return err;
}

JNIEXPORT void JNICALL Java_AgentRawMonitor_notifyRaw(JNIEnv *jni, jclass c, jboolean all) {
    (*jvmti)->RawMonitorEnter(jvmti, mon);
    if (all) (*jvmti)->RawMonitorNotifyAll(jvmti, mon);
    else (*jvmti)->RawMonitorNotify(jvmti, mon);
    (*jvmti)->RawMonitorExit(jvmti, mon);
}

JNIEXPORT jint JNICALL Java_AgentRawMonitor_waiters(JNIEnv *jni, jclass c) {
    (*jvmti)->RawMonitorEnter(jvmti, mon);
    int n = waiting;
    (*jvmti)->RawMonitorExit(jvmti, mon);
    return n;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    printf("CreateRawMonitor in OnLoad -> %d\n", (*jvmti)->CreateRawMonitor(jvmti, "agent", &mon));
    printf("RawMonitorEnter in OnLoad -> %d\n", (*jvmti)->RawMonitorEnter(jvmti, mon));
    printf("RawMonitorExit in OnLoad -> %d\n", (*jvmti)->RawMonitorExit(jvmti, mon));
    fflush(stdout);
    return 0;
}
