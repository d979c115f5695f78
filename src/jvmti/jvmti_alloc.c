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
 * VMObjectAlloc follows HotSpot's rule: objects that bytecode instrumentation cannot see,
 * that is those allocated while the thread runs a native method or no Java code at all
 * (JNI AllocObject, NewObject and the array functions, reflection, clone, arrays made by natives), never
 * those of the interpreter's own allocation bytecodes; not while the boot loader's lock
 * is held (class loading), where a callback that loads a class would deadlock.
 *
 * SampledObjectAlloc samples as HotSpot does: each thread counts its allocated bytes down
 * from a distance drawn from the exponential distribution whose mean is the interval (so
 * the samples form a Poisson process over allocated bytes, independent of object sizes);
 * the allocation that reaches zero is sampled and a new distance is drawn.  Interval 0
 * samples every allocation.  While sampling is on, no thread has a TLAB, so every
 * allocation, the interpreter's inline ones included, comes through the hook.
 */
#include "jvmti/jvmti_heap.h"
#include "interp/frame.h"
#include "heap/object.h"
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

static bool sample_due(Thread *t, size_t size) {
    jint interval = __atomic_load_n(&sampling_interval, __ATOMIC_RELAXED);
    if (interval == 0) return true;
    if (drawn_for != interval) {
        drawn_for = interval;
        bytes_until_sample = draw_distance(t, interval);
    }
    bytes_until_sample -= (int64_t)size;
    if (bytes_until_sample > 0) return false;
    bytes_until_sample = draw_distance(t, interval);
    return true;
}

/* ---- posting ---- */

typedef void (JNICALL *AllocCallback)(jvmtiEnv *, JNIEnv *, jthread, jobject, jclass, jlong);

static AllocCallback callback_for(JvmtiEnv *env, jvmtiEvent ev) {
    return ev == JVMTI_EVENT_VM_OBJECT_ALLOC ? __atomic_load_n(&env->callbacks.VMObjectAlloc, __ATOMIC_RELAXED)
                                             : __atomic_load_n(&env->callbacks.SampledObjectAlloc, __ATOMIC_RELAXED);
}

static void post(Thread *t, jvmtiEvent ev, Object **h, size_t size) {
    JVMTI_FOR_EACH_ENV(env, t, ev) {
        AllocCallback cb = callback_for(env, ev);
        if (!cb) continue;
        jthread thr = hnd_local(t, t->jthread);
        jobject obj = hnd_local(t, *h);
        jclass k = hnd_local(t, (*h)->klass->mirror);
        JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), thr, obj, k, (jlong)size));
    }
}

/* Allocated by VM code for a native method (or for no Java code at all)? */
static bool vm_allocation(Thread *t) {
    if (!JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_VM_OBJECT_ALLOC) || jvmti_deferring()) return false;
    return !t->top || (t->top->flags & FR_NATIVE);
}

static bool sampled_allocation(Thread *t, size_t size) {
    if (!JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC) || jvmti_deferring()) return false;
    return sample_due(t, size);
}

Object *jvmti_object_alloc(Thread *t, Object *o, size_t size) {
    if (!t || in_alloc_callback) return o;
    bool ext = jvmti_ext_alloc_wanted();
    bool java = t->jthread && __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE;
    bool vm = java && vm_allocation(t);
    bool sampled = java && sampled_allocation(t, size);
    if (!ext && !vm && !sampled) return o;
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    Object **h = hnd_new(t, o);
    in_alloc_callback++;
    if (ext) jvmti_ext_post_object_alloc(t, h, size);
    if (vm) post(t, JVMTI_EVENT_VM_OBJECT_ALLOC, h, size);
    if (sampled) post(t, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, h, size);
    in_alloc_callback--;
    o = *h;
    jvmti_event_exit(&s);
    return o;
}

/* Event enablement changed (SetEventNotificationMode, SetEventCallbacks). */
void jvmti_alloc_events_changed(Thread *t) { jvmti_heap_listening_changed(t); }
