/*
 * refcount.c — the reference-counting collector: deferred, coalesced counts kept through
 * the write barrier, a zero-count table, and a backup trace for cycles.
 *
 * Allocation.  Objects live in freelist.c's non-moving arena (the same size-class lists as
 * mark-sweep).  Every chunk the collector hands out (a TLAB or one object) is recorded as
 * "new" until the next reconciliation; nothing else happens per object, so the inline TLAB
 * bump stays as it is.
 *
 * Counts.  An object's count is the number of references to it from other heap objects
 * (fields, array elements, statics in mirrors), one byte per heap word in a side table,
 * sticky at 255.  References from roots — interpreter frames, JNI and VM handles, classes'
 * constant pools, VM globals — are not counted (Deutsch and Bobrow's deferred counting), so
 * the interpreter's locals and operand stack cost nothing.  The barrier does not count
 * either: it logs, once per slot between two reconciliations, the slot and the value it
 * held before its first store (a dirty bit per heap word, then a log entry under a lock:
 * Levanoni and Petrank's coalescing).  At the reconciliation, with the world stopped, each
 * logged slot decrements its old value and increments what it holds now, whatever stores
 * and races came in between: only the first and the last value of a slot matter.  The
 * slots of new objects are not logged at all: each new object that is still there
 * increments what its slots hold, so objects the VM fills without the barrier (clones,
 * arrays it builds) are counted right.
 *
 * Freeing.  An object whose count is zero — every new object, every object a decrement
 * brought to zero — goes into the zero-count table (ZCT).  The reconciliation marks what
 * the roots refer to (one visit of the roots, no trace), then frees every ZCT entry whose
 * count is still zero and that no root refers to, decrementing what it held, so that an
 * acyclic structure dies all at once; entries the roots hold stay for the next time.  The
 * weak roots (JNI weak globals, the intern table, monitors) are cleared for the objects
 * freed, then the memory goes back to the free lists, neighbours merged (and every
 * 16 reconciliations, or when an allocation failed, all the lists sorted into address
 * order, fl_sort, against fragmentation).  A reconciliation
 * runs when the collector has handed out an eighth of the heap since the last one, when
 * the barrier's log grows large, and when an allocation fails: it is a collection like
 * any other for heap.c, bracketed by GC start and finish, and the free events of the
 * objects it frees sit between them as JVMPI requires.
 *
 * Cycles.  Counts never reach zero in a cycle, nor for objects whose count stuck at 255.
 * The backup collector is a full mark-sweep (mark.c and fl_sweep, as mark-sweep's): it
 * runs when a reconciliation leaves the heap more than three-quarters full, for
 * System.gc() and the other explicit causes, in the last-ditch collection, and every
 * eighth collection under GC stress.  It sends a free event for every dead object, then
 * recomputes every count from the survivors, which also repairs whatever the count path
 * got wrong by excess.  Classes and loaders are unloaded by this trace only (classunload.c):
 * it finds every instance of a dead class dead and sweeps it, so no object a later
 * reconciliation frees by count can belong to an unloaded class.
 *
 * java.lang.ref and finalization.  The trace alone handles them, through refproc.c.  For
 * the counts a Reference's referent is an ordinary counted field, so an object reachable
 * only through a Soft/Weak/Phantom reference is never freed by count: the trace decides
 * when to clear the reference.  A finalizable object is held by its Finalizer's referent
 * the same way, and objects of classes with finalizers are never freed by count at all,
 * so finalize() runs before they go.  JNI weak globals and interned strings are not
 * counted: an object only they refer to is freed by count and they are cleared.
 *
 * Checking.  Under GC stress every reconciliation first marks the heap strongly (mark.c,
 * referents included, no reference processing) and ends the VM, naming a holder, if it is
 * about to free an object the mark reached: a store that bypassed the barrier shows there.
 *
 * In the patent's terms there is one arena (id 1); objects are freed (by count or by the
 * trace) and never moved.
 */
#include "heap/freelist.h"
#include "runtime/vm.h"
#include <stdlib.h>

#define ARENA_ID 1
#define STICKY 255
#define STRESS_TRACE_EVERY 8
#define SORT_EVERY 16                   /* reconciliations */

enum { F_NEW = 1, F_ZCT = 2, F_ROOT = 4, F_FREED = 8 };

typedef struct LogEntry {
    Object *holder;
    Object **slot;
    Object *old;
} LogEntry;

typedef struct Vec {                    /* a growable array of T (elem bytes each) */
    void *data;
    size_t n, cap;
} Vec;

typedef struct Chunk {
    char *p;
    size_t size;
} Chunk;

static char *base;                      /* the free-list arena's, kept for the barrier */
static uint8_t *counts, *flags;         /* per heap word */
static uint64_t *dirty;                 /* per heap word: the slot is in the log */
static Vec log_vec, chunks, zct, keep, dead, rooted;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t log_count;                /* log_vec.n, readable without the lock */
static size_t granted_since;            /* bytes handed out since the last reconciliation */
static bool exhausted;                  /* an allocation found no room */
static bool verify;
static uint64_t stress_collections;

/* the collector's own statistics (-Xlog:gc) */
static uint64_t stat_reconciles, stat_traces;
static uint64_t stat_count_objects, stat_count_bytes, stat_trace_objects, stat_trace_bytes;

/* ---- small helpers ---- */

static void vec_push(Vec *v, const void *elem, size_t size) {
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 1024;
        v->data = realloc(v->data, v->cap * size);
        if (!v->data) vm_fatal("out of memory for the reference counter's tables");
    }
    memcpy((char *)v->data + v->n++ * size, elem, size);
}

#define VEC_AT(v, T, i) (((T *)(v).data)[i])

static inline size_t word_index(const void *p) { return (size_t)((const char *)p - base) >> 3; }
static inline bool in_heap(const void *p) { return (const char *)p >= base && (const char *)p < fl_top(); }
static inline uint8_t *flag_of(Object *o) { return &flags[word_index(o)]; }
static inline uint8_t *count_of(Object *o) { return &counts[word_index(o)]; }

static bool rc_init(const HeapOptions *o) {
    verify = o->stress_interval > 0;
    if (!fl_reserve(o, verify)) return false;
    base = fl_base();
    size_t reserved = fl_reserved();
    counts = heap_reserve(reserved / 8);
    flags = heap_reserve(reserved / 8);
    dirty = heap_reserve(reserved / 64 + 8);
    if (!counts || !flags || !dirty || !mark_init(base, reserved)) return false;
    mark_full_heap = true;      /* the backup trace covers the one arena: it unloads classes */
    if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(ARENA_ID, "Reference-Counted Space");
    return true;
}

/* ---- allocation ---- */

/* A reconciliation is due once an eighth of the heap was handed out since the last one,
 * or when the barrier's log holds as many bytes. */
static bool reconcile_due(void) {
    size_t logged = __atomic_load_n(&log_count, __ATOMIC_RELAXED) * sizeof(LogEntry);
    size_t threshold = fl_capacity() / 8 > (512u << 10) ? fl_capacity() / 8 : 512u << 10;
    return vm_phase_now() >= VM_PHASE_PRIMORDIAL && granted_since + logged >= threshold;
}

static void *rc_alloc(Thread *t, size_t size, bool tlab, size_t *granted) {
    UNUSED(t);
    fl_lock();
    void *p = NULL;
    if (!reconcile_due()) {
        p = fl_alloc_locked(size, tlab, granted);
        exhausted = !p;
    }
    if (p) {
        Chunk c = { p, *granted };
        vec_push(&chunks, &c, sizeof c);
        granted_since += *granted;
    }
    fl_unlock();
    return p;
}

/* ---- the barrier ---- */

/* Logs slot with the value it holds before its first store since the last
 * reconciliation.  Called before the store (or before a compare-and-set that may not
 * store at all: the log is then exact anyway).  A slot that already holds the value
 * stored is logged with no old value: if some caller ever called the barrier after its
 * store, the old value would be unknown, and decrementing nothing can only keep an object
 * too long (the trace repairs it), never free it early. */
static void rc_barrier(Object *holder, Object **slot, Object *value) {
    if ((char *)slot < base || (char *)slot >= base + fl_reserved()) return;
    size_t i = word_index(slot);
    uint64_t bit = (uint64_t)1 << (i & 63);
    if (__atomic_load_n(&dirty[i >> 6], __ATOMIC_ACQUIRE) & bit) return;
    pthread_mutex_lock(&log_lock);
    if (!(__atomic_load_n(&dirty[i >> 6], __ATOMIC_RELAXED) & bit)) {
        Object *old = __atomic_load_n(slot, __ATOMIC_RELAXED);
        LogEntry e = { holder, slot, old == value ? NULL : old };
        vec_push(&log_vec, &e, sizeof e);
        __atomic_store_n(&log_count, log_vec.n, __ATOMIC_RELAXED);
        __atomic_fetch_or(&dirty[i >> 6], bit, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&log_lock);
}

/* ---- counting (the world stopped) ---- */

static void clear_dirty(Object **slot) {
    size_t w = word_index(slot);
    __atomic_fetch_and(&dirty[w >> 6], ~((uint64_t)1 << (w & 63)), __ATOMIC_RELAXED);
}

static void zct_add(Object *o) {
    uint8_t *f = flag_of(o);
    if (*f & F_ZCT) return;
    *f |= F_ZCT;
    vec_push(&zct, &o, sizeof o);
}

static void inc(Object *o) {
    if (!o || !in_heap(o)) return;
    uint8_t *c = count_of(o);
    if (*c < STICKY) (*c)++;
}

/* A count already at zero is left there: the slot was stored without the barrier, or by
 * a compare-and-set whose old value was unknown; freeing by count stays conservative. */
static void dec(Object *o) {
    if (!o || !in_heap(o)) return;
    uint8_t *c = count_of(o);
    if (*c == STICKY || *c == 0) return;
    if (--*c == 0) zct_add(o);
}

static void inc_slot(Object **slot, void *ctx) { UNUSED(ctx); inc(*slot); }
static void dec_slot(Object **slot, void *ctx) { UNUSED(ctx); dec(*slot); }

/* Calls fn on every object of the new chunks; gaps (TLAB tails, refused chunks) go back
 * to the free lists on the first pass. */
static void for_new_objects(void (*fn)(Object *o), bool free_gaps) {
    for (size_t i = 0; i < chunks.n; i++) {
        Chunk c = VEC_AT(chunks, Chunk, i);
        for (char *p = c.p; p < c.p + c.size;) {
            Object *o = (Object *)p;
            size_t size = heap_object_size(o);
            if (!heap_is_filler(o)) fn(o);
            else if (free_gaps) fl_free(p, size);
            p += size;
        }
    }
}

static void mark_new(Object *o) {
    *flag_of(o) = F_NEW;
    *count_of(o) = 0;
}

static void count_new(Object *o) {
    *flag_of(o) &= (uint8_t)~F_NEW;
    gc_visit_object(o, inc_slot, NULL);
    zct_add(o);
}

/* The log: each slot of an old object decrements its value at its first store and
 * increments its value now. */
static void apply_log(void) {
    pthread_mutex_lock(&log_lock);
    for (size_t i = 0; i < log_vec.n; i++) {
        LogEntry e = VEC_AT(log_vec, LogEntry, i);
        clear_dirty(e.slot);
        if (*flag_of(e.holder) & F_NEW) continue;
        inc(*e.slot);
        dec(e.old);
    }
    log_vec.n = 0;
    __atomic_store_n(&log_count, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&log_lock);
}

static void root_slot(Object **slot, void *ctx) {
    UNUSED(ctx);
    Object *o = *slot;
    if (!in_heap(o) || (*flag_of(o) & F_ROOT)) return;
    *flag_of(o) |= F_ROOT;
    vec_push(&rooted, &o, sizeof o);
}

/* ---- freeing by count ---- */

static bool freeable(Object *o) {
    uint8_t f = *flag_of(o);
    return *count_of(o) == 0 && !(f & (F_ROOT | F_FREED)) && !(o->klass->flags & CF_HAS_FINALIZER);
}

/* The ZCT, growing while it is scanned (each free may bring children to zero): freed
 * entries are recorded in `dead`, rooted ones kept for the next time. */
static void process_zct(void) {
    keep.n = dead.n = 0;
    for (size_t i = 0; i < zct.n; i++) {
        Object *o = VEC_AT(zct, Object *, i);
        uint8_t *f = flag_of(o);
        *f &= (uint8_t)~F_ZCT;
        if (*count_of(o) != 0) continue;
        if (!freeable(o)) {
            if (!(*f & F_FREED)) {
                *f |= F_ZCT;
                vec_push(&keep, &o, sizeof o);
            }
            continue;
        }
        *f |= F_FREED;
        vec_push(&dead, &o, sizeof o);
        gc_visit_object(o, dec_slot, NULL);
    }
    Vec t = zct;
    zct = keep;
    keep = t;
}

static bool not_freed(Object *o, void *ctx) { UNUSED(ctx); return !in_heap(o) || !(*flag_of(o) & F_FREED); }
static void ignore_slot(Object **slot, void *ctx) { UNUSED(slot); UNUSED(ctx); }

static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (Object *const *)a, y = (uintptr_t) * (Object *const *)b;
    return x < y ? -1 : x > y;
}

/* Free events, then the memory back to the lists, neighbours merged into one chunk. */
static void release_dead(void) {
    qsort(dead.data, dead.n, sizeof(Object *), by_address);
    char *run = NULL, *run_end = NULL;
    for (size_t i = 0; i < dead.n; i++) {
        Object *o = VEC_AT(dead, Object *, i);
        size_t size = heap_object_size(o);
        /* a filler is no object of the program's (a reshaped one's old place: its move
         * was reported) */
        if (GC_EVENT_ON(GCE_OBJECT_FREE) && !heap_is_filler(o)) gc_event_object_free(o);
        stat_count_objects++;
        stat_count_bytes += size;
        *flag_of(o) = 0;
        if (run_end != (char *)o) {
            if (run) fl_free(run, (size_t)(run_end - run));
            run = (char *)o;
        }
        run_end = (char *)o + size;
    }
    if (run) fl_free(run, (size_t)(run_end - run));
    dead.n = 0;
}

/* ---- the check (GC stress) ---- */

static Object *victim, *holder_found;

static void find_holder_slot(Object **slot, void *ctx) {
    if (*slot == victim) holder_found = ctx;
}

static void find_holder(Object *o, void *ctx) {
    UNUSED(ctx);
    if (!holder_found) gc_visit_object(o, find_holder_slot, o);
}

static void check_unreachable(void) {
    mark_heap_strong(fl_top());
    for (size_t i = 0; i < dead.n; i++) {
        Object *o = VEC_AT(dead, Object *, i);
        if (!mark_is_live(o, NULL)) continue;
        victim = o;
        fl_walk(find_holder, NULL);
        Object *h = holder_found;
        vm_fatal("reference counting: %p (%s) freed by count but reachable; held by %p (%s, count %u%s): a store "
                 "without the write barrier?", (void *)o, o->klass->name->str, (void *)h,
                 h ? h->klass->name->str : "a root", h ? *count_of(h) : 0,
                 h && (*flag_of(h) & F_FREED) ? ", freed too" : "");
    }
}

/* ---- the reconciliation ---- */

static void reconcile(void) {
    for_new_objects(mark_new, true);
    apply_log();
    for_new_objects(count_new, false);
    chunks.n = 0;
    granted_since = 0;
    gc_visit_roots(root_slot, NULL);
    process_zct();
    if (verify && dead.n) check_unreachable();
    gc_process_weak_roots(not_freed, ignore_slot, NULL);
    for (size_t i = 0; i < rooted.n; i++) *flag_of(VEC_AT(rooted, Object *, i)) &= (uint8_t)~F_ROOT;
    rooted.n = 0;
    release_dead();
    stat_reconciles++;
}

/* ---- the backup trace ---- */

static void forget_log(void) {
    pthread_mutex_lock(&log_lock);
    for (size_t i = 0; i < log_vec.n; i++) clear_dirty(VEC_AT(log_vec, LogEntry, i).slot);
    log_vec.n = 0;
    __atomic_store_n(&log_count, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&log_lock);
    chunks.n = 0;
    granted_since = 0;
    zct.n = 0;
}

static void report_trace_dead(Object *o, void *ctx) {
    UNUSED(ctx);
    if (mark_is_live(o, NULL)) return;
    if (GC_EVENT_ON(GCE_OBJECT_FREE) && !heap_is_filler(o)) gc_event_object_free(o);
    stat_trace_objects++;
    stat_trace_bytes += heap_object_size(o);
}

static void recount_children(Object *o, void *ctx) { UNUSED(ctx); gc_visit_object(o, inc_slot, NULL); }
static void recount_zero(Object *o, void *ctx) {
    UNUSED(ctx);
    if (*count_of(o) == 0) zct_add(o);
}

/* Every count again from the survivors; the ones left at zero are the ZCT. */
static void recount(void) {
    size_t words = word_index(fl_top());
    memset(counts, 0, words);
    memset(flags, 0, words);
    fl_walk(recount_children, NULL);
    fl_walk(recount_zero, NULL);
}

static void trace(void) {
    forget_log();
    mark_heap(fl_top());
    fl_walk(report_trace_dead, NULL);
    fl_sweep();
    recount();
    /* refproc.c stored through the barrier (pending links, cleared referents): the
     * counts just computed include those stores already */
    forget_log();
    fl_resize_after_gc();
    stat_traces++;
}

/* Explicit requests, the last ditch and a share of the GC-stress collections trace;
 * the others reconcile, and trace as well if that leaves the heap nearly full after an
 * allocation failed. */
static bool wants_trace(GCCause cause) {
    switch (cause) {
    case GC_ALLOC_FAILURE: return false;
    case GC_STRESS: return ++stress_collections % STRESS_TRACE_EVERY == 0;
    default: return true;
    }
}

static void rc_collect(GCCause cause) {
    fl_lock();
    bool full = wants_trace(cause);
    if (!full) {
        reconcile();
        /* frees one by one leave the lists unordered and neighbours unmerged: put them
         * back in address order once in a while, and before giving up on room */
        if (exhausted || stat_reconciles % SORT_EVERY == 0) fl_sort();
        full = exhausted && fl_used() > fl_capacity() / 4 * 3;
    }
    if (full) trace();
    exhausted = false;
    fl_unlock();
    if (heap_verbose())
        vm_log("gc", "GC(%llu) Reference counting: freed by count %llu objects %lluK, by the cycle collector %llu "
               "objects %lluK; %llu reconciliations, %llu cycle collections",
               (unsigned long long)heap_gc_count(), (unsigned long long)stat_count_objects,
               (unsigned long long)(stat_count_bytes >> 10), (unsigned long long)stat_trace_objects,
               (unsigned long long)(stat_trace_bytes >> 10), (unsigned long long)stat_reconciles,
               (unsigned long long)stat_traces);
}

static int rc_arena_of(Object *o) { UNUSED(o); return ARENA_ID; }

const Collector gc_refcount = {
    .name = "refcount",
    .moving = false,
    .init = rc_init,
    .alloc = rc_alloc,
    .collect = rc_collect,
    .grow = fl_grow,
    .arena_of = rc_arena_of,
    .used = fl_used_now,
    .capacity = fl_capacity,
    .walk = fl_walk,
    .barrier = rc_barrier,
    .npools = 1,
    .pool_names = { "Reference-Counted Space" },
    .pool_usage = fl_pool_usage,
    .pool_space = { HS_OLD },
    .threshold_pools = 1,
    .manager_name = "RefCount",
};
