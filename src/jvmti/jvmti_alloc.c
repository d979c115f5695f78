/*
 * jvmti_alloc.c — the allocation events: VMObjectAlloc, SampledObjectAlloc (with
 * SetHeapSamplingInterval) and com.loupe.events.ObjectAlloc, posted by one hook.
 *
 * While any of them is wanted (jvmti_alloc_hook, set by jvmti_ext_events.c), the heap's
 * allocation functions call jvmti_object_alloc once the object is complete (a class
 * mirror once it knows its class: runtime/mirror.c calls it then).  The hook runs on the
 * allocating thread; it holds the new object in a handle, posts the events in native
 * state (their callbacks may call JNI, and may allocate or collect), and returns the
 * object's address afterwards.  Allocations made inside these callbacks are not reported
 * (the spec forbids the recursion for SampledObjectAlloc; the others follow it).
 *
 * VMObjectAlloc follows HotSpot's rule: the objects that the VM entry points HotSpot marks
 * allocate for Java code, which bytecode instrumentation cannot see (Object.clone,
 * Constructor.newInstance, Method.invoke's boxes, java.lang.reflect.Array, reflection's
 * member arrays and objects, interfaces, nest members, signatures, enclosing methods,
 * record components, the constant pool's objects, class names, stack access contexts,
 * class contexts, system packages, interned strings, thread lists and dumps); they open a
 * JVMTI_VM_ALLOCATIONS scope, and what they allocate while no further Java frame runs is
 * reported, but no class mirror (a class being loaded: HotSpot reports none either).  As in HotSpot, JNI's AllocObject and NewObject are not (an agent sees them in
 * its own native code).  Not while the boot loader's lock is held (class loading), where
 * a callback that loads a class would deadlock.
 *
 * SampledObjectAlloc samples as HotSpot does: each thread counts its allocated bytes down
 * from a distance drawn from the exponential distribution whose mean is the interval (so
 * the samples form a Poisson process over allocated bytes, independent of object sizes);
 * the allocation that reaches zero is sampled and a new distance is drawn.  Interval 0
 * samples every allocation.  The TLAB is clipped at the sample point (heap_tlab_clip), so
 * the interpreter's inline allocations run at full speed until the one that reaches it
 * takes the slow path and comes through the hook; as in HotSpot, a thread's TLAB is
 * clipped from its first refill after sampling was enabled.
 */
#include "jvmti/jvmti_heap.h"
#include "interp/frame.h"
#include "heap/heap.h"
#include "heap/gc.h"
#include "classfile/class.h"
#include <math.h>

enum { DEFAULT_INTERVAL = 512 * 1024 };

static jint sampling_interval = DEFAULT_INTERVAL;
static _Thread_local int in_alloc_callback;
static _Thread_local int64_t bytes_until_sample;
static _Thread_local jint drawn_for = -1;        /* the interval the distance was drawn for */
static _Thread_local uint64_t rng;

jvmtiError JNICALL jvmti_SetHeapSamplingInterval(jvmtiEnv *env, jint interval) {
    if (interval < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    __atomic_store_n(&sampling_interval, interval, __ATOMIC_RELAXED);
    return JVMTI_ERROR_NONE;
}

/* ---- sampling ---- */

static uint64_t next_random(Thread *t) {
    if (!rng) rng = ((uint64_t)(uintptr_t)t * 0x9E3779B97F4A7C15ull) | 1;
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A distance in bytes, exponentially distributed with mean `interval`. */
static int64_t draw_distance(Thread *t, jint interval) {
    double u = ((double)(next_random(t) >> 11) + 1.0) / 9007199254740993.0;   /* (0, 1] */
    return (int64_t)(-log(u) * interval) + 1;
}

/* The distance to t's next sample, drawn anew when the interval changed. */
static int64_t distance(Thread *t, jint interval) {
    if (drawn_for != interval) {
        drawn_for = interval;
        bytes_until_sample = interval ? draw_distance(t, interval) : 0;
    }
    return bytes_until_sample;
}

/* The bytes the thread's inline allocations took from its TLAB since they were last
 * counted: they bring the sample point nearer. */
static _Thread_local char *counted;

static void count_tlab(Thread *t) {
    if (counted < t->tlab_start || counted > t->tlab_top) counted = t->tlab_start;
    bytes_until_sample -= t->tlab_top - counted;
    counted = t->tlab_top;
}

size_t jvmti_sample_room(Thread *t) {
    distance(t, __atomic_load_n(&sampling_interval, __ATOMIC_RELAXED));
    count_tlab(t);
    return bytes_until_sample > 0 ? (size_t)bytes_until_sample : 0;
}

/* Counts o's bytes (if the TLAB count has not); true when they reach the sample point
 * (then the next distance is drawn, and the TLAB clipped there). */
static bool sample_due(Thread *t, Object *o, size_t size) {
    jint interval = __atomic_load_n(&sampling_interval, __ATOMIC_RELAXED);
    distance(t, interval);
    count_tlab(t);
    bool in_tlab = (char *)o >= t->tlab_start && (char *)o < t->tlab_top;
    if (!in_tlab) bytes_until_sample -= (int64_t)size;
    if (interval && bytes_until_sample > 0) return false;
    bytes_until_sample = interval ? draw_distance(t, interval) : 0;
    heap_tlab_clip(t, (size_t)bytes_until_sample);
    return true;
}

/* ---- posting ---- */

/* Local references to a, b and c (NULL for NULL), three slots taken at once when the
 * current handle chunk has room. */
static inline void local_refs(Thread *t, jobject refs[3], Object *a, Object *b, Object *c) {
    Object **s = hnd_area_reserve(&t->handles, 3);
    if (unlikely(!s)) {
        refs[0] = jvmti_local(t, a);
        refs[1] = jvmti_local(t, b);
        refs[2] = jvmti_local(t, c);
        return;
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    refs[0] = a ? (jobject)&s[0] : NULL;
    refs[1] = b ? (jobject)&s[1] : NULL;
    refs[2] = c ? (jobject)&s[2] : NULL;
}

typedef void (JNICALL *AllocCallback)(jvmtiEnv *, JNIEnv *, jthread, jobject, jclass, jlong);

static AllocCallback callback_for(JvmtiEnv *env, jvmtiEvent ev) {
    return ev == JVMTI_EVENT_VM_OBJECT_ALLOC ? __atomic_load_n(&env->callbacks.VMObjectAlloc, __ATOMIC_RELAXED)
                                             : __atomic_load_n(&env->callbacks.SampledObjectAlloc, __ATOMIC_RELAXED);
}

static void post(Thread *t, jvmtiEvent ev, Object **h, size_t size) {
    JVMTI_FOR_EACH_ENV(env, t, ev) {
        AllocCallback cb = callback_for(env, ev);
        if (!cb) continue;
        jobject refs[3];
        local_refs(t, refs, t->jthread, *h, (*h)->klass->mirror);
        JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), refs[0], refs[1], refs[2], (jlong)size));
    }
}

/* com.loupe.events.ObjectAlloc for the object in *h, to every environment with a
 * callback: called as the spec types extension callbacks (jvmtiExtensionEvent, variadic),
 * in VM state (jvmti_ext_events.c says why). */
static inline __attribute__((always_inline)) void post_ext(Thread *t, Object **h, size_t size) {
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE)) {
        jvmtiExtensionEvent cb = (jvmtiExtensionEvent)jvmti_ext_callback(env, JVMTI_EXT_OBJECT_ALLOC);
        if (!cb) continue;
        jobject refs[3];
        local_refs(t, refs, t->jthread, *h, (*h)->klass->mirror);
        cb(jvmti_ext(env), thread_env(t), refs[0], refs[1], refs[2], (jlong)size, (jint)heap_arena_of(*h));
    }
}

/* The frame that was current when the innermost JVMTI_VM_ALLOCATIONS scope began (or
 * NO_FRAME for none), NULL outside such scopes. */
static _Thread_local void *vm_alloc_frame;
#define NO_FRAME ((void *)1)

void *jvmti_vm_alloc_enter(Thread *t) {
    void *saved = vm_alloc_frame;
    vm_alloc_frame = t->top ? (void *)t->top : NO_FRAME;
    return saved;
}

void jvmti_vm_alloc_leave(void **saved) { vm_alloc_frame = *saved; }

/* Allocated by a VM entry point for Java code, not by Java code it called? */
static bool vm_allocation(Thread *t) {
    if (!JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_VM_OBJECT_ALLOC) || jvmti_deferring()) return false;
    return vm_alloc_frame && vm_alloc_frame == (t->top ? (void *)t->top : NO_FRAME);
}

static bool sampled_allocation(Thread *t, Object *o, size_t size) {
    if (!JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC) || jvmti_deferring()) return false;
    return sample_due(t, o, size);
}

/* Posts the events asked for, in one event scope holding the object (the callbacks may
 * collect); the object's address after them.  Inlined with constant flags for the
 * common case below. */
static inline __attribute__((always_inline)) Object *post_events(Thread *t, Object *o, size_t size, bool ext, bool vm,
                                                                 bool sampled) {
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    Object **h = (Object **)jvmti_local(t, o);
    in_alloc_callback++;
    if (ext) post_ext(t, h, size);
    if (vm) post(t, JVMTI_EVENT_VM_OBJECT_ALLOC, h, size);
    if (sampled) post(t, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, h, size);
    in_alloc_callback--;
    o = *h;
    jvmti_event_exit(&s);
    return o;
}

#define VM_OR_SAMPLED (JVMTI_EVENT_BIT(JVMTI_EVENT_VM_OBJECT_ALLOC) | JVMTI_EVENT_BIT(JVMTI_EVENT_SAMPLED_OBJECT_ALLOC))

/* The events of an object the counting (if on) has counted. */
static __attribute__((noinline)) Object *object_alloc_events(Thread *t, Object *o, size_t size) {
    bool ext = jvmti_ext_alloc_wanted();
    /* the common case: ObjectAlloc alone (a heap listener), every allocation */
    if (likely(!(__atomic_load_n(&jvmti_event_bits, __ATOMIC_RELAXED) & VM_OR_SAMPLED)))
        return ext ? post_events(t, o, size, true, false, false) : o;
    bool java = t->jthread && __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE;
    bool vm = java && !(o->klass->flags & CF_MIRROR) && vm_allocation(t);   /* a class's mirror: its loading */
    bool sampled = java && sampled_allocation(t, o, size);
    if (!ext && !vm && !sampled) return o;
    return post_events(t, o, size, ext, vm, sampled);
}

Object *jvmti_object_alloc(Thread *t, Object *o, size_t size) {
    if (!t || in_alloc_callback) return o;
    bool events = jvmti_ext_alloc_wanted() || (__atomic_load_n(&jvmti_event_bits, __ATOMIC_RELAXED) & VM_OR_SAMPLED);
    if (!jvmti_counts_wanted()) return object_alloc_events(t, o, size);
    if (likely(!events)) return jvmti_counts_add(t, o, size);     /* counting alone: a tail call */
    return object_alloc_events(t, jvmti_counts_add(t, o, size), size);
}

/* ---- the allocation sink ----
 *
 * While the hook has nothing but counting to do and the lifetimes (jvmti_lifetimes.c)
 * are the only heap listener that sees allocations, or there is none, the heap calls a
 * sink in place of both (heap/gc.h): jvmti_alloc_sink_count, or jvmti_lifetimes_sink,
 * which records the birth and goes on to it.  A mirror is counted when it knows its class
 * (runtime/mirror.c calls the hook then), as without the sink. */
Object *jvmti_alloc_sink_count(Thread *t, int arena, Object *o, size_t size) {
    UNUSED(arena);
    if (likely(t && !class_is_mirror_type(o->klass))) return jvmti_counts_add(t, o, size);
    return o;
}

void jvmti_alloc_sink_choose(bool counting_alone) {
    if (counting_alone && gc_set_alloc_sink(jvmti_alloc_sink_count, NULL)) return;
    if (counting_alone && gc_set_alloc_sink(jvmti_lifetimes_sink, jvmti_lifetimes_listener())) return;
    gc_set_alloc_sink(NULL, NULL);
}

/* Event enablement changed (SetEventNotificationMode, SetEventCallbacks). */
void jvmti_alloc_events_changed(Thread *t) { jvmti_heap_listening_changed(t); }
