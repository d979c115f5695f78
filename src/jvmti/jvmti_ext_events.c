/*
 * jvmti_ext_events.c — Loupe's heap extension events (com.loupe.events.*), fed by the heap
 * event layer (heap/gcevents.c), and the switch that installs that listener.
 *
 * One GCEventListener serves every environment.  Its mask is the union of the heap events
 * whose extension callback some environment has set (with the allocation bit set, every
 * thread's TLAB stays closed, so every allocation takes the slow path where it is seen); with no
 * callback it is not installed at all, and the heap pays nothing.  The same switch sets
 * jvmti_alloc_hook, the heap's one test before the allocation events (jvmti_alloc.c), and
 * listens for allocations (TLABs closed) while allocations are counted
 * (jvmti_alloc_counts.c).
 *
 * Collection events (free, move, arena delete, GC start/finish) arrive on the collecting
 * thread with the world stopped and go straight to the callbacks, in VM state: those may
 * only use raw monitors and Allocate/Deallocate, as for GarbageCollectionStart.  Arena
 * events may also come before any Java thread exists (the heap's creation).
 *
 * ObjectAlloc is not posted from the listener but by the allocation hook (jvmti_alloc.c),
 * once the object is complete, on the allocating thread.  Its callback runs in VM state,
 * before the thread can next stop for a collection: so whenever the world is stopped,
 * every object in the heap has been announced, and an agent that rebuilds the heap from
 * the events sees no object move or die before it was allocated.  JNI calls from it work
 * (they nest in VM state); one that allocates may collect.  The listener's allocation bit
 * only keeps TLABs out of the way.
 */
#include "jvmti/jvmti_heap.h"
#include "heap/gc.h"
#include "classfile/class.h"

static const int ext_gcevent[JVMTI_EXT_COUNT] = {
#define JVMTI_EXT_EV(index, NAME, id, gce, desc) [index - JVMTI_EXT_FIRST] = gce,
#define JVMTI_EXT_PARAM(NAME, name, kind, type, null_ok)
#include "jvmti/jvmti_ext_events.def"
#undef JVMTI_EXT_EV
#undef JVMTI_EXT_PARAM
};

/* Calls extension event `index`'s callback of every environment that has one.  Callbacks
 * are called as the spec types them, jvmtiExtensionEvent (variadic): an agent may define
 * them with the event's parameters or with `...`. */
#define EXT_DISPATCH(index, ...)                                                    \
    do {                                                                            \
        for (JvmtiEnv *e_ = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); e_;     \
             e_ = __atomic_load_n(&e_->next, __ATOMIC_ACQUIRE)) {                   \
            jvmtiExtensionEvent cb_ = (jvmtiExtensionEvent)jvmti_ext_callback(e_, index); \
            if (cb_) cb_(jvmti_ext(e_), ##__VA_ARGS__);                             \
        }                                                                           \
    } while (0)

static inline jlong id_of(Object *o) { return (jlong)(uintptr_t)o; }

static void on_arena_new(int id, const char *name) { EXT_DISPATCH(JVMTI_EXT_ARENA_NEW, (jint)id, name); }
static void on_arena_delete(int id) { EXT_DISPATCH(JVMTI_EXT_ARENA_DELETE, (jint)id); }
static void on_free(Object *o) { EXT_DISPATCH(JVMTI_EXT_OBJECT_FREE, id_of(o)); }
static void on_move(int old_arena, Object *from, int new_arena, Object *to) {
    EXT_DISPATCH(JVMTI_EXT_OBJECT_MOVE, id_of(from), (jint)old_arena, id_of(to), (jint)new_arena);
}
static void on_gc_start(void) { EXT_DISPATCH(JVMTI_EXT_GC_START); }
static void on_gc_finish(size_t used, size_t capacity) {
    EXT_DISPATCH(JVMTI_EXT_GC_FINISH, (jlong)used, (jlong)capacity);
}

static const GCEventListener listener = {
    on_arena_new, on_arena_delete, NULL, on_free, on_move, on_gc_start, on_gc_finish,
};

/* ---- ObjectAlloc: posted by the allocation hook (jvmti_alloc.c) ---- */

volatile bool jvmti_ext_alloc_on;

/* ---- the switch ---- */

static pthread_mutex_t switch_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t installed;          /* the listener's mask now (0: not installed) */
volatile bool jvmti_alloc_hook;

/* The heap events the environments' extension callbacks want. */
static uint32_t ext_mask(void) {
    uint32_t mask = 0;
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE))
        for (int i = 0; i < JVMTI_EXT_COUNT; i++)
            if (ext_gcevent[i] >= 0 && jvmti_ext_callback(env, JVMTI_EXT_FIRST + i)) mask |= 1u << ext_gcevent[i];
    return mask;
}

/* Takes the lock as a blocked thread, so that a thread holding it may stop the world. */
static void switch_lock_take(Thread *t) {
    if (!t || pthread_mutex_trylock(&switch_lock) == 0) {
        if (!t) pthread_mutex_lock(&switch_lock);
        return;
    }
    int old = thread_block_begin(t);
    pthread_mutex_lock(&switch_lock);
    thread_block_end(t, old);
}

void jvmti_heap_listening_changed(Thread *t) {
    uint64_t bits = __atomic_load_n(&jvmti_event_bits, __ATOMIC_ACQUIRE);
    bool sampling = bits & JVMTI_EVENT_BIT(JVMTI_EVENT_SAMPLED_OBJECT_ALLOC);
    bool vm_alloc = bits & JVMTI_EVENT_BIT(JVMTI_EVENT_VM_OBJECT_ALLOC);
    switch_lock_take(t);
    uint32_t mask = ext_mask();
    bool ext_alloc = mask & (1u << GCE_OBJECT_ALLOC), counting = jvmti_counts_wanted();
    uint32_t listen = mask | (counting ? 1u << GCE_OBJECT_ALLOC : 0);
    __atomic_store_n(&jvmti_ext_alloc_on, ext_alloc, __ATOMIC_RELAXED);
    __atomic_store_n(&jvmti_alloc_hook, ext_alloc || sampling || vm_alloc || counting, __ATOMIC_RELEASE);
    if (listen != installed) {
        if (listen) gc_add_listener(t, &listener, listen);
        else gc_remove_listener(t, &listener);
        installed = listen;
    }
    jvmti_alloc_sink_choose(counting && !ext_alloc && !sampling && !vm_alloc);
    pthread_mutex_unlock(&switch_lock);
}
