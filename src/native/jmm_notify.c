/*
 * jmm_notify.c — the "Notification Thread", which delivers the management notifications
 * that need Java code to run: collection notifications (GarbageCollectorMXBean, through
 * com.sun.management.GarbageCollectionNotificationInfo) and collection-usage threshold
 * sensors (MemoryPoolMXBean, through sun.management.Sensor and MemoryMXBean's
 * notifications).
 *
 * A collection ends on whichever thread needed it, often in the middle of an allocation,
 * so it must not run listeners there.  Instead, once the world goes on, the collecting
 * thread only records what happened (heap_after_collection_hook): the sensors' pending
 * counts (jmm_memory.c) and a copy of the collection's record on a small queue; the
 * Notification Thread, a daemon Java thread of the system group as on HotSpot, wakes up
 * and makes the Java calls.  The thread starts with the VM, after the Signal Dispatcher,
 * as HotSpot's does (thread lists and debuggers show it); the hook comes into being the
 * first time a notification is asked for, so collections of programs that never listen
 * pay nothing.
 *
 * Collections forced by the GC-stress mode neither announce nor move sensors: they are
 * the VM testing itself, and reporting them would make every listener's allocations
 * force more.  When the queue is full the oldest announcement is dropped.
 */
#include "native/jni_internal.h"
#include "native/jmm.h"
#include "runtime/jthread.h"
#include "runtime/vm.h"
#include <time.h>

#define QUEUE_CAP 64

typedef struct Announcement {
    HeapGCRecord rec;
    jlong when;                     /* wall clock, ms since the epoch */
} Announcement;

static pthread_once_t thread_once = PTHREAD_ONCE_INIT, hook_once = PTHREAD_ONCE_INIT;
static bool thread_started;
static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_cond = PTHREAD_COND_INITIALIZER;
static Announcement queue[QUEUE_CAP];
static int q_head, q_len;
static bool work_flag;              /* sensors have pending requests */

static jlong wall_millis(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (jlong)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void jmm_notify_wake(void) {
    pthread_mutex_lock(&q_lock);
    work_flag = true;
    pthread_cond_signal(&q_cond);
    pthread_mutex_unlock(&q_lock);
}

/* heap_after_collection_hook: on the collecting thread, in VM state. */
static void after_collection(Thread *t) {
    UNUSED(t);
    HeapGCRecord r;
    if (!heap_last_collection(&r) || r.reason == GC_STRESS) return;
    if (jmm_sensors_after_gc(&r)) jmm_notify_wake();
    if (!jmm_gc_notifications_enabled()) return;
    pthread_mutex_lock(&q_lock);
    if (q_len == QUEUE_CAP) {
        q_head = (q_head + 1) % QUEUE_CAP;
        q_len--;
    }
    queue[(q_head + q_len++) % QUEUE_CAP] = (Announcement){ r, wall_millis() };
    pthread_cond_signal(&q_cond);
    pthread_mutex_unlock(&q_lock);
}

static void notifier_main(Thread *t) {
    for (;;) {
        int old = thread_block_begin(t);
        pthread_mutex_lock(&q_lock);
        while (!q_len && !work_flag) pthread_cond_wait(&q_cond, &q_lock);
        bool sensors = work_flag;
        work_flag = false;
        Announcement a;
        bool announce = q_len > 0;
        if (announce) {
            a = queue[q_head];
            q_head = (q_head + 1) % QUEUE_CAP;
            q_len--;
        }
        pthread_mutex_unlock(&q_lock);
        thread_block_end(t, old);
        HandleMark m = hnd_mark(t);
        if (sensors) jmm_sensors_process(t);
        exc_take(t);
        if (announce) jmm_send_gc_notification(t, &a.rec, a.when);
        exc_take(t);                /* a listener's failure is the listener's business */
        hnd_release(t, m);
    }
}

static void start_thread(void) { thread_started = jthread_start_system_daemon("Notification Thread", notifier_main); }

void jmm_notify_start_thread(void) { pthread_once(&thread_once, start_thread); }

static void install_hook(void) {
    jmm_notify_start_thread();
    if (thread_started) __atomic_store_n(&heap_after_collection_hook, after_collection, __ATOMIC_RELEASE);
}

void jmm_notify_start(void) { pthread_once(&hook_once, install_hook); }
