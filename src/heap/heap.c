/*
 * heap.c — the collector-independent heap: allocation paths, TLABs, collections, events.
 *
 * Allocation: the interpreter and VM code bump the thread's TLAB inline (heap.h); when it
 * is exhausted heap_alloc_slow refills it from the collector, or allocates a large object
 * directly, collecting when the collector has no room.  A TLAB's unused tail is filled with
 * a filler object when it is retired (at collections and heap walks, and when its thread
 * ends), so the heap stays walkable object by object.
 *
 * Collections run with the world stopped (runtime/safepoint.c).  An allocation that still
 * fails after a collection gets a last-ditch one that clears every soft reference, then
 * OutOfMemoryError; the last ditch is skipped when the first was a full trace that kept
 * no soft referent, as it could free nothing more (a copying collector would copy the
 * whole heap twice per OutOfMemoryError of a program that fills it on purpose).  The
 * GC-stress mode forces one every N allocations (-XX:GCStressInterval=N); it also turns
 * TLABs off so that every allocation is counted,
 * and it is how missing roots are caught: any object reference the VM forgot to register
 * goes stale at once.
 *
 * Accounting for java.lang.management: bytes allocated per thread (retired TLABs plus
 * direct allocations, the live TLAB's used part added on demand), collection counts and
 * pause times, each memory pool's peak, and the last collection's pool usage before and
 * after (GcInfo).
 */
#include "jvmti/jvmti_export.h"
#include "heap/gc.h"
#include "heap/handles.h"
#include "heap/refproc.h"
#include "heap/classunload.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/mirror.h"
#include <stdio.h>
#include <ctype.h>
#include <sys/mman.h>
#include <unistd.h>

#define TLAB_SIZE (64 * 1024)
#define LARGE_OBJECT (TLAB_SIZE / 4)

static const Collector *gc;
static HeapOptions heap_opts;
static size_t tlab_size = TLAB_SIZE;
static uint64_t gc_count;
static GCCause gc_cause_now;            /* the running collection's cause */
static uint64_t full_count;             /* collections that were not young ones */
static pthread_mutex_t stress_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t stress_counter;
bool heap_barrier_active;
volatile uint32_t gc_events_enabled;

/* Filler "classes" no Java code can name, to keep unused heap ranges (TLAB tails)
 * walkable: a byte-array shape for gaps of 24 bytes and more, fixed-size shapes for the
 * 8- and 16-byte gaps (an 8-byte filler is only a class word). */
Class heap_filler_class = { .flags = CF_ARRAY, .elem_type = T_BYTE, .elem_shift = 0 };
Class heap_filler8_class = { .instance_size = 8 };
Class heap_filler16_class = { .instance_size = 16 };

void gc_walk_range(char *from, char *to, void (*fn)(Object *o, void *ctx), void *ctx) {
    for (char *p = from; p < to;) {
        Object *o = (Object *)p;
        p += heap_object_size(o);
        if (!heap_is_filler(o)) fn(o, ctx);
    }
}

void heap_fill_gap(char *from, char *to) {
    size_t n = (size_t)(to - from);
    Object *o = (Object *)from;
    if (n == 0) return;
    if (n == 8) {
        o->klass = &heap_filler8_class;
        return;
    }
    o->mark = 0;
    if (n == 16) {
        o->klass = &heap_filler16_class;
        return;
    }
    o->klass = &heap_filler_class;
    ((ArrayObject *)o)->length = (jint)(n - ARRAY_BASE);
}


/* The collectors, and the -XX flags that select them: Loupe's own, and HotSpot's mapped to
 * the closest Loupe collector (Serial, Parallel and G1 are generational; Shenandoah and
 * ZGC compact regions; Epsilon never moves anything).  `same`: the Loupe collector is that
 * HotSpot collector (Serial's copying young generation and sliding mark-compact old one,
 * one thread), so the logs and counters use HotSpot's names for it. */
static const Collector *const COLLECTORS[] = { &gc_semispace, &gc_marksweep, &gc_markcompact, &gc_generational, &gc_refcount };
/* parallel: the flag asks for HotSpot Parallel's pool and bean names (the collector's
 * parallel_names) */
static const struct { const char *flag; const Collector *gc; bool same, parallel; } GC_FLAGS[] = {
    { "UseSemiSpaceGC", &gc_semispace, false, false }, { "UseMarkSweepGC", &gc_marksweep, false, false },
    { "UseMarkCompactGC", &gc_markcompact, false, false }, { "UseGenerationalGC", &gc_generational, false, false },
    { "UseRefCountGC", &gc_refcount, false, false }, { "UseSerialGC", &gc_generational, true, false },
    { "UseParallelGC", &gc_generational, false, true }, { "UseG1GC", &gc_generational, false, false },
    { "UseShenandoahGC", &gc_markcompact, false, false }, { "UseZGC", &gc_markcompact, false, false },
    { "UseEpsilonGC", &gc_marksweep, false, false },
};
#define LOUPE_GC_FLAGS 5        /* the first entries are Loupe's own */
static bool hotspot_same;       /* the flag that selected the collector was its HotSpot twin's */
static const GCBeanNames *bean_names;   /* HotSpot Parallel's names (-XX:+UseParallelGC), or NULL */

int heap_gc_flag(const char *name, size_t n) {
    for (size_t i = 0; i < ARRAY_LEN(GC_FLAGS); i++)
        if (strlen(GC_FLAGS[i].flag) == n && strncmp(GC_FLAGS[i].flag, name, n) == 0) return (int)i;
    return -1;
}

/* The flag of HotSpot's default collector here: G1 on a server-class machine (2
 * processors, 2 GB less a margin), Serial elsewhere. */
static int hotspot_default_gc(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN), pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    bool server = cpus >= 2 && pages > 0 && (uint64_t)pages * (uint64_t)page >= (uint64_t)1792 << 20;
    return heap_gc_flag(server ? "UseG1GC" : "UseSerialGC", server ? 7 : 11);
}

/* HotSpot's flag selected a Loupe collector: a note under -Xlog:gc where it is only the
 * closest, under -Xlog:gc=debug (Loupe's own level) where it is the same collector. */
static void note_mapping(const char *flag, const Collector *c, bool same) {
    if (!same && heap_verbose()) vm_log("gc", "-XX:+%s: using %s, Loupe's closest collector", flag, c->manager_name);
    if (same && heap_opts.log_gc_debug) vm_log_at("debug", "gc", "-XX:+%s: Loupe's %s collector", flag, c->name);
}

/* At most one -XX:+Use...GC; -XX:LoupeGC=name (the test harness's switch) wins over it. */
static const Collector *select_collector(const HeapOptions *opts) {
    if (opts->gc_flags & (opts->gc_flags - 1)) vm_exit_during_init("Multiple garbage collectors selected");
    if (!opts->gc_flags && (opts->gc_flags_off & (1u << hotspot_default_gc())))
        vm_exit_during_init("Garbage collector not selected (default collector explicitly disabled)");
    if (opts->collector) {
        for (size_t i = 0; i < ARRAY_LEN(COLLECTORS); i++)
            if (strcmp(opts->collector, COLLECTORS[i]->name) == 0) return COLLECTORS[i];
        fprintf(stderr, "Unknown collector: %s (known: semispace, marksweep, markcompact, generational, refcount)\n", opts->collector);
        return NULL;
    }
    for (size_t i = 0; i < ARRAY_LEN(GC_FLAGS); i++) {
        if (!(opts->gc_flags & (1u << i))) continue;
        hotspot_same = GC_FLAGS[i].same;
        if (GC_FLAGS[i].parallel) bean_names = GC_FLAGS[i].gc->parallel_names;
        if (i >= LOUPE_GC_FLAGS) note_mapping(GC_FLAGS[i].flag, GC_FLAGS[i].gc, GC_FLAGS[i].same);
        return GC_FLAGS[i].gc;
    }
    return &gc_semispace;
}

bool heap_init(const HeapOptions *opts) {
    heap_opts = *opts;
    gc = select_collector(opts);
    if (!gc) return false;
    if (opts->stress_interval > 0) tlab_size = 0;
    heap_barrier_active = gc->barrier != NULL;
    if (opts->check_events) gc_check_events_install();
    if (!gc->init(opts)) return false;
    /* as HotSpot's "Using G1" */
    if (heap_verbose()) vm_log("gc", "Using %s", heap_log_name());
    if (heap_opts.log_gc_init) gclog_init(opts);
    return true;
}

const HeapOptions *heap_options(void) { return &heap_opts; }

size_t heap_grown_capacity(size_t used, size_t size, size_t capacity, size_t reserved) {
    size_t need = used + size;
    if (need > reserved) return 0;
    size_t want = ALIGN_UP(need + need / 4, 4096);
    if (want > reserved) want = reserved;
    return want > capacity ? want : capacity;
}
int heap_arena_of(Object *o) { return gc->arena_of(o); }

int heap_evacuated_arena(void) { return gc->evacuated ? gc->evacuated() : -1; }

void *heap_reserve(size_t size) {
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void heap_protect(void *p, size_t size, bool accessible) {
    if (size) mprotect(p, size, accessible ? PROT_READ | PROT_WRITE : PROT_NONE);
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
    if (t->tlab_top) {
        thread_stat_add(&t->allocated_bytes, (uint64_t)(t->tlab_top - t->tlab_start));
        heap_fill_gap(t->tlab_top, t->tlab_hard_end ? t->tlab_hard_end : t->tlab_end);
    }
    t->tlab_start = t->tlab_top = t->tlab_end = t->tlab_hard_end = NULL;
}

/* Heap sampling (JVMTI SampledObjectAlloc, jvmti/jvmti_alloc.c) clips the thread's TLAB at
 * its next sample point, so that the inline bump fails there and the allocation that
 * reaches the point takes the slow path, where it is sampled; the real end waits in
 * tlab_hard_end.  Allocations short of the point cost nothing more. */
void heap_tlab_clip(Thread *t, size_t room) {
    char *end = t->tlab_hard_end ? t->tlab_hard_end : t->tlab_end;
    if (!t->tlab_top) return;
    if (GC_EVENT_ON(GCE_OBJECT_ALLOC)) room = 0;      /* every allocation is to be reported */
    bool clip = (size_t)(end - t->tlab_top) > room;
    t->tlab_end = clip ? t->tlab_top + room : end;
    t->tlab_hard_end = clip ? end : NULL;
}

/* The slow path reached a clipped TLAB's sample point: the TLAB is whole again, and the
 * allocation in hand, reported, crosses the point. */
static void tlab_sample_point(Thread *t) {
    t->tlab_end = t->tlab_hard_end;
    t->tlab_hard_end = NULL;
}

static void retire_tlab_cb(Thread *t, void *ctx) { UNUSED(ctx); retire_tlab(t); }

static bool stress_due(void) {
    if (heap_opts.stress_interval <= 0 || vm_phase_now() < VM_PHASE_PRIMORDIAL) return false;
    pthread_mutex_lock(&stress_lock);
    bool due = ++stress_counter % (uint64_t)heap_opts.stress_interval == 0;
    pthread_mutex_unlock(&stress_lock);
    return due;
}

/* Collectors hand out recycled memory: it is zeroed here, once per TLAB or large object,
 * so that the inline fast paths only need to set the header. */
/* Zeroes [p, p + size): the whole pages inside a large block are handed back to the
 * kernel instead, which maps zero pages on the next touch (a 2 GB array is not written
 * twice, and its untouched parts cost no memory). */
static void zero(char *p, size_t size) {
    char *lo = (char *)ALIGN_UP((uintptr_t)p, 4096), *hi = (char *)((uintptr_t)(p + size) & ~(uintptr_t)4095);
    if (size < (1u << 20) || madvise(lo, (size_t)(hi - lo), MADV_DONTNEED) != 0) {
        memset(p, 0, size);
        return;
    }
    memset(p, 0, (size_t)(lo - p));
    memset(hi, 0, (size_t)(p + size - hi));
}

static void *alloc_direct(Thread *t, size_t size) {
    size_t got;
    void *p = gc->alloc(t, size, false, &got);
    if (p) {
        zero(p, size);
        thread_stat_add(&t->allocated_bytes, size);
    }
    return p;
}

/* While allocation events are on, a thread's TLAB is kept closed at its top (the real end
 * in tlab_hard_end, as heap sampling clips it): the inline fast paths then fail, and
 * every allocation comes to heap_alloc_slow, which bumps the TLAB, closes it again, and
 * returns the object to be reported. */
static void *try_alloc(Thread *t, size_t size) {
    if (size >= LARGE_OBJECT || tlab_size == 0) return alloc_direct(t, size);
    bool sampling = JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC);
    if (sampling) jvmti_sample_room(t);        /* counts the old TLAB's bytes */
    retire_tlab(t);
    size_t got = 0;
    char *chunk = gc->alloc(t, tlab_size, true, &got);
    if (!chunk || got < size) {
        /* a free-list collector may have no TLAB-sized chunk left but room for this
         * object, or offer a chunk too small for it */
        if (chunk) heap_fill_gap(chunk, chunk + got);
        return alloc_direct(t, size);
    }
    memset(chunk, 0, got);
    t->tlab_arena = gc->arena_of((Object *)chunk);
    t->tlab_start = chunk;
    t->tlab_top = chunk + size;
    t->tlab_end = chunk + got;
    if (sampling) heap_tlab_clip(t, jvmti_sample_room(t));
    return chunk;
}

/* With the world stopped and no collection possible (heap/reshape.c): the collector's
 * memory as it is, or after it grew. */
void *heap_alloc_stopped(Thread *t, size_t size) {
    void *p = alloc_direct(t, size);
    if (!p && gc->grow(size)) p = alloc_direct(t, size);
    return p;
}

static void *collect(Thread *t, GCCause cause, size_t alloc_size, bool *could_free_more);

/* -Xlog:gc+heap=debug: the heap in GC.heap_info's layout, as HotSpot logs it before and
 * after each collection (numbered as -Xlog:gc numbers them). */
static void log_heap(uint64_t id, const char *when, uint64_t invocations, uint64_t full) {
    char prefix[64];
    snprintf(prefix, sizeof prefix, "[%.3fs][debug][gc,heap] GC(%llu) ", vm_uptime_seconds(), (unsigned long long)id);
    printf("%sHeap %s GC invocations=%llu (full %llu):\n", prefix, when, (unsigned long long)invocations,
           (unsigned long long)full);
    heap_print_info(stdout, prefix);
    fflush(stdout);
}

static void pools_now(HeapUsage *out);

/* -Xlog:gc+heap: the pools' use before and after collection id (gclog.c). */
static void log_pools(uint64_t id, const HeapUsage *before) {
    HeapUsage after[HEAP_MAX_POOLS];
    pools_now(after);
    gclog_heap(gc, id, before, after);
}

/* The next size bytes of a closed TLAB, if they fit before its real end (NULL: they do
 * not, or it is not closed), the TLAB closed again at its new top. */
static inline void *closed_bump(Thread *t, size_t size) {
    char *p = t->tlab_top, *end = t->tlab_hard_end;
    if (!end || (size_t)(end - p) < size) return NULL;
    t->tlab_top = t->tlab_end = p + size;
    t->tlab_hard_end = t->tlab_top == end ? NULL : end;
    return p;
}

/* While allocations are reported every one comes to the slow path: the common case, one
 * that fits before the closed TLAB's real end (and no GC stress), is bumped here, as the
 * full path below would. */
static inline void *reported_bump(Thread *t, size_t size) {
    if (!GC_EVENT_ON(GCE_OBJECT_ALLOC) || heap_opts.stress_interval > 0) return NULL;
    return closed_bump(t, size);
}

void *heap_alloc_slow(Thread *t, size_t size) {
    void *fast = reported_bump(t, size);
    if (fast) return fast;
    if (unlikely(t->tlab_hard_end != NULL)) tlab_sample_point(t);
    if (stress_due()) heap_collect(t, GC_STRESS);
    void *p = heap_tlab_alloc(t, size);
    if (!p) p = try_alloc(t, size);
    bool more = true;
    if (!p) p = collect(t, GC_ALLOC_FAILURE, size, &more);
    /* the specification's promise: soft references are all cleared before an
     * OutOfMemoryError */
    if (!p && more) p = collect(t, GC_LAST_DITCH, size, NULL);
    if (!p) {
        heap_report_oom(t, "Java heap space");
        if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_RESOURCE_EXHAUSTED))
            jvmti_post_ResourceExhausted(t, JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR | JVMTI_RESOURCE_EXHAUSTED_JAVA_HEAP, "Java heap space");
        exc_throw_oom(t, "Java heap space");
        return NULL;
    }
    /* while allocations are reported the TLAB stays closed at its top (heap_tlab_clip), so
     * that the next allocation comes here too, and is reported */
    if (GC_EVENT_ON(GCE_OBJECT_ALLOC)) heap_tlab_clip(t, 0);
    return p;
}

static inline void *alloc_bytes(Thread *t, size_t size) {
    void *p = heap_tlab_alloc(t, size);
    if (likely(p != NULL)) return p;
    p = reported_bump(t, size);
    return p ? p : heap_alloc_slow(t, size);
}

/* The heap events, then JVMTI's allocation events (whose callbacks may collect: the
 * object's address after them is returned); a mirror is reported to JVMTI once it knows
 * its class (runtime/mirror.c), as its size depends on it. */
static inline int arena_of_new(Thread *t, Object *o) {
    return (char *)o >= t->tlab_start && (char *)o < t->tlab_top ? t->tlab_arena : gc->arena_of(o);
}

static inline Object *report_alloc(Thread *t, Object *o, size_t size) {
    if (GC_EVENT_ON(GCE_OBJECT_ALLOC)) {
        GcAllocSink sink = gc_alloc_sink_now();
        if (sink) return sink(t, arena_of_new(t, o), o, size);
        if (GC_EVENT_DELIVERED(GCE_OBJECT_ALLOC)) gc_event_object_alloc(t, arena_of_new(t, o), o, size);
    }
    if (JVMTI_ALLOC_HOOK_ON() && !class_is_mirror_type(o->klass)) o = jvmti_object_alloc(t, o, size);
    return o;
}

Object *heap_alloc_object(Thread *t, Class *c) {
    Object *o = alloc_bytes(t, c->instance_size);
    if (!o) return NULL;
    o->klass = c;
    return report_alloc(t, o, c->instance_size);
}

Object *heap_alloc_sized_init(Thread *t, Class *k, size_t size, void (*init)(Object *o, void *ctx), void *ctx) {
    size = ALIGN_UP(size, 8);
    Object *o = alloc_bytes(t, size);
    if (!o) return NULL;
    o->klass = k;
    if (init) init(o, ctx);
    return report_alloc(t, o, size);
}

static __attribute__((noinline)) Object *alloc_sized_reported(Thread *t, Class *k, size_t size) {
    Object *o = reported_bump(t, size);
    if (unlikely(!o)) return heap_alloc_sized_init(t, k, size, NULL, NULL);
    o->klass = k;
    return report_alloc(t, o, size);
}

/* The interpreter's `new` once its inline bump failed (size aligned): while allocations
 * are reported, mostly the next object of the closed TLAB, bumped and reported here with
 * no more checks than that; with an allocation sink (the exact profiler's mode), by a
 * tail call to it, nothing kept in registers around it. */
Object *heap_alloc_sized(Thread *t, Class *k, size_t size) {
    GcAllocSink sink = gc_alloc_sink_now();
    Object *o = sink && heap_opts.stress_interval <= 0 ? closed_bump(t, size) : NULL;
    if (unlikely(!o)) return alloc_sized_reported(t, k, size);
    o->klass = k;
    return sink(t, t->tlab_arena, o, size);
}

Object *heap_alloc_array(Thread *t, Class *ac, jint length) {
    /* HotSpot's limit on array lengths, whatever the heap size: beyond it the request is
     * refused outright; below it a too-large array is "Java heap space" */
    if (length > INT32_MAX - 2) {
        heap_report_oom(t, "Requested array size exceeds VM limit");
        if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_RESOURCE_EXHAUSTED))
            jvmti_post_ResourceExhausted(t, JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR, "Requested array size exceeds VM limit");
        exc_throw_oom(t, "Requested array size exceeds VM limit");
        return NULL;
    }
    size_t size = ALIGN_UP(ARRAY_BASE + ((size_t)length << ac->elem_shift), 8);
    ArrayObject *a = alloc_bytes(t, size);
    if (!a) return NULL;
    a->hdr.klass = ac;
    a->length = length;
    return report_alloc(t, &a->hdr, size);
}

/* A reference slot of a fresh clone, which memcpy filled, stored again through the
 * barrier: the collector sees the store as if from null (ctx is the clone). */
static void clone_store(Object **slot, void *ctx) {
    Object *v = *slot;
    *slot = NULL;
    heap_store_ref(ctx, slot, v);
}

Object *heap_clone(Thread *t, Object **h) {
    size_t size = heap_object_size(*h);
    Object *o = alloc_bytes(t, size);
    if (!o) return NULL;
    Object *src = *h;
    memcpy((char *)o + OBJECT_HEADER_SIZE, (char *)src + OBJECT_HEADER_SIZE, size - OBJECT_HEADER_SIZE);
    o->klass = src->klass;
    o->mark = 0;
    if (heap_barrier_active) gc_visit_object(o, clone_store, o);
    return report_alloc(t, o, size);
}

void heap_barrier_slow(Object *holder, Object **slot, Object *value) {
    gc->barrier(holder, slot, value);
}

static const char *cause_name(GCCause c) {
    switch (c) {
    case GC_ALLOC_FAILURE: return "Allocation Failure";
    case GC_LAST_DITCH: return "Last ditch collection";
    case GC_SYSTEM_GC: return "System.gc()";
    case GC_STRESS: return "GC Stress";
    case GC_JVMTI: return "JvmtiEnv ForceGarbageCollection";
    case GC_DCMD: return "Diagnostic Command";
    case GC_SHUTDOWN: return "Shutdown";
    case GC_HEAP_INSPECTION: return "Heap Inspection Initiated GC";
    case GC_HEAP_DUMP: return "Heap Dump Initiated GC";
    }
    return "?";
}

/* ---- accounting (java.lang.management) ----
 * Written by the collecting thread with the world stopped, read by threads in VM state;
 * stats_lock orders the readers among themselves (peaks move on every read). */

typedef struct ManagerStats {
    uint64_t collections, ns;
    HeapGCRecord last;
} ManagerStats;

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static ManagerStats manager_stats[HEAP_MAX_MANAGERS];
static HeapGCRecord last_gc;
static HeapUsage pool_peak[HEAP_MAX_POOLS];
static uint64_t exited_allocated;
void (*heap_after_collection_hook)(Thread *t);

static void raise_peak(int pool, const HeapUsage *u) {
    HeapUsage *p = &pool_peak[pool];
    p->init = u->init;
    p->max = u->max;
    if (u->used > p->used) p->used = u->used;
    if (u->committed > p->committed) p->committed = u->committed;
}

static void pools_now(HeapUsage *out) {
    for (int i = 0; i < gc->npools && i < HEAP_MAX_POOLS; i++) gc->pool_usage(i, &out[i]);
}

static bool two_managers(void) { return gc->young_manager != NULL; }

/* The bean that counts the collection now ending. */
static int collecting_manager(void) { return two_managers() && !heap_gc_is_young(); }

static void record_collection(GCCause cause, int64_t start, int64_t end, const HeapUsage *before) {
    pthread_mutex_lock(&stats_lock);
    int m = collecting_manager();
    ManagerStats *ms = &manager_stats[m];
    ms->collections++;
    ms->ns += (uint64_t)(end - start);
    last_gc.manager = m;
    last_gc.index = ms->collections;
    last_gc.start_ns = start;
    last_gc.end_ns = end;
    last_gc.reason = cause;
    last_gc.cause = cause_name(cause);
    for (int i = 0; i < gc->npools && i < HEAP_MAX_POOLS; i++) {
        last_gc.before[i] = before[i];
        raise_peak(i, &before[i]);
    }
    pools_now(last_gc.after);
    ms->last = last_gc;
    pthread_mutex_unlock(&stats_lock);
}

HeapUsage heap_usage(void) {
    HeapUsage u = { (int64_t)heap_opts.initial, (int64_t)heap_used(), (int64_t)heap_capacity(), (int64_t)heap_max() };
    /* a collector may round its reservation up past -Xmx */
    if (u.committed > u.max) u.max = u.committed;
    return u;
}

HeapSpace heap_pool_space(int pool) { return gc->pool_space[pool]; }
bool heap_pool_has_usage_threshold(int pool) { return gc->threshold_pools >> pool & 1; }
const char *heap_gc_cause_name(void) { return cause_name(gc_cause_now); }

bool heap_gc_is_young(void) {
    const char *pause = gc->pause_name ? gc->pause_name() : NULL;
    return pause && strcmp(pause, "Pause Young") == 0;
}

int heap_pool_count(void) { return gc->npools < HEAP_MAX_POOLS ? gc->npools : HEAP_MAX_POOLS; }
const char *heap_pool_name(int pool) { return bean_names ? bean_names->pools[pool] : gc->pool_names[pool]; }

HeapUsage heap_pool_usage(int pool) {
    HeapUsage u;
    gc->pool_usage(pool, &u);
    pthread_mutex_lock(&stats_lock);
    raise_peak(pool, &u);
    pthread_mutex_unlock(&stats_lock);
    return u;
}

HeapUsage heap_pool_peak(int pool) {
    heap_pool_usage(pool);
    pthread_mutex_lock(&stats_lock);
    HeapUsage u = pool_peak[pool];
    pthread_mutex_unlock(&stats_lock);
    return u;
}

void heap_pool_reset_peak(int pool) {
    HeapUsage u;
    gc->pool_usage(pool, &u);
    pthread_mutex_lock(&stats_lock);
    pool_peak[pool] = u;
    pthread_mutex_unlock(&stats_lock);
}

int heap_gc_manager_count(void) { return two_managers() ? 2 : 1; }

const char *heap_gc_manager_name(int manager) {
    if (!two_managers()) return gc->manager_name;
    if (bean_names) return manager == 0 ? bean_names->young_manager : bean_names->full_manager;
    return manager == 0 ? gc->young_manager : gc->full_manager;
}

unsigned heap_gc_manager_pools(int manager) {
    if (!two_managers()) return (1u << heap_pool_count()) - 1;
    return manager == 0 ? gc->young_pools : gc->full_pools;
}

bool heap_gc_manager_is_young(int manager) { return two_managers() && manager == 0; }

uint64_t heap_collections(int manager) {
    pthread_mutex_lock(&stats_lock);
    uint64_t n = manager_stats[manager].collections;
    pthread_mutex_unlock(&stats_lock);
    return n;
}

uint64_t heap_collection_ns(int manager) {
    pthread_mutex_lock(&stats_lock);
    uint64_t ns = manager_stats[manager].ns;
    pthread_mutex_unlock(&stats_lock);
    return ns;
}

bool heap_manager_last_collection(int manager, HeapGCRecord *out) {
    pthread_mutex_lock(&stats_lock);
    *out = manager_stats[manager].last;
    pthread_mutex_unlock(&stats_lock);
    return out->index != 0;
}

bool heap_last_collection(HeapGCRecord *out) {
    pthread_mutex_lock(&stats_lock);
    *out = last_gc;
    pthread_mutex_unlock(&stats_lock);
    return out->index != 0;
}

void heap_reset_collection_stats(int manager) {
    pthread_mutex_lock(&stats_lock);
    memset(&manager_stats[manager], 0, sizeof manager_stats[manager]);
    if (last_gc.manager == manager) memset(&last_gc, 0, sizeof last_gc);
    pthread_mutex_unlock(&stats_lock);
}

uint64_t heap_thread_allocated(Thread *t) {
    uint64_t n = thread_stat_get(&t->allocated_bytes);
    if (t->tlab_top) n += (uint64_t)(t->tlab_top - t->tlab_start);
    return n;
}

uint64_t heap_exited_allocated(void) { return __atomic_load_n(&exited_allocated, __ATOMIC_RELAXED); }

void heap_thread_exit(Thread *t) {
    retire_tlab(t);
    __atomic_fetch_add(&exited_allocated, thread_stat_get(&t->allocated_bytes), __ATOMIC_RELAXED);
}

/* Collects and, for an allocation that failed (alloc_size > 0), allocates before the
 * other threads resume: otherwise they could take all the space just freed before this
 * thread runs again, and it would throw OutOfMemoryError with the heap nearly empty. */
/* *could_free_more (if given) tells whether a last-ditch collection might free more than
 * this one did: it was young or traced nothing, kept a soft referent, or was another
 * thread's. */
static void *collect(Thread *t, GCCause cause, size_t alloc_size, bool *could_free_more) {
    uint64_t seen = __atomic_load_n(&gc_count, __ATOMIC_ACQUIRE);
    gc_wait_unheld(t);
    safepoint_begin(t);
    while (unlikely(gc_held_by_others())) {     /* a hold taken meanwhile (gchold.c) */
        safepoint_end(t);
        gc_wait_unheld(t);
        safepoint_begin(t);
    }
    /* another thread may have collected while we waited: then an allocation failure has
     * likely been resolved already.  If the others filled the space again before this
     * thread stopped the world, it collects as it meant to: a NULL here would send it to
     * the last-ditch full collection, which is for a heap that a collection could not
     * empty (tool/gc_serial_beans counted such a full collection under load) */
    if (cause == GC_ALLOC_FAILURE && __atomic_load_n(&gc_count, __ATOMIC_ACQUIRE) != seen) {
        void *p = alloc_size ? try_alloc(t, alloc_size) : NULL;
        if (p || !alloc_size) {
            safepoint_end(t);
            return p;
        }
    }
    int64_t t0 = thread_now_ns();
    double user0 = heap_opts.log_gc_cpu ? gclog_cpu_seconds(false) : 0, sys0 = heap_opts.log_gc_cpu ? gclog_cpu_seconds(true) : 0;
    size_t before = gc->used();
    HeapUsage pools_before[HEAP_MAX_POOLS];
    thread_foreach(retire_tlab_cb, NULL);
    pools_now(pools_before);
    gc_cause_now = cause;
    if (heap_opts.log_heap) log_heap(gc_count, "before", gc_count, full_count);
    if (GC_EVENT_ON(GCE_GC_START)) gc_event_gc_start();
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_GARBAGE_COLLECTION_START)) jvmti_post_GarbageCollectionStart(t);
    refs_before_gc(cause);
    gc->collect(cause);
    cu_release();
    if (could_free_more) *could_free_more = heap_gc_is_young() || refs_soft_kept();
    const char *pause = gc->pause_name ? gc->pause_name() : "Pause Full";
    refs_after_gc();
    size_t after = gc->used();
    if (GC_EVENT_ON(GCE_GC_FINISH)) gc_event_gc_finish(after, gc->capacity());
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH)) jvmti_post_GarbageCollectionFinish(t);
    int64_t t1 = thread_now_ns();
    uint64_t id = __atomic_fetch_add(&gc_count, 1, __ATOMIC_RELEASE);
    if (!heap_gc_is_young()) full_count++;
    if (heap_opts.log_heap) log_heap(id, "after", id + 1, full_count);
    if (heap_opts.log_heap_info) log_pools(id, pools_before);
    record_collection(cause, t0, t1, pools_before);
    void *p = alloc_size ? try_alloc(t, alloc_size) : NULL;
    /* an object larger than the room left: the heap grows to fit anything under -Xmx */
    if (!p && alloc_size && gc->grow(alloc_size)) p = try_alloc(t, alloc_size);
    safepoint_end(t);
    if (heap_verbose())
        vm_log("gc", "GC(%llu) %s (%s) %zuM->%zuM(%zuM) %.3fms", (unsigned long long)id,
               pause, cause_name(cause), before >> 20, after >> 20, gc->capacity() >> 20, (double)(t1 - t0) / 1e6);
    if (heap_opts.log_gc_cpu) gclog_cpu(id, user0, sys0, (double)(t1 - t0) / 1e9);
    /* the hook only records and signals: it must not allocate, p is not an object yet */
    void (*hook)(Thread *) = __atomic_load_n(&heap_after_collection_hook, __ATOMIC_ACQUIRE);
    if (hook) hook(t);
    if (unlikely(__atomic_load_n(&jvmti_tags_exist, __ATOMIC_RELAXED))) jvmti_gc_done(t);
    return p;
}

void heap_collect(Thread *t, GCCause cause) { collect(t, cause, 0, NULL); }

size_t heap_used(void) { return gc ? gc->used() : 0; }
size_t heap_capacity(void) { return gc ? gc->capacity() : 0; }
const char *heap_collector_name(void) { return gc ? gc->name : "none"; }
const char *heap_manager_name(void) { return gc ? gc->manager_name : "none"; }
const char *heap_log_name(void) { return gc && hotspot_same ? gc->hotspot_name : heap_manager_name(); }
const char *heap_policy_name(void) { return gc && hotspot_same ? gc->hotspot_policy : heap_manager_name(); }
size_t heap_max(void) { return heap_opts.max; }
uint64_t heap_gc_count(void) { return gc_count; }

bool heap_verbose(void) { return __atomic_load_n(&heap_opts.verbose, __ATOMIC_RELAXED); }
bool heap_set_verbose(bool on) { return __atomic_exchange_n(&heap_opts.verbose, on, __ATOMIC_RELAXED); }

void heap_walk(void (*fn)(Object *o, void *ctx), void *ctx) {
    heap_retire_tlabs();
    gc->walk(fn, ctx);
}

void heap_retire_tlabs(void) { thread_foreach(retire_tlab_cb, NULL); }
