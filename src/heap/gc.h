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
    /* The name of the collector's MemoryManager / GarbageCollectorMXBean. */
    const char *manager_name;
} Collector;

extern const Collector gc_semispace;

/* ---- shared services for collectors ---- */

/* Visits every root slot. */
void gc_visit_roots(SlotVisitor v, void *ctx);
/* Visits the reference slots inside object o (fields, array elements, mirror statics). */
void gc_visit_object(Object *o, SlotVisitor v, void *ctx);

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
} GCTracer;

void gc_refs_begin(const GCTracer *tracer);
/* Like gc_visit_object, except that while discovery is on the referent of a Reference
 * whose referent has not been reached is not visited: the reference is discovered. */
void gc_trace_object(Object *o, SlotVisitor v, void *ctx);
/* Processes the discovered references; discovery is off from here on. */
void gc_refs_process(void);
/* Weak roots (weak JNI globals, ...): `is_live` tells whether the target survived; dead
 * ones are cleared, live ones are passed to `v` to be updated. */
void gc_process_weak_roots(bool (*is_live)(Object *o, void *ctx), SlotVisitor v, void *ctx);
/* True for the filler objects that pad unused heap ranges (never visible to Java). */
bool heap_is_filler(Object *o);
/* Fixes up VM structures that cache addresses (monitors' objects) after a moving GC. */
void gc_after_move(void);

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
    void (*object_move)(int old_arena, Object *old_addr, int new_arena, Object *new_addr);
    void (*gc_start)(void);
    void (*gc_finish)(size_t used, size_t capacity);
} GCEventListener;

void gc_set_listener(const GCEventListener *l);
void gc_event_arena_new(int arena_id, const char *name);
void gc_event_arena_delete(int arena_id);
void gc_event_object_move(int old_arena, Object *from, int new_arena, Object *to);
void gc_event_object_free(Object *o);

#define GC_EVENT_ON(e) (unlikely(gc_events_enabled & (1u << (e))))

#endif
