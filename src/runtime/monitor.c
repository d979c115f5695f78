/*
 * monitor.c — thin locks, inflated monitors, wait/notify and identity hashes.
 *
 * Thin locking.  An unowned object is locked by CAS-ing the owner's thread id into its
 * mark (keeping hash and age bits); re-entry by the owner bumps a 10-bit count in the mark,
 * with CAS because other threads may concurrently install a hash code.
 *
 * Inflation.  Any other situation (contention, recursion overflow, wait/notify) moves the
 * lock into a Monitor: the inflating thread builds it from the current mark (the owner and
 * count carry over, the neutral bits go to `displaced`) and CASes the Monitor pointer into
 * the mark.  A thin-lock owner whose mark changed under it finds the Monitor on its slow
 * path.  Monitors are never deflated while their object lives; a collection frees those
 * whose objects died (mon_sweep).
 *
 * Blocking.  A thread blocks on a Monitor's condition variables only in TS_BLOCKED state,
 * holding the object through a handle, so collections go on without it.  Interruption uses
 * the thread's interrupt_pending flag (set by JVM_Interrupt) while the thread sleeps; once
 * awake, the Java field Thread.interrupted is the truth.
 */
#include "runtime/monitor.h"
#include "runtime/exception.h"
#include "runtime/jthread.h"
#include "runtime/suspend.h"
#include "jvmti/jvmti_export.h"
#include "jvmpi/jvmpi_export.h"
#include <errno.h>
#include <time.h>

static pthread_mutex_t mon_list_lock = PTHREAD_MUTEX_INITIALIZER;
static Monitor *mon_list;
static Monitor *mon_free;

void mon_init(void) {}

static Monitor *mon_alloc(void) {
    pthread_mutex_lock(&mon_list_lock);
    Monitor *m = mon_free;
    if (m) mon_free = m->next;
    pthread_mutex_unlock(&mon_list_lock);
    if (!m) {
        m = vm_calloc(1, sizeof *m);
        pthread_mutex_init(&m->mutex, NULL);
        pthread_condattr_t ca;
        pthread_condattr_init(&ca);
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
        pthread_cond_init(&m->entry_cond, &ca);
        pthread_cond_init(&m->wait_cond, &ca);
        pthread_condattr_destroy(&ca);
    }
    m->owner = NULL;
    m->recursions = 0;
    m->entry_waiters = 0;
    m->contenders = 0;
    m->wait_set = NULL;
    return m;
}

static void mon_publish(Monitor *m) {
    pthread_mutex_lock(&mon_list_lock);
    m->next = mon_list;
    mon_list = m;
    pthread_mutex_unlock(&mon_list_lock);
}

static void mon_release_unpublished(Monitor *m) {
    pthread_mutex_lock(&mon_list_lock);
    m->next = mon_free;
    mon_free = m;
    pthread_mutex_unlock(&mon_list_lock);
}

/* The mark word is read atomically: other threads CAS it (locks, hashes, inflation), and
 * an inflated mark publishes its Monitor, so the load acquires. */
static inline uintptr_t load_mark(Object *o) { return __atomic_load_n(&o->mark, __ATOMIC_ACQUIRE); }

static inline bool cas_mark(Object *o, uintptr_t old, uintptr_t new) {
    return __atomic_compare_exchange_n(&o->mark, &old, new, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

bool mon_try_enter_fast(Thread *t, Object *o) {
    uintptr_t m = load_mark(o);
    if ((m & MARK_TAG_MASK) != MARK_TAG_NEUTRAL) return false;
    unsigned owner = mark_owner(m);
    if (owner == 0)
        return cas_mark(o, m, m | ((uintptr_t)t->tid << MARK_OWNER_SHIFT));
    if (owner == t->tid && ((m & MARK_REC_MASK) >> MARK_REC_SHIFT) < MARK_REC_MAX)
        return cas_mark(o, m, m + ((uintptr_t)1 << MARK_REC_SHIFT));
    return false;
}

/* Returns o's Monitor, inflating a neutral or thin-locked mark. */
static Monitor *inflate(Object *o) {
    for (;;) {
        uintptr_t m = load_mark(o);
        if (mark_is_inflated(m)) return mark_monitor(m);
        Monitor *mon = mon_alloc();
        unsigned owner = mark_owner(m);
        mon->owner = owner ? thread_by_tid(owner) : NULL;
        mon->recursions = owner ? (uint32_t)((m & MARK_REC_MASK) >> MARK_REC_SHIFT) : 0;
        mon->displaced = m & ~(MARK_OWNER_MASK | MARK_REC_MASK);
        mon->obj = o;
        if (cas_mark(o, m, (uintptr_t)mon | MARK_TAG_INFLATED)) {
            mon_publish(mon);
            return mon;
        }
        mon_release_unpublished(mon);
    }
}

/* ---- tool events ---- */

/* ev is a JVMTI monitor event; arg: the timeout (MonitorWait), timed out (MonitorWaited). */
static inline void post(Thread *t, jvmtiEvent ev, Object **h, jlong arg) {
    if (JVMTI_EVENT_ENABLED(t, ev)) jvmti_post_monitor_event(t, ev, h, arg);
}

/* Gives an inflated monitor up entirely (its owner is t, recursions 0). */
static void release(Monitor *mon) {
    pthread_mutex_lock(&mon->mutex);
    mon->owner = NULL;
    if (mon->entry_waiters) pthread_cond_signal(&mon->entry_cond);
    pthread_mutex_unlock(&mon->mutex);
}

/* t blocks until it owns mon, the monitor of *h.  A thread suspended while it waited gives
 * the monitor back and waits to be resumed before it tries again (HotSpot's order: the
 * contended-enter event, blocking, then the entered event once it really owns it). */
static void enter_contended(Thread *t, Monitor *mon, Object **h) {
    thread_stat_add(&t->blocked_count, 1);
    int64_t since = thread_timing() ? thread_now_ns() : 0;
    __atomic_fetch_add(&mon->contenders, 1, __ATOMIC_RELAXED);
    thread_set_java_status(t, JTS_BLOCKED_ON_MONITOR_ENTER);
    t->contending = mon;
    post(t, JVMTI_EVENT_MONITOR_CONTENDED_ENTER, h, 0);
    for (;;) {
        pthread_mutex_lock(&mon->mutex);
        mon->entry_waiters++;
        int old = thread_block_begin(t);
        while (mon->owner != NULL) pthread_cond_wait(&mon->entry_cond, &mon->mutex);
        mon->owner = t;
        mon->entry_waiters--;
        pthread_mutex_unlock(&mon->mutex);
        thread_block_end(t, old);
        if (!susp_requested(t)) break;
        release(mon);
        susp_block(t);
    }
    t->contending = NULL;
    __atomic_fetch_sub(&mon->contenders, 1, __ATOMIC_RELAXED);
    thread_set_java_status(t, JTS_RUNNABLE);
    if (since) thread_stat_add(&t->blocked_ns, (uint64_t)(thread_now_ns() - since));
    post(t, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, h, 0);
}

void mon_enter(Thread *t, Object **h) {
    if (mon_try_enter_fast(t, *h)) return;
    Monitor *mon = inflate(*h);
    pthread_mutex_lock(&mon->mutex);
    if (mon->owner == t) {
        mon->recursions++;
    } else if (mon->owner == NULL) {
        mon->owner = t;
    } else {
        pthread_mutex_unlock(&mon->mutex);
        enter_contended(t, mon, h);
        return;
    }
    pthread_mutex_unlock(&mon->mutex);
}

static void throw_imse(Thread *t) {
    exc_throw(t, VMC_IllegalMonitorStateException, "current thread is not owner");
}

bool mon_exit(Thread *t, Object *o) {
    for (;;) {
        uintptr_t m = load_mark(o);
        if (!mark_is_inflated(m)) {
            if ((m & MARK_TAG_MASK) != MARK_TAG_NEUTRAL || mark_owner(m) != t->tid) {
                throw_imse(t);
                return false;
            }
            uintptr_t n = (m & MARK_REC_MASK) ? m - ((uintptr_t)1 << MARK_REC_SHIFT) : m & ~MARK_OWNER_MASK;
            if (cas_mark(o, m, n)) return true;
            continue;
        }
        Monitor *mon = mark_monitor(m);
        pthread_mutex_lock(&mon->mutex);
        if (mon->owner != t) {
            pthread_mutex_unlock(&mon->mutex);
            throw_imse(t);
            return false;
        }
        bool contended = false;
        if (mon->recursions) {
            mon->recursions--;
        } else {
            mon->owner = NULL;
            if (mon->entry_waiters) pthread_cond_signal(&mon->entry_cond);
            contended = __atomic_load_n(&mon->contenders, __ATOMIC_RELAXED) != 0;
        }
        pthread_mutex_unlock(&mon->mutex);
        /* JVMPI's contended exit: another thread was entering; o cannot move before the hold */
        if (contended && JVMPI_ON(JVMPI_EVENT_MONITOR_CONTENDED_EXIT)) jvmpi_post_monitor_contended_exit(t, o);
        return true;
    }
}

/* An inflated monitor's owner and count are read under its mutex: blocked threads change
 * them even while the world is stopped. */
Thread *mon_owner(Object *o) {
    uintptr_t m = load_mark(o);
    if (mark_is_inflated(m)) {
        Monitor *mon = mark_monitor(m);
        pthread_mutex_lock(&mon->mutex);
        Thread *owner = mon->owner;
        pthread_mutex_unlock(&mon->mutex);
        return owner;
    }
    if ((m & MARK_TAG_MASK) != MARK_TAG_NEUTRAL || mark_owner(m) == 0) return NULL;
    return thread_by_tid(mark_owner(m));
}

/* Even with the world stopped, blocked threads take and give up monitors (under each
 * monitor's mutex), so the owner is read under it. */
void mon_foreach_owned(Thread *t, void (*fn)(Object *o, void *ctx), void *ctx) {
    pthread_mutex_lock(&mon_list_lock);
    for (Monitor *m = mon_list; m; m = m->next) {
        pthread_mutex_lock(&m->mutex);
        bool owned = m->obj && m->owner == t;
        pthread_mutex_unlock(&m->mutex);
        if (owned) fn(m->obj, ctx);
    }
    pthread_mutex_unlock(&mon_list_lock);
}

Monitor *mon_of(Object *o) {
    uintptr_t m = load_mark(o);
    return mark_is_inflated(m) ? mark_monitor(m) : NULL;
}

int mon_entry_count(Object *o) {
    uintptr_t m = load_mark(o);
    if (mark_is_inflated(m)) {
        Monitor *mon = mark_monitor(m);
        pthread_mutex_lock(&mon->mutex);
        int n = mon->owner ? (int)mon->recursions + 1 : 0;
        pthread_mutex_unlock(&mon->mutex);
        return n;
    }
    if ((m & MARK_TAG_MASK) != MARK_TAG_NEUTRAL || mark_owner(m) == 0) return 0;
    return (int)((m & MARK_REC_MASK) >> MARK_REC_SHIFT) + 1;
}

/* Waiters time out and leave the set in a safe state: the set is read under the mutex. */
int mon_wait_set(Object *o, Thread **out, int max) {
    Monitor *mon = mon_of(o);
    if (!mon) return 0;
    int n = 0;
    pthread_mutex_lock(&mon->mutex);
    for (WaitNode *w = mon->wait_set; w && n < max; w = w->next) out[n++] = w->thread;
    pthread_mutex_unlock(&mon->mutex);
    return n;
}

bool mon_holds(Thread *t, Object *o) {
    uintptr_t m = load_mark(o);
    if (mark_is_inflated(m)) return mark_monitor(m)->owner == t;
    return (m & MARK_TAG_MASK) == MARK_TAG_NEUTRAL && mark_owner(m) == t->tid;
}

static void deadline_after(struct timespec *ts, jlong millis) {
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += millis / 1000;
    ts->tv_nsec += (millis % 1000) * 1000000;
    if (ts->tv_nsec >= 1000000000) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000;
    }
}

static void wait_set_remove(Monitor *mon, WaitNode *node) {
    for (WaitNode **p = &mon->wait_set; *p; p = &(*p)->next)
        if (*p == node) {
            *p = node->next;
            return;
        }
}

/* HotSpot's order: the wait event, the timeout's check, the owner's, then an interrupt
 * that came before the wait (with a waited event). */
static bool wait_body(Thread *t, Object **h, jlong millis) {
    post(t, JVMTI_EVENT_MONITOR_WAIT, h, millis);
    if (millis < 0) {
        exc_throw(t, VMC_IllegalArgumentException, "timeout value is negative");
        return false;
    }
    if (!mon_holds(t, *h)) {
        throw_imse(t);
        return false;
    }
    if (jthread_prepare_wait(t) && jthread_take_interrupt(t)) {
        post(t, JVMTI_EVENT_MONITOR_WAITED, h, 0);
        exc_throw(t, VMC_InterruptedException, NULL);
        return false;
    }
    thread_stat_add(&t->waited_count, 1);
    int64_t since = thread_timing() ? thread_now_ns() : 0;
    Monitor *mon = inflate(*h);
    WaitNode node = { t, NULL, false };
    struct timespec deadline;
    if (millis > 0) deadline_after(&deadline, millis);

    pthread_mutex_lock(&mon->mutex);
    WaitNode **tail = &mon->wait_set;
    while (*tail) tail = &(*tail)->next;
    *tail = &node;
    uint32_t saved = mon->recursions;
    mon->recursions = 0;
    mon->owner = NULL;
    if (mon->entry_waiters) pthread_cond_signal(&mon->entry_cond);
    __atomic_store_n(&t->waiting_on, mon, __ATOMIC_RELEASE);
    int old = thread_block_begin(t);
    bool timed_out = false;
    while (!node.notified && !__atomic_load_n(&t->interrupt_pending, __ATOMIC_SEQ_CST)) {
        int rc = millis > 0 ? pthread_cond_timedwait(&mon->wait_cond, &mon->mutex, &deadline)
                            : pthread_cond_wait(&mon->wait_cond, &mon->mutex);
        if (rc == ETIMEDOUT) {
            timed_out = !node.notified;
            break;
        }
    }
    if (!node.notified) wait_set_remove(mon, &node);
    __atomic_store_n(&t->waiting_on, NULL, __ATOMIC_RELEASE);
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_MONITOR_WAITED)) {
        /* the waited event comes before the monitor is entered again, as on HotSpot */
        pthread_mutex_unlock(&mon->mutex);
        thread_block_end(t, old);
        post(t, JVMTI_EVENT_MONITOR_WAITED, h, timed_out);
        old = thread_block_begin(t);
        pthread_mutex_lock(&mon->mutex);
    }
    mon->entry_waiters++;
    while (mon->owner != NULL) pthread_cond_wait(&mon->entry_cond, &mon->mutex);
    mon->entry_waiters--;
    mon->owner = t;
    mon->recursions = saved;
    pthread_mutex_unlock(&mon->mutex);
    thread_block_end(t, old);
    if (since) thread_stat_add(&t->waited_ns, (uint64_t)(thread_now_ns() - since));
    if (jthread_take_interrupt(t)) {
        exc_throw(t, VMC_InterruptedException, NULL);
        return false;
    }
    return true;
}

/* The thread shows as waiting from before the wait event to the end, as on HotSpot. */
bool mon_wait(Thread *t, Object **h, jlong millis) {
    thread_set_java_status(t, millis != 0 ? JTS_IN_OBJECT_WAIT_TIMED : JTS_IN_OBJECT_WAIT);
    bool ok = wait_body(t, h, millis);
    thread_set_java_status(t, JTS_RUNNABLE);
    return ok;
}

bool mon_notify(Thread *t, Object *o, bool all) {
    if (!mon_holds(t, o)) {
        throw_imse(t);
        return false;
    }
    uintptr_t m = load_mark(o);
    if (!mark_is_inflated(m)) return true;  /* nobody can be waiting on a thin lock */
    Monitor *mon = mark_monitor(m);
    pthread_mutex_lock(&mon->mutex);
    bool woke = false;
    while (mon->wait_set) {
        WaitNode *n = mon->wait_set;
        mon->wait_set = n->next;
        n->notified = true;
        /* it now waits to enter, as HotSpot shows a notified thread */
        thread_set_java_status(n->thread, JTS_BLOCKED_ON_MONITOR_ENTER);
        woke = true;
        if (!all) break;
    }
    if (woke) pthread_cond_broadcast(&mon->wait_cond);
    pthread_mutex_unlock(&mon->mutex);
    return true;
}

void mon_interrupt_wait(Thread *target) {
    Monitor *mon = __atomic_load_n(&target->waiting_on, __ATOMIC_ACQUIRE);
    if (!mon) return;
    pthread_mutex_lock(&mon->mutex);
    pthread_cond_broadcast(&mon->wait_cond);
    pthread_mutex_unlock(&mon->mutex);
}

/* ---- identity hash ---- */

static _Thread_local uint32_t hash_x, hash_y, hash_z, hash_w;

static uint32_t next_hash(Thread *t) {
    if (!hash_x) {
        hash_x = (uint32_t)(uintptr_t)t ^ 0x9E3779B9u;
        hash_y = 842502087u;
        hash_z = 0x8767u;
        hash_w = 273326509u ^ (uint32_t)t->tid;
    }
    for (;;) {
        uint32_t tt = hash_x ^ (hash_x << 11);
        hash_x = hash_y;
        hash_y = hash_z;
        hash_z = hash_w;
        hash_w = (hash_w ^ (hash_w >> 19)) ^ (tt ^ (tt >> 8));
        uint32_t v = hash_w & 0x7FFFFFFF;
        if (v) return v;
    }
}

jint mon_identity_hash(Thread *t, Object *o) {
    for (;;) {
        uintptr_t m = load_mark(o);
        if (mark_is_inflated(m)) {
            Monitor *mon = mark_monitor(m);
            pthread_mutex_lock(&mon->mutex);
            if (!(mon->displaced & MARK_HASHED_BIT))
                mon->displaced |= MARK_HASHED_BIT | ((uintptr_t)next_hash(t) << MARK_HASH_SHIFT);
            jint h = (jint)((mon->displaced & MARK_HASH_MASK) >> MARK_HASH_SHIFT);
            pthread_mutex_unlock(&mon->mutex);
            return h;
        }
        if (m & MARK_HASHED_BIT) return (jint)((m & MARK_HASH_MASK) >> MARK_HASH_SHIFT);
        uintptr_t n = m | MARK_HASHED_BIT | ((uintptr_t)next_hash(t) << MARK_HASH_SHIFT);
        if (cas_mark(o, m, n)) return (jint)((n & MARK_HASH_MASK) >> MARK_HASH_SHIFT);
    }
}

uintptr_t mon_neutral_mark(Object *o) {
    uintptr_t m = load_mark(o);
    return mark_is_inflated(m) ? mark_monitor(m)->displaced : m;
}

/* ---- collector hooks (the world is stopped) ---- */

void mon_visit_objects(void (*v)(Object **slot, void *ctx), void *ctx) {
    for (Monitor *m = mon_list; m; m = m->next)
        if (m->obj) v(&m->obj, ctx);
}

void mon_sweep(bool (*is_live)(Object *o, void *ctx), void (*v)(Object **slot, void *ctx), void *ctx) {
    Monitor **p = &mon_list;
    while (*p) {
        Monitor *m = *p;
        if (m->obj && is_live(m->obj, ctx)) {
            v(&m->obj, ctx);
            p = &m->next;
        } else {
            *p = m->next;
            m->obj = NULL;
            m->next = mon_free;
            mon_free = m;
        }
    }
}
