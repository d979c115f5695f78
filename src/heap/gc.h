/*
 * gc.h — the interface every collector implements, and the shared services it relies on.
 *
 * Loupe is built for five collectors (semispace copying, mark-sweep, mark-compact,
 * generational, reference counting).  Each lives in its own file and fills a Collector
 * table; heap.c picks one at start-up.  What is the same for all of them lives in the
 * shared layer and is called by the collectors:
 *
 *   roots.c    enumerates every root slot exactly once: interpreter frames (through the
 *              per-bci reference maps of interp/refmap.c), JNI local/global/weak handles,
 *              VM handles, class mirrors and loaders, resolved constant-pool objects,
 *              the intern table, monitors' objects and each thread's pending exception;
 *   refproc.c  java.lang.ref: discovers Soft/Weak/Final/PhantomReferences while the
 *              collector traces (gc_trace_object) and, once the strong trace is complete,
 *              clears, keeps alive and hands references to the Reference Handler
 *              (gc_refs_process), through the tracer callbacks the collector supplies;
 *   heap.c     object sizes and reference iteration, TLABs, the safepoint for a collection,
 *              and the heap events of the profiling interface: arena new/delete, object
 *              alloc/free/move, GC start/finish.  A collector reports through gc_event_*
 *              and never talks to JVMTI or JVMPI itself, so every collector reports the
 *              same way (the patent's algorithm-independent events).
 */
#ifndef LOUPE_GC_H
#define LOUPE_GC_H

#include "heap/heap.h"

/* Visitor over reference slots.  `slot` points at a field, array element, frame slot or
 * root; the visitor may rewrite it (moving collectors). */
typedef void (*SlotVisitor)(Object **slot, void *ctx);

/* java.lang.management's names for a collector's pools (by pool number) and its young and
 * full GarbageCollectorMXBeans. */
typedef struct GCBeanNames {
    const char *pools[HEAP_MAX_POOLS];
    const char *young_manager, *full_manager;
} GCBeanNames;

typedef struct Collector {
    const char *name;
    bool moving;                        /* objects may change address */
    bool (*init)(const HeapOptions *opts);
    /* Returns `size` bytes of zeroed memory for a TLAB refill or a large object, or NULL
     * if a collection is needed first.  `tlab` says whether the request is a TLAB chunk
     * (the collector may then grant less: *granted receives the size). */
    void *(*alloc)(Thread *t, size_t size, bool tlab, size_t *granted);
    /* Collects; all other threads are stopped.  Returns after reference slots everywhere
     * point at the new locations. */
    void (*collect)(GCCause cause);
    /* Raises the capacity so that an object of `size` bytes fits now, within the
     * reservation (-Xmx); false if it cannot.  Called with the world stopped, after a
     * collection that left too little room. */
    bool (*grow)(size_t size);
    /* The arena (the patent's heap arena) that holds o, for the events. */
    int (*arena_of)(Object *o);
    /* The arena the collection about to begin empties, asked at its start: every object
     * in it then either moves out (an object-move event) or dies with the arena's
     * deletion (arena-delete), none freed one by one or left in place.  NULL or -1: no
     * such arena.  A heap event listener may count that arena's deaths by subtraction. */
    int (*evacuated)(void);
    size_t (*used)(void);
    size_t (*capacity)(void);
    /* Calls fn on every object in the heap (live or not yet collected).  Threads stopped. */
    void (*walk)(void (*fn)(Object *o, void *ctx), void *ctx);
    /* Reference store hook, NULL if the collector needs no barrier. */
    void (*barrier)(Object *holder, Object **slot, Object *value);
    /* The collector's memory pools as java.lang.management shows them (MemoryPoolMXBean):
     * their names, and the usage of pool i now.  All pools are heap pools collected by
     * this collector. */
    int npools;
    const char *pool_names[HEAP_MAX_POOLS];
    void (*pool_usage)(int pool, HeapUsage *u);
    /* Pool i's place in HotSpot's generation/space model (jstat's counters). */
    HeapSpace pool_space[HEAP_MAX_POOLS];
    /* The pools that keep what outlives collections (an old generation, the space a copier
     * allocates in and copies survivors to), bit i: pool i.  MemoryPoolMXBean's usage
     * threshold is watched on them, as HotSpot watches it on its old generations and not
     * on eden or the survivors. */
    unsigned threshold_pools;
    /* The collector's name for logs and jstat's policy, and its GarbageCollectorMXBean's
     * when it has one bean. */
    const char *manager_name;
    /* The HotSpot collector this one is (the same generations and algorithms), or NULL:
     * its name in "Using Serial" and jstat's counters, and its policy's ("Copy:MSC"),
     * shown when HotSpot's own flag selected it (heap_log_name). */
    const char *hotspot_name, *hotspot_policy;
    /* Its generations' names in -Xlog:gc+heap ("DefNew", "Tenured"), NULL: one line per
     * pool instead (gclog.c). */
    const char *young_gen_name, *old_gen_name;
    /* Two GarbageCollectorMXBeans instead, as HotSpot's generational collectors show them:
     * the young one counts the collections pause_name calls "Pause Young", the full one
     * the others; each manages the pools of its mask (bit i: pool i).  NULL: one bean. */
    const char *young_manager, *full_manager;
    unsigned young_pools, full_pools;
    /* The pool and bean names under -XX:+UseParallelGC, when that flag selects this
     * collector (HotSpot Parallel's "PS Eden Space", "PS Scavenge"...); NULL: its own. */
    const struct GCBeanNames *parallel_names;
    /* What the last collection was for -Xlog:gc ("Pause Young"); NULL: "Pause Full". */
    const char *(*pause_name)(void);
} Collector;

extern const Collector gc_semispace, gc_markcompact, gc_marksweep, gc_generational, gc_refcount;

/* ---- -Xlog:gc* beyond the pause line (gclog.c) ---- */
void gclog_init(const HeapOptions *o);
void gclog_heap(const Collector *c, uint64_t id, const HeapUsage *before, const HeapUsage *after);
double gclog_cpu_seconds(bool system);
void gclog_cpu(uint64_t id, double user0, double sys0, double real);

/* ---- shared services for collectors ---- */

/* Visits every root slot. */
void gc_visit_roots(SlotVisitor v, void *ctx);
/* The same roots, each with what kind of root it is (heap walks that report roots: JVMTI). */
typedef enum GCRootKind {
    GCR_OTHER, GCR_JNI_GLOBAL, GCR_SYSTEM_CLASS, GCR_MONITOR, GCR_STACK_LOCAL, GCR_JNI_LOCAL, GCR_THREAD
} GCRootKind;
typedef struct GCRootInfo {
    GCRootKind kind;
    Thread *thread;             /* thread, stack local, JNI local and frame monitor roots */
    struct Frame *frame;        /* stack locals, frame monitors, JNI locals: the frame (NULL: none) */
    int depth;                  /* that frame's depth, 0 for the innermost (-1: none) */
    int slot;                   /* stack locals: the local variable's slot (-1: operand stack) */
} GCRootInfo;
typedef void (*RootVisitor)(Object **slot, const GCRootInfo *info, void *ctx);
void gc_visit_roots_kinds(RootVisitor v, void *ctx);
/* Visits the reference slots inside object o (fields, array elements, mirror statics). */
void gc_visit_object(Object *o, SlotVisitor v, void *ctx);
/* The references one class / one loader holds (part of gc_visit_roots). */
void gc_visit_class_roots(Class *c, SlotVisitor v, void *ctx);
void gc_visit_loader_roots(LoaderData *ld, SlotVisitor v, void *ctx);

/* ---- reference processing (refproc.c) ----
 *
 * A tracing collector brackets its trace like this:
 *
 *     gc_refs_begin(&tracer);              discovery on
 *     gc_visit_roots(...);                 the strong trace, scanning each reached object
 *     ... gc_trace_object(o, v, ctx) ...   with gc_trace_object instead of gc_visit_object
 *     gc_refs_process();                   soft/weak cleared, final referents kept alive,
 *                                          phantoms cleared, all queued for Java
 *     gc_process_weak_roots(...);          JNI weak globals (phantom strength) after it
 *
 * The tracer tells the shared code what "reached" means for this collector.  Reference
 * objects are recorded at the address at which they are scanned and must stay there until
 * gc_refs_process returns (a copying collector scans them in to-space; a compacting one
 * processes references before it moves anything). */
typedef struct GCTracer {
    /* true if the trace has reached o so far (marked, copied, ...) */
    bool (*is_live)(Object *o, void *ctx);
    /* reaches *slot now (marks or copies it) and stores its current address in *slot;
     * for an object already reached it only updates the slot */
    SlotVisitor keep_alive;
    /* completes the trace from everything kept alive since the last drain */
    void (*drain)(void *ctx);
    void *ctx;
    /* a full trace, after which classes and loaders it did not reach may be unloaded
     * (heap/classunload.c); false for a partial one (a young collection) */
    bool unload_classes;
} GCTracer;

void gc_refs_begin(const GCTracer *tracer);
/* Like gc_visit_object, except that while discovery is on the referent of a Reference
 * whose referent has not been reached is not visited: the reference is discovered. */
void gc_trace_object(Object *o, SlotVisitor v, void *ctx);
/* Processes the discovered references; discovery is off from here on. */
void gc_refs_process(void);
/* Weak roots (weak JNI globals, the intern table, monitors' objects): `is_live` tells
 * whether the target survived; dead ones are cleared, live ones are passed to `v` to be
 * updated.  A compacting collector calls it twice: after marking to clear, after
 * computing new addresses to update. */
void gc_process_weak_roots(bool (*is_live)(Object *o, void *ctx), SlotVisitor v, void *ctx);
/* Calls fn on every object of [from, to), a range laid out object after object (fillers
 * included: they are skipped). */
void gc_walk_range(char *from, char *to, void (*fn)(Object *o, void *ctx), void *ctx);
/* True for the filler objects that pad unused heap ranges (never visible to Java). */
extern Class heap_filler_class, heap_filler8_class, heap_filler16_class;
static inline bool heap_is_filler(Object *o) {
    return o->klass == &heap_filler_class || o->klass == &heap_filler8_class || o->klass == &heap_filler16_class;
}
/* Makes [from, to) one filler object (8-byte aligned, any size from 8), so that the heap
 * stays walkable across it. */
void heap_fill_gap(char *from, char *to);
/* The capacity a collector grows to so that `size` more bytes fit above `used`, with a
 * quarter more to go on (so that one large object does not make every later allocation
 * collect), within `reserved`; 0 if even `used + size` exceeds it. */
size_t heap_grown_capacity(size_t used, size_t size, size_t capacity, size_t reserved);
/* The heap options the VM started with (-Xms, -Xmx, GC stress). */
const HeapOptions *heap_options(void);
/* Reserves `size` bytes of address space (committed lazily by the kernel); NULL on
 * failure.  heap_protect makes a range inaccessible or accessible again (GC stress). */
void *heap_reserve(size_t size);
void heap_protect(void *p, size_t size, bool accessible);

/* ---- marking (mark.c), shared by the tracing collectors ----
 *
 * One marked range (an arena) with a mark bitmap of one bit per heap word, in which every
 * word of a live object is marked (not just its first): so a run of clear bits is exactly
 * a free range, and the live words before any address are a population count, which is
 * what sliding compaction needs to compute new addresses (mark_forward).  The mark stack
 * is bounded; when it overflows, objects are marked gray in a second bitmap and rescanned
 * from there, so marking never needs memory it cannot get. */
bool mark_init(char *base, size_t reserved);
/* Set by a collector whose marked range is the whole heap when it marks (mark-sweep,
 * mark-compact, reference counting's backup trace, the generational one's full
 * collection, which marks an empty nursery):
 * its marking then unloads classes (classunload.c).  Off by default, for a collector that
 * marks one generation and counts the rest live. */
extern bool mark_full_heap;
/* The whole mark phase over [base, top): roots, the trace, java.lang.ref (refproc.c),
 * weak roots and monitors.  Objects outside the range count as live and are not traced. */
void mark_heap(char *top);
/* Marks what the roots reach through strong references and referents alike, with no
 * reference processing and no weak roots: a side-effect-free check (refcount.c). */
void mark_heap_strong(char *top);
bool mark_is_live(Object *o, void *ctx);
/* First marked / unmarked address in [p, top), or top. */
char *mark_next_live(char *p, char *top);
char *mark_next_free(char *p, char *top);
/* Free events for every dead object below top, in address order, after mark_heap. */
void mark_report_dead(char *top);
/* Sliding compaction: where a live object goes when all live objects slide down to base,
 * in address order.  Valid after mark_compute_forwarding (after mark_heap). */
void mark_compute_forwarding(char *top);
Object *mark_forward(Object *o);
size_t mark_live_bytes(void);
/* Sliding compaction of the marked range up to top, after mark_heap: free events for the
 * dead and move events (within arena_id) for the moved, every root, field and weak root
 * updated, the live objects slid down.  Returns the new top (base + the live bytes). */
char *mark_compact(char *top, int arena_id);

/* ---- card table (cardtable.c), for a generational collector ----
 * One byte per CARD_SIZE bytes of a range, set by the write barrier where a slot got a
 * reference that a minor collection must find; and a bitmap of the objects' first words,
 * so that a dirty card can be scanned from the object that covers it. */
#define CARD_SIZE 512
bool card_init(char *base, size_t size);
bool card_covers(const void *p);
void card_mark(const void *p);
bool card_is_dirty(const void *p);
void card_clear(char *from, char *to);
/* o now starts where it lies (promoted or allocated in the range). */
void card_note_object(Object *o);
/* The starts of [base, old_top) forgotten, those of the objects in [base, new_top) noted. */
void card_rebuild_starts(char *old_top, char *new_top);
/* Calls v on every non-null reference slot in a dirty card below top. */
void card_scan(char *top, SlotVisitor v, void *ctx);
/* Fixes up VM structures that cache addresses (monitors' objects) after a moving GC. */
void gc_after_move(void);

/* ---- re-laying out objects (reshape.c): enhanced class redefinition ----
 * With the world stopped: heap_reshape_take copies aside every object `wanted` accepts and
 * leaves a filler in its place (call it while the classes still describe the old layout);
 * then the caller changes the classes; heap_reshape_finish allocates each object again at
 * its class's new size, lets `copy` fill it from the old bytes (header included), and
 * points every root, weak root and heap reference at the new objects. */
typedef struct HeapReshape HeapReshape;
typedef struct HeapRoom HeapRoom;
HeapReshape *heap_reshape_take(bool (*wanted)(Object *o, void *ctx), void *ctx);
size_t heap_reshape_count(const HeapReshape *r);
void heap_reshape_finish(Thread *t, HeapReshape *r, HeapRoom *room, void (*copy)(Object *to, const Object *from, void *ctx),
                         void *ctx);
/* How many reshapes have finished: a listener that reads objects in place (their class)
 * can tell whether some became fillers and copies since it last looked. */
extern volatile uint32_t heap_reshapes;
/* Room for the new objects, reserved with the world running (collections allowed): NULL
 * with an OutOfMemoryError pending if there is not that much.  Released after the reshapes
 * it served (what they did not use is garbage). */
HeapRoom *heap_room_reserve(Thread *t, size_t bytes);
void heap_room_release(Thread *t, HeapRoom *room);
/* Zeroed memory from the collector with the world stopped, growing the heap if needed but
 * never collecting; NULL if there is none. */
void *heap_alloc_stopped(Thread *t, size_t size);

/* ---- heap events (the profiling interface's algorithm-independent events) ---- */

typedef enum GCEvent {
    GCE_ARENA_NEW,
    GCE_ARENA_DELETE,
    GCE_OBJECT_ALLOC,
    GCE_OBJECT_FREE,
    GCE_OBJECT_MOVE,
    GCE_GC_START,
    GCE_GC_FINISH,
    GCE_COUNT
} GCEvent;

/* Bit per GCEvent: a listener (JVMPI / JVMTI extension) sets these; collectors test them
 * before doing any event work, so events cost nothing when nobody listens. */
extern volatile uint32_t gc_events_enabled;

typedef struct GCEventListener {
    void (*arena_new)(int arena_id, const char *name);
    void (*arena_delete)(int arena_id);
    void (*object_alloc)(Thread *t, int arena_id, Object *o, size_t size);
    void (*object_free)(Object *o);
    /* In a collection, or from a reshape (old_addr a filler then, new_addr whole). */
    void (*object_move)(int old_arena, Object *old_addr, int new_arena, Object *new_addr);
    void (*gc_start)(void);
    void (*gc_finish)(size_t used, size_t capacity);
} GCEventListener;

/* Listeners (gcevents.c): each gets the events of its mask (GCEvent bits); adding one
 * again changes its mask.  With t (a thread in VM state, the VM running) the world is
 * stopped meanwhile and every TLAB closed, so that no allocation escapes the events.
 * At most 8 listeners: false when the table is full. */
bool gc_add_listener(Thread *t, const GCEventListener *l, uint32_t mask);
void gc_remove_listener(Thread *t, const GCEventListener *l);
/* Closes every thread's TLAB (filling its tail), so the heap is walkable and the next
 * allocation of each thread takes the slow path. */
void heap_retire_tlabs(void);
/* The arena that holds o now (the collector's arena_of). */
int heap_arena_of(Object *o);
/* The arena the collection about to begin empties (the collector's evacuated), -1 none. */
int heap_evacuated_arena(void);
/* The reference checker (gccheck.c, -XX:+LoupeCheckGCEvents): listens to every event and
 * compares what they say with a heap walk after each collection. */
void gc_check_events_install(void);
void gc_event_arena_new(int arena_id, const char *name);
void gc_event_arena_delete(int arena_id);
/* Per event, the listeners that want it and have a function for it, NULL-terminated
 * (gcevents.c keeps it); alloc, free and move, one per object, are called from here
 * inline. */
#define GC_MAX_LISTENERS 8
extern const GCEventListener *gc_event_wanting[GCE_COUNT][GC_MAX_LISTENERS + 1];
static inline void gc_event_object_move(int old_arena, Object *from, int new_arena, Object *to) {
    for (const GCEventListener *const *l = gc_event_wanting[GCE_OBJECT_MOVE]; *l; l++)
        (*l)->object_move(old_arena, from, new_arena, to);
}
static inline void gc_event_object_alloc(Thread *t, int arena_id, Object *o, size_t size) {
    for (const GCEventListener *const *l = gc_event_wanting[GCE_OBJECT_ALLOC]; *l; l++)
        (*l)->object_alloc(t, arena_id, o, size);
}
static inline void gc_event_object_free(Object *o) {
    for (const GCEventListener *const *l = gc_event_wanting[GCE_OBJECT_FREE]; *l; l++) (*l)->object_free(o);
}
void gc_event_gc_start(void);
void gc_event_gc_finish(size_t used, size_t capacity);

/* The allocation sink: one function that takes every new object in place of the
 * object_alloc listeners and JVMTI's allocation hook, set (gc_set_alloc_sink) by the layer
 * that owns all of them while their whole work per object is its own and never blocks
 * (JVMTI's exact allocation counts and lifetimes: one call per object instead of three,
 * on the path every allocation takes while allocations are reported).  Any change of the
 * listeners drops it (gcevents.c), with the world stopped; its owner sets it again if it
 * still may.  NULL: the listeners and the hook as usual. */
typedef Object *(*GcAllocSink)(Thread *t, int arena_id, Object *o, size_t size);   /* returns o */
extern GcAllocSink volatile gc_alloc_sink;
/* Sets the sink if the listeners with an object_alloc are exactly `only` (NULL: none);
 * false, and no sink, otherwise.  A NULL sink is always set. */
bool gc_set_alloc_sink(GcAllocSink sink, const GCEventListener *only);
static inline GcAllocSink gc_alloc_sink_now(void) { return __atomic_load_n(&gc_alloc_sink, __ATOMIC_ACQUIRE); }

/* Holds (gchold.c): while any thread holds, no collection starts (JVMPI's DisableGC and
 * its events sent with GC disabled).  gc_hold enters VM state to take the hold. */
void gc_hold(Thread *t);
void gc_release(void);
bool gc_held_by_others(void);
bool gc_held_by_self(void);
/* Waits, in a safe state, until no other thread holds. */
void gc_wait_unheld(Thread *t);

#define GC_EVENT_ON(e) (unlikely(gc_events_enabled & (1u << (e))))
/* The events some listener has a function for (a subset of gc_events_enabled): where
 * only these need gc_event_* to be called. */
extern volatile uint32_t gc_events_delivered;
#define GC_EVENT_DELIVERED(e) (unlikely(gc_events_delivered & (1u << (e))))

#endif
