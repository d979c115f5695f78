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
 */
#include "ring.h"

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
static atomic_int lpr_congested;   /* a wait timed out; no more waiting until the writer drains */

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

/* lpr_reserve_wait: the same for event callbacks, which may wait: when the ring is full
 * the thread yields to the writer for up to 50 ms before the event is dropped, so a
 * burst of events slows the burst down instead of losing them.  A writer that does not
 * drain in that time (its destination is stuck) makes everyone drop at once instead,
 * until it drains again: a stuck front-end costs data, not the program's speed. */
lpr_slot *lpr_reserve_wait(uint32_t tid)
{
    lpr_ring *r = &lpr_rings[tid % LPR_SHARDS];
    lpr_slot *s = lpr_try(r, tid);
    for (int i = 0; !s && i < 500 && !atomic_load_explicit(&lpr_congested, memory_order_relaxed) &&
                    atomic_load_explicit(&lpa.active, memory_order_relaxed); i++) {
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
        s = lpr_try(r, tid);
    }
    if (!s) {
        atomic_store_explicit(&lpr_congested, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&lpa.dropped, 1, memory_order_relaxed);
    }
    return s;
}

/* lpr_publish: hands a filled slot to the writer. */
void lpr_publish(lpr_slot *s)
{
    atomic_store_explicit(&s->state, 2, memory_order_release);
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
    if (n)
        atomic_store_explicit(&lpr_congested, 0, memory_order_relaxed);
    return n;
}
