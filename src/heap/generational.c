/*
 * generational.c — a two-generation collector: a copying nursery and a mark-compact old
 * generation, with a card-marking write barrier.
 *
 * Most objects die young, so the young ones are collected often and cheaply, by copying
 * out the few that survive, and the old generation, where little dies, only when it fills.
 *
 * Layout.  Two ranges reserved apart: the nursery (-Xmn, by default a quarter of -Xmx up
 * to 8 MB) and the old generation (reserved at -Xmx, used up to its current capacity).
 * Allocation bumps a shared pointer in the nursery (TLAB chunks mostly); an object larger
 * than a quarter of the nursery is allocated directly in the old generation.
 *
 * Promotion is guaranteed: the nursery is only ever filled as far as the old generation
 * has room to take all of it (young_limit), and a direct old allocation leaves that room
 * alone.  So a minor collection can always copy every survivor into the old generation,
 * and the heap as a whole (old used + nursery used) never exceeds the old capacity, which
 * never exceeds -Xmx: when the old generation is full of live data the nursery shrinks to
 * nothing and allocation fails with OutOfMemoryError, as in a one-space heap of -Xmx.
 *
 * Minor collection (Cheney's algorithm, promote-all): the survivors of the nursery are
 * copied to the end of the old generation, each leaving its new address in its mark word,
 * starting from the roots and from the slots of dirty cards (cardtable.c: the barrier
 * marked them when a young object's address was stored into the old generation), then
 * scanning the promoted objects in order.  java.lang.ref is processed as in the semispace
 * collector (refproc.c; a Reference in the old generation counts as reached, so its young
 * referent is kept until a full collection decides); then the weak roots.  Afterwards no
 * object is young, so every card is clean again and the nursery is empty.  Under GC
 * stress every minor collection first checks that each old-to-young reference lies in a
 * dirty card: a store that bypassed the barrier ends the VM with its holder's class.
 *
 * Full collection: a minor collection, then mark.c's marking and sliding compaction of the
 * old generation (as the mark-compact collector), the object-start table of the cards
 * rebuilt.  The nursery is empty by then, so the marking covers the whole heap and
 * unloads the classes and loaders it did not reach (classunload.c), as mark-compact's.  It runs for System.gc() and every cause but an allocation failure, after a
 * minor one that left less room than a nursery, and every fourth time under GC stress.
 * The old capacity then grows to twice the live data and a nursery beyond it, up to -Xmx;
 * an allocation that still does not fit grows it as far as -Xmx allows (gen_grow).
 *
 * Events, in the patent's terms: two arenas, the nursery (1) and the old generation (2).
 * Promotion is a move event from arena 1 to arena 2 per survivor; the nursery is then
 * deleted (freeing, without an event each, the young objects that died) and created again,
 * empty, under the same id.  A full collection adds a free event per dead old object and a
 * move event within arena 2 per old object that slides.
 */
#include "heap/gc.h"
#include "runtime/vm.h"
#include <stdatomic.h>

#define NURSERY_ARENA 1
#define OLD_ARENA 2
#define DEFAULT_NURSERY ((size_t)8 << 20)
#define MIN_NURSERY ((size_t)256 << 10)
#define STRESS_FULL_EVERY 4

static char *nursery, *nursery_end;
static size_t nursery_size;
static _Atomic(char *) young_top;
static char *young_limit;           /* nursery + the room promotion is guaranteed */

static char *old_base;
static size_t old_reserved, old_capacity, old_initial;
static _Atomic(char *) old_top;

static bool stress, last_full;
static unsigned stress_collections;

/* minor-collection state: the nursery's used part, the copy and scan pointers */
static char *from_hi;
static char *copy_top, *scan;

static size_t nursery_size_for(const HeapOptions *o) {
    size_t n = o->young ? o->young : o->max / 4 < DEFAULT_NURSERY ? o->max / 4 : DEFAULT_NURSERY;
    if (n > o->max / 2) n = o->max / 2;
    if (n < MIN_NURSERY) n = MIN_NURSERY;
    return ALIGN_UP(n, 4096);
}

static size_t old_used(void) { return (size_t)(atomic_load(&old_top) - old_base); }

/* The nursery may fill as far as `room` bytes of the old generation can take. */
static void set_young_limit(size_t room) {
    young_limit = nursery + (room < nursery_size ? room & ~(size_t)7 : nursery_size);
}

static bool gen_init(const HeapOptions *o) {
    nursery_size = nursery_size_for(o);
    old_reserved = ALIGN_UP(o->max, 4096);
    nursery = heap_reserve(nursery_size);
    old_base = heap_reserve(old_reserved);
    if (!nursery || !old_base || !mark_init(old_base, old_reserved) || !card_init(old_base, old_reserved)) return false;
    /* a full collection marks only after a minor one has emptied the nursery: its marked
     * range then holds the whole heap, so it unloads classes */
    mark_full_heap = true;
    nursery_end = nursery + nursery_size;
    size_t cap = ALIGN_UP(o->initial, 4096);
    if (cap < 2 * nursery_size) cap = 2 * nursery_size;
    old_capacity = old_initial = cap < old_reserved ? cap : old_reserved;
    atomic_store(&young_top, nursery);
    atomic_store(&old_top, old_base);
    set_young_limit(old_capacity);
    stress = o->stress_interval > 0;
    if (GC_EVENT_ON(GCE_ARENA_NEW)) {
        gc_event_arena_new(NURSERY_ARENA, "Nursery");
        gc_event_arena_new(OLD_ARENA, "Old Gen");
    }
    return true;
}

/* ---- allocation ---- */

static void *young_alloc(size_t size, bool tlab, size_t *granted) {
    for (;;) {
        char *p = atomic_load(&young_top);
        size_t avail = p < young_limit ? (size_t)(young_limit - p) : 0, take = size;
        if (tlab && avail < size) take = avail;
        if (take == 0 || avail < take) return NULL;
        if (atomic_compare_exchange_weak(&young_top, &p, p + take)) {
            *granted = take;
            return p;
        }
    }
}

/* A large object, in the old generation, outside the room kept for promotion. */
static void *old_alloc(size_t size, size_t *granted) {
    size_t reserve = (size_t)(young_limit - nursery);
    for (;;) {
        char *p = atomic_load(&old_top);
        if ((size_t)(old_base + old_capacity - p) < size + reserve) return NULL;
        if (atomic_compare_exchange_weak(&old_top, &p, p + size)) {
            card_note_object((Object *)p);
            *granted = size;
            return p;
        }
    }
}

static bool too_large_for_nursery(size_t size) { return size > nursery_size / 4; }

static void *gen_alloc(Thread *t, size_t size, bool tlab, size_t *granted) {
    UNUSED(t);
    if (!tlab && too_large_for_nursery(size)) return old_alloc(size, granted);
    return young_alloc(size, tlab, granted);
}

/* The write barrier: a young object's address stored into the old generation dirties the
 * slot's card. */
static void gen_barrier(Object *holder, Object **slot, Object *value) {
    UNUSED(holder);
    if ((char *)value >= nursery && (char *)value < nursery_end && (uintptr_t)slot - (uintptr_t)old_base < old_reserved)
        card_mark(slot);
}

/* ---- minor collection ---- */

static inline bool in_from(const Object *o) { return (const char *)o >= nursery && (const char *)o < from_hi; }

static void promote(Object **slot, void *ctx) {
    UNUSED(ctx);
    Object *o = *slot;
    if (!in_from(o)) return;
    uintptr_t m = o->mark;
    if (mark_is_forwarded(m)) {
        *slot = mark_forwardee(m);
        return;
    }
    size_t size = heap_object_size(o);
    Object *n = (Object *)copy_top;
    copy_top += size;
    memcpy(n, o, size);
    o->mark = (uintptr_t)n | MARK_TAG_FORWARDED;
    card_note_object(n);
    if (GC_EVENT_ON(GCE_OBJECT_MOVE)) gc_event_object_move(NURSERY_ARENA, o, OLD_ARENA, n);
    *slot = n;
}

static bool survived(Object *o, void *ctx) {
    UNUSED(ctx);
    return !in_from(o) || mark_is_forwarded(o->mark);
}

static void drain(void *ctx) {
    UNUSED(ctx);
    while (scan < copy_top) {
        Object *o = (Object *)scan;
        gc_trace_object(o, promote, NULL);
        scan += heap_object_size(o);
    }
}

static const GCTracer tracer = { survived, promote, drain, NULL, false };   /* a young collection: no unloading */

/* GC stress: an old-to-young reference outside a dirty card is a store the barrier missed. */
static void check_slot(Object **slot, void *ctx) {
    Object *holder = ctx;
    if (in_from(*slot) && !card_is_dirty(slot))
        vm_fatal("write barrier missed: %s at %p, offset %zu, holds young %p outside a dirty card",
                 holder->klass->name ? holder->klass->name->str : "?", (void *)holder,
                 (size_t)((char *)slot - (char *)holder), (void *)*slot);
}

static void verify_cards(char *top) {
    for (char *p = old_base; p < top; p += heap_object_size((Object *)p)) gc_visit_object((Object *)p, check_slot, p);
}

static void minor(void) {
    char *promoted = atomic_load(&old_top);
    from_hi = atomic_load(&young_top);
    copy_top = scan = promoted;
    if (stress) verify_cards(promoted);
    gc_refs_begin(&tracer);
    gc_visit_roots(promote, NULL);
    card_scan(promoted, promote, NULL);
    drain(NULL);
    gc_refs_process();
    gc_process_weak_roots(survived, promote, NULL);
    card_clear(old_base, copy_top);
    if (GC_EVENT_ON(GCE_ARENA_DELETE)) gc_event_arena_delete(NURSERY_ARENA);
    if (GC_EVENT_ON(GCE_ARENA_NEW)) gc_event_arena_new(NURSERY_ARENA, "Nursery");
    /* stale pointers into the nursery read garbage at once */
    if (stress) memset(nursery, 0xAB, (size_t)(from_hi - nursery));
    atomic_store(&old_top, copy_top);
    atomic_store(&young_top, nursery);
    from_hi = nursery;
}

/* ---- full collection ---- */

static void compact_old(void) {
    char *top = atomic_load(&old_top);
    mark_heap(top);
    char *new_top = mark_compact(top, OLD_ARENA);
    card_rebuild_starts(top, new_top);
    if (stress) memset(new_top, 0xAB, (size_t)(top - new_top));
    atomic_store(&old_top, new_top);
    size_t live = old_used(), want = ALIGN_UP(live + (live > nursery_size ? live : nursery_size), 4096);
    if (want > old_reserved) want = old_reserved;
    if (want > old_capacity) old_capacity = want;
}

static bool wants_full(GCCause cause) {
    if (cause == GC_ALLOC_FAILURE) return false;
    if (cause == GC_STRESS) return ++stress_collections % STRESS_FULL_EVERY == 0;
    return true;
}

static void gen_collect(GCCause cause) {
    last_full = wants_full(cause);
    minor();
    if (!last_full && old_capacity - old_used() < nursery_size) last_full = true;
    if (last_full) compact_old();
    set_young_limit(old_capacity - old_used());
    gc_after_move();
}

static size_t young_used(void) { return (size_t)(atomic_load(&young_top) - nursery); }

/* Room for one more object of `size` bytes after a collection: the old generation grows,
 * with a nursery's room beyond it if -Xmx allows; a large object's room is taken from the
 * nursery's until the next collection.  What the nursery holds already (a TLAB taken
 * since the collection) keeps its room. */
static bool gen_grow(size_t size) {
    size_t used = old_used() + young_used();
    size_t cap = heap_grown_capacity(used, size + nursery_size, old_capacity, old_reserved);
    if (!cap) cap = heap_grown_capacity(used, size, old_capacity, old_reserved);
    if (!cap) return false;
    old_capacity = cap;
    set_young_limit(cap - old_used() - (too_large_for_nursery(size) ? size : 0));
    return true;
}

/* ---- the rest of the interface ---- */

/* Every collection begins with a minor one, which empties the nursery. */
static int gen_evacuated(void) { return NURSERY_ARENA; }

static int gen_arena_of(Object *o) {
    return (char *)o >= nursery && (char *)o < nursery_end ? NURSERY_ARENA : OLD_ARENA;
}

static size_t gen_used(void) { return old_used() + young_used(); }
static size_t gen_capacity(void) { return old_capacity + nursery_size; }

static void walk_range(char *p, char *top, void (*fn)(Object *o, void *ctx), void *ctx) {
    while (p < top) {
        Object *o = (Object *)p;
        p += heap_object_size(o);
        if (!heap_is_filler(o)) fn(o, ctx);
    }
}

static void gen_walk(void (*fn)(Object *o, void *ctx), void *ctx) {
    walk_range(old_base, atomic_load(&old_top), fn, ctx);
    walk_range(nursery, atomic_load(&young_top), fn, ctx);
}

/* The pools, named as HotSpot's Serial collector names its spaces: the nursery is the
 * eden, the old generation the tenured one, and the survivor space is empty and of size
 * 0, since every survivor is promoted at once (its maximum undefined, -1, rather than 0,
 * so that a collection-usage threshold can be set on it as on HotSpot's). */
enum { POOL_EDEN, POOL_SURVIVOR, POOL_TENURED };

static void gen_pool_usage(int pool, HeapUsage *u) {
    switch (pool) {
    case POOL_EDEN:
        *u = (HeapUsage){ (int64_t)nursery_size, (int64_t)young_used(), (int64_t)nursery_size, (int64_t)nursery_size };
        return;
    case POOL_SURVIVOR: *u = (HeapUsage){ 0, 0, 0, -1 }; return;
    default: *u = (HeapUsage){ (int64_t)old_initial, (int64_t)old_used(), (int64_t)old_capacity, (int64_t)old_reserved };
    }
}

static const char *gen_pause_name(void) { return last_full ? "Pause Full" : "Pause Young"; }

/* Under -XX:+UseParallelGC, HotSpot Parallel's names for the same spaces and beans. */
static const GCBeanNames parallel_names = {
    .pools = { [POOL_EDEN] = "PS Eden Space", [POOL_SURVIVOR] = "PS Survivor Space", [POOL_TENURED] = "PS Old Gen" },
    .young_manager = "PS Scavenge",
    .full_manager = "PS MarkSweep",
};

const Collector gc_generational = {
    .name = "generational",
    .moving = true,
    .init = gen_init,
    .alloc = gen_alloc,
    .collect = gen_collect,
    .grow = gen_grow,
    .arena_of = gen_arena_of,
    .evacuated = gen_evacuated,
    .used = gen_used,
    .capacity = gen_capacity,
    .walk = gen_walk,
    .barrier = gen_barrier,
    .npools = 3,
    .pool_names = { [POOL_EDEN] = "Eden Space", [POOL_SURVIVOR] = "Survivor Space", [POOL_TENURED] = "Tenured Gen" },
    .pool_usage = gen_pool_usage,
    .pool_space = { [POOL_EDEN] = HS_EDEN, [POOL_SURVIVOR] = HS_SURVIVOR0, [POOL_TENURED] = HS_OLD },
    .threshold_pools = 1u << POOL_TENURED,
    .manager_name = "Generational",
    .hotspot_name = "Serial",
    .hotspot_policy = "Copy:MSC",
    .young_gen_name = "DefNew",
    .old_gen_name = "Tenured",
    /* minor collections as HotSpot Serial's "Copy", full ones as its "MarkSweepCompact" */
    .young_manager = "Copy",
    .full_manager = "MarkSweepCompact",
    .young_pools = 1u << POOL_EDEN | 1u << POOL_SURVIVOR,
    .full_pools = 1u << POOL_EDEN | 1u << POOL_SURVIVOR | 1u << POOL_TENURED,
    .pause_name = gen_pause_name,
    .parallel_names = &parallel_names,
};
