/*
 * gcevents.c — the heap events' dispatch: the collectors report, listeners are told.
 *
 * A collector or the allocation path calls gc_event_*; this file passes the event on to
 * every listener that asked for it.  Several listeners may be installed at once (the
 * event checker of -XX:+LoupeCheckGCEvents, JVMTI's extension events, JVMPI), each with
 * its own mask of GCEvent bits; gc_events_enabled is the union of the masks, so the
 * allocation fast path and the collectors test one word and do no event work at all when
 * nobody listens.
 *
 * The table is small and fixed.  It changes only with the world stopped (or before the VM
 * runs Java code): a listener is never called while it is being added or removed.
 */
#include "heap/gc.h"
#include "runtime/thread.h"
#include "runtime/vm.h"

#define MAX_LISTENERS 8

typedef struct ListenerSlot {
    const GCEventListener *l;
    uint32_t mask;
} ListenerSlot;

static ListenerSlot slots[MAX_LISTENERS];

static uint32_t union_of_masks(void) {
    uint32_t m = 0;
    for (int i = 0; i < MAX_LISTENERS; i++)
        if (slots[i].l) m |= slots[i].mask;
    return m;
}

static ListenerSlot *slot_of(const GCEventListener *l) {
    for (int i = 0; i < MAX_LISTENERS; i++)
        if (slots[i].l == l) return &slots[i];
    return NULL;
}

/* Runs the change with the world stopped when Java code may be running (t is a thread in
 * VM state), then republishes the union; TLABs handed out before allocation events were
 * on would hide allocations, so they are closed. */
static bool change(Thread *t, const GCEventListener *l, const GCEventListener *now, uint32_t mask) {
    bool stop = t && vm_phase >= VM_PHASE_PRIMORDIAL;
    if (stop) safepoint_begin(t);
    ListenerSlot *s = slot_of(l);
    bool ok = s != NULL;
    if (ok) {
        s->l = now;
        s->mask = now ? mask : 0;
    }
    __atomic_store_n(&gc_events_enabled, union_of_masks(), __ATOMIC_RELEASE);
    if (stop) heap_retire_tlabs();
    if (stop) safepoint_end(t);
    return ok;
}

bool gc_add_listener(Thread *t, const GCEventListener *l, uint32_t mask) {
    if (slot_of(l)) return change(t, l, l, mask);
    return change(t, NULL, l, mask);
}

void gc_remove_listener(Thread *t, const GCEventListener *l) { change(t, l, NULL, 0); }

/* Calls member `fn` of every listener that wants event `e`, with the arguments given. */
#define DISPATCH(e, fn, ...)                                                    \
    do {                                                                        \
        for (int i_ = 0; i_ < MAX_LISTENERS; i_++) {                            \
            const GCEventListener *l_ = slots[i_].l;                            \
            if (l_ && l_->fn && (slots[i_].mask & (1u << (e)))) l_->fn(__VA_ARGS__); \
        }                                                                       \
    } while (0)

void gc_event_arena_new(int arena_id, const char *name) { DISPATCH(GCE_ARENA_NEW, arena_new, arena_id, name); }
void gc_event_arena_delete(int arena_id) { DISPATCH(GCE_ARENA_DELETE, arena_delete, arena_id); }
void gc_event_object_alloc(Thread *t, int arena_id, Object *o, size_t size) {
    DISPATCH(GCE_OBJECT_ALLOC, object_alloc, t, arena_id, o, size);
}
void gc_event_object_free(Object *o) { DISPATCH(GCE_OBJECT_FREE, object_free, o); }
void gc_event_object_move(int old_arena, Object *from, int new_arena, Object *to) {
    DISPATCH(GCE_OBJECT_MOVE, object_move, old_arena, from, new_arena, to);
}
void gc_event_gc_start(void) { DISPATCH(GCE_GC_START, gc_start); }
void gc_event_gc_finish(size_t used, size_t capacity) { DISPATCH(GCE_GC_FINISH, gc_finish, used, capacity); }
