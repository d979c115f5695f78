/*
 * jvmti_table.c — the function table every environment points to, made from
 * jvmti_functions.def.
 *
 * Each row becomes an entry point with the spec's signature that makes the checks HotSpot's
 * generated wrappers make, in their order: the phase (WRONG_PHASE), a calling thread known
 * to the VM for functions of the start and live phases (UNATTACHED_THREAD), a valid
 * environment (INVALID_ENVIRONMENT), the required capability (MUST_POSSESS_CAPABILITY).
 * It then moves an attached caller into VM state, unless the row's state column says NATIVE
 * (the implementation may touch objects; coming from native code this is a suspend point,
 * as in HotSpot), and calls jvmti_<Name>, or answers NOT_AVAILABLE when no file defines
 * it.  The group files check only their arguments.
 *
 * LOUPE_TRACE_JVMTI=1 in the environment prints each call and its result on stderr: the
 * way to see what an agent such as libjdwp asks for.
 */
#include "jvmti/jvmti_internal.h"
#include <stdio.h>
#include <stdlib.h>

enum {
#define JVMTI_FN(slot, name, phases, cap, state, params, args) JFN_##name,
#include "jvmti/jvmti_functions.def"
#undef JVMTI_FN
    JFN_COUNT
};

typedef struct JvmtiFnInfo {
    int slot;
    const char *name;
    unsigned phases;                    /* JVMTI_PH mask */
    int cap;                            /* JCAP_* or JCAP_none */
    bool in_vm;                         /* its state column: VM (true) or NATIVE */
} JvmtiFnInfo;

#define JVMTI_STATE_VM true
#define JVMTI_STATE_NATIVE false

static const JvmtiFnInfo fn_info[JFN_COUNT] = {
#define JVMTI_FN(slot, name, phases, cap, state, params, args) { slot, #name, JVMTI_PHASES_##phases, JCAP_##cap, JVMTI_STATE_##state },
#include "jvmti/jvmti_functions.def"
#undef JVMTI_FN
};

static int trace = -1;

static bool tracing(void) {
    int on = __atomic_load_n(&trace, __ATOMIC_RELAXED);
    if (unlikely(on < 0)) {
        const char *v = getenv("LOUPE_TRACE_JVMTI");
        on = v && *v && *v != '0';
        __atomic_store_n(&trace, on, __ATOMIC_RELAXED);
    }
    return on;
}

static jvmtiError traced(int fn, jvmtiError err) {
    if (tracing()) fprintf(stderr, "[jvmti] %s -> %d\n", fn_info[fn].name, (int)err);
    return err;
}

/* Functions that may be called in the start or live phase only run on attached threads;
 * those also allowed in OnLoad (or in any phase) need a thread only once the VM is live. */
static bool needs_thread(const JvmtiFnInfo *f, int phase) {
    if (f->phases == JVMTI_PHASES_ANY) return false;
    if (f->phases & JVMTI_PH(JVMTI_PHASE_ONLOAD)) return phase == JVMTI_PHASE_LIVE;
    return true;
}

static jvmtiError entry_check(jvmtiEnv *e, int fn) {
    const JvmtiFnInfo *f = &fn_info[fn];
    JvmtiEnv *env = jvmti_env(e);
    int phase = __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE);
    bool valid = env && __atomic_load_n(&env->valid, __ATOMIC_ACQUIRE);
    if (valid) phase = jvmti_env_phase(env);
    if (!(f->phases & JVMTI_PH(phase))) return JVMTI_ERROR_WRONG_PHASE;
    if (needs_thread(f, phase) && !thread_current()) return JVMTI_ERROR_UNATTACHED_THREAD;
    if (!valid) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    if (f->cap >= 0 && !jvmti_has(env, f->cap)) return JVMTI_ERROR_MUST_POSSESS_CAPABILITY;
    return JVMTI_ERROR_NONE;
}

#define JVMTI_FN(slot, name, phases, cap, state, params, args) \
    static jvmtiError JNICALL entry_##name params { \
        jvmtiError err_ = entry_check(env, JFN_##name); \
        if (err_ != JVMTI_ERROR_NONE) return traced(JFN_##name, err_); \
        if (!jvmti_##name) return traced(JFN_##name, JVMTI_ERROR_NOT_AVAILABLE); \
        Thread *t_ = thread_current(); \
        bool vm_ = t_ && fn_info[JFN_##name].in_vm; \
        int old_ = vm_ ? thread_enter_vm(t_) : t_ ? thread_state(t_) : 0; \
        if (t_ && old_ == TS_IN_NATIVE && susp_requested(t_)) susp_block(t_); \
        err_ = jvmti_##name args; \
        if (vm_) thread_leave_vm(t_, old_); \
        return traced(JFN_##name, err_); \
    }
#include "jvmti/jvmti_functions.def"
#undef JVMTI_FN

const struct jvmtiInterface_1_ jvmti_function_table = {
#define JVMTI_FN(slot, name, phases, cap, state, params, args) .name = entry_##name,
#include "jvmti/jvmti_functions.def"
#undef JVMTI_FN
};

/* The jvmti.h slot of each row is its position in the structure: checked once. */
__attribute__((constructor)) static void check_slots(void) {
    const void *const *slots = (const void *const *)&jvmti_function_table;
    static const void *const entries[JFN_COUNT] = {
#define JVMTI_FN(slot, name, phases, cap, state, params, args) (const void *)entry_##name,
#include "jvmti/jvmti_functions.def"
#undef JVMTI_FN
    };
    for (int i = 0; i < JFN_COUNT; i++)
        if (slots[fn_info[i].slot - 1] != entries[i]) vm_fatal("jvmti_functions.def: %s is not slot %d", fn_info[i].name, fn_info[i].slot);
}
