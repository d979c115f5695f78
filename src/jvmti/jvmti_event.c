/*
 * jvmti_event.c — Event Management (SetEventCallbacks, SetEventNotificationMode,
 * GenerateEvents) and the machinery every posting function uses.
 *
 * Each environment keeps its callbacks and the events it enabled for all threads; events
 * enabled for one thread are kept in that thread's JvmtiThreadState, one word per
 * environment, and their union in the environment.  Whenever any of that changes,
 * jvmti_events_recompute folds everything into jvmti_event_bits, the one word the VM tests
 * before posting (an event counts only while its callback is set), and the debugger side
 * hears of it through jvmti_event_mode_changed.  Callback pointers and masks are read by
 * posting threads with relaxed atomic loads: a change takes effect "soon", as the spec
 * allows.
 */
#include "jvmti/jvmti_internal.h"
#include "jvmti/jvmti_heap.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include <string.h>

uint64_t jvmti_event_bits;

__attribute__((weak)) void jvmti_event_mode_changed(void) {}

/* Bits of the events that may be enabled for one thread, and of those needing a capability. */
static const uint64_t thread_filtered =
#define JVMTI_EV(num, NAME, Callback, filtered, cap) ((filtered) ? JVMTI_EVENT_BIT(num) : 0) |
#include "jvmti/jvmti_events.def"
#undef JVMTI_EV
    0;

static int event_capability(jvmtiEvent ev) {
    switch ((int)ev) {
#define JVMTI_EV(num, NAME, Callback, filtered, cap) case num: return JCAP_##cap;
#include "jvmti/jvmti_events.def"
#undef JVMTI_EV
    default: return JCAP_none;
    }
}

/* The callback of event ev in env, read once. */
static void *callback_of(JvmtiEnv *env, jint ev) {
    void **slots = (void **)&env->callbacks;
    return __atomic_load_n(&slots[ev - JVMTI_MIN_EVENT_TYPE_VAL], __ATOMIC_RELAXED);
}

static uint64_t callback_bits(JvmtiEnv *env) {
    uint64_t bits = 0;
    for (int i = 0; i < JVMTI_EVENT_COUNT; i++)
        if (callback_of(env, JVMTI_MIN_EVENT_TYPE_VAL + i)) bits |= UINT64_C(1) << i;
    return bits;
}

void jvmti_events_recompute(void) {
    uint64_t bits = 0;
    for (JvmtiEnv *env = jvmti_envs; env; env = env->next)
        if (__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) bits |= (env->global_events | env->thread_events) & callback_bits(env);
    __atomic_store_n(&jvmti_event_bits, bits, __ATOMIC_RELEASE);
}

/* ---- per-thread state ---- */

JvmtiThreadEnvState *jvmti_thread_env_state(Thread *t, JvmtiEnv *env, bool create) {
    JvmtiThreadState *s = __atomic_load_n((JvmtiThreadState **)&t->jvmti, __ATOMIC_ACQUIRE);
    if (s) {
        JvmtiThreadEnvState *envs = __atomic_load_n(&s->envs, __ATOMIC_ACQUIRE);
        if (env->index < __atomic_load_n(&s->nenvs, __ATOMIC_ACQUIRE)) return &envs[env->index];
    }
    if (!create) return NULL;
    pthread_mutex_lock(&jvmti_lock);
    if (!t->jvmti) __atomic_store_n((JvmtiThreadState **)&t->jvmti, vm_calloc(1, sizeof(JvmtiThreadState)), __ATOMIC_RELEASE);
    s = t->jvmti;
    if (env->index >= s->nenvs) {
        /* the old array stays allocated: a posting thread may still be reading it */
        int n = env->index + 4;
        JvmtiThreadEnvState *grown = vm_calloc((size_t)n, sizeof *grown);
        if (s->nenvs) memcpy(grown, s->envs, (size_t)s->nenvs * sizeof *grown);
        __atomic_store_n(&s->envs, grown, __ATOMIC_RELEASE);
        __atomic_store_n(&s->nenvs, n, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&jvmti_lock);
    return &s->envs[env->index];
}

static uint64_t thread_events(Thread *t, JvmtiEnv *env) {
    JvmtiThreadEnvState *s = t ? jvmti_thread_env_state(t, env, false) : NULL;
    return s ? __atomic_load_n(&s->events, __ATOMIC_RELAXED) : 0;
}

/* ---- posting ---- */

/* Before the live phase only these events are sent (HotSpot's set but for the compiled
 * method events), and in the primordial phase neither the thread-filtered ones nor
 * ThreadStart: the threads the VM starts before VMStart (reference handler, finalizer,
 * ...) are not reported to an environment still in that phase, whose functions taking a
 * jclass would answer WRONG_PHASE (an environment holding can_generate_early_vmstart is
 * in the start phase from the early VMStart on).
 * CompiledMethodLoad and Unload are sent in the live phase only.  The spec allows the start
 * phase too, but Loupe compiles (prepares) every method it runs at its first call, from
 * the primordial phase on, while HotSpot's JIT has compiled nothing that early: agents
 * (nsk's compmethload001) count on hearing of compiled code only once live.
 * GenerateEvents, from VMInit say, replays the methods prepared before. */
static const uint64_t early_events =
    JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_FILE_LOAD_HOOK) | JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_LOAD) |
    JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_PREPARE) | JVMTI_EVENT_BIT(JVMTI_EVENT_VM_START) |
    JVMTI_EVENT_BIT(JVMTI_EVENT_VM_INIT) | JVMTI_EVENT_BIT(JVMTI_EVENT_VM_DEATH) |
    JVMTI_EVENT_BIT(JVMTI_EVENT_NATIVE_METHOD_BIND) | JVMTI_EVENT_BIT(JVMTI_EVENT_THREAD_START) |
    JVMTI_EVENT_BIT(JVMTI_EVENT_THREAD_END) | JVMTI_EVENT_BIT(JVMTI_EVENT_DYNAMIC_CODE_GENERATED);

static uint64_t phase_events(JvmtiEnv *env) {
    switch (jvmti_env_phase(env)) {
    case JVMTI_PHASE_LIVE: return ~UINT64_C(0);
    case JVMTI_PHASE_START: return early_events;
    case JVMTI_PHASE_DEAD: return 0;
    default: return early_events & ~thread_filtered & ~JVMTI_EVENT_BIT(JVMTI_EVENT_THREAD_START);
    }
}

JvmtiEnv *jvmti_env_next(JvmtiEnv *prev, Thread *t, jvmtiEvent ev) {
    uint64_t bit = JVMTI_EVENT_BIT(ev);
    JvmtiEnv *env = prev ? __atomic_load_n(&prev->next, __ATOMIC_ACQUIRE) : __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE);
    for (; env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE)) {
        if (!__atomic_load_n(&env->valid, __ATOMIC_RELAXED) || !callback_of(env, ev)) continue;
        if (!(phase_events(env) & bit)) continue;
        if ((__atomic_load_n(&env->global_events, __ATOMIC_RELAXED) & bit) || (thread_events(t, env) & bit)) return env;
    }
    return NULL;
}

Object **jvmti_exception_put_aside(Thread *t) { return hnd_new(t, exc_take(t)); }

void jvmti_exception_restore(Thread *t, Object **saved) {
    exc_take(t);
    t->exception = *saved;
}

/* ---- Event Management functions ---- */

/* ObjectFree for the objects of env that died, under the callbacks and enablement in force
 * until now, before an agent changes them (as HotSpot does): an agent re-enabling the event
 * after System.gc() hears of every object that died by then. */
static void flush_object_free(JvmtiEnv *env) {
    Thread *t = thread_current();
    if (t && jvmti_env_phase(env) == JVMTI_PHASE_LIVE) jvmti_tags_flush(t, env);
}

jvmtiError JNICALL jvmti_SetEventCallbacks(jvmtiEnv *e, const jvmtiEventCallbacks *callbacks, jint size_of_callbacks) {
    if (size_of_callbacks < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    JvmtiEnv *env = jvmti_env(e);
    flush_object_free(env);
    jvmtiEventCallbacks copy;
    memset(&copy, 0, sizeof copy);
    if (callbacks) memcpy(&copy, callbacks, (size_t)size_of_callbacks < sizeof copy ? (size_t)size_of_callbacks : sizeof copy);
    void **from = (void **)&copy, **to = (void **)&env->callbacks;
    pthread_mutex_lock(&jvmti_lock);
    for (size_t i = 0; i < sizeof copy / sizeof(void *); i++) __atomic_store_n(&to[i], from[i], __ATOMIC_RELAXED);
    jvmti_events_recompute();
    pthread_mutex_unlock(&jvmti_lock);
    jvmti_event_mode_changed();
    jvmti_alloc_events_changed(thread_current());
    jvmti_service_wanted(thread_current());
    return JVMTI_ERROR_NONE;
}

static void set_global(JvmtiEnv *env, uint64_t bit, bool enable) {
    pthread_mutex_lock(&jvmti_lock);
    uint64_t g = enable ? env->global_events | bit : env->global_events & ~bit;
    __atomic_store_n(&env->global_events, g, __ATOMIC_RELAXED);
    jvmti_events_recompute();
    pthread_mutex_unlock(&jvmti_lock);
}

/* The environment's union of per-thread enablings only grows (until disposal): a stale bit
 * costs a look at the thread's own word when the event happens, nothing more. */
static void set_for_thread(JvmtiEnv *env, Thread *t, uint64_t bit, bool enable) {
    JvmtiThreadEnvState *s = jvmti_thread_env_state(t, env, true);
    pthread_mutex_lock(&jvmti_lock);
    __atomic_store_n(&s->events, enable ? s->events | bit : s->events & ~bit, __ATOMIC_RELAXED);
    if (enable) __atomic_store_n(&env->thread_events, env->thread_events | bit, __ATOMIC_RELAXED);
    jvmti_events_recompute();
    pthread_mutex_unlock(&jvmti_lock);
}

jvmtiError JNICALL jvmti_SetEventNotificationMode(jvmtiEnv *e, jvmtiEventMode mode, jvmtiEvent event_type, jthread event_thread, ...) {
    JvmtiEnv *env = jvmti_env(e);
    Thread *t = NULL;
    if (event_thread) {
        jvmtiError err = jvmti_thread_of(event_thread, &t);
        if (err != JVMTI_ERROR_NONE) return err;
    }
    /* HotSpot's range: its extension events (47..49) and the reserved numbers in between
     * are accepted; no event is ever sent for them */
    if (event_type < 47 || event_type > JVMTI_MAX_EVENT_TYPE_VAL) return JVMTI_ERROR_INVALID_EVENT_TYPE;
    if (event_type < JVMTI_MIN_EVENT_TYPE_VAL) return JVMTI_ERROR_NONE;
    if (event_thread && !(thread_filtered & JVMTI_EVENT_BIT(event_type))) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    bool enable = mode == JVMTI_ENABLE;
    if (!enable && mode != JVMTI_DISABLE) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    int cap = event_capability(event_type);
    if (enable && cap >= 0 && !jvmti_has(env, cap)) return JVMTI_ERROR_MUST_POSSESS_CAPABILITY;
    if (event_type == JVMTI_EVENT_OBJECT_FREE) flush_object_free(env);
    if (t) set_for_thread(env, t, JVMTI_EVENT_BIT(event_type), enable);
    else set_global(env, JVMTI_EVENT_BIT(event_type), enable);
    jvmti_event_mode_changed();
    jvmti_alloc_events_changed(thread_current());
    if (event_type == JVMTI_EVENT_COMPILED_METHOD_UNLOAD) jvmti_service_wanted(thread_current());
    return JVMTI_ERROR_NONE;
}

/* The environment has event ev enabled (for all threads) with a callback. */
static bool env_enabled(JvmtiEnv *env, Thread *t, jvmtiEvent ev) {
    JVMTI_FOR_EACH_ENV(e, t, ev)
        if (e == env) return true;
    return false;
}

jvmtiError JNICALL jvmti_GenerateEvents(jvmtiEnv *e, jvmtiEvent event_type) {
    /* Loupe generates no native code (jvmti_compiled.c): DynamicCodeGenerated has nothing
     * to replay */
    if (event_type != JVMTI_EVENT_COMPILED_METHOD_LOAD && event_type != JVMTI_EVENT_DYNAMIC_CODE_GENERATED)
        return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    JvmtiEnv *env = jvmti_env(e);
    if (event_type == JVMTI_EVENT_DYNAMIC_CODE_GENERATED) return JVMTI_ERROR_NONE;
    if (!JVMTI_HAS(env, can_generate_compiled_method_load_events)) return JVMTI_ERROR_MUST_POSSESS_CAPABILITY;
    Thread *t = thread_current();
    if (env_enabled(env, t, event_type)) jvmti_generate_compiled_loads(t, env);
    return JVMTI_ERROR_NONE;
}
