/*
 * jvmpi_unload.c — JVMPI_EVENT_CLASS_UNLOAD, from class unloading (heap/classunload.c).
 *
 * Class unloading tells its listeners inside the collection, with the world stopped; the
 * specification sends CLASS_UNLOAD "with GC disabled", on a thread where the agent may
 * block and call JNI.  So the listener only queues the class id (the address of the dead
 * class's java.lang.Class, the id the agent last saw for it: a dead mirror is not moved)
 * and the events are sent later, each under a GC hold, by whichever comes first:
 *   - a daemon thread of JVMPI's own ("JVMPI Class Unload", started at JVM init done or
 *     when the agent enables the event in the live phase), woken by the listener;
 *   - a class load event about to be sent (a new class's mirror may take a dead one's
 *     address: the agent then sees the old class go before the id names the new one);
 *   - the JVM shut down event, so that every unload comes before it;
 *   - RunGC, before it returns, for the unloads of the collection it asked for.
 * The last two also wait for the events the thread is sending at that moment, so that
 * they have all been delivered (an agent must not call RunGC holding a lock its
 * CLASS_UNLOAD handler takes).
 * The queue is a plain mutex and condition variable: the listener takes the mutex with the
 * world stopped, which is safe because its holders only ever run native code inside it.
 */
#include "jvmpi/jvmpi_internal.h"
#include "heap/classunload.h"
#include "runtime/vm.h"
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_cond = PTHREAD_COND_INITIALIZER;     /* something queued */
static pthread_cond_t q_idle = PTHREAD_COND_INITIALIZER;     /* a send finished */
static jobjectID *queue;
static size_t q_head, q_n, q_cap;
static int inflight;                    /* events popped, not yet delivered */
static _Thread_local int my_inflight;
static int started;

/* The listener: world stopped, no Java allocation; malloc is fine. */
static void on_unload(Class *c) {
    if (!jvmpi_on(JVMPI_EVENT_CLASS_UNLOAD) || !c->mirror) return;
    pthread_mutex_lock(&q_lock);
    if (q_n == q_cap) {
        size_t cap = q_cap ? 2 * q_cap : 64;
        jobjectID *q = realloc(queue, cap * sizeof *q);
        if (q) queue = q, q_cap = cap;
    }
    if (q_n < q_cap) queue[q_n++] = jvmpi_id(c->mirror);
    pthread_cond_signal(&q_cond);
    pthread_mutex_unlock(&q_lock);
}

void jvmpi_unload_prepare(void) {
    static int added;
    if (!__atomic_exchange_n(&added, 1, __ATOMIC_ACQ_REL)) cu_add_listener(on_unload);
}

/* The oldest queued id, false if none; it counts as in flight until sent(). */
static bool pop(jobjectID *id) {
    pthread_mutex_lock(&q_lock);
    bool any = q_head < q_n;
    if (any) *id = queue[q_head++], inflight++, my_inflight++;
    if (q_head == q_n) q_head = q_n = 0;
    pthread_mutex_unlock(&q_lock);
    return any;
}

static void sent(void) {
    pthread_mutex_lock(&q_lock);
    inflight--, my_inflight--;
    pthread_cond_broadcast(&q_idle);
    pthread_mutex_unlock(&q_lock);
}

static void send_unload(Thread *t, jobjectID id) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_CLASS_UNLOAD;
    e.u.class_unload.class_id = id;
    gc_hold(t);
    jvmpi_send(t, &e);
    gc_release();
}

void jvmpi_unload_flush(Thread *t) {
    jobjectID id;
    while (pop(&id)) {
        if (jvmpi_on(JVMPI_EVENT_CLASS_UNLOAD)) send_unload(t, id);
        sent();
    }
}

void jvmpi_unload_drain(Thread *t) {
    jvmpi_unload_flush(t);
    pthread_mutex_lock(&q_lock);
    while (inflight > my_inflight) pthread_cond_wait(&q_idle, &q_lock);
    pthread_mutex_unlock(&q_lock);
}

/* The daemon thread: in native state while it waits. */
static void unload_thread(void *arg) {
    UNUSED(arg);
    Thread *t = thread_current();
    for (;;) {
        pthread_mutex_lock(&q_lock);
        while (q_head == q_n) pthread_cond_wait(&q_cond, &q_lock);
        pthread_mutex_unlock(&q_lock);
        jvmpi_unload_flush(t);
    }
}

void jvmpi_unload_start(void) {
    if (vm_phase_now() < VM_PHASE_LIVE || !thread_current() || __atomic_load_n(&started, __ATOMIC_ACQUIRE)) return;
    if (__atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL)) return;
    if (jvmpi_CreateSystemThread("JVMPI Class Unload", JVMPI_NORMAL_PRIORITY, unload_thread) != JNI_OK)
        __atomic_store_n(&started, 0, __ATOMIC_RELEASE);
}
