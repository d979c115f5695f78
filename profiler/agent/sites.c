/* profiler/agent/sites.c — exact allocations, counted per site in the allocating thread.
 *
 * Loupe's every-object allocation event (events.c) comes once per object.  Sending each
 * object to the writer (a ring slot with its whole stack, the stack hashed and interned
 * there) cost the writer and the rings far more than the program's own allocation, so
 * instead each thread counts its allocations per site, (stack, class) -> objects and
 * bytes, and the writer takes the counts every pass and at the end of the recording,
 * sending one ALLOC record per site with its object count (docs/PROFILER-PROTOCOL.md).
 * The counts stay exact: every object is counted once, at the site it was allocated.
 *
 * A thread's table (lps_table, created on its first allocation) holds a buffer of sites,
 * an open-addressing hash on the stack and class with the frames kept beside it; a full
 * buffer is queued on the table and a new one started.  The table's mutex is taken by
 * its thread for each allocation (uncontended but for the moment the writer swaps the
 * buffers out) and by the writer only to take the buffers: it never calls into the VM
 * while holding it, since the allocating thread waits there in VM state, where a
 * collection could not begin.  A thread that ends (ThreadEnd) leaves its table to the
 * writer, which frees it once drained.
 */
#include "sites.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"

#define LPS_SLOTS 4096      /* hash slots per buffer, at most half of them used */
#define LPS_FRAMES 65536    /* frames per buffer */

typedef struct {
    uint64_t hash, cls, objects, bytes, time_ns;
    uint32_t first;        /* the site's frames: frames[first .. first + n) */
    int32_t n;
} lps_site;                /* a free slot has objects == 0 */

typedef struct lps_buf {
    struct lps_buf *next;
    uint32_t nsites, nframes;
    uint32_t tid;          /* its thread (set when the writer takes it) */
    lps_site sites[LPS_SLOTS];
    lpr_frame frames[LPS_FRAMES];
} lps_buf;

typedef struct lps_table {
    pthread_mutex_t lock;
    struct lps_table *next;    /* every table (lps_tables, under lps_lock) */
    uint32_t tid;
    int orphan;                /* its thread ended */
    lps_buf *cur, *full;       /* the buffer being filled, the full ones */
} lps_table;

static pthread_mutex_t lps_lock = PTHREAD_MUTEX_INITIALIZER;
static lps_table *lps_tables;
static _Thread_local lps_table *lps_mine;

/* Drained buffers are kept for reuse (a few: each is large, and freshly mapped memory
 * costs page faults). */
#define LPS_SPARE_MAX 8
static pthread_mutex_t lps_spare_lock = PTHREAD_MUTEX_INITIALIZER;   /* taken last, alone */
static lps_buf *lps_spare;
static int lps_nspare;

static lps_buf *lps_buf_new(void)
{
    pthread_mutex_lock(&lps_spare_lock);
    lps_buf *b = lps_spare;
    if (b)
        lps_spare = b->next, lps_nspare--;
    pthread_mutex_unlock(&lps_spare_lock);
    if (!b)
        b = malloc(sizeof *b);
    if (b) {
        b->next = NULL, b->nsites = b->nframes = 0;
        memset(b->sites, 0, sizeof b->sites);
    }
    return b;
}

/* lps_buf_release: b back to the spares, or freed. */
static void lps_buf_release(lps_buf *b)
{
    pthread_mutex_lock(&lps_spare_lock);
    int keep = lps_nspare < LPS_SPARE_MAX;
    if (keep)
        b->next = lps_spare, lps_spare = b, lps_nspare++;
    pthread_mutex_unlock(&lps_spare_lock);
    if (!keep)
        free(b);
}

static void lps_buf_free_all(lps_buf *b)
{
    while (b) {
        lps_buf *next = b->next;
        lps_buf_release(b);
        b = next;
    }
}

/* lps_register: the calling thread's table, made on its first allocation. */
static lps_table *lps_register(uint32_t tid)
{
    lps_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    pthread_mutex_init(&t->lock, NULL);
    t->tid = tid;
    pthread_mutex_lock(&lps_lock);
    t->next = lps_tables;
    lps_tables = t;
    pthread_mutex_unlock(&lps_lock);
    return lps_mine = t;
}

static uint64_t lps_hash(uint64_t cls, const jvmtiFrameInfo *f, int n)
{
    uint64_t h = (cls + 1) * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint64_t)(uintptr_t)f[i].method ^ ((uint64_t)f[i].location << 40)) * 1099511628211ull;
    return h;
}

static int lps_same(const lps_buf *b, const lps_site *s, uint64_t hash, uint64_t cls, const jvmtiFrameInfo *f, int n)
{
    if (s->hash != hash || s->cls != cls || s->n != n)
        return 0;
    const lpr_frame *g = &b->frames[s->first];
    for (int i = 0; i < n; i++)
        if (g[i].method != f[i].method || g[i].bci != (jint)f[i].location)
            return 0;
    return 1;
}

/* lps_count: counts one object in buffer b; 0 when b has no room for a new site. */
static int lps_count(lps_buf *b, uint64_t hash, uint64_t cls, uint64_t size, const jvmtiFrameInfo *f, int n)
{
    size_t i = (size_t)(hash >> 32) & (LPS_SLOTS - 1);
    for (; b->sites[i].objects; i = (i + 1) & (LPS_SLOTS - 1))
        if (lps_same(b, &b->sites[i], hash, cls, f, n)) {
            b->sites[i].objects++;
            b->sites[i].bytes += size;
            return 1;
        }
    if ((b->nsites + 1) * 2 > LPS_SLOTS || b->nframes + (uint32_t)n > LPS_FRAMES)
        return 0;
    lps_site *s = &b->sites[i];
    *s = (lps_site){hash, cls, 1, size, lpa_now_ns(), b->nframes, n};
    for (int k = 0; k < n; k++)
        b->frames[b->nframes + k] = (lpr_frame){(jint)f[k].location, f[k].method};
    b->nframes += (uint32_t)n;
    b->nsites++;
    return 1;
}

/* lps_add: counts one allocation of the calling thread (size bytes of class cls, at the
 * stack f[0..n), leaf first; a new site takes the time); -1 when out of memory (the caller records it alone). */
int lps_add(uint32_t tid, uint64_t cls, uint64_t size, const jvmtiFrameInfo *f, int n)
{
    lps_table *t = lps_mine ? lps_mine : lps_register(tid);
    if (!t || n > LPS_FRAMES)
        return -1;
    uint64_t hash = lps_hash(cls, f, n);
    int ok = 0;
    pthread_mutex_lock(&t->lock);
    if (!t->cur)
        t->cur = lps_buf_new();
    if (t->cur && !(ok = lps_count(t->cur, hash, cls, size, f, n))) {
        lps_buf *b = lps_buf_new();
        if (b) {
            t->cur->next = t->full;
            t->full = t->cur;
            t->cur = b;
            ok = lps_count(b, hash, cls, size, f, n);
        }
    }
    pthread_mutex_unlock(&t->lock);
    return ok ? 0 : -1;
}

/* lps_thread_end: the calling thread ends; the writer frees its table once drained. */
void lps_thread_end(void)
{
    lps_table *t = lps_mine;
    lps_mine = NULL;
    if (t) {
        pthread_mutex_lock(&t->lock);
        t->orphan = 1;
        pthread_mutex_unlock(&t->lock);
    }
}

/* lps_take: the buffers of every table (unlinking the ended threads' tables, freed). */
static lps_buf *lps_take(void)
{
    lps_buf *all = NULL;
    pthread_mutex_lock(&lps_lock);
    for (lps_table **pt = &lps_tables; *pt;) {
        lps_table *t = *pt;
        pthread_mutex_lock(&t->lock);
        lps_buf *b = t->full, *cur = t->cur;
        int orphan = t->orphan;
        t->full = t->cur = NULL;
        pthread_mutex_unlock(&t->lock);
        if (cur)
            cur->next = b, b = cur;
        while (b) {
            lps_buf *next = b->next;
            b->next = all, all = b;
            b->tid = t->tid;
            b = next;
        }
        if (orphan) {
            *pt = t->next;
            pthread_mutex_destroy(&t->lock);
            free(t);
        } else {
            pt = &t->next;
        }
    }
    pthread_mutex_unlock(&lps_lock);
    return all;
}

/* lps_drain: passes every site counted so far to fn as an LPR_ALLOC slot (a = class,
 * b = bytes, c = 0: exact, d = objects); returns the number of sites. */
int lps_drain(void (*fn)(lpr_slot *s, void *ctx), void *ctx)
{
    static lpr_slot slot;   /* the writer's alone */
    int count = 0;
    lps_buf *b = lps_take();
    while (b) {
        for (size_t i = 0; i < LPS_SLOTS; i++) {
            const lps_site *s = &b->sites[i];
            if (!s->objects)
                continue;
            slot.type = LPR_ALLOC, slot.tid = b->tid, slot.time_ns = s->time_ns;
            slot.a = s->cls, slot.b = s->bytes, slot.c = 0, slot.d = s->objects;
            slot.nframes = s->n < LPR_MAX_FRAMES ? s->n : LPR_MAX_FRAMES;
            memcpy(slot.frames, &b->frames[s->first], (size_t)slot.nframes * sizeof slot.frames[0]);
            fn(&slot, ctx);
            count++;
        }
        lps_buf *next = b->next;
        lps_buf_release(b);
        b = next;
    }
    return count;
}

/* lps_reset: forgets what an earlier recording counted (before a new one starts). */
void lps_reset(void)
{
    lps_buf_free_all(lps_take());
}
