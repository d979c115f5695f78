/*
 * jvmti_capability.c — the Capability functions, over jvmti_capabilities.def.
 *
 * A capability set is a JvmtiCaps word: bit i is the i-th field of jvmtiCapabilities.  What
 * an environment may add follows HotSpot's rules, kept here as five sets:
 *   always          potential at any time;
 *   onload          potential only during OnLoad; once added by anyone it joins `always`;
 *   *_solo          as above, but held by one environment at a time: `*_solo_free` is what
 *                   nobody holds now, and relinquishing gives it back.
 * Only rows marked potential in the table enter these sets.
 */
#include "jvmti/jvmti_internal.h"
#include <string.h>

enum { ALWAYS, ONLOAD, ALWAYS_SOLO, ONLOAD_SOLO };

static const struct {
    const char *name;
    int kind;
    bool potential;
} cap_info[JCAP_COUNT] = {
#define JVMTI_CAP(name, kind, potential) { #name, kind, potential },
#include "jvmti/jvmti_capabilities.def"
#undef JVMTI_CAP
};

static JvmtiCaps always, onload, always_solo, onload_solo, always_solo_free, onload_solo_free;
static pthread_once_t sets_once = PTHREAD_ONCE_INIT;

static JvmtiCaps kind_set(int kind) {
    JvmtiCaps s = 0;
    for (int i = 0; i < JCAP_COUNT; i++)
        if (cap_info[i].potential && cap_info[i].kind == kind) s |= UINT64_C(1) << i;
    return s;
}

/* The bit order of jvmtiCapabilities is the row order: checked once. */
static void sets_init(void) {
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_generate_early_class_hook_events = 1;
    if (jvmti_caps_from(&c) != JCAP_BIT(can_generate_early_class_hook_events))
        vm_fatal("jvmti_capabilities.def does not follow jvmtiCapabilities");
    always = kind_set(ALWAYS);
    onload = kind_set(ONLOAD);
    always_solo = always_solo_free = kind_set(ALWAYS_SOLO);
    onload_solo = onload_solo_free = kind_set(ONLOAD_SOLO);
}

JvmtiCaps jvmti_caps_from(const jvmtiCapabilities *c) {
    JvmtiCaps bits;
    memcpy(&bits, c, sizeof bits);
    return bits & ((UINT64_C(1) << JCAP_COUNT) - 1);
}

void jvmti_caps_to(JvmtiCaps bits, jvmtiCapabilities *out) {
    memset(out, 0, sizeof *out);
    memcpy(out, &bits, sizeof bits);
}

/* With jvmti_lock held. */
static JvmtiCaps potential(JvmtiEnv *env) {
    pthread_once(&sets_once, sets_init);
    JvmtiCaps p = always | env->caps | always_solo_free;
    if (jvmti_env_phase(env) == JVMTI_PHASE_ONLOAD) p |= onload | onload_solo_free;
    return p;
}

/* Onload capabilities someone has added stay available for good; solo ones are taken. */
static void caps_take(JvmtiCaps desired) {
    always |= onload & desired;
    onload &= ~desired;
    always_solo |= onload_solo & desired;
    onload_solo &= ~desired;
    always_solo_free &= ~desired;
    onload_solo_free &= ~desired;
}

/* Gives the solo capabilities among `bits` back (with jvmti_lock held). */
void jvmti_caps_release(JvmtiEnv *env, JvmtiCaps bits) {
    pthread_once(&sets_once, sets_init);
    JvmtiCaps held = env->caps & bits;
    always_solo_free |= always_solo & held;
    onload_solo_free |= onload_solo & held;
}

jvmtiError JNICALL jvmti_GetPotentialCapabilities(jvmtiEnv *e, jvmtiCapabilities *capabilities_ptr) {
    if (!capabilities_ptr) return JVMTI_ERROR_NULL_POINTER;
    pthread_mutex_lock(&jvmti_lock);
    jvmti_caps_to(potential(jvmti_env(e)), capabilities_ptr);
    pthread_mutex_unlock(&jvmti_lock);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_AddCapabilities(jvmtiEnv *e, const jvmtiCapabilities *capabilities_ptr) {
    if (!capabilities_ptr) return JVMTI_ERROR_NULL_POINTER;
    JvmtiEnv *env = jvmti_env(e);
    JvmtiCaps desired = jvmti_caps_from(capabilities_ptr);
    pthread_mutex_lock(&jvmti_lock);
    jvmtiError err = JVMTI_ERROR_NOT_AVAILABLE;
    if (!(desired & ~potential(env))) {
        caps_take(desired);
        __atomic_store_n(&env->caps, env->caps | desired, __ATOMIC_RELEASE);
        err = JVMTI_ERROR_NONE;
    }
    pthread_mutex_unlock(&jvmti_lock);
    return err;
}

jvmtiError JNICALL jvmti_RelinquishCapabilities(jvmtiEnv *e, const jvmtiCapabilities *capabilities_ptr) {
    if (!capabilities_ptr) return JVMTI_ERROR_NULL_POINTER;
    JvmtiEnv *env = jvmti_env(e);
    JvmtiCaps unwanted = jvmti_caps_from(capabilities_ptr);
    pthread_mutex_lock(&jvmti_lock);
    jvmti_caps_release(env, unwanted);
    __atomic_store_n(&env->caps, env->caps & ~unwanted, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&jvmti_lock);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetCapabilities(jvmtiEnv *e, jvmtiCapabilities *capabilities_ptr) {
    if (!capabilities_ptr) return JVMTI_ERROR_NULL_POINTER;
    jvmti_caps_to(__atomic_load_n(&jvmti_env(e)->caps, __ATOMIC_ACQUIRE), capabilities_ptr);
    return JVMTI_ERROR_NONE;
}
