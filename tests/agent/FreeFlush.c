// main: MainThreadStart
/*
 * ObjectFree flushed by SetEventNotificationMode and before VMDeath: the agent tags six
 * objects, drops them and runs System.gc() through JNI, then re-enables ObjectFree; by the
 * time that call returns, every ObjectFree has come (HotSpot's service thread may post them
 * earlier, its SetEventNotificationMode posts what is left first).  Objects dropped later
 * are all reported before VMDeath.  (OpenJDK's nsk/jvmti/scenarios/allocation/AP01/ap01t001
 * checks this.)
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static volatile int freed;

static void JNICALL on_free(jvmtiEnv *e, jlong tag) {
    __atomic_add_fetch(&freed, 1, __ATOMIC_SEQ_CST);
}

static void JNICALL on_death(jvmtiEnv *e, JNIEnv *jni) {
    printf("VMDeath: %d ObjectFree in all\n", __atomic_load_n(&freed, __ATOMIC_SEQ_CST));
    fflush(stdout);
}

/* Tags n new strings with tags from..from+n-1 and lets them go. */
static void tag_garbage(JNIEnv *jni, int from, int n) {
    (*jni)->PushLocalFrame(jni, 16);
    for (int i = 0; i < n; i++) {
        jobject s = (*jni)->NewStringUTF(jni, "tagged, then dropped");
        (*jvmti)->SetTag(jvmti, s, from + i);
        (*jni)->DeleteLocalRef(jni, s);
    }
    (*jni)->PopLocalFrame(jni, NULL);
}

static void system_gc(JNIEnv *jni) {
    jclass sys = (*jni)->FindClass(jni, "java/lang/System");
    (*jni)->CallStaticVoidMethod(jni, sys, (*jni)->GetStaticMethodID(jni, sys, "gc", "()V"));
    (*jni)->DeleteLocalRef(jni, sys);
}

JNIEXPORT void JNICALL Java_MainThreadStart_report(JNIEnv *jni, jclass c) {
    tag_garbage(jni, 1, 6);
    for (int i = 0; i < 4; i++) system_gc(jni);
    printf("enable ObjectFree -> %d\n", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL));
    printf("ObjectFree after System.gc() and the flush: %d\n", __atomic_load_n(&freed, __ATOMIC_SEQ_CST));
    tag_garbage(jni, 100, 3);
    for (int i = 0; i < 4; i++) system_gc(jni);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    agent_caps(jvmti, &(jvmtiCapabilities){ .can_tag_objects = 1, .can_generate_object_free_events = 1 });
    agent_events(jvmti, &(jvmtiEventCallbacks){ .ObjectFree = on_free, .VMDeath = on_death },
                 (jvmtiEvent[]){ JVMTI_EVENT_OBJECT_FREE, JVMTI_EVENT_VM_DEATH }, 2);
    return JNI_OK;
}
