// main: CatchLocation
/*
 * ExceptionCatch: during the event the current frame is at its handler, so GetFrameLocation
 * answers the event's catch location (Loupe once answered the throwing instruction's, in
 * the frame that threw), and a collection forced in the callback keeps the exception the
 * handler then receives (the Java side prints its message).  Only the target's methods.
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

static void JNICALL on_catch(jvmtiEnv *e, JNIEnv *jni, jthread thread, jmethodID method, jlocation location,
                             jobject exception) {
    jclass holder;
    char *cls = NULL, *name = NULL;
    jmethodID fm;
    jlocation floc = -1;
    if ((*e)->GetMethodDeclaringClass(e, method, &holder) != JVMTI_ERROR_NONE) return;
    (*e)->GetClassSignature(e, holder, &cls, NULL);
    if (cls && strcmp(cls, "LCatchLocation;") == 0) {
        (*e)->GetMethodName(e, method, &name, NULL, NULL);
        jvmtiError err = (*e)->GetFrameLocation(e, NULL, 0, &fm, &floc);
        printf("catch in %s at %d: frame 0 err %d, same method %d, location %d\n", name, (int)location, err,
               fm == method, (int)floc);
        printf("ForceGarbageCollection -> %d\n", (*e)->ForceGarbageCollection(e));
        fflush(stdout);
        (*e)->Deallocate(e, (unsigned char *)name);
    }
    (*e)->Deallocate(e, (unsigned char *)cls);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *e = agent_env(vm);
    if (!e) return JNI_ERR;
    agent_caps(e, &(jvmtiCapabilities){ .can_generate_exception_events = 1 });
    return agent_events(e, &(jvmtiEventCallbacks){ .ExceptionCatch = on_catch },
                        (jvmtiEvent[]){ JVMTI_EVENT_EXCEPTION_CATCH }, 1) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
