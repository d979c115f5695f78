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

static bool ms_init(const HeapOptions *o) {
    if (!fl_reserve(o, o->stress_interval > 0) || !mark_init(fl_base(), fl_reserved())) return false;
    mark_full_heap = true;
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
    fl_resize_after_gc();
    fl_unlock();
}

static int ms_arena_of(Object *o) { UNUSED(o); return ARENA_ID; }

const Collector gc_marksweep = {
    .name = "marksweep",
    .moving = false,
    .init = ms_init,
    .alloc = ms_alloc,
    .collect = ms_collect,
    .grow = fl_grow,
    .arena_of = ms_arena_of,
    .used = fl_used_now,
    .capacity = fl_capacity,
    .walk = fl_walk,
    .barrier = NULL,
    .npools = 1,
    .pool_names = { "Mark-Sweep Space" },
    .pool_usage = fl_pool_usage,
    .pool_space = { HS_OLD },
    .threshold_pools = 1,
    .manager_name = "MarkSweep",
};
