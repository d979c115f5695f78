// main: AgentThreadViews
/*
 * A JVMTI agent thread (RunAgentThread, started at VMInit) is listed by JVMTI's
 * GetAllThreads but by none of Java's views: Thread.getAllStackTraces, the thread counts
 * and ids of ThreadMXBean (HotSpot leaves agent threads out of them; Loupe listed and
 * counted it).
 */
#include "agent.h"
#include <string.h>

static jvmtiEnv *jvmti;
static jrawMonitorID idle;

static void JNICALL agent_body(jvmtiEnv *e, JNIEnv *jni, void *arg) {
    (*e)->RawMonitorEnter(e, idle);
    for (;;) (*e)->RawMonitorWait(e, idle, 0);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread main) {
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID ctor = (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V");
    jobject t = (*jni)->NewObject(jni, tc, ctor, (*jni)->NewStringUTF(jni, "an agent thread"));
    (*e)->RunAgentThread(e, t, agent_body, NULL, JVMTI_THREAD_NORM_PRIORITY);
}

/* Whether GetAllThreads lists a thread of that name. */
JNIEXPORT jboolean JNICALL Java_AgentThreadViews_listedByJvmti(JNIEnv *jni, jclass c, jstring name) {
    jint n = 0;
    jthread *ts = NULL;
    const char *want = (*jni)->GetStringUTFChars(jni, name, NULL);
    jboolean found = JNI_FALSE;
    if ((*jvmti)->GetAllThreads(jvmti, &n, &ts) == JVMTI_ERROR_NONE)
        for (jint i = 0; i < n; i++) {
            jvmtiThreadInfo info;
            if ((*jvmti)->GetThreadInfo(jvmti, ts[i], &info) != JVMTI_ERROR_NONE) continue;
            found |= !strcmp(info.name, want);
            (*jvmti)->Deallocate(jvmti, (unsigned char *)info.name);
        }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ts);
    (*jni)->ReleaseStringUTFChars(jni, name, want);
    return found;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti || (*jvmti)->CreateRawMonitor(jvmti, "idle", &idle) != JVMTI_ERROR_NONE) return JNI_ERR;
    return agent_events(jvmti, &(jvmtiEventCallbacks){ .VMInit = on_vm_init },
                        (jvmtiEvent[]){ JVMTI_EVENT_VM_INIT }, 1) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
