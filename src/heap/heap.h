/*
 * heap.h — allocation and the collector-independent side of the heap.
 *
 * All Java objects are allocated here.  The fast path is a bump of the current thread's
 * TLAB (thread-local allocation buffer) and is inlined into the interpreter; everything
 * else goes through heap_alloc_slow, which asks the active collector (gc.h) for memory and
 * may collect.  A collection can move objects: see the conventions in loupe.h.
 *
 * Allocation events (the patent's OBJECT_ALLOC) are delivered from the slow path only.
 * When a thread must report every allocation, its TLAB is closed (tlab_end = tlab_top) so
 * every allocation takes the slow path: zero cost while events are off.
 */
#ifndef LOUPE_HEAP_H
#define LOUPE_HEAP_H

#include "loupe.h"
#include "heap/object.h"
#include "runtime/thread.h"
#include <stdio.h>

typedef enum GCCause {
    GC_ALLOC_FAILURE,       /* allocation did not fit */
    GC_LAST_DITCH,          /* allocation still did not fit: clear all soft references */
    GC_SYSTEM_GC,           /* System.gc() / Runtime.gc() */
    GC_STRESS,              /* forced by the GC-stress mode */
    GC_JVMTI,               /* ForceGarbageCollection */
    GC_DCMD,                /* the GC.run diagnostic command */
    GC_SHUTDOWN,
    GC_HEAP_INSPECTION,     /* a live-object histogram (jmap -histo:live, GC.class_histogram) */
    GC_HEAP_DUMP,           /* a heap dump of live objects */
} GCCause;

typedef struct HeapOptions {
    size_t initial;         /* -Xms, bytes */
    size_t max;             /* -Xmx, bytes */
    size_t young;           /* -Xmn, bytes (0: the collector's default) */
    const char *collector;  /* -XX:LoupeGC=semispace|marksweep|markcompact|generational|refcount (wins over the flags) */
    uint32_t gc_flags;      /* bit i: -XX:+Use...GC number i of heap_gc_flag's table */
    uint32_t gc_flags_off;  /* bit i: -XX:-Use...GC */
    long stress_interval;   /* -XX:GCStressInterval=N: collect every N-th allocation (0 = off) */
    bool verbose;           /* -verbose:gc */
    bool check_events;      /* -XX:+LoupeCheckGCEvents: the events checked against the heap (gccheck.c) */
    long soft_lru_ms_per_mb;/* -XX:SoftRefLRUPolicyMSPerMB=N: a soft reference unused for N ms
                             * per free megabyte is cleared (refproc.c) */
    bool class_unloading;   /* -XX:+ClassUnloading (default on) */
    bool log_class_unload;  /* -Xlog:class+unload, -verbose:class */
    bool log_heap;          /* -Xlog:gc+heap=debug: the heap before and after each collection */
    bool log_heap_info;     /* -Xlog:gc+heap: each generation's use before and after a collection */
    bool log_gc_init;       /* -Xlog:gc+init: the heap's configuration at start-up */
    bool log_gc_cpu;        /* -Xlog:gc+cpu: each collection's CPU times */
    bool log_gc_debug;      /* -Xlog:gc=debug: Loupe's own notes (the collector behind a HotSpot flag) */
} HeapOptions;

bool heap_init(const HeapOptions *opts);
/* The index of a collector-selection flag (UseMarkSweepGC, HotSpot's UseG1GC...) named by
 * the n bytes at name, or -1. */
int heap_gc_flag(const char *name, size_t n);

/* Allocates a zeroed instance of c (which must be a linked, non-array class), header set.
 * Returns NULL with an OutOfMemoryError pending on failure. */
Object *heap_alloc_object(Thread *t, Class *c);
/* Allocates a zeroed array of the array class ac.  length must be >= 0 (callers check and
 * throw NegativeArraySizeException). */
Object *heap_alloc_array(Thread *t, Class *ac, jint length);
/* Allocates a zeroed object of `size` bytes with klass k (mirrors, which vary in size). */
Object *heap_alloc_sized(Thread *t, Class *k, size_t size);
/* The same, with init(o, ctx) run before the allocation event (heap/gcevents.c): for an
 * object whose size the heap reads from one of its fields (a mirror's Class), so that a
 * heap walk while the event is being handled sees it whole. */
Object *heap_alloc_sized_init(Thread *t, Class *k, size_t size, void (*init)(Object *o, void *ctx), void *ctx);
/* Shallow copy (Object.clone). */
Object *heap_clone(Thread *t, Object **h);

/* Slow path behind the inline fast paths: returns zeroed memory of `size` bytes or NULL
 * (OutOfMemoryError pending). */
void *heap_alloc_slow(Thread *t, size_t size);

/* Runs a stop-the-world collection (from any thread in VM state). */
void heap_collect(Thread *t, GCCause cause);
/* The class histogram of jmap -histo and GC.class_histogram, in HotSpot's layout: per
 * class its instances and bytes, largest first, then the totals.  With `live`, a full
 * collection runs first, so only reachable objects count (heap/histogram.c). */
void heap_print_histogram(Thread *t, FILE *out, bool live);
/* Writes an HPROF heap dump to a new file at path (heap/heapdump.c); with `live`, a full
 * collection runs first.  Returns the file's size, or -1 with the reason in err (an
 * existing file is not overwritten: "File exists"). */
int64_t heap_dump_hprof(Thread *t, const char *path, bool live, char *err, size_t errlen);
/* The same with HotSpot's report on out: "Dumping heap to P ..." then "Heap dump file
 * created [N bytes in S secs]" or "Unable to create P: reason". */
void heap_dump_report(Thread *t, FILE *out, const char *path, bool live);
/* What the options ask for when the heap is exhausted (the first time only, as HotSpot):
 * a heap dump (-XX:+HeapDumpOnOutOfMemoryError, -XX:HeapDumpPath), then ending the
 * process (-XX:+CrashOnOutOfMemoryError, -XX:+ExitOnOutOfMemoryError). */
void heap_report_oom(Thread *t, const char *message);

size_t heap_used(void);
size_t heap_capacity(void);
const char *heap_collector_name(void);    /* e.g. "semispace" */
const char *heap_manager_name(void);      /* its GarbageCollectorMXBean's name, "Semispace" */
/* Its name in -Xlog:gc's "Using ..." and jstat's counters, and its policy's: HotSpot's
 * ("Serial", "Copy:MSC") when HotSpot's flag selected the collector that is HotSpot's,
 * else Loupe's manager name for both. */
const char *heap_log_name(void);
const char *heap_policy_name(void);
size_t heap_max(void);
uint64_t heap_gc_count(void);
/* -verbose:gc switched at run time (MemoryMXBean.setVerbose); returns the old setting. */
bool heap_set_verbose(bool on);
bool heap_verbose(void);

/* ---- accounting for java.lang.management ----
 * The heap as a whole and the collector's memory pools (gc.h) in MemoryUsage terms, the
 * peak use of each pool, and what the last collection did.  Values are bytes; -1 means
 * undefined.  Callers are in VM state, so no collection runs while they read. */
typedef struct HeapUsage {
    int64_t init, used, committed, max;
} HeapUsage;

#define HEAP_MAX_POOLS 4

typedef struct HeapGCRecord {
    int manager;                    /* the GarbageCollectorMXBean that counted it */
    uint64_t index;                 /* its count of that manager's collections (since its reset) */
    int64_t start_ns, end_ns;       /* CLOCK_MONOTONIC */
    GCCause reason;
    const char *cause;              /* its name: "System.gc()", "Allocation Failure", ... */
    HeapUsage before[HEAP_MAX_POOLS], after[HEAP_MAX_POOLS];
} HeapGCRecord;

HeapUsage heap_usage(void);
int heap_pool_count(void);
const char *heap_pool_name(int pool);
HeapUsage heap_pool_usage(int pool);        /* also raises the pool's peak */
HeapUsage heap_pool_peak(int pool);
/* Where a pool sits in HotSpot's generation/space model, which the perf counters jstat
 * reads describe (runtime/perfgc.c): eden and two survivors in the young generation, one
 * space in the old. */
typedef enum HeapSpace { HS_EDEN, HS_SURVIVOR0, HS_SURVIVOR1, HS_OLD, HS_COUNT } HeapSpace;
HeapSpace heap_pool_space(int pool);
/* Whether MemoryPoolMXBean's usage threshold is watched on the pool (gc.h: threshold_pools). */
bool heap_pool_has_usage_threshold(int pool);
/* During a collection (for the GC start/finish events' listeners): the name of its cause
 * ("Allocation Failure", ...) and whether it is a young one ("Pause Young"). */
const char *heap_gc_cause_name(void);
bool heap_gc_is_young(void);
/* The heap in the layout of HotSpot Serial's GC.heap_info (heapinfo.c), each line
 * starting with `prefix`. */
void heap_print_info(FILE *out, const char *prefix);
void heap_pool_reset_peak(int pool);
/* The collector's GarbageCollectorMXBeans (gc.h: one, or a young and a full one), the
 * pools each manages (bit i: pool i), and per bean its collections and their accumulated
 * pause time since start (or its last reset), and its last collection. */
#define HEAP_MAX_MANAGERS 2
int heap_gc_manager_count(void);
const char *heap_gc_manager_name(int manager);
unsigned heap_gc_manager_pools(int manager);
bool heap_gc_manager_is_young(int manager);
uint64_t heap_collections(int manager);
uint64_t heap_collection_ns(int manager);
bool heap_manager_last_collection(int manager, HeapGCRecord *out);
/* The last collection of any bean; false if there was none. */
bool heap_last_collection(HeapGCRecord *out);
void heap_reset_collection_stats(int manager);
/* Called after every collection, outside the safepoint, by the collecting thread (in VM
 * state): management hangs its notifications here.  NULL when nobody listens. */
extern void (*heap_after_collection_hook)(Thread *t);

/* Bytes t has allocated so far (its own thread, or any thread while the world is stopped). */
uint64_t heap_thread_allocated(Thread *t);
/* Bytes allocated by threads that have ended. */
uint64_t heap_exited_allocated(void);
/* The end of a thread's allocation: its TLAB is retired (the heap stays walkable) and its
 * count goes to the exited total.  The thread is ending and still in VM state. */
void heap_thread_exit(Thread *t);

/* Registers a VM global that holds an object (a root for every collection). */
void gc_register_root(Object **slot);
/* Calls fn on every object in the heap; the world must be stopped.  Every thread's TLAB
 * is retired first, so that the heap can be walked object by object. */
void heap_walk(void (*fn)(Object *o, void *ctx), void *ctx);

/* Size in bytes of an object (instances, arrays, mirrors). */
size_t heap_object_size(Object *o);

/* Clips t's TLAB `room` bytes above its top (heap sampling: see heap.c). */
void heap_tlab_clip(Thread *t, size_t room);

/* Inline TLAB bump; NULL when the TLAB is exhausted (callers then use heap_alloc_slow). */
static inline void *heap_tlab_alloc(Thread *t, size_t size) {
    char *p = t->tlab_top;
    if (likely((size_t)(t->tlab_end - p) >= size)) {
        t->tlab_top = p + size;
        return p;
    }
    return NULL;
}

/* ---- write barrier ----
 * Every store of a reference into a heap object goes through heap_store_ref, so that
 * generational (card marking) and reference-counting collectors can see it.  Collectors
 * that need no barrier leave heap_barrier_active false and the store is a plain move.
 *
 * The collector's barrier(holder, slot, value) runs before the store, with *slot still
 * the old value, for: the interpreter's putfield/putstatic/aastore (plain, quickened and
 * volatile forms), JNI Set<Object>Field, SetStaticObjectField and SetObjectArrayElement,
 * reflection (JVM_SetArrayElement; Field.set and VarHandles go through Unsafe),
 * Unsafe.putReference[Volatile], System.arraycopy of reference arrays (once per element,
 * in copy order, when the barrier is on; a memmove when it is off), Object.clone (each
 * reference slot of the fresh copy is stored again from null) and the VM's own stores
 * (mirrors, strings, exceptions and stack traces, method handles, java.lang.ref in
 * refproc.c — the latter also while a collection runs).  Unsafe's compare-and-set and
 * compare-and-exchange call it before the exchange, whether or not it succeeds (a
 * reference counter must read the old value before anyone replaces it; a barrier for a
 * store that then does not happen costs a card or a log entry, never correctness).  Roots outside the heap (frames, handles,
 * the constant pools' resolved objects, VM globals) are not heap objects and take no
 * barrier. */
extern bool heap_barrier_active;
void heap_barrier_slow(Object *holder, Object **slot, Object *value);

static inline void heap_store_ref(Object *holder, Object **slot, Object *value) {
    if (unlikely(heap_barrier_active))
        heap_barrier_slow(holder, slot, value);
#ifdef __SANITIZE_THREAD__
    __atomic_store_n(slot, value, __ATOMIC_RELAXED);    /* a Java-level race, not the VM's */
#else
    *slot = value;
#endif
}
#define HEAP_SET_FIELD(o, off, v) heap_store_ref((o), &OBJ_FIELD((o), (off), Object *), (v))

#endif
