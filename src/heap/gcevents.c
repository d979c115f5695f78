/*
 * gcevents.c — the heap events' dispatch: the collectors report, listeners are told.
 *
 * A collector or the allocation path calls gc_event_*; this file passes the event on to
 * every listener that asked for it.  Several listeners may be installed at once (the
 * event checker of -XX:+LoupeCheckGCEvents, JVMTI's extension events, JVMPI), each with
 * its own mask of GCEvent bits; gc_events_enabled is the union of the masks, so the
 * allocation fast path and the collectors test one word and do no event work at all when
 * nobody listens.  gc_events_delivered says which events some listener has a function for
 * (a listener may ask for the allocation bit only to keep TLABs closed, as JVMTI's does).
 *
 * A layer whose listener and allocation hook do all the per-object work may replace
 * both by one function, the allocation sink (gc.h); it is dropped whenever the listeners
 * change, so that a listener added later is never skipped.
 *
 * The table is small and fixed.  It changes only with the world stopped (or before the VM
 * runs Java code): a listener is never called while it is being added or removed.
 */
#include "heap/gc.h"
#include "runtime/thread.h"
#include "runtime/vm.h"
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#define MAX_LISTENERS GC_MAX_LISTENERS

typedef struct ListenerSlot {
    const GCEventListener *l;
    uint32_t mask;
} ListenerSlot;

static ListenerSlot slots[MAX_LISTENERS];

/* Per event, the listeners that want it and have a function for it, NULL-terminated and
 * rebuilt with each change, so that posting an event walks only those. */
const GCEventListener *gc_event_wanting[GCE_COUNT][GC_MAX_LISTENERS + 1];
volatile uint32_t gc_events_delivered;
GcAllocSink volatile gc_alloc_sink;
/* Orders the sink's setting with the listeners' changes (which hold it with the world
 * stopped: a setter never waits for a safepoint while holding it). */
static pthread_mutex_t sink_lock = PTHREAD_MUTEX_INITIALIZER;

bool gc_set_alloc_sink(GcAllocSink sink, const GCEventListener *only) {
    pthread_mutex_lock(&sink_lock);
    const GCEventListener *const *l = gc_event_wanting[GCE_OBJECT_ALLOC];
    bool ok = !sink || (only ? l[0] == only && !l[1] : !l[0]);
    __atomic_store_n(&gc_alloc_sink, ok ? sink : NULL, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&sink_lock);
    return ok;
}

/* Where each event's function sits in a GCEventListener. */
static const size_t fn_offset[GCE_COUNT] = {
    [GCE_ARENA_NEW] = offsetof(GCEventListener, arena_new),
    [GCE_ARENA_DELETE] = offsetof(GCEventListener, arena_delete),
    [GCE_OBJECT_ALLOC] = offsetof(GCEventListener, object_alloc),
    [GCE_OBJECT_FREE] = offsetof(GCEventListener, object_free),
    [GCE_OBJECT_MOVE] = offsetof(GCEventListener, object_move),
    [GCE_GC_START] = offsetof(GCEventListener, gc_start),
    [GCE_GC_FINISH] = offsetof(GCEventListener, gc_finish),
};

static bool has_fn(const GCEventListener *l, GCEvent e) {
    void (*fn)(void);
    memcpy(&fn, (const char *)l + fn_offset[e], sizeof fn);
    return fn != NULL;
}

static uint32_t union_of_masks(void) {
    uint32_t m = 0;
    for (int i = 0; i < MAX_LISTENERS; i++)
        if (slots[i].l) m |= slots[i].mask;
    return m;
}

/* Rebuilds gc_event_wanting[] and returns the events some listener has a function for. */
static uint32_t rebuild_wanting(void) {
    uint32_t delivered = 0;
    for (int e = 0; e < GCE_COUNT; e++) {
        int n = 0;
        for (int i = 0; i < MAX_LISTENERS; i++)
            if (slots[i].l && (slots[i].mask & (1u << e)) && has_fn(slots[i].l, (GCEvent)e))
                gc_event_wanting[e][n++] = slots[i].l;
        gc_event_wanting[e][n] = NULL;
        if (n) delivered |= 1u << e;
    }
    return delivered;
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
    bool stop = t && vm_phase_now() >= VM_PHASE_PRIMORDIAL;
    if (stop) safepoint_begin(t);
    pthread_mutex_lock(&sink_lock);
    ListenerSlot *s = slot_of(l);
    bool ok = s != NULL;
    if (ok) {
        s->l = now;
        s->mask = now ? mask : 0;
    }
    __atomic_store_n(&gc_alloc_sink, NULL, __ATOMIC_RELEASE);     /* made for the listeners that were */
    __atomic_store_n(&gc_events_delivered, rebuild_wanting(), __ATOMIC_RELEASE);
    __atomic_store_n(&gc_events_enabled, union_of_masks(), __ATOMIC_RELEASE);
    pthread_mutex_unlock(&sink_lock);
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
        for (const GCEventListener *const *l_ = gc_event_wanting[e]; *l_; l_++) (*l_)->fn(__VA_ARGS__); \
    } while (0)

void gc_event_arena_new(int arena_id, const char *name) { DISPATCH(GCE_ARENA_NEW, arena_new, arena_id, name); }
void gc_event_arena_delete(int arena_id) { DISPATCH(GCE_ARENA_DELETE, arena_delete, arena_id); }
void gc_event_gc_start(void) { DISPATCH(GCE_GC_START, gc_start); }
void gc_event_gc_finish(size_t used, size_t capacity) { DISPATCH(GCE_GC_FINISH, gc_finish, used, capacity); }
