/*
 * jvmpi_rawmonitor.c — JVMPI's raw monitors, with their contention events.
 *
 * A raw monitor is a mutex, a condition, an owner and a count (it is reentrant), plus the
 * numbers of threads waiting to enter and waiting to be notified, which the monitor dump
 * reports.  Entering and waiting never change the thread's VM state: an agent uses raw
 * monitors inside events sent with GC disabled and inside collections, where a thread
 * must not stop for a safepoint.  Contention sends RAW_MONITOR_CONTENDED_ENTER / _ENTERED
 * / _EXIT unless the monitor's name begins with '_', as the specification says.
 *
 * Monitors live on one list until destroyed; a handle that is not on the list (destroyed,
 * or never made) is ignored by every function.  Destroyed monitors are unlinked and kept
 * (their memory is not reused) so that a stale handle is recognised rather than followed.
 */
#include "jvmpi/jvmpi_internal.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct JvmpiRawMonitor {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    char *name;
    Thread *owner;
    pthread_t owner_pthread;
    jint count;
    jint entry_waiters;
    jint waiters;
    bool live;
    JvmpiRawMonitor *next;
};

static JvmpiRawMonitor *monitors;
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;

static JvmpiRawMonitor *valid(JVMPI_RawMonitor id) {
    pthread_mutex_lock(&list_lock);
    JvmpiRawMonitor *m = monitors;
    while (m && m != (JvmpiRawMonitor *)id) m = m->next;
    pthread_mutex_unlock(&list_lock);
    return m && __atomic_load_n(&m->live, __ATOMIC_ACQUIRE) ? m : NULL;
}

JVMPI_RawMonitor jvmpi_RawMonitorCreate(char *name) {
    JvmpiRawMonitor *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    pthread_mutex_init(&m->mutex, NULL);
    pthread_cond_init(&m->cond, NULL);
    m->name = strdup(name ? name : "");
    m->live = true;
    pthread_mutex_lock(&list_lock);
    m->next = monitors;
    monitors = m;
    pthread_mutex_unlock(&list_lock);
    return (JVMPI_RawMonitor)m;
}

void jvmpi_RawMonitorDestroy(JVMPI_RawMonitor id) {
    JvmpiRawMonitor *m = valid(id);
    if (!m) return;
    pthread_mutex_lock(&m->mutex);
    __atomic_store_n(&m->live, false, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&m->mutex);
}

static bool mine(JvmpiRawMonitor *m) { return m->count > 0 && pthread_equal(m->owner_pthread, pthread_self()); }

static void send_raw(JvmpiRawMonitor *m, jint type) {
    if (!jvmpi_on(type) || m->name[0] == '_') return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = type;
    e.u.raw_monitor.name = m->name;
    e.u.raw_monitor.id = (JVMPI_RawMonitor)m;
    jvmpi_send(thread_current(), &e);
}

void jvmpi_RawMonitorEnter(JVMPI_RawMonitor id) {
    JvmpiRawMonitor *m = valid(id);
    if (!m) return;
    pthread_mutex_lock(&m->mutex);
    if (mine(m)) {
        m->count++;
        pthread_mutex_unlock(&m->mutex);
        return;
    }
    bool contended = m->count > 0;
    m->entry_waiters++;             /* from before the event: an exit after it sees this thread */
    if (contended) {
        pthread_mutex_unlock(&m->mutex);
        send_raw(m, JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER);
        pthread_mutex_lock(&m->mutex);
    }
    while (m->count > 0) pthread_cond_wait(&m->cond, &m->mutex);
    m->entry_waiters--;
    m->count = 1;
    m->owner_pthread = pthread_self();
    m->owner = thread_current();
    pthread_mutex_unlock(&m->mutex);
    if (contended) send_raw(m, JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTERED);
}

void jvmpi_RawMonitorExit(JVMPI_RawMonitor id) {
    JvmpiRawMonitor *m = valid(id);
    if (!m) return;
    pthread_mutex_lock(&m->mutex);
    if (!mine(m)) {
        pthread_mutex_unlock(&m->mutex);
        return;
    }
    bool others = false;
    if (--m->count == 0) {
        m->owner = NULL;
        others = m->entry_waiters > 0;
        pthread_cond_broadcast(&m->cond);
    }
    pthread_mutex_unlock(&m->mutex);
    if (others) send_raw(m, JVMPI_EVENT_RAW_MONITOR_CONTENDED_EXIT);
}

static void deadline(struct timespec *ts, jlong ms) {
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (ms % 1000) * 1000000;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

/* Gives the monitor up entirely, waits for a notification (or the time), takes it back
 * with the same count. */
void jvmpi_RawMonitorWait(JVMPI_RawMonitor id, jlong ms) {
    JvmpiRawMonitor *m = valid(id);
    if (!m) return;
    pthread_mutex_lock(&m->mutex);
    if (!mine(m)) {
        pthread_mutex_unlock(&m->mutex);
        return;
    }
    jint count = m->count;
    Thread *owner = m->owner;
    m->count = 0;
    m->owner = NULL;
    m->waiters++;
    pthread_cond_broadcast(&m->cond);
    struct timespec until;
    if (ms > 0) deadline(&until, ms);
    if (ms > 0) pthread_cond_timedwait(&m->cond, &m->mutex, &until);
    else pthread_cond_wait(&m->cond, &m->mutex);
    m->waiters--;
    while (m->count > 0) pthread_cond_wait(&m->cond, &m->mutex);
    m->count = count;
    m->owner = owner;
    m->owner_pthread = pthread_self();
    pthread_mutex_unlock(&m->mutex);
}

void jvmpi_RawMonitorNotifyAll(JVMPI_RawMonitor id) {
    JvmpiRawMonitor *m = valid(id);
    if (!m) return;
    pthread_mutex_lock(&m->mutex);
    if (mine(m)) pthread_cond_broadcast(&m->cond);
    pthread_mutex_unlock(&m->mutex);
}

/* ---- for the monitor dump (world stopped) ---- */

void jvmpi_raw_monitors_foreach(void (*fn)(JvmpiRawMonitor *m, void *ctx), void *ctx) {
    pthread_mutex_lock(&list_lock);
    for (JvmpiRawMonitor *m = monitors; m; m = m->next)
        if (__atomic_load_n(&m->live, __ATOMIC_ACQUIRE)) fn(m, ctx);
    pthread_mutex_unlock(&list_lock);
}

const char *jvmpi_raw_monitor_name(JvmpiRawMonitor *m) { return m->name; }

/* The monitor's mutex is never held while its holder waits for anything but the
 * monitor's condition (which lets it go), so it may be taken with the world stopped. */
Thread *jvmpi_raw_monitor_owner(JvmpiRawMonitor *m, jint *entries, jint *waiters, jint *entry_waiters) {
    pthread_mutex_lock(&m->mutex);
    *entries = m->count;
    *waiters = m->waiters;
    *entry_waiters = m->entry_waiters;
    Thread *owner = m->owner;
    pthread_mutex_unlock(&m->mutex);
    return owner;
}
