/*
 * refproc.c — java.lang.ref: discovering and processing Soft, Weak, Final and Phantom
 * references, for every collector.
 *
 * What the collector must do for a Reference object is the same whatever the algorithm:
 * treat `referent` specially and every other field as an ordinary strong reference.  So
 * this file holds the whole policy and a collector only describes, through a GCTracer
 * (gc.h), what "reached" means for it: is_live (marked, copied), keep_alive (mark or copy
 * a slot's object now, updating the slot) and drain (finish the trace).  The semispace
 * copier passes its evacuate function and its Cheney scan; a mark-sweep collector would
 * pass its mark bit test, its mark-and-push and its mark-stack loop.
 *
 * Kinds.  Linking marks every subclass of the four JDK classes with CF_REF_SOFT, _WEAK,
 * _FINAL or _PHANTOM (classfile/link.c), as HotSpot's REF_SOFT... reference types.
 * java.lang.ref.Finalizer is the FinalReference behind finalize() (runtime/finalizer.c).
 *
 * Discovery.  While the collector traces from the roots it scans objects with
 * gc_trace_object.  A Reference is *discovered* — recorded on the list of its kind, its
 * referent left unvisited — when
 *   - its referent is non-null and not reached yet (a pending or cleared reference has
 *     a null referent);
 *   - for a FinalReference, `next` is null: a FinalReference is never cleared, and next
 *     is set to the reference itself when it is queued, which makes it inactive;
 *   - for a SoftReference, the soft policy says it may be cleared (below).
 * Otherwise the referent is traced like any field.  Only reference objects that are
 * themselves reached get scanned, so a dead Reference is never discovered or queued.
 *
 * Class unloading (classunload.c) settles which classes live before step 1 below and
 * again after step 2, then takes the dead ones off the VM's tables.
 *
 * Processing (gc_refs_process), after the strong trace is complete, discovery off — any
 * Reference reached from here on is traced as an ordinary object, as HotSpot does:
 *   1. soft and weak references whose referents are still not reached are cleared and
 *      queued; the others get their referent slot updated and are dropped;
 *   2. final references whose referents are not reached are queued, marked inactive
 *      (next = itself) and their referents kept alive with everything reachable from them
 *      (drain): the Finalizer thread calls finalize() on them.  All of them are decided
 *      before any is kept alive, so objects reachable from one another are finalized in
 *      the same round, in no particular order;
 *   3. phantom references whose referents are not reached even through finalizable
 *      objects are cleared (as in JDK 9 and later) and queued.
 * JNI weak global references are processed after this (gc_process_weak_roots): they have
 * phantom strength, so a weak global to a finalizable object survives until finalize()
 * has run and the object died again.
 *
 * The pending list.  Queued references are linked through Reference.discovered and put in
 * front of the VM's pending list (a root), whose last element links to the old list.  The
 * Reference Handler thread waits for it (refs_wait_pending), takes it whole
 * (refs_take_pending) and enqueues each reference on its ReferenceQueue or runs it if it
 * is a jdk.internal.ref.Cleaner.  Locking: the list is changed only by the collector,
 * with the world stopped, and by refs_take_pending, in VM state; both hold pending_lock,
 * which no thread ever holds while it could stop for a safepoint (the waiter sleeps on the
 * condition in a safe state and takes the lock only around the test).  So the collector
 * never waits for a stopped thread, and the handler never misses a wake-up.
 *
 * Soft references follow HotSpot's LRU policy (LRUMaxHeapPolicy): SoftReference.get()
 * stamps the reference with SoftReference.clock, which the VM advances to the current time
 * (ms) after every collection.  A soft reference is cleared when it has not been used for
 * SoftRefLRUPolicyMSPerMB ms (default 1000) per megabyte free after the previous
 * collection, and always in the last-ditch collection before an OutOfMemoryError
 * (GC_LAST_DITCH), as the specification requires.
 */
#include "heap/gc.h"
#include "heap/classunload.h"
#include "heap/refproc.h"
#include "runtime/vm.h"

enum { REF_SOFT, REF_WEAK, REF_FINAL, REF_PHANTOM, REF_KINDS };

uint32_t refs_referent_off;
static uint32_t next_off, discovered_off, timestamp_off;
static uint32_t clock_off;                  /* SoftReference.clock, in its mirror */

/* references discovered in this collection, at the address they were scanned at */
typedef struct RefList {
    Object **refs;
    size_t n, cap;
} RefList;

static RefList lists[REF_KINDS];
static const GCTracer *tracer;
static bool discovering;

/* the soft-reference policy of this collection */
static bool clear_all_soft;
static bool soft_kept;                      /* a soft referent not reached was kept by the policy */
static bool traced;                         /* this collection traced from the roots (gc_refs_begin) */
static jlong soft_clock;                    /* SoftReference.clock when it began */
static jlong soft_max_idle;                 /* ms */
static size_t used_at_last_gc;

/* references queued by this collection, linked through `discovered` */
static Object *queued_head, *queued_tail;

static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pending_cond = PTHREAD_COND_INITIALIZER;
static Object *pending_list;                /* a root */
static bool pending_nonempty;               /* pending_list != NULL, readable in any state */
static bool pending_added;                  /* the last collection queued references */

static jlong *soft_clock_field(void);

static uint32_t field_offset(Class *c, const char *name, const char *desc) {
    Field *f = class_find_declared_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("%s.%s missing", c->name->str, name);
    return f->offset;
}

bool refs_init(Thread *t) {
    UNUSED(t);
    Class *r = VMC(Reference), *s = VMC(SoftReference);
    next_off = field_offset(r, "next", "Ljava/lang/ref/Reference;");
    discovered_off = field_offset(r, "discovered", "Ljava/lang/ref/Reference;");
    timestamp_off = field_offset(s, "timestamp", "J");
    clock_off = field_offset(s, "clock", "J");
    gc_register_root(&pending_list);
    /* the clock starts at the VM's start, as HotSpot's does */
    jlong *clock = soft_clock_field();
    if (clock) *clock = vm_nanotime() / 1000000;
    /* set last: discovery starts with it */
    refs_referent_off = field_offset(r, "referent", "Ljava/lang/Object;");
    return true;
}

static inline Object **ref_slot(Object *ref, uint32_t off) { return &OBJ_FIELD(ref, off, Object *); }

static int ref_kind(const Class *k) {
    if (k->flags & CF_REF_SOFT) return REF_SOFT;
    if (k->flags & CF_REF_WEAK) return REF_WEAK;
    if (k->flags & CF_REF_FINAL) return REF_FINAL;
    return REF_PHANTOM;
}

static void list_push(RefList *l, Object *ref) {
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 256;
        l->refs = vm_realloc(l->refs, l->cap * sizeof(Object *));
    }
    l->refs[l->n++] = ref;
}

/* ---- the soft-reference clock and policy ---- */

static jlong *soft_clock_field(void) {
    Class *s = VMC(SoftReference);
    return s && s->mirror && clock_off ? &OBJ_FIELD(s->mirror, clock_off, jlong) : NULL;
}

void refs_before_gc(GCCause cause) {
    jlong *clock = soft_clock_field();
    clear_all_soft = cause == GC_LAST_DITCH;
    soft_kept = false;
    traced = false;
    soft_clock = clock ? *clock : 0;
    size_t max = heap_max();
    size_t free_mb = (max > used_at_last_gc ? max - used_at_last_gc : 0) >> 20;
    soft_max_idle = (jlong)free_mb * vm_opts.heap.soft_lru_ms_per_mb;
}

static bool soft_may_clear(Object *ref) {
    return clear_all_soft || soft_clock - OBJ_FIELD(ref, timestamp_off, jlong) > soft_max_idle;
}

bool refs_soft_kept(void) { return !traced || soft_kept; }

void refs_after_gc(void) {
    used_at_last_gc = heap_used();
    jlong *clock = soft_clock_field();
    jlong now = vm_nanotime() / 1000000;
    if (clock && now > *clock) *clock = now;
    if (pending_added) {
        pending_added = false;
        pthread_mutex_lock(&pending_lock);
        pthread_cond_broadcast(&pending_cond);
        pthread_mutex_unlock(&pending_lock);
    }
}

/* ---- discovery ---- */

void gc_refs_begin(const GCTracer *tr) {
    tracer = tr;
    traced = true;
    discovering = refs_referent_off != 0;
    cu_begin(tr);
    for (int k = 0; k < REF_KINDS; k++) lists[k].n = 0;
}

static bool discover(Object *ref, const Class *k) {
    Object *referent = *ref_slot(ref, refs_referent_off);
    if (!referent) return false;
    int kind = ref_kind(k);
    if (kind == REF_FINAL && *ref_slot(ref, next_off)) return false;
    if (tracer->is_live(referent, tracer->ctx)) return false;
    if (kind == REF_SOFT && !soft_may_clear(ref)) {
        soft_kept = true;       /* (it may yet be reached: then a last ditch gains nothing) */
        return false;
    }
    list_push(&lists[kind], ref);
    return true;
}

void gc_trace_object(Object *o, SlotVisitor v, void *ctx) {
    cu_touch_object(o);
    Class *k = o->klass;
    if (unlikely(k->flags & CF_REF_ANY) && discovering && discover(o, k)) {
        for (uint32_t i = 0; i < k->nrefs; i++) {
            if (k->ref_offsets[i] == refs_referent_off) continue;
            Object **slot = ref_slot(o, k->ref_offsets[i]);
            if (*slot) v(slot, ctx);
        }
        return;
    }
    gc_visit_object(o, v, ctx);
}

/* ---- processing ---- */

static void queue(Object *ref) {
    heap_store_ref(ref, ref_slot(ref, discovered_off), queued_head);
    if (!queued_tail) queued_tail = ref;
    queued_head = ref;
}

/* Drops the references whose referents were reached after all (updating the referent
 * slot) and keeps the others in the list. */
static void drop_reached(RefList *l) {
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++) {
        Object **slot = ref_slot(l->refs[i], refs_referent_off);
        if (tracer->is_live(*slot, tracer->ctx)) tracer->keep_alive(slot, tracer->ctx);
        else l->refs[n++] = l->refs[i];
    }
    l->n = n;
}

/* Soft, weak and phantom references: clear and queue. */
static void clear_and_queue(RefList *l) {
    drop_reached(l);
    for (size_t i = 0; i < l->n; i++) {
        Object *ref = l->refs[i];
        heap_store_ref(ref, ref_slot(ref, refs_referent_off), NULL);
        queue(ref);
    }
    l->n = 0;
}

/* Final references: queue, deactivate, and resurrect the referents for finalize(). */
static void finalize_and_queue(RefList *l) {
    drop_reached(l);
    for (size_t i = 0; i < l->n; i++) {
        Object *ref = l->refs[i];
        tracer->keep_alive(ref_slot(ref, refs_referent_off), tracer->ctx);
        heap_store_ref(ref, ref_slot(ref, next_off), ref);
        queue(ref);
    }
    if (l->n) tracer->drain(tracer->ctx);
    l->n = 0;
}

void gc_refs_process(void) {
    /* classes still live keep what they hold before any referent is found unreached */
    cu_settle();
    if (!discovering) {
        cu_finish();
        return;
    }
    discovering = false;
    queued_head = queued_tail = NULL;
    clear_and_queue(&lists[REF_SOFT]);
    clear_and_queue(&lists[REF_WEAK]);
    finalize_and_queue(&lists[REF_FINAL]);
    /* a finalizable object may be the last instance of a class */
    cu_settle();
    cu_finish();
    clear_and_queue(&lists[REF_PHANTOM]);
    if (!queued_head) return;
    pthread_mutex_lock(&pending_lock);
    heap_store_ref(queued_tail, ref_slot(queued_tail, discovered_off), pending_list);
    pending_list = queued_head;
    __atomic_store_n(&pending_nonempty, true, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&pending_lock);
    pending_added = true;
    queued_head = queued_tail = NULL;
}

/* ---- the pending list, for the Reference Handler ---- */

bool refs_has_pending(void) { return __atomic_load_n(&pending_nonempty, __ATOMIC_ACQUIRE); }

void refs_wait_pending(Thread *t) {
    int old = thread_block_begin(t);
    pthread_mutex_lock(&pending_lock);
    while (!pending_nonempty) pthread_cond_wait(&pending_cond, &pending_lock);
    pthread_mutex_unlock(&pending_lock);
    thread_block_end(t, old);
}

/* The caller is in VM state, so no collection changes the list under it. */
Object *refs_take_pending(Thread *t) {
    UNUSED(t);
    pthread_mutex_lock(&pending_lock);
    Object *l = pending_list;
    pending_list = NULL;
    __atomic_store_n(&pending_nonempty, false, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&pending_lock);
    return l;
}
