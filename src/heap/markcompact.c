/*
 * markcompact.c — the sliding mark-compact collector: one arena, live objects slid down.
 *
 * The heap is one range reserved at -Xmx and used up to the current capacity.  Allocation
 * bumps a shared pointer (TLAB chunks mostly), as in the semispace collector, but all of
 * the capacity holds objects: there is no copy reserve.
 *
 * A collection marks (mark.c: the live bitmap, refproc.c's reference processing, weak
 * roots), then slides every live object down towards the start of the arena in address
 * order, so the heap ends as one run of live objects followed by free space, and objects
 * keep their relative order (which keeps what was allocated together together).  New
 * addresses are not stored in the objects (their headers hold locks and hashes): mark.c
 * computes them from the live bitmap (the live words below the object, a table per 512
 * bytes plus one popcount).  The phases, with the world stopped (2 to 5 are mark.c's
 * mark_compact, which the generational collector's old generation shares):
 *
 *   1. mark_heap                       live bitmap; dead weak roots and monitors dropped
 *   2. mark_compute_forwarding         the per-block table of new addresses
 *   3. events                          an ascending walk: free for each dead object, move
 *                                      for each live one whose address changes
 *   4. update                          every root, every field of every live object, the
 *                                      weak roots and monitors now hold new addresses
 *   5. slide                           memmove, lowest object first (a destination never
 *                                      overlaps an object not yet moved)
 *
 * The capacity doubles while the survivors fill more than half of it, up to -Xmx, and
 * grows at once to fit an object larger than the room left (mc_grow).  In the patent's
 * terms there is one arena (id 1): a free event for every dead object, a move event
 * within the arena for every object that slides.
 */
#include "heap/gc.h"
#include <stdatomic.h>

#define ARENA_ID 1

static char *base;
static size_t reserved, capacity, initial_capacity;
static _Atomic(char *) top;
static char *limit;
static bool poison;

static bool mc_init(const HeapOptions *o) {
    reserved = ALIGN_UP(o->max, 4096);
    capacity = ALIGN_UP(o->initial, 4096);
    if (capacity > reserved) capacity = reserved;
    if (capacity < 1 << 20) capacity = reserved < (1 << 20) ? reserved : 1 << 20;
    initial_capacity = capacity;
    base = heap_reserve(reserved);
    if (!base || !mark_init(base, reserved)) return false;
    mark_full_heap = true;
    atomic_store(&top, base);
    limit = base + capacity;
    poison = o->stress_interval > 0;
    if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(ARENA_ID, "Mark-Compact Space");
    return true;
}

static void *mc_alloc(Thread *t, size_t size, bool tlab, size_t *granted) {
    UNUSED(t);
    for (;;) {
        char *p = atomic_load(&top);
        size_t avail = (size_t)(limit - p);
        size_t take = size;
        if (tlab && avail < size) take = avail;
        if (take == 0 || avail < take) return NULL;
        if (atomic_compare_exchange_weak(&top, &p, p + take)) {
            *granted = take;
            return p;
        }
    }
}

static void mc_collect(GCCause cause) {
    UNUSED(cause);
    char *old_top = atomic_load(&top);
    mark_heap(old_top);
    char *new_top = mark_compact(old_top, ARENA_ID);
    size_t live = mark_live_bytes();
    /* stale pointers into the freed tail read garbage at once */
    if (poison) memset(new_top, 0xAB, (size_t)(old_top - new_top));
    while (live > capacity / 2 && capacity < reserved) capacity = capacity * 2 < reserved ? capacity * 2 : reserved;
    atomic_store(&top, new_top);
    limit = base + capacity;
    gc_after_move();
}

static bool mc_grow(size_t size) {
    size_t need = heap_grown_capacity((size_t)(atomic_load(&top) - base), size, capacity, reserved);
    if (!need) return false;
    capacity = need;
    limit = base + capacity;
    return true;
}

static int mc_arena_of(Object *o) { UNUSED(o); return ARENA_ID; }
static size_t mc_used(void) { return (size_t)(atomic_load(&top) - base); }
static size_t mc_capacity(void) { return capacity; }

static void mc_walk(void (*fn)(Object *o, void *ctx), void *ctx) {
    gc_walk_range(base, atomic_load(&top), fn, ctx);
}

static void mc_pool_usage(int pool, HeapUsage *u) {
    UNUSED(pool);
    u->init = (int64_t)initial_capacity;
    u->used = (int64_t)mc_used();
    u->committed = (int64_t)capacity;
    u->max = (int64_t)reserved;
}

const Collector gc_markcompact = {
    .name = "markcompact",
    .moving = true,
    .init = mc_init,
    .alloc = mc_alloc,
    .collect = mc_collect,
    .grow = mc_grow,
    .arena_of = mc_arena_of,
    .used = mc_used,
    .capacity = mc_capacity,
    .walk = mc_walk,
    .barrier = NULL,
    .npools = 1,
    .pool_names = { "Mark-Compact Space" },
    .pool_usage = mc_pool_usage,
    .pool_space = { HS_OLD },
    .threshold_pools = 1,
    .manager_name = "MarkCompact",
};
