/*
 * freelist.c — the non-moving heap of one arena: free lists by size class, shared by the
 * mark-sweep and the reference-counting collectors.
 *
 * The arena is one range reserved at -Xmx; below `top` it is a sequence of objects and
 * free chunks, above it the untouched "wilderness" up to the current limit (the
 * collector's capacity).  Nothing ever moves, so an object's address is its identity for
 * its whole life.
 *
 * Free chunks are filler objects (heap_fill_gap), so the arena stays walkable object by
 * object, linked through their mark word into one list per size class: below 512 bytes a
 * class per exact size (8-byte steps, so a small request pops the first chunk of its
 * list), above it a class per power of two, [2^k, 2^(k+1)) bytes.  Every chunk of 16
 * bytes or more is listed, so the smallest objects a collector frees one by one (the
 * reference counter) can be reused at once; an 8-byte gap stays a filler until a sweep
 * merges it with its neighbours.
 *
 * An allocation of n bytes takes the first chunk of n bytes or more from n's class, else
 * the first chunk of any larger class (all of which fit), else the wilderness, and gives
 * the remainder of the chunk back to its class.  The lists are in address order after a
 * sweep, so TLABs and small objects fill the heap from the bottom; large objects (64 KB
 * and more) take the end of the highest chunk that fits, so that they gather at the top,
 * where their holes merge when they die instead of being cut up by TLABs.  A TLAB request
 * takes the lowest of the smaller chunks first (any of 256 bytes or more, whole), then
 * cuts a larger one, then the wilderness: heap.c allocates an object that does not fit in the TLAB it
 * gets directly, as it does when no TLAB is left at all.
 *
 * fl_sweep rebuilds the lists from mark.c's live bitmap: every maximal run of unmarked
 * words below top is one free chunk (dead objects, old chunks and retired TLAB tails
 * merge); a run that reaches top goes back to the wilderness.  A collector that frees
 * objects one by one (reference counting) pushes them in front of their lists; fl_sort
 * puts every list back in address order and merges neighbouring chunks, so that new
 * objects keep gathering low and large ones still find room at the top.
 */
#include "heap/freelist.h"
#include <stdlib.h>

#define MIN_CHUNK 16                    /* a filler header whose mark word is the link */
#define MIN_TLAB 256
#define LARGE (64 * 1024)              /* allocated from the top end */
#define EXACT_LIMIT 512                 /* classes by exact size below this */
#define EXACT_CLASSES (EXACT_LIMIT / 8)
#define NCLASSES (EXACT_CLASSES + 48)

static char *base, *top, *limit;
static size_t reserved, capacity, initial_capacity;
static bool poison;
static char *lists[NCLASSES];
static char *tails[NCLASSES];           /* while sweeping: each class's last chunk */
static bool sweeping;
static size_t free_bytes;               /* in the lists */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static inline int size_class(size_t size) {
    if (size < EXACT_LIMIT) return (int)(size >> 3);
    return EXACT_CLASSES + (63 - __builtin_clzll(size)) - 9;
}
static inline char **chunk_next(char *c) { return (char **)(c + 8); }
static inline size_t chunk_size(char *c) { return heap_object_size((Object *)c); }

bool fl_reserve(const HeapOptions *o, bool poison_freed) {
    reserved = ALIGN_UP(o->max, 4096);
    capacity = ALIGN_UP(o->initial, 4096);
    if (capacity > reserved) capacity = reserved;
    if (capacity < 1 << 20) capacity = reserved < (1 << 20) ? reserved : 1 << 20;
    initial_capacity = capacity;
    base = top = heap_reserve(reserved);
    limit = base + capacity;
    poison = poison_freed;
    return base != NULL;
}

char *fl_base(void) { return base; }
size_t fl_reserved(void) { return reserved; }
size_t fl_capacity(void) { return capacity; }

static void set_capacity(size_t c) {
    capacity = c;
    limit = base + capacity;
}

void fl_resize_after_gc(void) {
    size_t c = capacity;
    while (fl_used() > c / 2 && c < reserved) c = c * 2 < reserved ? c * 2 : reserved;
    set_capacity(c);
}

bool fl_grow(size_t size) {
    fl_lock();
    size_t need = heap_grown_capacity((size_t)(top - base), size, capacity, reserved);
    if (need) set_capacity(need);
    fl_unlock();
    return need != 0;
}

size_t fl_used_now(void) {
    fl_lock();
    size_t n = fl_used();
    fl_unlock();
    return n;
}

void fl_pool_usage(int pool, HeapUsage *u) {
    UNUSED(pool);
    u->init = (int64_t)initial_capacity;
    u->used = (int64_t)fl_used_now();
    u->committed = (int64_t)capacity;
    u->max = (int64_t)reserved;
}
char *fl_top(void) { return top; }
void fl_lock(void) { pthread_mutex_lock(&lock); }
void fl_unlock(void) { pthread_mutex_unlock(&lock); }

/* ---- the lists (lock held, or the world stopped) ---- */

/* The sweep appends, so every list starts in address order; other frees go in front. */
void fl_free(char *c, size_t size) {
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
    if (have > size) fl_free(c + size, have - size);
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
    if (have > size) fl_free(c, have - size);
    *granted = size;
    return c + have - size;
}

/* For a TLAB of `size` bytes: the lowest chunk of the classes below, down to MIN_TLAB
 * bytes, whole, so that the small holes are used before a large one is cut, and new
 * objects gather low, leaving the top for large ones (the lists are in address order). */
static char *take_smaller(size_t size, size_t *granted) {
    int best = -1;
    for (int j = size_class(size) - 1; j >= size_class(MIN_TLAB); j--)
        if (lists[j] && (best < 0 || lists[j] < lists[best])) best = j;
    return best < 0 ? NULL : chunk_take(&lists[best], SIZE_MAX, granted);
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

void *fl_alloc_locked(size_t size, bool tlab, size_t *granted) {
    char *p;
    if (tlab) {
        p = take_smaller(size, granted);
        if (!p) p = take_fit(size, granted);
    } else {
        p = size >= LARGE ? take_high(size, granted) : take_fit(size, granted);
    }
    if (!p) p = take_wilderness(size, tlab, granted);
    return p;
}

/* ---- sweeping and walking (the world stopped) ---- */

void fl_report_dead(void) { mark_report_dead(top); }

void fl_sweep(void) {
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
        if (live > p) fl_free(p, (size_t)(live - p));
        p = mark_next_free(live, end);
    }
    sweeping = false;
}

static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (char *const *)a, y = (uintptr_t) * (char *const *)b;
    return x < y ? -1 : x > y;
}

void fl_sort(void) {
    size_t n = 0, cap = 1024;
    char **all = malloc(cap * sizeof *all);
    if (!all) return;
    for (int k = 0; k < NCLASSES; k++)
        for (char *c = lists[k]; c; c = *chunk_next(c)) {
            if (n == cap) {
                char **bigger = realloc(all, (cap *= 2) * sizeof *all);
                if (!bigger) {
                    free(all);
                    return;
                }
                all = bigger;
            }
            all[n++] = c;
        }
    qsort(all, n, sizeof *all, by_address);
    bool p = poison;
    poison = false;
    memset(lists, 0, sizeof lists);
    memset(tails, 0, sizeof tails);
    free_bytes = 0;
    sweeping = true;
    for (size_t i = 0; i < n;) {
        char *start = all[i], *end = start + chunk_size(start);
        for (i++; i < n && all[i] == end; i++) end += chunk_size(all[i]);
        fl_free(start, (size_t)(end - start));
    }
    sweeping = false;
    poison = p;
    free(all);
}

size_t fl_used(void) { return (size_t)(top - base) - free_bytes; }

void fl_walk(void (*fn)(Object *o, void *ctx), void *ctx) { gc_walk_range(base, top, fn, ctx); }
