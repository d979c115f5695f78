/*
 * What most test agents' Agent_OnLoad does, written once: get a JVMTI environment, add
 * capabilities, set callbacks and enable a list of events for every thread.  Capabilities
 * and callbacks are passed as compound literals with designated fields, so an agent's
 * Agent_OnLoad reads as the list of what it asks for:
 *
 *     jvmti = agent_env(vm);
 *     if (!jvmti) return JNI_ERR;
 *     agent_caps(jvmti, &(jvmtiCapabilities){ .can_tag_objects = 1 });
 *     agent_events(jvmti, &(jvmtiEventCallbacks){ .VMDeath = on_death },
 *                  (jvmtiEvent[]){ JVMTI_EVENT_VM_DEATH }, 1);
 *
 * Header-only (static functions), since every agent is one .c file built on its own.
 */
#ifndef TEST_AGENT_H
#define TEST_AGENT_H

#include <jvmti.h>

/* A JVMTI 11 environment of vm, or NULL. */
static inline jvmtiEnv *agent_env(JavaVM *vm) {
    jvmtiEnv *e = NULL;
    if ((*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return NULL;
    return e;
}

static inline jvmtiError agent_caps(jvmtiEnv *e, const jvmtiCapabilities *caps) {
    return (*e)->AddCapabilities(e, caps);
}

/* Sets the callbacks and enables the n events of the list (the first error, if any). */
static inline jvmtiError agent_events(jvmtiEnv *e, const jvmtiEventCallbacks *cb, const jvmtiEvent *list, int n) {
    jvmtiError err = (*e)->SetEventCallbacks(e, cb, (jint)sizeof *cb);
    for (int i = 0; i < n && err == JVMTI_ERROR_NONE; i++)
        err = (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, list[i], NULL);
    return err;
}

#endif
