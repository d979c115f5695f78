/*
 * jvmti_rawmonitor.c — Raw Monitor functions.
 *
 * A raw monitor is the agent's own lock, independent of Java objects, usable in every
 * phase: from Agent_OnLoad (no Java thread exists yet), from agent threads and from event
 * callbacks.  So the owner is a pthread, not a VM Thread.  One small mutex guards the
 * monitor's fields; entering threads wait on `entry`, waiting threads on `wait`, both in
 * a safe state (a collection may run meanwhile) when the caller is a VM thread.
 *
 * As on HotSpot, a thread suspended while it waits to enter (or to re-enter after a wait)
 * does not come out of RawMonitorEnter / RawMonitorWait owning the monitor: it lets the
 * monitor go, waits to be resumed, and then competes for it again.
 *
 * Each waiter is a record on its own stack, queued in the monitor in arrival order;
 * RawMonitorNotify marks the oldest unmarked one, NotifyAll marks them all.  A notification
 * so belongs to a thread that was waiting when it was sent: a thread that starts to wait
 * afterwards (typically the notifier itself, waiting for the answer) cannot take it.
 *
 * The functions run in the caller's state (jvmti_table.c): a thread never stops for a
 * safepoint while it owns a raw monitor, since the thread that stopped the world (a heap
 * walk calling back into the agent) may need it.  Only the interrupt status, a field of
 * the Thread object, is read in the VM, while the waiter owns nothing.
 *
 * RawMonitorWait is interruptible as the spec requires: Thread.interrupt does not know
 * about raw monitors, so a Java thread waits in short slices and looks at its interrupt
 * wake-up flag between them (JVMTI_ERROR_INTERRUPT, the status cleared as Object.wait
 * does).
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/jthread.h"
#include <errno.h>
#include <string.h>
#include <time.h>

#define RAW_MONITOR_MAGIC 0x524D4F4E   /* 'RMON' */

typedef struct RawMonitor {
    uint32_t magic;
    char *name;
    pthread_mutex_t lock;
    pthread_cond_t entry;
    pthread_cond_t wait;
    bool owned;
    pthread_t owner;
    int count;                      /* recursion depth of the owner */
    struct RawWaiter *waiters;      /* oldest first */
} RawMonitor;

typedef struct RawWaiter {
    struct RawWaiter *next;
    bool notified;
} RawWaiter;

static jvmtiError monitor_of(jrawMonitorID id, RawMonitor **out) {
    RawMonitor *m = (RawMonitor *)id;
    if (!m || __atomic_load_n(&m->magic, __ATOMIC_ACQUIRE) != RAW_MONITOR_MAGIC) return JVMTI_ERROR_INVALID_MONITOR;
    *out = m;
    return JVMTI_ERROR_NONE;
}

static bool owned_by_me(RawMonitor *m) { return m->owned && pthread_equal(m->owner, pthread_self()); }

/* Brackets around waiting: a VM thread waits in a safe state. */
static int wait_begin(void) {
    Thread *t = thread_current();
    return t ? thread_block_begin(t) : 0;
}

static void wait_end(int old) {
    Thread *t = thread_current();
    if (t) thread_block_end(t, old);
}

jvmtiError JNICALL jvmti_CreateRawMonitor(jvmtiEnv *env, const char *name, jrawMonitorID *monitor_ptr) {
    if (!name || !monitor_ptr) return JVMTI_ERROR_NULL_POINTER;
    RawMonitor *m = vm_calloc(1, sizeof *m);
    m->name = vm_strdup(name);
    pthread_mutex_init(&m->lock, NULL);
    pthread_cond_init(&m->entry, NULL);
    pthread_cond_init(&m->wait, NULL);
    /* last, and published: an agent may hand the id to another thread by any means (a
     * plain global), and the thread that validates it must see the monitor built */
    __atomic_store_n(&m->magic, RAW_MONITOR_MAGIC, __ATOMIC_RELEASE);
    *monitor_ptr = (jrawMonitorID)m;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_DestroyRawMonitor(jvmtiEnv *env, jrawMonitorID monitor) {
    RawMonitor *m;
    jvmtiError err = monitor_of(monitor, &m);
    if (err != JVMTI_ERROR_NONE) return err;
    pthread_mutex_lock(&m->lock);
    bool other = m->owned && !owned_by_me(m);
    if (!other) __atomic_store_n(&m->magic, 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&m->lock);
    /* the memory stays: a thread may still be on its way out of it */
    return other ? JVMTI_ERROR_NOT_MONITOR_OWNER : JVMTI_ERROR_NONE;
}

/* Takes ownership with m->lock held, waiting while another thread owns it. */
static void acquire(RawMonitor *m, int count) {
    if (m->owned) {
        int old = wait_begin();
        while (m->owned) pthread_cond_wait(&m->entry, &m->lock);
        pthread_mutex_unlock(&m->lock);
        wait_end(old);
        pthread_mutex_lock(&m->lock);
        if (m->owned) {
            acquire(m, count);
            return;
        }
    }
    m->owned = true;
    m->owner = pthread_self();
    m->count = count;
}

static void release(RawMonitor *m) {
    m->owned = false;
    m->count = 0;
    pthread_cond_signal(&m->entry);
}

/* acquire, for a thread that is not suspended (m->lock held). */
static void acquire_unsuspended(RawMonitor *m, int count) {
    Thread *t = thread_current();
    acquire(m, count);
    while (t && susp_requested(t)) {
        release(m);
        pthread_mutex_unlock(&m->lock);
        susp_block(t);
        pthread_mutex_lock(&m->lock);
        acquire(m, count);
    }
}

jvmtiError JNICALL jvmti_RawMonitorEnter(jvmtiEnv *env, jrawMonitorID monitor) {
    RawMonitor *m;
    jvmtiError err = monitor_of(monitor, &m);
    if (err != JVMTI_ERROR_NONE) return err;
    pthread_mutex_lock(&m->lock);
    if (owned_by_me(m)) m->count++;
    else acquire_unsuspended(m, 1);
    pthread_mutex_unlock(&m->lock);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_RawMonitorExit(jvmtiEnv *env, jrawMonitorID monitor) {
    RawMonitor *m;
    jvmtiError err = monitor_of(monitor, &m);
    if (err != JVMTI_ERROR_NONE) return err;
    pthread_mutex_lock(&m->lock);
    if (!owned_by_me(m)) err = JVMTI_ERROR_NOT_MONITOR_OWNER;
    else if (--m->count == 0) release(m);
    pthread_mutex_unlock(&m->lock);
    return err;
}

static void deadline_after(struct timespec *ts, jlong millis) {
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += millis / 1000;
    ts->tv_nsec += (millis % 1000) * 1000000;
    if (ts->tv_nsec >= 1000000000) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000;
    }
}

static bool before(const struct timespec *a, const struct timespec *b) {
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void waiter_enqueue(RawMonitor *m, RawWaiter *w) {
    RawWaiter **p = &m->waiters;
    while (*p) p = &(*p)->next;
    w->next = NULL;
    w->notified = false;
    *p = w;
}

static void waiter_remove(RawMonitor *m, RawWaiter *w) {
    RawWaiter **p = &m->waiters;
    while (*p && *p != w) p = &(*p)->next;
    if (*p) *p = w->next;
}

/* Waits (m->lock held, ownership given up, w queued) until notified, the time is up or,
 * for a Java thread, an interrupt; true when interrupted. */
static bool wait_notified(RawMonitor *m, RawWaiter *w, jlong millis, Thread *t) {
    struct timespec end, slice, now;
    if (millis > 0) deadline_after(&end, millis);
    for (;;) {
        if (w->notified) return false;
        if (t && __atomic_load_n(&t->interrupt_pending, __ATOMIC_ACQUIRE)) return true;
        deadline_after(&slice, t ? 20 : 1000);
        if (millis > 0 && before(&end, &slice)) slice = end;
        pthread_cond_timedwait(&m->wait, &m->lock, &slice);
        clock_gettime(CLOCK_REALTIME, &now);
        if (millis > 0 && !before(&now, &end)) return false;
    }
}

/* Marks the oldest unnotified waiter (all of them with `all`) and wakes them (m->lock held). */
static void mark_notified(RawMonitor *m, bool all) {
    bool any = false;
    for (RawWaiter *w = m->waiters; w && (all || !any); w = w->next) {
        if (w->notified) continue;
        w->notified = true;
        any = true;
    }
    if (any) pthread_cond_broadcast(&m->wait);
}

/* Whether t's interrupt status was set, clearing it (before a wait, the wake-up flag is
 * reset first): in VM state, as it reads the Thread object. */
static bool interrupt_status(Thread *t, bool before_wait) {
    int old = thread_enter_vm(t);
    bool set = before_wait ? jthread_prepare_wait(t) && jthread_take_interrupt(t) : jthread_take_interrupt(t);
    thread_leave_vm(t, old);
    return set;
}

jvmtiError JNICALL jvmti_RawMonitorWait(jvmtiEnv *env, jrawMonitorID monitor, jlong millis) {
    RawMonitor *m;
    jvmtiError err = monitor_of(monitor, &m);
    if (err != JVMTI_ERROR_NONE) return err;
    Thread *t = thread_current();
    Thread *java = t && t->jthread ? t : NULL;
    pthread_mutex_lock(&m->lock);
    if (!owned_by_me(m)) {
        pthread_mutex_unlock(&m->lock);
        return JVMTI_ERROR_NOT_MONITOR_OWNER;
    }
    int count = m->count;
    RawWaiter w;
    release(m);
    waiter_enqueue(m, &w);
    pthread_mutex_unlock(&m->lock);
    /* the interrupt status is in the Thread object: read in the VM, owning no monitor */
    bool interrupted = java && interrupt_status(java, true);
    pthread_mutex_lock(&m->lock);
    if (interrupted) {
        waiter_remove(m, &w);
        if (w.notified) mark_notified(m, false);   /* not ours to take: passed on */
        pthread_mutex_unlock(&m->lock);
    } else {
        int old = wait_begin();
        bool poked = wait_notified(m, &w, millis, java);
        waiter_remove(m, &w);
        pthread_mutex_unlock(&m->lock);
        wait_end(old);
        interrupted = poked && interrupt_status(java, false);
    }
    pthread_mutex_lock(&m->lock);
    acquire_unsuspended(m, count);
    pthread_mutex_unlock(&m->lock);
    return interrupted ? JVMTI_ERROR_INTERRUPT : JVMTI_ERROR_NONE;
}

static jvmtiError notify(jrawMonitorID monitor, bool all) {
    RawMonitor *m;
    jvmtiError err = monitor_of(monitor, &m);
    if (err != JVMTI_ERROR_NONE) return err;
    pthread_mutex_lock(&m->lock);
    if (!owned_by_me(m)) {
        err = JVMTI_ERROR_NOT_MONITOR_OWNER;
    } else {
        mark_notified(m, all);
    }
    pthread_mutex_unlock(&m->lock);
    return err;
}

jvmtiError JNICALL jvmti_RawMonitorNotify(jvmtiEnv *env, jrawMonitorID monitor) { return notify(monitor, false); }
jvmtiError JNICALL jvmti_RawMonitorNotifyAll(jvmtiEnv *env, jrawMonitorID monitor) { return notify(monitor, true); }
