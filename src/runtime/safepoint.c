/*
 * safepoint.c — stopping the world.
 *
 * One thread at a time may stop the others (vm_operation_lock serialises requesters, who
 * wait for it in a safe state so that a requester already stopping the world is not kept
 * waiting for them).  The requester raises safepoint_pending and every thread's trap bit,
 * then waits until no thread is in an unsafe state (IN_JAVA / IN_VM).  Threads arriving at
 * a poll park in safepoint_block until the operation ends.  Threads going from a safe to an
 * unsafe state publish their new state before reading safepoint_pending (both sequentially
 * consistent), so either they see the request or the requester sees them as unsafe.
 *
 * The requester keeps thread_list_lock for the whole operation, so no thread can start or
 * end under a collection.
 *
 * Fairness: threads parked by a safepoint must get out before the next one begins, or a
 * thread calling System.gc() in a loop would keep every other thread parked (each woken
 * thread would find the next request already raised).  safepoint_end counts the parked
 * threads it wakes (sp_resuming); each one, once it has its state back, counts itself
 * out; safepoint_begin waits for the count to reach zero, for a few milliseconds at most,
 * before it raises the next request.
 */
#include "runtime/thread.h"
#include "runtime/vm.h"
#include <time.h>
#include <sched.h>

atomic_int safepoint_pending;
static pthread_mutex_t vm_operation_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t sp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sp_done = PTHREAD_COND_INITIALIZER;
static pthread_cond_t sp_resumed = PTHREAD_COND_INITIALIZER;
static uint64_t sp_epoch;
static int sp_parked;           /* threads waiting in safepoint_block */
static int sp_resuming;         /* of those woken by the last safepoint_end, not yet out */
static _Atomic(Thread *) sp_owner;  /* the requester while the world is stopped */

#define RESUME_WAIT_NS 5000000  /* the longest a new safepoint waits for them */

void safepoint_block(Thread *t) {
    /* the requester polls too when code it runs with the world stopped (a JVMTI heap walk's
     * callback waiting for a raw monitor) blocks and wakes: it goes on */
    if (atomic_load_explicit(&sp_owner, memory_order_relaxed) == t) return;
    int old = t->state;
    pthread_mutex_lock(&sp_lock);
    uint64_t epoch = sp_epoch;
    atomic_store_explicit((atomic_int *)&t->state, TS_SAFEPOINT, memory_order_seq_cst);
    bool woken = false;
    if (atomic_load(&safepoint_pending)) {
        sp_parked++;
        while (atomic_load(&safepoint_pending) && sp_epoch == epoch)
            pthread_cond_wait(&sp_done, &sp_lock);
        sp_parked--;
        woken = sp_epoch != epoch;
    }
    pthread_mutex_unlock(&sp_lock);
    atomic_fetch_and((atomic_uint *)&t->trap, ~(unsigned)TRAP_SAFEPOINT);
    atomic_store_explicit((atomic_int *)&t->state, old, memory_order_seq_cst);
    if (woken) {
        pthread_mutex_lock(&sp_lock);
        if (sp_resuming > 0 && --sp_resuming == 0) pthread_cond_broadcast(&sp_resumed);
        pthread_mutex_unlock(&sp_lock);
    }
    /* a new safepoint may have begun between the wake-up and the state store */
    if (atomic_load(&safepoint_pending)) safepoint_block(t);
}

static bool is_unsafe(int s) { return s == TS_IN_JAVA || s == TS_IN_VM; }

static void wait_for_resumers(void) {
    pthread_mutex_lock(&sp_lock);
    if (sp_resuming > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += RESUME_WAIT_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while (sp_resuming > 0)
            if (pthread_cond_timedwait(&sp_resumed, &sp_lock, &until) != 0) break;
        sp_resuming = 0;
    }
    pthread_mutex_unlock(&sp_lock);
}

void safepoint_begin(Thread *self) {
    int old = thread_block_begin(self);
    pthread_mutex_lock(&vm_operation_lock);
    wait_for_resumers();
    pthread_mutex_lock(&thread_list_lock);
    atomic_store_explicit((atomic_int *)&self->state, old, memory_order_seq_cst);
    atomic_store_explicit(&sp_owner, self, memory_order_relaxed);
    atomic_store(&safepoint_pending, 1);
    for (Thread *t = thread_list; t; t = t->next)
        if (t != self) atomic_fetch_or((atomic_uint *)&t->trap, TRAP_SAFEPOINT);
    for (int spins = 0;; spins++) {
        bool all = true;
        for (Thread *t = thread_list; t; t = t->next)
            if (t != self && is_unsafe(atomic_load((atomic_int *)&t->state))) {
                all = false;
                break;
            }
        if (all) break;
        if (spins < 100) sched_yield();
        else nanosleep(&(struct timespec){ 0, 20000 }, NULL);
    }
}

void safepoint_end(Thread *self) {
    UNUSED(self);
    atomic_store_explicit(&sp_owner, NULL, memory_order_relaxed);
    pthread_mutex_lock(&sp_lock);
    sp_epoch++;
    sp_resuming = sp_parked;
    atomic_store(&safepoint_pending, 0);
    pthread_cond_broadcast(&sp_done);
    pthread_mutex_unlock(&sp_lock);
    pthread_mutex_unlock(&thread_list_lock);
    pthread_mutex_unlock(&vm_operation_lock);
}
