/*
 * heap.c — the collector-independent heap: allocation paths, TLABs, collections, events.
 *
 * Allocation: the interpreter and VM code bump the thread's TLAB inline (heap.h); when it
 * is exhausted heap_alloc_slow refills it from the collector, or allocates a large object
 * directly, collecting when the collector has no room.  A TLAB's unused tail is filled with
 * a filler object when it is retired, so the heap stays walkable object by object.
 *
 * Collections run with the world stopped (runtime/safepoint.c).  The GC-stress mode forces
 * one every N allocations (-XX:GCStressInterval=N); it also turns TLABs off so that every
 * allocation is counted, and it is how missing roots are caught: any object reference the
 * VM forgot to register goes stale at once.
 */
#include "heap/gc.h"
#include "heap/handles.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/mirror.h"
#include <stdio.h>
#include <time.h>

#define TLAB_SIZE (64 * 1024)
#define LARGE_OBJECT (TLAB_SIZE / 4)

static const Collector *gc;
static HeapOptions heap_opts;
static size_t tlab_size = TLAB_SIZE;
static uint64_t gc_count;
static pthread_mutex_t stress_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t stress_counter;
bool heap_barrier_active;
volatile uint32_t gc_events_enabled;
static const GCEventListener *listener;

/* Filler "classes" no Java code can name, to keep unused heap ranges (TLAB tails)
 * walkable: a byte-array shape for gaps of 24 bytes and more, fixed-size shapes for the
 * 8- and 16-byte gaps (an 8-byte filler is only a class word). */
static Class filler_class = { .flags = CF_ARRAY, .elem_type = T_BYTE, .elem_shift = 0 };
static Class filler8_class = { .instance_size = 8 };
static Class filler16_class = { .instance_size = 16 };

static void fill_gap(char *from, char *to) {
    size_t n = (size_t)(to - from);
    Object *o = (Object *)from;
    if (n == 0) return;
    if (n == 8) {
        o->klass = &filler8_class;
        return;
    }
    o->mark = 0;
    if (n == 16) {
        o->klass = &filler16_class;
        return;
    }
    o->klass = &filler_class;
    ((ArrayObject *)o)->length = (jint)(n - ARRAY_BASE);
}

bool heap_is_filler(Object *o) {
    return o->klass == &filler_class || o->klass == &filler8_class || o->klass == &filler16_class;
}

bool heap_init(const HeapOptions *opts) {
    heap_opts = *opts;
    if (!opts->collector || strcmp(opts->collector, "semispace") == 0) gc = &gc_semispace;
    else {
        fprintf(stderr, "Unknown collector: %s (known: semispace)\n", opts->collector);
        return false;
    }
    if (opts->stress_interval > 0) tlab_size = 0;
    heap_barrier_active = gc->barrier != NULL;
    return gc->init(opts);
}

size_t heap_object_size(Object *o) {
    Class *k = o->klass;
    if (k->flags & CF_ARRAY)
        return ALIGN_UP(ARRAY_BASE + ((size_t)((ArrayObject *)o)->length << k->elem_shift), 8);
    if (unlikely(k->flags & CF_MIRROR)) {
        Class *c = mirror_class(o);
        return c ? c->mirror_size : k->instance_size;
    }
    return k->instance_size;
}

static void retire_tlab(Thread *t) {
    if (t->tlab_top) fill_gap(t->tlab_top, t->tlab_end);
    t->tlab_start = t->tlab_top = t->tlab_end = NULL;
}

static void retire_tlab_cb(Thread *t, void *ctx) { UNUSED(ctx); retire_tlab(t); }

static bool stress_due(void) {
    if (heap_opts.stress_interval <= 0 || vm_phase < VM_PHASE_PRIMORDIAL) return false;
    pthread_mutex_lock(&stress_lock);
    bool due = ++stress_counter % (uint64_t)heap_opts.stress_interval == 0;
    pthread_mutex_unlock(&stress_lock);
    return due;
}

/* Collectors hand out recycled memory: it is zeroed here, once per TLAB or large object,
 * so that the inline fast paths only need to set the header. */
static void *try_alloc(Thread *t, size_t size) {
    if (size >= LARGE_OBJECT || tlab_size == 0) {
        size_t got;
        void *p = gc->alloc(t, size, false, &got);
        if (p) memset(p, 0, size);
        return p;
    }
    retire_tlab(t);
    size_t got = 0;
    char *chunk = gc->alloc(t, tlab_size, true, &got);
    if (!chunk || got < size) {
        if (chunk) fill_gap(chunk, chunk + got);
        return NULL;
    }
    memset(chunk, 0, got);
    t->tlab_start = chunk;
    t->tlab_top = chunk + size;
    t->tlab_end = chunk + got;
    return chunk;
}

static void *collect_for_allocation(Thread *t, size_t size);

void *heap_alloc_slow(Thread *t, size_t size) {
    if (stress_due()) heap_collect(t, GC_STRESS);
    void *p = heap_tlab_alloc(t, size);
    if (!p) p = try_alloc(t, size);
    if (!p) p = collect_for_allocation(t, size);
    if (!p) {
        exc_throw_oom(t, "Java heap space");
        return NULL;
    }
    return p;
}

static inline void *alloc_bytes(Thread *t, size_t size) {
    void *p = heap_tlab_alloc(t, size);
    return p ? p : heap_alloc_slow(t, size);
}

static void report_alloc(Thread *t, Object *o, size_t size) {
    if (GC_EVENT_ON(GCE_OBJECT_ALLOC) && listener && listener->object_alloc)
        listener->object_alloc(t, 0, o, size);
}

Object *heap_alloc_object(Thread *t, Class *c) {
    Object *o = alloc_bytes(t, c->instance_size);
    if (!o) return NULL;
    o->klass = c;
    report_alloc(t, o, c->instance_size);
    return o;
}

Object *heap_alloc_sized(Thread *t, Class *k, size_t size) {
    size = ALIGN_UP(size, 8);
    Object *o = alloc_bytes(t, size);
    if (!o) return NULL;
    o->klass = k;
    report_alloc(t, o, size);
    return o;
}

Object *heap_alloc_array(Thread *t, Class *ac, jint length) {
    /* HotSpot's limit on array lengths, whatever the heap size: beyond it the request is
     * refused outright; below it a too-large array is "Java heap space" */
    if (length > INT32_MAX - 2) {
        exc_throw_oom(t, "Requested array size exceeds VM limit");
        return NULL;
    }
    size_t size = ALIGN_UP(ARRAY_BASE + ((size_t)length << ac->elem_shift), 8);
    ArrayObject *a = alloc_bytes(t, size);
    if (!a) return NULL;
    a->hdr.klass = ac;
    a->length = length;
    report_alloc(t, &a->hdr, size);
    return &a->hdr;
}

Object *heap_clone(Thread *t, Object **h) {
    size_t size = heap_object_size(*h);
    Object *o = alloc_bytes(t, size);
    if (!o) return NULL;
    Object *src = *h;
    memcpy((char *)o + OBJECT_HEADER_SIZE, (char *)src + OBJECT_HEADER_SIZE, size - OBJECT_HEADER_SIZE);
    o->klass = src->klass;
    o->mark = 0;
    report_alloc(t, o, size);
    return o;
}

void heap_barrier_slow(Object *holder, Object **slot, Object *value) {
    gc->barrier(holder, slot, value);
}

static const char *cause_name(GCCause c) {
    switch (c) {
    case GC_ALLOC_FAILURE: return "Allocation Failure";
    case GC_SYSTEM_GC: return "System.gc()";
    case GC_STRESS: return "GC Stress";
    case GC_JVMTI: return "JvmtiEnv ForceGarbageCollection";
    case GC_SHUTDOWN: return "Shutdown";
    }
    return "?";
}

/* The collection itself; the world is stopped. */
static void collect(GCCause cause) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    size_t before = gc->used();
    thread_foreach(retire_tlab_cb, NULL);
    if (listener && listener->gc_start && GC_EVENT_ON(GCE_GC_START)) listener->gc_start();
    gc->collect(cause);
    size_t after = gc->used();
    if (listener && listener->gc_finish && GC_EVENT_ON(GCE_GC_FINISH)) listener->gc_finish(after, gc->capacity());
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uint64_t id = __atomic_fetch_add(&gc_count, 1, __ATOMIC_RELEASE);
    if (heap_opts.verbose) {
        double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        vm_log("gc", "GC(%llu) Pause Full (%s) %zuM->%zuM(%zuM) %.3fms", (unsigned long long)id,
               cause_name(cause), before >> 20, after >> 20, gc->capacity() >> 20, ms);
    }
}

void heap_collect(Thread *t, GCCause cause) {
    safepoint_begin(t);
    collect(cause);
    safepoint_end(t);
}

/* A failed allocation: collect and allocate while the world is stopped, so that other
 * threads cannot take the space between the collection and the retry (several threads
 * allocating flat out got OutOfMemoryErrors with a heap full of garbage).  If another
 * thread collected while this one waited for the safepoint, the allocation may fit
 * already and no collection is needed. */
static void *collect_for_allocation(Thread *t, size_t size) {
    safepoint_begin(t);
    void *p = try_alloc(t, size);
    if (!p) {
        collect(GC_ALLOC_FAILURE);
        p = try_alloc(t, size);
    }
    safepoint_end(t);
    return p;
}

size_t heap_used(void) { return gc ? gc->used() : 0; }
size_t heap_capacity(void) { return gc ? gc->capacity() : 0; }
size_t heap_max(void) { return heap_opts.max; }
uint64_t heap_gc_count(void) { return gc_count; }

void heap_walk(void (*fn)(Object *o, void *ctx), void *ctx) { gc->walk(fn, ctx); }

/* ---- events ---- */

void gc_set_listener(const GCEventListener *l) { listener = l; }

void gc_event_arena_new(int arena_id, const char *name) {
    if (listener && listener->arena_new && GC_EVENT_ON(GCE_ARENA_NEW)) listener->arena_new(arena_id, name);
}
void gc_event_arena_delete(int arena_id) {
    if (listener && listener->arena_delete && GC_EVENT_ON(GCE_ARENA_DELETE)) listener->arena_delete(arena_id);
}
void gc_event_object_move(int old_arena, Object *from, int new_arena, Object *to) {
    if (listener && listener->object_move) listener->object_move(old_arena, from, new_arena, to);
}
void gc_event_object_free(Object *o) {
    if (listener && listener->object_free) listener->object_free(o);
}
