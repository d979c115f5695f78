// main: PopUnwind
/*
 * PopFrame asked from the MethodExit callback of a frame that an exception is leaving: the
 * exception is dropped, the frame popped, and the caller's invoke runs the method again
 * (OpenJDK's nsk/jvmti/scenarios/hotswap/HS202/hs202t002 does this from another thread,
 * with the method redefined in between).
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static int popped;

static void JNICALL on_exit(jvmtiEnv *e, JNIEnv *jni, jthread thread, jmethodID m, jboolean by_exception, jvalue v) {
    char *name = NULL;
    if ((*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;
    if (strcmp(name, "fail") == 0) {
        printf("MethodExit fail, by exception: %d\n", by_exception);
        if (by_exception && !popped++) printf("PopFrame -> %d\n", (*jvmti)->PopFrame(jvmti, thread));
        fflush(stdout);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread thread) {
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, thread);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    agent_caps(jvmti, &(jvmtiCapabilities){ .can_pop_frame = 1, .can_generate_method_exit_events = 1 });
    agent_events(jvmti, &(jvmtiEventCallbacks){ .MethodExit = on_exit, .VMInit = on_vm_init },
                 (jvmtiEvent[]){ JVMTI_EVENT_VM_INIT }, 1);
    return JNI_OK;
}
