/* profiler/agent/ring.c — the buffers between the profiled threads and the writer.
 *
 * Producers run in the profiled threads, some inside a signal handler, so a producer
 * may not lock, allocate or wait.  The buffers are LPR_SHARDS rings of fixed-size slots;
 * a thread writes to the ring its thread id selects, so threads rarely share one (in
 * effect per-thread buffers, without per-thread setup a signal handler could not do).
 * A producer claims the next slot with a compare-and-swap on the ring's head, fills it
 * and marks it ready; the single consumer, the writer thread, takes ready slots in order
 * from the tail and frees them.  When a ring is full the event is dropped and counted:
 * a slow writer costs data, never a stalled program.  A slot claimed and then interrupted
 * by a signal on the same thread just delays the writer until the handler returns.
 *
 * Event callbacks (never the signal handler) may wait and allocate: when their ring is
 * full they yield to the writer for up to 5 ms, then spill the event to a heap-allocated
 * slot on a list the writer drains after the rings, so a burst of exact allocation
 * events is never lost to a writer that was descheduled or is blocked at a safepoint
 * (which cannot end while the allocating thread waits in its callback).  The spill is
 * bounded (LPR_SPILL_MAX bytes); past that, or when the destination is stuck, events are
 * dropped and counted: a stuck front-end costs data, not the program's speed.
 */
#include "ring.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

#include "agent.h"

#define LPR_SHARDS 16
#define LPR_SLOTS 256

typedef struct {
    _Alignas(64) atomic_ullong head;  /* next slot to claim */
    _Alignas(64) atomic_ullong tail;  /* next slot the writer takes */
    lpr_slot slots[LPR_SLOTS];
} lpr_ring;

static lpr_ring lpr_rings[LPR_SHARDS];

#define LPR_SPILL_MAX (64u << 20)
typedef struct lpr_spill {
    struct lpr_spill *next;
    lpr_slot slot;
} lpr_spill;
static pthread_mutex_t lpr_spill_lock = PTHREAD_MUTEX_INITIALIZER;
static lpr_spill *lpr_spill_head, **lpr_spill_tail = &lpr_spill_head;
static size_t lpr_spill_bytes;
static atomic_int lpr_congested;   /* the spill is full: drop, not wait, until the writer drains */

/* lpr_try: claims a slot of ring r, or NULL when the ring is full. */
static lpr_slot *lpr_try(lpr_ring *r, uint32_t tid)
{
    unsigned long long h = atomic_load_explicit(&r->head, memory_order_relaxed);
    do {
        if (h - atomic_load_explicit(&r->tail, memory_order_acquire) >= LPR_SLOTS)
            return NULL;
    } while (!atomic_compare_exchange_weak_explicit(&r->head, &h, h + 1, memory_order_acq_rel,
                                                    memory_order_relaxed));
    lpr_slot *s = &r->slots[h % LPR_SLOTS];
    atomic_store_explicit(&s->state, 1, memory_order_relaxed);
    s->tid = tid;
    s->nframes = 0;
    return s;
}

/* lpr_reserve: a slot of this thread's ring to fill, or NULL (counted as dropped).  Safe
 * in a signal handler. */
lpr_slot *lpr_reserve(uint32_t tid)
{
    lpr_slot *s = lpr_try(&lpr_rings[tid % LPR_SHARDS], tid);
    if (!s)
        atomic_fetch_add_explicit(&lpa.dropped, 1, memory_order_relaxed);
    return s;
}

/* lpr_spill_new: a heap slot for an event that found its ring full, or NULL. */
static lpr_slot *lpr_spill_new(uint32_t tid)
{
    pthread_mutex_lock(&lpr_spill_lock);
    int room = lpr_spill_bytes + sizeof(lpr_spill) <= LPR_SPILL_MAX;
    if (room)
        lpr_spill_bytes += sizeof(lpr_spill);
    pthread_mutex_unlock(&lpr_spill_lock);
    lpr_spill *sp = room ? malloc(sizeof *sp) : NULL;
    if (!sp)
        return NULL;
    sp->next = NULL;
    atomic_store_explicit(&sp->slot.state, 1, memory_order_relaxed);
    sp->slot.tid = tid;
    sp->slot.nframes = 0;
    return &sp->slot;
}

/* lpr_reserve_wait: a slot for an event callback, which may wait (see above). */
lpr_slot *lpr_reserve_wait(uint32_t tid)
{
    lpr_ring *r = &lpr_rings[tid % LPR_SHARDS];
    lpr_slot *s = lpr_try(r, tid);
    int stuck = atomic_load_explicit(&lpr_congested, memory_order_relaxed);
    for (int i = 0; !s && !stuck && i < 50 && atomic_load_explicit(&lpa.active, memory_order_relaxed); i++) {
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
        s = lpr_try(r, tid);
    }
    if (!s && !stuck && atomic_load_explicit(&lpa.active, memory_order_relaxed))
        s = lpr_spill_new(tid);
    if (!s) {
        atomic_store_explicit(&lpr_congested, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&lpa.dropped, 1, memory_order_relaxed);
    }
    return s;
}

static int lpr_in_rings(const lpr_slot *s)
{
    return (const char *)s >= (const char *)lpr_rings && (const char *)s < (const char *)(lpr_rings + LPR_SHARDS);
}

/* lpr_publish: hands a filled slot to the writer. */
void lpr_publish(lpr_slot *s)
{
    if (lpr_in_rings(s)) {
        atomic_store_explicit(&s->state, 2, memory_order_release);
        return;
    }
    lpr_spill *sp = (lpr_spill *)((char *)s - offsetof(lpr_spill, slot));
    pthread_mutex_lock(&lpr_spill_lock);
    *lpr_spill_tail = sp;
    lpr_spill_tail = &sp->next;
    pthread_mutex_unlock(&lpr_spill_lock);
}

/* lpr_drain_spill: the spilled events, in the order they were published. */
static int lpr_drain_spill(void (*fn)(lpr_slot *, void *), void *ctx)
{
    pthread_mutex_lock(&lpr_spill_lock);
    lpr_spill *sp = lpr_spill_head;
    lpr_spill_head = NULL;
    lpr_spill_tail = &lpr_spill_head;
    pthread_mutex_unlock(&lpr_spill_lock);
    int n = 0;
    while (sp) {
        lpr_spill *next = sp->next;
        fn(&sp->slot, ctx);
        free(sp);
        pthread_mutex_lock(&lpr_spill_lock);
        lpr_spill_bytes -= sizeof *sp;
        pthread_mutex_unlock(&lpr_spill_lock);
        sp = next, n++;
    }
    return n;
}

/* lpr_drain_ring: passes the ready slots at the ring's tail to fn, in order. */
static int lpr_drain_ring(lpr_ring *r, void (*fn)(lpr_slot *, void *), void *ctx)
{
    int n = 0;
    unsigned long long t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    for (;;) {
        lpr_slot *s = &r->slots[t % LPR_SLOTS];
        if (t == atomic_load_explicit(&r->head, memory_order_acquire) ||
            atomic_load_explicit(&s->state, memory_order_acquire) != 2)
            return n;
        fn(s, ctx);
        atomic_store_explicit(&s->state, 0, memory_order_relaxed);
        atomic_store_explicit(&r->tail, ++t, memory_order_release);
        n++;
    }
}

/* lpr_drain: drains every ring once; returns the number of slots consumed. */
int lpr_drain(void (*fn)(lpr_slot *s, void *ctx), void *ctx)
{
    int n = 0;
    for (int i = 0; i < LPR_SHARDS; i++)
        n += lpr_drain_ring(&lpr_rings[i], fn, ctx);
    n += lpr_drain_spill(fn, ctx);
    if (n)
        atomic_store_explicit(&lpr_congested, 0, memory_order_relaxed);
    return n;
}
