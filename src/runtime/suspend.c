/*
 * suspend.c — thread suspension and asynchronous exceptions.
 *
 * Requests.  Suspending sets the target's `suspended` flag and raises TRAP_SUSPEND in its
 * trap word; Thread.stop stores the throwable in `async_exception` and raises
 * TRAP_ASYNC_EXCEPTION.  Both happen under susp_lock, which nobody holds while waiting for
 * anything else, so it can be taken in any state.
 *
 * Suspend points.  The target acts on its trap bits only where it holds no VM lock and no
 * raw object pointer, and where stopping means "not returning to Java":
 *   - the interpreter's polls (method entry, taken branches: interp_trap);
 *   - a native method's return to Java (natives.c, before a synchronized native's monitor
 *     is released, as HotSpot's native wrapper does);
 *   - having entered a contended monitor (monitor.c): a thread suspended while it waited
 *     for the monitor gives it back and waits to be resumed first, so a suspended thread
 *     never takes a monitor away from running threads;
 *   - an ending thread's last step before it counts as ended (susp_mark_exiting), under
 *     susp_lock, so that a thread is either suspended and kept alive or seen ended.
 * A general safepoint poll (thread_poll) is not a suspend point: VM code polls while
 * holding its own locks (the thread list lock, for one), and a thread suspended there
 * would stop every collection.
 *
 * When does SuspendThread return?  As soon as the target runs no more Java code: it is
 * parked at a suspend point, or in native code or blocked, from which it cannot reach
 * Java without passing a suspend point.  A thread parked for a safepoint is not counted:
 * it resumes where it polled, possibly in Java code before its next suspend point.  The
 * requester raises the trap bit and then reads the target's state, the target publishes
 * its state and then reads the trap bit (both sequentially consistent, as with
 * safepoints), so either the target sees the request or the requester sees it unsafe and
 * waits.  A suspended thread waits in TS_BLOCKED, a safe state: collections and other
 * safepoints go on without it, and it holds nothing a requester or a collector needs.
 *
 * Asynchronous exceptions follow HotSpot: the target is also interrupted (Thread's
 * interrupted field set, sleep/wait/park woken), and the throwable replaces whatever
 * exception is pending at the suspend point unless that is a ThreadDeath — so a stopped
 * sleeper throws ThreadDeath, not InterruptedException.
 */
#include "runtime/suspend.h"
#include "runtime/exception.h"
#include "runtime/jthread.h"
#include "runtime/monitor.h"
#include "runtime/vm.h"
#include "interp/frame.h"
#include "interp/debug.h"
#include <sched.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t susp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t susp_resumed = PTHREAD_COND_INITIALIZER;

/* A thread past Thread.exit (posting ThreadEnd) counts as ended for suspension, as in HotSpot. */
static bool has_ended(Thread *t) { return thread_state(t) == TS_TERMINATED || __atomic_load_n(&t->exiting, __ATOMIC_SEQ_CST); }

/* A thread parked for a safepoint goes back to where it polled, possibly in Java code
 * before its next suspend point: it does not count as stopped until it gets further. */
static bool is_running(int s) { return s == TS_IN_JAVA || s == TS_IN_VM || s == TS_SAFEPOINT; }

bool susp_is_suspended(Thread *t) {
    pthread_mutex_lock(&susp_lock);
    bool s = t->suspended;
    pthread_mutex_unlock(&susp_lock);
    return s;
}

/* Waits (in a safe state, so that a safepoint can go on) until target runs no Java code,
 * or is no longer to be suspended. */
static void wait_until_stopped(Thread *self, Thread *target) {
    int old = thread_block_begin(self);
    for (int spins = 0;; spins++) {
        if (!is_running(__atomic_load_n(&target->state, __ATOMIC_SEQ_CST))) break;
        if (!(susp_trap_bits(target) & TRAP_SUSPEND)) break;
        if (spins < 100) sched_yield();
        else nanosleep(&(struct timespec){ 0, 50000 }, NULL);
    }
    thread_block_end(self, old);
}

SuspResult susp_suspend(Thread *self, Thread *target) {
    pthread_mutex_lock(&susp_lock);
    SuspResult r = SUSP_OK;
    if (has_ended(target)) r = SUSP_NOT_ALIVE;
    else if (target->suspended) r = SUSP_ALREADY;
    else {
        target->suspended = true;
        __atomic_fetch_or(&target->trap, TRAP_SUSPEND, __ATOMIC_SEQ_CST);
    }
    pthread_mutex_unlock(&susp_lock);
    if (r != SUSP_OK) return r;
    if (target == self) susp_block(self);
    else wait_until_stopped(self, target);
    return SUSP_OK;
}

SuspResult susp_resume(Thread *self, Thread *target) {
    UNUSED(self);
    pthread_mutex_lock(&susp_lock);
    SuspResult r = SUSP_OK;
    if (!target->suspended) {
        r = has_ended(target) ? SUSP_NOT_ALIVE : SUSP_NOT_SUSPENDED;
    } else {
        target->suspended = false;
        __atomic_fetch_and(&target->trap, ~(uint32_t)TRAP_SUSPEND, __ATOMIC_SEQ_CST);
        pthread_cond_broadcast(&susp_resumed);
    }
    pthread_mutex_unlock(&susp_lock);
    return r;
}

void susp_block(Thread *t) {
    while (susp_requested(t)) {
        int old = thread_block_begin(t);
        pthread_mutex_lock(&susp_lock);
        while (t->suspended) pthread_cond_wait(&susp_resumed, &susp_lock);
        pthread_mutex_unlock(&susp_lock);
        /* may wait out a safepoint, during which a new request can come: hence the loop */
        thread_block_end(t, old);
    }
}

void susp_mark_exiting(Thread *t) {
    for (;;) {
        susp_block(t);
        pthread_mutex_lock(&susp_lock);
        bool suspended = t->suspended;
        if (!suspended) __atomic_store_n(&t->exiting, true, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&susp_lock);
        if (!suspended) return;
    }
}

/* ---- asynchronous exceptions ---- */

static bool is_thread_death(const Object *o) {
    for (const Class *c = o ? o->klass : NULL; c; c = c->super)
        if (!c->loader && strcmp(c->name->str, "java/lang/ThreadDeath") == 0) return true;
    return false;
}

bool susp_stop(Thread *self, Thread *target, Object *exc) {
    pthread_mutex_lock(&susp_lock);
    bool alive = !has_ended(target);
    if (alive && !is_thread_death(target->async_exception)) {
        target->async_exception = exc;
        __atomic_fetch_or(&target->trap, TRAP_ASYNC_EXCEPTION, __ATOMIC_SEQ_CST);
    }
    pthread_mutex_unlock(&susp_lock);
    Object *jt = __atomic_load_n(&target->jthread, __ATOMIC_ACQUIRE);
    if (!alive || !jt) return alive;
    __atomic_store_n(&OBJ_FIELD(jt, jthread_interrupted_off, jboolean), JNI_TRUE, __ATOMIC_SEQ_CST);
    jthread_interrupt(self, jt);
    return true;
}

void susp_drop_async(Thread *t) {
    pthread_mutex_lock(&susp_lock);
    t->async_exception = NULL;
    __atomic_fetch_and(&t->trap, ~(uint32_t)TRAP_ASYNC_EXCEPTION, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&susp_lock);
}

/* Makes the pending asynchronous exception t's pending exception; false if it did. */
static bool deliver_async(Thread *t) {
    pthread_mutex_lock(&susp_lock);
    Object *exc = t->async_exception;
    t->async_exception = NULL;
    __atomic_fetch_and(&t->trap, ~(uint32_t)TRAP_ASYNC_EXCEPTION, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&susp_lock);
    if (!exc) return !exc_pending(t);
    if (!is_thread_death(t->exception)) exc_set(t, exc);
    return false;
}

/* A PopFrame or ForceEarlyReturn not yet taken goes first (interp/debug.c).
 * The exec fuzz target's watchdog (thread.h, unwind_through) stops only the fuzzed
 * class's code: its ThreadDeath waits, pending, for a suspend point in one of that class's
 * frames, so that it never cuts a JDK class's initialisation short (which would leave the
 * class erroneous for every later input). */
static bool async_deferred(Thread *t) {
    const Class *only = t->unwind_through;
    if (unlikely(only != NULL) && (!t->top || t->top->method->holder != only)) return true;
    return dbg_frame_request_here(t);
}

bool susp_trap(Thread *t, bool may_throw) {
    susp_block(t);
    if (may_throw && (thread_trap(t) & TRAP_ASYNC_EXCEPTION) && !async_deferred(t)) return deliver_async(t);
    return true;
}

bool susp_after_native(Thread *t, bool ok) {
    susp_block(t);
    if ((thread_trap(t) & TRAP_ASYNC_EXCEPTION) && !async_deferred(t)) return deliver_async(t) && ok;
    return ok;
}

/* ---- JVMTI thread state ---- */

jint susp_thread_state(Object *jt) {
    jint state = jthread_status(jt);
    Thread *t = thread_from_jthread(jt);
    if (!t || !(state & 1)) return state;               /* not alive */
    if (susp_is_suspended(t)) state |= SUSP_STATE_SUSPENDED;
    if (__atomic_load_n(&OBJ_FIELD(jt, jthread_interrupted_off, jboolean), __ATOMIC_ACQUIRE)) state |= SUSP_STATE_INTERRUPTED;
    if (thread_state(t) == TS_IN_NATIVE) state |= SUSP_STATE_IN_NATIVE;
    return state;
}
