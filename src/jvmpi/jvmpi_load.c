/*
 * jvmpi_load.c — JVMPI's start: GetEnv, the interface, enabling events and sending them.
 *
 * There is one JVMPI_Interface (one agent per VM, as the specification says); GetEnv with
 * JVMPI_VERSION_1, _1_1 or _1_2 returns it with the version asked for, every function
 * set up and NotifyEvent NULL for the agent to fill in.  The interface is built on an
 * internal JVMTI environment, made in the OnLoad phase (jvmpi_prepare) with the
 * capabilities the JVMPI events need; holding them costs nothing, only enabled events
 * switch the interpreter's hooks on.
 *
 * EnableEvent/DisableEvent keep one bit per JVMPI event (jvmpi_event_bits, which the
 * VM's own hooks test) and recompute from the event table which JVMTI events and which
 * heap events must be on: a source stays on while any JVMPI event it feeds is enabled.
 */
#include "jvmpi/jvmpi_internal.h"
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include <string.h>

volatile uint64_t jvmpi_event_bits;
jvmtiEnv *jvmpi_jvmti;
static pthread_mutex_t enable_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local bool sending_in_gc;

static const JvmpiEventDef event_defs[] = {
#define JVMPI_EV(T, flags, jvmti, gc) { JVMPI_EVENT_##T, #T, flags, jvmti, gc },
#include "jvmpi/jvmpi_events.def"
#undef JVMPI_EV
};
#define NDEFS (sizeof event_defs / sizeof event_defs[0])

const JvmpiEventDef *jvmpi_event_def(jint type) {
    for (size_t i = 0; i < NDEFS; i++)
        if (event_defs[i].type == type) return &event_defs[i];
    return NULL;
}

JVMPI_Interface jvmpi_interface = {
    .version = JVMPI_VERSION_1_2,
    .EnableEvent = jvmpi_EnableEvent,
    .DisableEvent = jvmpi_DisableEvent,
    .RequestEvent = jvmpi_RequestEvent,
    .GetCallTrace = jvmpi_GetCallTrace,
    .ProfilerExit = jvmpi_ProfilerExit,
    .RawMonitorCreate = jvmpi_RawMonitorCreate,
    .RawMonitorEnter = jvmpi_RawMonitorEnter,
    .RawMonitorExit = jvmpi_RawMonitorExit,
    .RawMonitorWait = jvmpi_RawMonitorWait,
    .RawMonitorNotifyAll = jvmpi_RawMonitorNotifyAll,
    .RawMonitorDestroy = jvmpi_RawMonitorDestroy,
    .GetCurrentThreadCpuTime = jvmpi_GetCurrentThreadCpuTime,
    .SuspendThread = jvmpi_SuspendThread,
    .ResumeThread = jvmpi_ResumeThread,
    .GetThreadStatus = jvmpi_GetThreadStatus,
    .ThreadHasRun = jvmpi_ThreadHasRun,
    .CreateSystemThread = jvmpi_CreateSystemThread,
    .SetThreadLocalStorage = jvmpi_SetThreadLocalStorage,
    .GetThreadLocalStorage = jvmpi_GetThreadLocalStorage,
    .DisableGC = jvmpi_DisableGC,
    .EnableGC = jvmpi_EnableGC,
    .RunGC = jvmpi_RunGC,
    .GetThreadObject = jvmpi_GetThreadObject,
    .GetMethodClass = jvmpi_GetMethodClass,
    .jobjectID2jobject = jvmpi_jobjectID2jobject,
    .jobject2jobjectID = jvmpi_jobject2jobjectID,
    .SuspendThreadList = jvmpi_SuspendThreadList,
    .ResumeThreadList = jvmpi_ResumeThreadList,
};

bool jvmpi_is_version(jint version) {
    return version == JVMPI_VERSION_1 || version == JVMPI_VERSION_1_1 || version == JVMPI_VERSION_1_2;
}

/* The capabilities JVMPI's events rest on, those still potential (the method events' only
 * in the OnLoad phase: an agent that asks later gets no method events). */
static void add_capabilities(jvmtiEnv *e) {
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    caps.can_generate_single_step_events = 1;
    caps.can_generate_monitor_events = 1;
    caps.can_access_local_variables = 1;
    caps.can_suspend = 1;
    caps.can_get_line_numbers = 1;
    caps.can_get_source_file_name = 1;
    caps.can_get_current_thread_cpu_time = 1;
    caps.can_get_thread_cpu_time = 1;
    caps.can_generate_compiled_method_load_events = 1;
    jvmtiCapabilities pot;
    memset(&pot, 0, sizeof pot);
    (*e)->GetPotentialCapabilities(e, &pot);
    uint32_t w[sizeof caps / 4], p[sizeof caps / 4];
    memcpy(w, &caps, sizeof w);
    memcpy(p, &pot, sizeof p);
    for (size_t i = 0; i < sizeof w / 4; i++) w[i] &= p[i];
    memcpy(&caps, w, sizeof w);
    (*e)->AddCapabilities(e, &caps);
}

void jvmpi_prepare(void) {
    if (__atomic_load_n(&jvmpi_jvmti, __ATOMIC_ACQUIRE)) return;
    void *e = NULL;
    if (jvmti_get_env(&e, JVMTI_VERSION_1_2) != JNI_OK || !e) return;
    add_capabilities(e);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    jvmpi_set_callbacks(&cb);
    (*(jvmtiEnv *)e)->SetEventCallbacks(e, &cb, sizeof cb);
    jvmpi_unload_prepare();
    __atomic_store_n(&jvmpi_jvmti, e, __ATOMIC_RELEASE);
}

jint jvmpi_get_env(void **penv, jint version) {
    jvmpi_prepare();
    if (!jvmpi_jvmti) {
        *penv = NULL;
        return JNI_EDETACHED;
    }
    jvmpi_interface.version = version;
    *penv = &jvmpi_interface;
    return JNI_OK;
}

/* ---- enabling ---- */

static bool source_wanted(jvmtiEvent ev, uint64_t bits) {
    for (size_t i = 0; i < NDEFS; i++)
        if (event_defs[i].jvmti == ev && (bits >> event_defs[i].type & 1)) return true;
    return false;
}

static uint32_t gc_mask(uint64_t bits) {
    uint32_t m = 0;
    for (size_t i = 0; i < NDEFS; i++)
        if (bits >> event_defs[i].type & 1) m |= event_defs[i].gc;
    return m;
}

/* Switches def's sources to match bits (enable_lock held). */
static jint apply(const JvmpiEventDef *def, uint64_t bits) {
    if (def->jvmti) {
        jvmtiEventMode mode = source_wanted(def->jvmti, bits) ? JVMTI_ENABLE : JVMTI_DISABLE;
        if (!jvmpi_jvmti) return JVMPI_FAIL;
        if ((*jvmpi_jvmti)->SetEventNotificationMode(jvmpi_jvmti, mode, def->jvmti, NULL) != JVMTI_ERROR_NONE)
            return JVMPI_FAIL;
    }
    if (def->gc) {
        Thread *t = thread_current();
        int old = t ? thread_enter_vm(t) : 0;
        uint32_t m = gc_mask(bits);
        if (m) gc_add_listener(t, &jvmpi_gc_listener, m);
        else gc_remove_listener(t, &jvmpi_gc_listener);
        if (t) thread_leave_vm(t, old);
    }
    return JVMPI_SUCCESS;
}

static jint set_enabled(jint type, bool on) {
    const JvmpiEventDef *def = jvmpi_event_def(type);
    if (!def || !(def->flags & EF_ENABLE)) return JVMPI_NOT_AVAILABLE;
    if (jvmpi_in_gc()) return JVMPI_FAIL;       /* the thread suspended mode */
    pthread_mutex_lock(&enable_lock);
    uint64_t bits = __atomic_load_n(&jvmpi_event_bits, __ATOMIC_RELAXED);
    uint64_t now = on ? bits | UINT64_C(1) << type : bits & ~(UINT64_C(1) << type);
    __atomic_store_n(&jvmpi_event_bits, now, __ATOMIC_RELEASE);
    jint r = apply(def, now);
    if (r != JVMPI_SUCCESS) __atomic_store_n(&jvmpi_event_bits, bits, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&enable_lock);
    return r;
}

jint jvmpi_EnableEvent(jint event_type, void *arg) {
    UNUSED(arg);
    jint r = set_enabled(event_type, true);
    if (r == JVMPI_SUCCESS && event_type == JVMPI_EVENT_CLASS_UNLOAD) jvmpi_unload_start();
    return r;
}

jint jvmpi_DisableEvent(jint event_type, void *arg) { UNUSED(arg); return set_enabled(event_type, false); }

/* ---- sending ---- */

void jvmpi_send(Thread *t, JVMPI_Event *e) {
    void (*notify)(JVMPI_Event *) = __atomic_load_n(&jvmpi_interface.NotifyEvent, __ATOMIC_ACQUIRE);
    e->env_id = t ? thread_env(t) : e->env_id;
    if (notify) notify(e);
}

/* Native state around the call; coming back waits out a safepoint begun meanwhile (no
 * collection can have run: the caller holds GC off, or the event has no ids). */
void jvmpi_send_from_vm(Thread *t, JVMPI_Event *e) {
    int old = t->state;
    atomic_store_explicit((atomic_int *)&t->state, TS_IN_NATIVE, memory_order_release);
    jvmpi_send(t, e);
    atomic_store_explicit((atomic_int *)&t->state, old, memory_order_seq_cst);
    thread_poll(t);
}

bool jvmpi_in_gc(void) { return sending_in_gc; }

void jvmpi_send_in_gc(JVMPI_Event *e) {
    sending_in_gc = true;
    jvmpi_send(thread_current(), e);
    sending_in_gc = false;
}
