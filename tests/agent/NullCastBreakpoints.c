// main: NullCastBreakpoints
/*
 * Breakpoints on a checkcast and an instanceof of null run again in a loop: a test of null
 * resolves nothing and the instruction stays in its slow form, so the debugger's hook must
 * not take its next run for the re-dispatch of a rewritten instruction (Loupe once reported
 * each breakpoint once only while the value was null).  Location 10 holds the checkcast of
 * NullCastBreakpoints.casts and the instanceof of NullCastBreakpoints.tests in javac 17's
 * code (javap -c).
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

static void JNICALL on_prepare(jvmtiEnv *e, JNIEnv *jni, jthread thread, jclass klass) {
    char *sig = NULL;
    (*e)->GetClassSignature(e, klass, &sig, NULL);
    if (sig && strcmp(sig, "LNullCastBreakpoints;") == 0) {
        jmethodID casts = (*jni)->GetStaticMethodID(jni, klass, "casts", "(Ljava/lang/Object;)I");
        jmethodID tests = (*jni)->GetStaticMethodID(jni, klass, "tests", "(Ljava/lang/Object;)I");
        printf("SetBreakpoint -> %d, %d\n", (*e)->SetBreakpoint(e, casts, 10), (*e)->SetBreakpoint(e, tests, 10));
        fflush(stdout);
    }
    (*e)->Deallocate(e, (unsigned char *)sig);
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread thread, jmethodID method, jlocation location) {
    char *name = NULL;
    (*e)->GetMethodName(e, method, &name, NULL, NULL);
    printf("breakpoint in %s at %d\n", name, (int)location);
    (*e)->Deallocate(e, (unsigned char *)name);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *e = agent_env(vm);
    if (!e) return JNI_ERR;
    agent_caps(e, &(jvmtiCapabilities){ .can_generate_breakpoint_events = 1 });
    return agent_events(e, &(jvmtiEventCallbacks){ .ClassPrepare = on_prepare, .Breakpoint = on_breakpoint },
                        (jvmtiEvent[]){ JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_BREAKPOINT }, 2) == JVMTI_ERROR_NONE
               ? JNI_OK : JNI_ERR;
}
