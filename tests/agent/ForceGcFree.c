// main: MainThreadStart
/*
 * ObjectFree and ForceGarbageCollection: an agent tags an object, drops it, forces a
 * collection and then, without calling any other tag function, waits for the ObjectFree
 * of its tag (HotSpot posts it from its service thread right after the collection; Loupe
 * at the end of ForceGarbageCollection).  GetObjectsWithTags finds it no more.  (OpenJDK's
 * nsk/jvmti/scenarios/capability/CM02/cm02t001 checks this.)
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static jvmtiEnv *jvmti;
static volatile int freed_42;

static void JNICALL on_free(jvmtiEnv *e, jlong tag) {
    if (tag == 42) __atomic_store_n(&freed_42, 1, __ATOMIC_SEQ_CST);
}

/* Waits up to 60 s for the event, looking every 10 ms (no tag function is called). */
static int wait_freed(void) {
    struct timespec ts = {0, 10 * 1000 * 1000};
    for (int i = 0; i < 6000 && !__atomic_load_n(&freed_42, __ATOMIC_SEQ_CST); i++) nanosleep(&ts, NULL);
    return __atomic_load_n(&freed_42, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_MainThreadStart_report(JNIEnv *jni, jclass c) {
    (*jni)->PushLocalFrame(jni, 16);
    jobject s = (*jni)->NewStringUTF(jni, "tagged, then dropped");
    printf("SetTag -> %d\n", (*jvmti)->SetTag(jvmti, s, 42));
    (*jni)->PopLocalFrame(jni, NULL);
    for (int i = 0; i < 2; i++) printf("ForceGarbageCollection -> %d\n", (*jvmti)->ForceGarbageCollection(jvmti));
    printf("ObjectFree(42) after the collections: %s\n", wait_freed() ? "yes" : "no");
    jlong tag = 42;
    jint count = -1;
    jobject *objs = NULL;
    jvmtiError err = (*jvmti)->GetObjectsWithTags(jvmti, 1, &tag, &count, &objs, NULL);
    printf("GetObjectsWithTags -> %d, count %d\n", err, count);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)objs);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    agent_caps(jvmti, &(jvmtiCapabilities){ .can_tag_objects = 1, .can_generate_object_free_events = 1 });
    agent_events(jvmti, &(jvmtiEventCallbacks){ .ObjectFree = on_free }, (jvmtiEvent[]){ JVMTI_EVENT_OBJECT_FREE }, 1);
    return JNI_OK;
}
