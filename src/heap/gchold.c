/*
 * gchold.c — holding collections off: JVMPI's DisableGC/EnableGC and its "sent with GC
 * disabled" events.
 *
 * A hold is a count.  While it is above zero no collection starts: heap.c's collect()
 * waits (in a safe state, so other safepoints still proceed) until the holds of the other
 * threads are gone, and checks again once it has stopped the world, because a thread may
 * have taken a hold meanwhile.  A hold is taken in VM state (gc_hold enters it), so a
 * collection already under way finishes first and no collection can start between the
 * moment a thread reads an object's address and the moment it has its hold.
 *
 * Holds belong to the thread that took them: DisableGC and EnableGC pair up per thread.
 * A thread's own holds do not stop its own collections (an agent that allocates with GC
 * disabled would otherwise wait for itself); RunGC with GC disabled does nothing.
 * Nothing here costs anything when no hold was ever taken: collect() reads one word.
 */
#include "heap/gc.h"
#include "runtime/thread.h"

static atomic_int holds;
static _Thread_local int own_holds;
static pthread_mutex_t hold_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hold_gone = PTHREAD_COND_INITIALIZER;

/* A thread already in Java or VM state holds the world off as it is. */
void gc_hold(Thread *t) {
    int s = t ? thread_state(t) : TS_IN_VM;
    bool enter = s == TS_IN_NATIVE || s == TS_BLOCKED;
    int old = enter ? thread_enter_vm(t) : 0;
    atomic_fetch_add(&holds, 1);
    own_holds++;
    if (enter) thread_leave_vm(t, old);
}

/* A thread releases only holds it took: a release without one (EnableGC called once too
 * often) is ignored rather than taken from another thread's hold. */
void gc_release(void) {
    if (own_holds == 0) return;
    own_holds--;
    if (atomic_fetch_sub(&holds, 1) == 1) {
        pthread_mutex_lock(&hold_lock);
        pthread_cond_broadcast(&hold_gone);
        pthread_mutex_unlock(&hold_lock);
    }
}

bool gc_held_by_others(void) { return atomic_load(&holds) > own_holds; }
bool gc_held_by_self(void) { return own_holds > 0; }

void gc_wait_unheld(Thread *t) {
    if (!gc_held_by_others()) return;
    int old = t ? thread_block_begin(t) : 0;
    pthread_mutex_lock(&hold_lock);
    while (gc_held_by_others()) pthread_cond_wait(&hold_gone, &hold_lock);
    pthread_mutex_unlock(&hold_lock);
    if (t) thread_block_end(t, old);
}
