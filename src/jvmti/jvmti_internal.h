/*
 * jvmti_internal.h — what the JVMTI implementation files share.
 *
 * Environments.  A jvmtiEnv* handed to an agent is a JvmtiEnv*: the structure begins with
 * the function-table pointer, as a JNIEnv is a Thread.  Every GetEnv makes a new one; each
 * has its own callbacks, capabilities, event modes and local storage.  Environments are
 * never freed (DisposeEnvironment marks one invalid and clears its events), so threads
 * posting events walk the list without a lock.
 *
 * Functions.  jvmti_functions.def lists every function; jvmti_table.c makes from each row
 * an entry point that checks the phase, the calling thread, the environment and the
 * required capability, in HotSpot's order, then calls jvmti_<Name>.  A group file defines
 * jvmti_<Name> with the spec's parameters and checks only the arguments.  The declarations
 * below are weak: a function no file defines yet is NULL and its entry point answers
 * JVMTI_ERROR_NOT_AVAILABLE.
 *
 * Events.  jvmti_events.def lists every event.  The VM tests JVMTI_EVENT_ENABLED (one global
 * word, jvmti_export.h) and calls jvmti_post_<Callback>; a posting function brackets its
 * work with jvmti_event_enter/exit (a handle mark, the pending exception saved), makes
 * local references for its arguments, and calls each interested environment's callback
 * through JVMTI_CALLBACK, which runs it in native state so it may call JNI and JVMTI,
 * block or throw.
 */
#ifndef LOUPE_JVMTI_INTERNAL_H
#define LOUPE_JVMTI_INTERNAL_H

#include "loupe.h"
#include "jvmti/jvmti_export.h"
#include "runtime/thread.h"
#include "runtime/suspend.h"
#include "heap/handles.h"
#include <pthread.h>

/* ---- phases: a function's allowed phases as a mask of (1 << jvmtiPhase) ---- */
#define JVMTI_PH(p) (1u << (p))
enum {
    JVMTI_PHASES_LIVE = JVMTI_PH(JVMTI_PHASE_LIVE),
    JVMTI_PHASES_START = JVMTI_PH(JVMTI_PHASE_START) | JVMTI_PH(JVMTI_PHASE_LIVE),
    JVMTI_PHASES_ONLOAD = JVMTI_PH(JVMTI_PHASE_ONLOAD) | JVMTI_PH(JVMTI_PHASE_LIVE),
    JVMTI_PHASES_ONLOAD_ONLY = JVMTI_PH(JVMTI_PHASE_ONLOAD),
    JVMTI_PHASES_ANY = JVMTI_PH(JVMTI_PHASE_ONLOAD) | JVMTI_PH(JVMTI_PHASE_PRIMORDIAL) |
                       JVMTI_PH(JVMTI_PHASE_START) | JVMTI_PH(JVMTI_PHASE_LIVE) | JVMTI_PH(JVMTI_PHASE_DEAD),
};

/* ---- capabilities: index = position in jvmtiCapabilities = bit in a JvmtiCaps ---- */
typedef uint64_t JvmtiCaps;
enum {
#define JVMTI_CAP(name, kind, potential) JCAP_##name,
#include "jvmti/jvmti_capabilities.def"
#undef JVMTI_CAP
    JCAP_COUNT,
    JCAP_none = -1,
};
#define JCAP_BIT(name) (JCAP_##name < 0 ? 0 : UINT64_C(1) << (JCAP_##name & 63))
JvmtiCaps jvmti_caps_from(const jvmtiCapabilities *c);
void jvmti_caps_to(JvmtiCaps bits, jvmtiCapabilities *out);

/* ---- events ---- */
enum { JVMTI_EVENT_COUNT = JVMTI_MAX_EVENT_TYPE_VAL - JVMTI_MIN_EVENT_TYPE_VAL + 1 };

/* ---- environments ---- */
typedef struct JvmtiEnv JvmtiEnv;
struct JvmtiEnv {
    const struct jvmtiInterface_1_ *functions;  /* must stay first: (jvmtiEnv *)env */
    JvmtiEnv *next;                             /* all environments, in creation order */
    int index;                                  /* position in that list: per-thread state */
    jint version;                               /* the version GetEnv was given */
    volatile bool valid;                        /* false once disposed */
    JvmtiCaps caps;
    jvmtiEventCallbacks callbacks;
    uint64_t global_events;                     /* JVMTI_EVENT_BIT of events enabled for all threads */
    uint64_t thread_events;                     /* union of the per-thread enablings */
    const void *local_storage;
    struct JvmtiTagMap *volatile tags;          /* object tags (jvmti_tag.c), made on first SetTag */
    void *ext_callbacks[10];                    /* extension events 40.. (jvmti_extension.c) */
};

extern JvmtiEnv *volatile jvmti_envs;          /* the list head (newest last) */
extern pthread_mutex_t jvmti_lock;              /* guards the list and event-mode changes */

static inline JvmtiEnv *jvmti_env(jvmtiEnv *e) { return (JvmtiEnv *)e; }
static inline jvmtiEnv *jvmti_ext(JvmtiEnv *e) { return (jvmtiEnv *)e; }
/* The phase as this environment sees it: an environment without can_generate_early_vmstart
 * is still in the primordial phase during an early start phase. */
jvmtiPhase jvmti_env_phase(JvmtiEnv *env);
static inline bool jvmti_has(JvmtiEnv *env, int cap) {
    return cap >= 0 && (__atomic_load_n(&env->caps, __ATOMIC_RELAXED) >> cap & 1);
}
#define JVMTI_HAS(env, name) jvmti_has(env, JCAP_##name)

/* ---- per-thread state (Thread.jvmti) ---- */
typedef struct JvmtiThreadEnvState {
    uint64_t events;                            /* events this env enabled for this thread */
    const void *local_storage;                  /* SetThreadLocalStorage */
} JvmtiThreadEnvState;

typedef struct JvmtiFramePop {
    const void *frame;                          /* the Frame NotifyFramePop flagged */
    JvmtiEnv *env;                              /* the environment that asked */
} JvmtiFramePop;

typedef struct JvmtiThreadState {
    JvmtiThreadEnvState *envs;                  /* indexed by JvmtiEnv.index */
    int nenvs;
    JvmtiFramePop *pops;                        /* NotifyFramePop requests (jvmti_stack.c) */
    int npops, cappops;
    void *debug;                                /* the debugger side's own state (frames, stepping) */
    void *threads;                              /* the thread side's own state (suspension) */
} JvmtiThreadState;

/* The state of thread t for env, made when `create` (NULL when absent or out of memory). */
JvmtiThreadEnvState *jvmti_thread_env_state(Thread *t, JvmtiEnv *env, bool create);

/* Called whenever any environment's event enablement changes, so that the interpreter
 * side can recompute what it switches on.  Defined by the debugger side; a weak no-op here. */
void jvmti_event_mode_changed(void);
/* The same for the allocation events and heap sampling (jvmti_alloc.c); outside jvmti_lock. */
void jvmti_alloc_events_changed(Thread *t);
/* True between jvmti_defer_begin and jvmti_defer_end on this thread (the boot loader's lock). */
bool jvmti_deferring(void);

/* ---- posting events ---- */
typedef struct JvmtiEventScope {
    Thread *t;
    HandleMark hm;
    Object **saved_exception;
} JvmtiEventScope;

/* Brackets around posting one event on thread t (in VM state): handles made inside are
 * released at exit; the pending exception is put aside and restored.  Inline, as
 * allocation events post one per allocation; the exception's two halves are not. */
Object **jvmti_exception_put_aside(Thread *t);
void jvmti_exception_restore(Thread *t, Object **saved);
static inline void jvmti_event_enter(Thread *t, JvmtiEventScope *s) {
    s->t = t;
    s->hm = hnd_area_mark(&t->handles);
    s->saved_exception = unlikely(t->exception != NULL) ? jvmti_exception_put_aside(t) : NULL;
}
static inline void jvmti_event_exit(JvmtiEventScope *s) {
    if (unlikely(s->saved_exception != NULL)) jvmti_exception_restore(s->t, s->saved_exception);
    hnd_area_release(&s->t->handles, s->hm);
}
/* A local reference to o (NULL for NULL), as hnd_local, inline for the same reason. */
static inline jobject jvmti_local(Thread *t, Object *o) {
    if (!o) return NULL;
    Object **slot = hnd_area_push(&t->handles, o);
    return slot ? (jobject)slot : (jobject)hnd_new(t, o);
}
/* The next environment after prev (NULL: the first) that wants event ev on thread t:
 * valid, with a callback, enabled globally or for t, and in a phase that sees it. */
JvmtiEnv *jvmti_env_next(JvmtiEnv *prev, Thread *t, jvmtiEvent ev);
#define JVMTI_FOR_EACH_ENV(env, t, ev) \
    for (JvmtiEnv *env = jvmti_env_next(NULL, t, ev); env; env = jvmti_env_next(env, t, ev))
/* Runs a callback call in native state.  Coming back is a suspend point, as a native
 * method's return is: a thread suspended during its callback (jdwp suspends every thread
 * from its VMInit or breakpoint callbacks) stops there, before it runs on. */
static inline int jvmti_native_begin(Thread *t) {
    int old = t->state;
    atomic_store_explicit((atomic_int *)&t->state, TS_IN_NATIVE, memory_order_release);
    return old;
}
/* Coming back from a callback is a suspend point, as a return from native code is: a thread
 * suspended during its callback (a debugger's suspend-all policy) stops here, before it
 * runs another instruction. */
static inline void jvmti_native_end(Thread *t, int old) {
    atomic_store_explicit((atomic_int *)&t->state, old, memory_order_seq_cst);
    thread_poll(t);
    if (susp_requested(t)) susp_block(t);
}
#define JVMTI_CALLBACK(t, call) do { int jvmti_old_ = jvmti_native_begin(t); call; jvmti_native_end(t, jvmti_old_); } while (0)
/* An environment's callback for an event, read once (may be NULL). */
#define JVMTI_CB(env, Field) __atomic_load_n(&(env)->callbacks.Field, __ATOMIC_RELAXED)
/* Recomputes jvmti_event_bits from every environment (with jvmti_lock held). */
void jvmti_events_recompute(void);

/* ---- compiled code (jvmti_compiled.c): a method's prepared code is its compiled form ---- */
/* CompiledMethodUnload: queued for the service thread (jvmti_class_unload.c) while some
 * environment has it enabled, for m's code at `code`; for each prepared method of class c
 * (c unloaded or its methods' code replaced, world stopped or not). */
void jvmti_code_unloaded(Method *m, const void *code);
void jvmti_class_code_unloaded(Class *c);
/* Posts it, on the service thread. */
void jvmti_post_CompiledMethodUnload(Thread *t, Method *m, const void *code);
/* GenerateEvents(COMPILED_METHOD_LOAD): a CompiledMethodLoad to env for every method
 * prepared now, on the calling thread. */
void jvmti_generate_compiled_loads(Thread *t, JvmtiEnv *env);

/* ---- converters (convention 4) ---- */
/* jthread -> Thread (NULL: the current thread).  INVALID_THREAD when not a Thread object,
 * THREAD_NOT_ALIVE when it has not started or has ended. */
jvmtiError jvmti_thread_of(jthread thread, Thread **out);
/* The same for the functions whose spec does not read NULL as the current thread (PopFrame,
 * ResumeThread, StopThread, InterruptThread): NULL is INVALID_THREAD. */
jvmtiError jvmti_given_thread_of(jthread thread, Thread **out);
jvmtiError jvmti_class_of(jclass klass, Class **out);      /* INVALID_CLASS */
jvmtiError jvmti_method_of(jmethodID method, Method **out); /* INVALID_METHODID */
/* The jmethodID a tool sees for a frame's method: a redefined class's old copy of a method
 * whose body did not change (modulo constant pool) is the current method. */
jmethodID jvmti_method_id(Method *m);
jvmtiError jvmti_field_of(Class *c, jfieldID field, Field **out); /* INVALID_FIELDID */

/* ---- results: memory the agent frees with Deallocate ---- */
jvmtiError jvmti_allocate(jlong size, void **out);
/* *out = a copy of s (NULL s: no copy, *out NULL) */
jvmtiError jvmti_strdup(const char *s, char **out);
/* Defines jvmti_<Name>, a query with one argument and one result, in the spec's order:
 * ARG (the group's CLASS_ARG, METHOD_ARG, ...) checks the argument and names the VM's
 * object `var`, then the result pointer is checked and `value` stored through it. */
#define JVMTI_SIMPLE_QUERY(Name, ArgType, arg, ARG, var, ResType, value)                   \
    jvmtiError JNICALL jvmti_##Name(jvmtiEnv *env, ArgType arg, ResType *result_ptr) {     \
        ARG(arg, var);                                                                    \
        if (!result_ptr) return JVMTI_ERROR_NULL_POINTER;                                 \
        *result_ptr = (value);                                                            \
        return JVMTI_ERROR_NONE;                                                          \
    }
/* A field's or method's name, descriptor and generic signature (NULL: none), each copied
 * for the agent where its pointer is not NULL; on failure none of them is returned. */
jvmtiError jvmti_member_names(const Symbol *name, const Symbol *desc, const Symbol *generic,
                              char **name_ptr, char **signature_ptr, char **generic_ptr);

/* ---- the functions (weak: see above) ---- */
#define JVMTI_FN(slot, name, phases, cap, state, params, args) \
    __attribute__((weak)) jvmtiError JNICALL jvmti_##name params;
#include "jvmti/jvmti_functions.def"
#undef JVMTI_FN

#endif
