/*
 * marksweep.c — the non-moving mark-sweep collector: free lists by size class, one arena.
 *
 * The arena and its free lists are freelist.c's (shared with the reference-counting
 * collector): objects are allocated from size-class lists and the wilderness above them,
 * and nothing ever moves, so an object's address is its identity for its whole life.
 *
 * A collection marks (mark.c), then sweeps (fl_sweep): every maximal run of unmarked
 * words below top becomes one free chunk (dead objects, old chunks and retired TLAB tails
 * merge), found from the live bitmap alone; a run that reaches top gives the space back to
 * the wilderness.  The capacity doubles while the survivors fill more than half of it, up
 * to -Xmx, and grows at once to fit an object no chunk can hold (ms_grow).
 *
 * In the patent's terms there is one arena (id 1), and the sweep sends a free event for
 * every dead object as it returns it to the free lists.
 */
#include "heap/freelist.h"

#define ARENA_ID 1

static char *base;
static size_t reserved, capacity, initial_capacity;

static bool ms_init(const HeapOptions *o) {
    reserved = ALIGN_UP(o->max, 4096);
    capacity = ALIGN_UP(o->initial, 4096);
    if (capacity > reserved) capacity = reserved;
    if (capacity < 1 << 20) capacity = reserved < (1 << 20) ? reserved : 1 << 20;
    initial_capacity = capacity;
    base = heap_reserve(reserved);
    if (!base || !mark_init(base, reserved)) return false;
    mark_full_heap = true;
    fl_init(base, base + capacity, o->stress_interval > 0);
    if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(ARENA_ID, "Mark-Sweep Space");
    return true;
}

static void *ms_alloc(Thread *t, size_t size, bool tlab, size_t *granted) {
    UNUSED(t);
    fl_lock();
    void *p = fl_alloc_locked(size, tlab, granted);
    fl_unlock();
    return p;
}

static void ms_collect(GCCause cause) {
    UNUSED(cause);
    fl_lock();
    mark_heap(fl_top());
    if (GC_EVENT_ON(GCE_OBJECT_FREE)) fl_report_dead();
    fl_sweep();
    while (fl_used() > capacity / 2 && capacity < reserved)
        capacity = capacity * 2 < reserved ? capacity * 2 : reserved;
    fl_set_limit(base + capacity);
    fl_unlock();
}

static bool ms_grow(size_t size) {
    fl_lock();
    size_t need = heap_grown_capacity((size_t)(fl_top() - base), size, capacity, reserved);
    bool ok = need != 0;
    if (ok) capacity = need;
    fl_set_limit(base + capacity);
    fl_unlock();
    return ok;
}

static int ms_arena_of(Object *o) { UNUSED(o); return ARENA_ID; }

static size_t ms_used_locked(void) {
    fl_lock();
    size_t n = fl_used();
    fl_unlock();
    return n;
}

static size_t ms_capacity(void) { return capacity; }

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
    .walk = fl_walk,
    .barrier = NULL,
    .npools = 1,
    .pool_names = { "Mark-Sweep Space" },
    .pool_usage = ms_pool_usage,
    .manager_name = "MarkSweep",
};
