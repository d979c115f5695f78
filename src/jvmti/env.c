/*
 * env.c — JVMTI environments and phases.
 *
 * JavaVM->GetEnv with a JVMTI version makes a new environment each time (versions 1.0-1.2,
 * 9, 11 and 13..17, as HotSpot accepts them), during Agent_OnLoad or once the VM is live;
 * in between it answers JNI_EDETACHED.  Environments are appended to one list and never
 * freed, so event posting walks it without a lock; DisposeEnvironment marks one invalid,
 * drops its events and gives back its capabilities.
 *
 * The phase is one global, advanced by the boot milestones (jvmti_event_vm.c).  During an
 * early start phase (some environment holds can_generate_early_vmstart) the others still
 * see the primordial phase, as the spec allows.
 */
#include "jvmti/jvmti_internal.h"
#include <stdlib.h>
#include <string.h>

extern const struct jvmtiInterface_1_ jvmti_function_table;

JvmtiEnv *volatile jvmti_envs;
pthread_mutex_t jvmti_lock = PTHREAD_MUTEX_INITIALIZER;
volatile int jvmti_phase = JVMTI_PHASE_ONLOAD;
volatile bool jvmti_early_start;
static int env_count;

jvmtiPhase jvmti_env_phase(JvmtiEnv *env) {
    int p = __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE);
    if (p == JVMTI_PHASE_START && __atomic_load_n(&jvmti_early_start, __ATOMIC_ACQUIRE) &&
        !JVMTI_HAS(env, can_generate_early_vmstart))
        return JVMTI_PHASE_PRIMORDIAL;
    return (jvmtiPhase)p;
}

bool jvmti_is_jvmti_version(jint version) {
    return (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) == JVMTI_VERSION_INTERFACE_JVMTI;
}

/* HotSpot's rule: 1.0, 1.1, 1.2, 9.0, 11.0, and any minor of 13 up to this release. */
static bool version_supported(jint version) {
    int major = (version & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR;
    int minor = (version & JVMTI_VERSION_MASK_MINOR) >> JVMTI_VERSION_SHIFT_MINOR;
    switch (major) {
    case 1: return minor <= 2;
    case 9: case 11: return minor == 0;
    default: return major >= 13 && major <= 17;
    }
}

static JvmtiEnv *env_create(jint version) {
    JvmtiEnv *env = vm_calloc(1, sizeof *env);
    env->functions = &jvmti_function_table;
    env->version = version;
    env->valid = true;
    pthread_mutex_lock(&jvmti_lock);
    __atomic_store_n(&env_count, env_count + 1, __ATOMIC_RELAXED);
    env->index = env_count - 1;
    JvmtiEnv *volatile *link = &jvmti_envs;
    while (*link) link = &(*link)->next;
    __atomic_store_n(link, env, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&jvmti_lock);
    return env;
}

bool jvmti_env_exists(void) { return __atomic_load_n(&env_count, __ATOMIC_RELAXED) > 0; }

jint jvmti_get_env(void **penv, jint version) {
    if (!version_supported(version)) return JNI_EVERSION;
    int phase = __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE);
    if (phase != JVMTI_PHASE_ONLOAD && phase != JVMTI_PHASE_LIVE) {
        *penv = NULL;
        return JNI_EDETACHED;
    }
    *penv = env_create(version);
    return JNI_OK;
}

/* ---- General functions about the environment ---- */

jvmtiError JNICALL jvmti_GetPhase(jvmtiEnv *env, jvmtiPhase *phase_ptr) {
    if (!phase_ptr) return JVMTI_ERROR_NULL_POINTER;
    *phase_ptr = jvmti_env_phase(jvmti_env(env));
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetVersionNumber(jvmtiEnv *env, jint *version_ptr) {
    if (!version_ptr) return JVMTI_ERROR_NULL_POINTER;
    *version_ptr = JVMTI_VERSION;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetEnvironmentLocalStorage(jvmtiEnv *env, void **data_ptr) {
    if (!data_ptr) return JVMTI_ERROR_NULL_POINTER;
    *data_ptr = (void *)jvmti_env(env)->local_storage;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_SetEnvironmentLocalStorage(jvmtiEnv *env, const void *data) {
    jvmti_env(env)->local_storage = data;
    return JVMTI_ERROR_NONE;
}

void jvmti_caps_release(JvmtiEnv *env, JvmtiCaps bits);

jvmtiError JNICALL jvmti_DisposeEnvironment(jvmtiEnv *e) {
    JvmtiEnv *env = jvmti_env(e);
    pthread_mutex_lock(&jvmti_lock);
    __atomic_store_n(&env->valid, false, __ATOMIC_RELEASE);
    memset(&env->callbacks, 0, sizeof env->callbacks);
    env->global_events = 0;
    env->thread_events = 0;
    jvmti_caps_release(env, env->caps);
    env->caps = 0;
    jvmti_events_recompute();
    pthread_mutex_unlock(&jvmti_lock);
    jvmti_event_mode_changed();
    return JVMTI_ERROR_NONE;
}
