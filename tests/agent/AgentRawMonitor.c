// main: AgentRawMonitor
/*
 * RawMonitorWait from Java threads: woken by RawMonitorNotify, interrupted by
 * Thread.interrupt (JVMTI_ERROR_INTERRUPT), timed out, and entered already interrupted.
 * A hand-off: a thread notifies and at once waits for the answer itself; the notification
 * belongs to the thread that was waiting (the testbase's agent/debuggee sync does this).
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

static int asked, answered;

/* The answering side: waits (untimed) for the question, answers, notifies. */
JNIEXPORT void JNICALL Java_AgentRawMonitor_answer(JNIEnv *jni, jclass c) {
    (*jvmti)->RawMonitorEnter(jvmti, mon);
    waiting++;
    while (!asked) (*jvmti)->RawMonitorWait(jvmti, mon, 0);
    waiting--;
    answered = 1;
    (*jvmti)->RawMonitorNotify(jvmti, mon);
    (*jvmti)->RawMonitorExit(jvmti, mon);
}

/* The asking side: notifies, then waits for the answer in timed slices (5 s at most);
 * without an answer it wakes everyone so that the test ends. */
JNIEXPORT jboolean JNICALL Java_AgentRawMonitor_ask(JNIEnv *jni, jclass c) {
    (*jvmti)->RawMonitorEnter(jvmti, mon);
    asked = 1;
    (*jvmti)->RawMonitorNotify(jvmti, mon);
    for (int i = 0; i < 50 && !answered; i++) (*jvmti)->RawMonitorWait(jvmti, mon, 100);
    jboolean ok = answered != 0;
    if (!ok) (*jvmti)->RawMonitorNotifyAll(jvmti, mon);
    (*jvmti)->RawMonitorExit(jvmti, mon);
    return ok;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    printf("CreateRawMonitor in OnLoad -> %d\n", (*jvmti)->CreateRawMonitor(jvmti, "agent", &mon));
    printf("RawMonitorEnter in OnLoad -> %d\n", (*jvmti)->RawMonitorEnter(jvmti, mon));
    printf("RawMonitorExit in OnLoad -> %d\n", (*jvmti)->RawMonitorExit(jvmti, mon));
    fflush(stdout);
    return 0;
}
