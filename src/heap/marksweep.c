/*
 * marksweep.c — the non-moving mark-sweep collector: free lists by size class, one arena.
 *
 * The heap is one range reserved at -Xmx; below `top` it is a sequence of objects and
 * free chunks, above it the untouched "wilderness" up to the current capacity.  Nothing
 * ever moves, so an object's address is its identity for its whole life.
 *
 * Free chunks are filler objects (heap_fill_gap), so the heap stays walkable object by
 * object, and chunks of 32 bytes or more are linked through their first data word into
 * one list per size class: class k holds chunks of [2^k, 2^(k+1)) bytes.  An allocation
 * of n bytes takes the first chunk of n bytes or more from n's class, else the first
 * chunk of any larger class (all of which fit), else the wilderness, and gives the
 * remainder of the chunk back to its class.  The lists are in address order after a sweep,
 * so TLABs and small objects fill the heap from the bottom; large objects (64 KB and more)
 * take the end of the highest chunk that fits, so that they gather at the top, where their
 * holes merge when they die instead of being cut up by TLABs.  A TLAB request takes the
 * smaller chunks first (any of 256 bytes or more, whole), then cuts a larger one, then the
 * wilderness: heap.c allocates an object that does not fit in the TLAB it gets directly,
 * as it does when no TLAB is left at all.  Chunks under 32 bytes stay fillers until a
 * sweep merges them with dead neighbours.
 *
 * A collection marks (mark.c), then sweeps: every maximal run of unmarked words below top
 * is one free chunk (dead objects, old chunks and retired TLAB tails merge), found from
 * the live bitmap alone; a run that reaches top gives the space back to the wilderness.
 * The capacity doubles while the survivors fill more than half of it, up to -Xmx, and
 * grows at once to fit an object no chunk can hold (ms_grow).
 *
 * In the patent's terms there is one arena (id 1), and the sweep sends a free event for
 * every dead object as it returns it to the free lists.
 */
#include "heap/gc.h"

#define ARENA_ID 1
#define MIN_CHUNK 32                    /* room for a filler header and a link */
#define MIN_TLAB 256
#define LARGE (64 * 1024)              /* allocated from the top end */
#define NCLASSES 48

static char *base;
static size_t reserved, capacity, initial_capacity;
static char *top, *limit;
static bool poison;
static char *lists[NCLASSES];
static size_t free_bytes;               /* in the lists */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static inline int size_class(size_t size) { return 63 - __builtin_clzll(size); }
static inline char **chunk_next(char *c) { return (char **)(c + ARRAY_BASE); }
static inline size_t chunk_size(char *c) { return heap_object_size((Object *)c); }

static bool ms_init(const HeapOptions *o) {
    reserved = ALIGN_UP(o->max, 4096);
    capacity = ALIGN_UP(o->initial, 4096);
    if (capacity > reserved) capacity = reserved;
    if (capacity < 1 << 20) capacity = reserved < (1 << 20) ? reserved : 1 << 20;
    initial_capacity = capacity;
    base = heap_reserve(reserved);
    if (!base || !mark_init(base, reserved)) return false;
    top = base;
    limit = base + capacity;
    poison = o->stress_interval > 0;
    if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(ARENA_ID, "Mark-Sweep Space");
    return true;
}

/* ---- free lists (lock held, or the world stopped) ---- */

/* The sweep appends (tails: each class's last chunk), so every list starts in address
 * order; a split's remainder goes in front. */
static char *tails[NCLASSES];
static bool sweeping;

static void chunk_free(char *c, size_t size) {
    if (poison && size > MIN_CHUNK) memset(c + MIN_CHUNK, 0xAB, size - MIN_CHUNK);
    heap_fill_gap(c, c + size);
    if (size < MIN_CHUNK) return;
    int k = size_class(size);
    free_bytes += size;
    if (sweeping) {
        *chunk_next(c) = NULL;
        if (tails[k]) *chunk_next(tails[k]) = c;
        else lists[k] = c;
        tails[k] = c;
        return;
    }
    *chunk_next(c) = lists[k];
    lists[k] = c;
}

/* Unlinks *link's chunk and returns its first `size` bytes, the rest going back. */
static char *chunk_take(char **link, size_t size, size_t *granted) {
    char *c = *link;
    size_t have = chunk_size(c);
    *link = *chunk_next(c);
    free_bytes -= have;
    if (size > have) size = have;
    if (have > size) chunk_free(c + size, have - size);
    *granted = size;
    return c;
}

/* First fit: in size's class, then the first chunk of any larger class. */
static char *take_fit(size_t size, size_t *granted) {
    int k = size_class(size);
    for (char **l = &lists[k]; *l; l = chunk_next(*l))
        if (chunk_size(*l) >= size) return chunk_take(l, size, granted);
    for (int j = k + 1; j < NCLASSES; j++)
        if (lists[j]) return chunk_take(&lists[j], size, granted);
    return NULL;
}

/* A large object: the last `size` bytes of the highest chunk that holds it. */
static char *take_high(size_t size, size_t *granted) {
    char **best = NULL;
    for (int j = size_class(size); j < NCLASSES; j++)
        for (char **l = &lists[j]; *l; l = chunk_next(*l))
            if (chunk_size(*l) >= size && (!best || *l > *best)) best = l;
    if (!best) return NULL;
    char *c = *best;
    size_t have = chunk_size(c);
    *best = *chunk_next(c);
    free_bytes -= have;
    if (have > size) chunk_free(c, have - size);
    *granted = size;
    return c + have - size;
}

/* For a TLAB of `size` bytes: a chunk of the class below, down to MIN_TLAB bytes, whole,
 * so that the small holes are used before a large one is cut. */
static char *take_smaller(size_t size, size_t *granted) {
    for (int j = size_class(size) - 1; j >= size_class(MIN_TLAB); j--)
        if (lists[j]) return chunk_take(&lists[j], SIZE_MAX, granted);
    return NULL;
}

static char *take_wilderness(size_t size, bool partial, size_t *granted) {
    size_t avail = (size_t)(limit - top);
    if (partial && avail < size) size = avail;
    if (size == 0 || avail < size) return NULL;
    char *p = top;
    top += size;
    *granted = size;
    return p;
}

static void *ms_alloc(Thread *t, size_t size, bool tlab, size_t *granted) {
    UNUSED(t);
    pthread_mutex_lock(&lock);
    char *p;
    if (tlab) {
        p = take_smaller(size, granted);
        if (!p) p = take_fit(size, granted);
    } else {
        p = size >= LARGE ? take_high(size, granted) : take_fit(size, granted);
    }
    if (!p) p = take_wilderness(size, tlab, granted);
    pthread_mutex_unlock(&lock);
    return p;
}

/* ---- collection ---- */

static void report_dead(char *end) {
    for (char *p = base; p < end;) {
        Object *o = (Object *)p;
        p += heap_object_size(o);
        if (!heap_is_filler(o) && !mark_is_live(o, NULL)) gc_event_object_free(o);
    }
}

/* Every run of unmarked words below top becomes a chunk; the last one, if it reaches
 * top, goes back to the wilderness. */
static void sweep(void) {
    char *end = top;
    memset(lists, 0, sizeof lists);
    memset(tails, 0, sizeof tails);
    free_bytes = 0;
    sweeping = true;
    for (char *p = base; p < end;) {
        char *live = mark_next_live(p, end);
        if (live == end) {
            if (poison) memset(p, 0xAB, (size_t)(end - p));
            top = p;
            break;
        }
        if (live > p) chunk_free(p, (size_t)(live - p));
        p = mark_next_free(live, end);
    }
    sweeping = false;
}

static size_t ms_used(void) { return (size_t)(top - base) - free_bytes; }

static void ms_collect(GCCause cause) {
    UNUSED(cause);
    pthread_mutex_lock(&lock);
    mark_heap(top);
    if (GC_EVENT_ON(GCE_OBJECT_FREE)) report_dead(top);
    sweep();
    while (ms_used() > capacity / 2 && capacity < reserved)
        capacity = capacity * 2 < reserved ? capacity * 2 : reserved;
    limit = base + capacity;
    pthread_mutex_unlock(&lock);
}

static bool ms_grow(size_t size) {
    pthread_mutex_lock(&lock);
    size_t need = heap_grown_capacity((size_t)(top - base), size, capacity, reserved);
    bool ok = need != 0;
    if (ok) capacity = need;
    limit = base + capacity;
    pthread_mutex_unlock(&lock);
    return ok;
}

static int ms_arena_of(Object *o) { UNUSED(o); return ARENA_ID; }

static size_t ms_used_locked(void) {
    pthread_mutex_lock(&lock);
    size_t n = ms_used();
    pthread_mutex_unlock(&lock);
    return n;
}

static size_t ms_capacity(void) { return capacity; }

static void ms_walk(void (*fn)(Object *o, void *ctx), void *ctx) {
    gc_walk_range(base, top, fn, ctx);
}

static void ms_pool_usage(int pool, HeapUsage *u) {
    UNUSED(pool);
    u->init = (int64_t)initial_capacity;
    u->used = (int64_t)ms_used_locked();
    u->committed = (int64_t)capacity;
    u->max = (int64_t)reserved;
}

const Collector gc_marksweep = {
    .name = "marksweep",
    .moving = false,
    .init = ms_init,
    .alloc = ms_alloc,
    .collect = ms_collect,
    .grow = ms_grow,
    .arena_of = ms_arena_of,
    .used = ms_used_locked,
    .capacity = ms_capacity,
    .walk = ms_walk,
    .barrier = NULL,
    .npools = 1,
    .pool_names = { "Mark-Sweep Space" },
    .pool_usage = ms_pool_usage,
    .manager_name = "MarkSweep",
};
