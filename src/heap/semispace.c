/*
 * semispace.c — the semispace copying collector (Cheney's algorithm).
 *
 * The heap is two equal spaces, each reserved at -Xmx and used up to the current capacity,
 * which grows with the survivors up to -Xmx / 2 per space, and beyond that only as far as
 * one large object needs (ss_grow: any object that fits under -Xmx can be allocated).  Allocation bumps a shared pointer in the current space (TLAB
 * chunks mostly, so the CAS is rare).  A collection copies everything reachable from the
 * roots into the other space, breadth first, leaving a forwarding address in each copied
 * object's mark word, then swaps the spaces.  Survivors above half the capacity grow it
 * (up to the maximum); the old space is poisoned in stress mode so stale pointers fail fast
 * (its pages in memory written over, poison_space).
 *
 * Large objects (MOVE_PAGES_MIN and up) are moved by the kernel rather than copied: the
 * copy is placed at the same offset within its page as the original (the few bytes before
 * it become a filler object), the partial first and last pages are copied, and the whole
 * pages between are moved by one mremap that leaves fresh ones behind in from-space
 * (MREMAP_DONTUNMAP).  From-space is never unmapped, not even for an instant: other threads
 * run during a collection (one being started maps its stack), and the kernel would give
 * them the hole.  Page-table work instead of writing every byte, so a heap full of big
 * arrays (a program filling it until OutOfMemoryError) does not cost a copy of the heap per
 * collection.  The padding (under 4 KB per object of 1 MB or more) may take the survivors
 * past -Xmx: each space is mapped with room for it (1/256 more), and after such a
 * collection the capacity is the survivors' size, so the next allocation collects again
 * (the objects alone never exceed -Xmx, so the mapping always holds them and their
 * padding).  The first page stays put (the mark word, on it or on the next, gets the
 * forwarding address); if the kernel refuses (the range spans two mappings, a kernel
 * before 5.7) or MOVE_PAGES_MAX objects were moved already, the object is copied.
 *
 * References (refproc.c): the scan discovers them; once it is complete, referents that must
 * survive (finalizable objects) are copied and the scan simply resumes from where it
 * stopped, which is the tracer's drain.
 *
 * In the patent's terms each space is an arena (ids 1 and 2, created at start-up); a
 * collection moves every surviving object from one arena to the other (move events), then
 * deletes the old arena, which frees everything left in it without a free event per
 * object, and creates it again, empty, under the same id.
 */
#include "heap/gc.h"
#include <sys/mman.h>
#include <stdatomic.h>
#include <stdlib.h>

static char *spaces[2];
static size_t reserved;             /* bytes reserved per space (-Xmx) */
static size_t mapped;               /* bytes mapped per space: reserved and the padding's room */
static size_t grow_limit;           /* capacity the survivors may grow it to */
static const char *const ARENA_NAMES[2] = { "Semispace 1", "Semispace 2" };
static size_t capacity;             /* bytes usable per space now */
static size_t initial_capacity;
static int cur;
static _Atomic(char *) top;
static char *limit;
static bool poison;

/* copying state */
static char *to_free, *to_end;      /* to_end: the end of the mapping, which nothing may pass */
static size_t moves_left;           /* objects this collection may still move by page */
static char *from_lo, *from_hi;

static bool ss_init(const HeapOptions *o) {
    reserved = ALIGN_UP(o->max, 4096);
    mapped = ALIGN_UP(reserved + reserved / 256 + ((size_t)1 << 20), 4096);
    grow_limit = ALIGN_UP(o->max / 2, 4096);
    capacity = ALIGN_UP(o->initial / 2, 4096);
    if (capacity > grow_limit) capacity = grow_limit;
    if (capacity < 1 << 20) capacity = grow_limit < (1 << 20) ? grow_limit : 1 << 20;
    initial_capacity = capacity;
    for (int i = 0; i < 2; i++) {
        spaces[i] = heap_reserve(mapped);
        if (!spaces[i]) return false;
        if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(i + 1, ARENA_NAMES[i]);
    }
    cur = 0;
    atomic_store(&top, spaces[0]);
    limit = spaces[0] + capacity;
    poison = o->stress_interval > 0;
    return true;
}

static void *ss_alloc(Thread *t, size_t size, bool tlab, size_t *granted) {
    UNUSED(t);
    for (;;) {
        char *p = atomic_load(&top);
        size_t avail = (size_t)(limit - p);
        size_t take = size;
        if (tlab) {
            if (avail == 0) return NULL;
            if (avail < size) take = avail;
        } else if (avail < size) {
            return NULL;
        }
        char *np = p + take;
        if (atomic_compare_exchange_weak(&top, &p, np)) {
            *granted = take;
            return p;
        }
    }
}

static inline bool in_from(Object *o) { return (char *)o >= from_lo && (char *)o < from_hi; }

#define PAGE ((size_t)4096)
#define MOVE_PAGES_MIN ((size_t)1 << 20)
/* Each object moved splits the mappings (about three more per large survivor): a bound
 * per collection keeps them well under the kernel's default limit of 65530, which every
 * other mmap of the process (thread stacks, malloc) needs room under too. */
#define MOVE_PAGES_MAX 8192

/* Moves the whole pages of [src, src + len) to dst (same offset in the page), fresh zero
 * pages left behind; false (nothing done) if the kernel cannot.  One call, so that the
 * range is never unmapped: other threads run during a collection (one being started maps
 * its stack in a safe state), and a hole left even between two calls is where the
 * kernel puts their next mapping, which MAP_FIXED would then map over (unit/test_page_move). */
static bool move_pages(char *src, char *dst, size_t len) {
    return mremap(src, len, len, MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, dst) != MAP_FAILED;
}

/* Copies the large object o (size bytes) to to-space, its whole pages moved; the copy. */
static Object *copy_large(Object *o, size_t size) {
    char *src = (char *)o;
    size_t pad = ((uintptr_t)src - (uintptr_t)to_free) & (PAGE - 1);
    if (!moves_left || pad + size > (size_t)(to_end - to_free)) pad = 0;   /* a plain copy */
    heap_fill_gap(to_free, to_free + pad);
    char *dst = to_free + pad;
    to_free = dst + size;
    char *mid = (char *)ALIGN_UP((uintptr_t)src + 1, PAGE);
    char *end = (char *)((uintptr_t)(src + size) & ~(uintptr_t)(PAGE - 1));
    bool aligned = (((uintptr_t)dst ^ (uintptr_t)src) & (PAGE - 1)) == 0;
    if (!aligned || end <= mid || !moves_left || !move_pages(mid, dst + (mid - src), (size_t)(end - mid))) {
        memcpy(dst, src, size);
        return (Object *)dst;
    }
    moves_left--;
    memcpy(dst, src, (size_t)(mid - src));
    memcpy(dst + (end - src), end, (size_t)(src + size - end));
    return (Object *)dst;
}

static void evacuate(Object **slot, void *ctx) {
    UNUSED(ctx);
    Object *o = *slot;
    if (!in_from(o)) return;
    uintptr_t m = o->mark;
    if (mark_is_forwarded(m)) {
        *slot = mark_forwardee(m);
        return;
    }
    size_t size = heap_object_size(o);
    Object *n;
    if (size >= MOVE_PAGES_MIN) {
        n = copy_large(o, size);
    } else {
        n = (Object *)to_free;
        to_free += size;
        memcpy(n, o, size);
    }
    o->mark = (uintptr_t)n | MARK_TAG_FORWARDED;
    if (GC_EVENT_ON(GCE_OBJECT_MOVE)) gc_event_object_move(cur + 1, o, 2 - cur, n);
    *slot = n;
}

static bool survived(Object *o, void *ctx) {
    UNUSED(ctx);
    return !in_from(o) || mark_is_forwarded(o->mark);
}

/* Cheney's scan: every object between `scan` and the allocation point of to-space has been
 * copied but not yet scanned. */
static char *scan;

static void drain(void *ctx) {
    UNUSED(ctx);
    while (scan < to_free) {
        Object *o = (Object *)scan;
        if (!heap_is_filler(o)) gc_trace_object(o, evacuate, NULL);
        scan += heap_object_size(o);
    }
}

static const GCTracer tracer = { survived, evacuate, drain, NULL, true };

/* Stress mode: the old space's pages in memory are written over with 0xAB and the space is
 * closed until the next collection.  Pages not in memory read as zeros already (a null
 * class word, as sure to fail as the pattern); writing them would fault each one in: those
 * a large object's move left fresh, or a dead 2 GB array's, seconds per collection with a
 * collection every 50 allocations. */
static void poison_space(char *lo, char *hi) {
    size_t pages = ALIGN_UP((size_t)(hi - lo), PAGE) / PAGE;
    unsigned char *in = malloc(pages + 1);
    if (!in || mincore(lo, pages * PAGE, in) != 0) {
        memset(lo, 0xAB, (size_t)(hi - lo));
        pages = 0;
    }
    for (size_t i = 0, j; i < pages; i = j) {
        for (j = i + 1; j < pages && (in[j] & 1) == (in[i] & 1); j++) {}
        char *end = j == pages ? hi : lo + j * PAGE;
        if (in[i] & 1) memset(lo + i * PAGE, 0xAB, (size_t)(end - (lo + i * PAGE)));
    }
    free(in);
    mprotect(lo, capacity, PROT_NONE);
}

static void ss_collect(GCCause cause) {
    UNUSED(cause);
    int to = 1 - cur;
    char *to_start = spaces[to];
    from_lo = spaces[cur];
    from_hi = atomic_load(&top);
    to_free = to_start;
    to_end = to_start + mapped;
    moves_left = MOVE_PAGES_MAX;
    if (poison) mprotect(to_start, capacity, PROT_READ | PROT_WRITE);

    gc_refs_begin(&tracer);
    gc_visit_roots(evacuate, NULL);
    scan = to_start;
    drain(NULL);
    gc_refs_process();
    gc_process_weak_roots(survived, evacuate, NULL);
    if (GC_EVENT_ON(GCE_ARENA_DELETE)) gc_event_arena_delete(cur + 1);
    if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(cur + 1, ARENA_NAMES[cur]);

    size_t live = (size_t)(to_free - to_start);
    if (poison) poison_space(from_lo, from_hi);
    cur = to;
    /* keep at least half the space free after a collection, within the reservation */
    while (live > capacity / 2 && capacity < grow_limit) {
        capacity *= 2;
        if (capacity > grow_limit) capacity = grow_limit;
    }
    /* beyond -Xmx / 2 only for what a large survivor needs, with room to go on */
    if (live > capacity / 2 && capacity >= grow_limit) {
        size_t grown = heap_grown_capacity(live, 0, capacity, reserved);
        capacity = grown ? grown : ALIGN_UP(live, 4096);    /* padding took it past -Xmx */
    }
    if (poison) mprotect(spaces[1 - cur], capacity, PROT_NONE);
    atomic_store(&top, to_free);
    limit = spaces[cur] + capacity;
    from_lo = from_hi = NULL;
    gc_after_move();
}

/* Room for one more object of `size` bytes: both spaces grow alike, so that it can be
 * copied at the next collection. */
static bool ss_grow(size_t size) {
    size_t need = heap_grown_capacity((size_t)(atomic_load(&top) - spaces[cur]), size, capacity, reserved);
    if (!need) return false;
    capacity = need;
    if (poison) mprotect(spaces[1 - cur], capacity, PROT_NONE);
    limit = spaces[cur] + capacity;
    return true;
}

static int ss_arena_of(Object *o) { UNUSED(o); return cur + 1; }

/* Every collection copies the survivors out of the current space and deletes it. */
static int ss_evacuated(void) { return cur + 1; }

static size_t ss_used(void) { return (size_t)(atomic_load(&top) - spaces[cur]); }
static size_t ss_capacity(void) { return capacity * 2; }

static void ss_walk(void (*fn)(Object *o, void *ctx), void *ctx) {
    gc_walk_range(spaces[cur], atomic_load(&top), fn, ctx);
}

/* Two pools, as the two spaces serve: the one being allocated in, and the copy reserve
 * that is empty between collections (the price of copying).  They swap at every
 * collection; the pools stay put. */
static void ss_pool_usage(int pool, HeapUsage *u) {
    u->init = (int64_t)initial_capacity;
    u->used = pool == 0 ? (int64_t)ss_used() : 0;
    u->committed = (int64_t)capacity;
    u->max = (int64_t)reserved;
}

const Collector gc_semispace = {
    .name = "semispace",
    .moving = true,
    .init = ss_init,
    .alloc = ss_alloc,
    .collect = ss_collect,
    .grow = ss_grow,
    .arena_of = ss_arena_of,
    .evacuated = ss_evacuated,
    .used = ss_used,
    .capacity = ss_capacity,
    .walk = ss_walk,
    .barrier = NULL,
    .npools = 2,
    .pool_names = { "Semispace Allocation Space", "Semispace Copy Reserve" },
    .pool_usage = ss_pool_usage,
    .pool_space = { HS_SURVIVOR0, HS_SURVIVOR1 },
    .threshold_pools = 1,
    .manager_name = "Semispace",
};
