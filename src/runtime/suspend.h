/*
 * suspend.h — suspending and resuming threads, asynchronous exceptions (Thread.stop), and
 * the JVMTI view of a thread's state.
 *
 * One mechanism serves Thread.suspend/resume/stop (JVM_SuspendThread, JVM_ResumeThread,
 * JVM_StopThread) and JVMTI's SuspendThread/ResumeThread/StopThread: a request sets a flag
 * on the target and raises a bit in its `trap` word; the target acts on it at its next
 * *suspend point* (runtime/suspend.c lists them).  Suspension is a flag, not a count, as in
 * HotSpot 17: suspending a suspended thread is an error for JVMTI and nothing for Java.
 */
#ifndef LOUPE_SUSPEND_H
#define LOUPE_SUSPEND_H

#include "loupe.h"
#include "runtime/thread.h"

typedef enum SuspResult {
    SUSP_OK,
    SUSP_ALREADY,           /* suspend: already suspended */
    SUSP_NOT_SUSPENDED,     /* resume: was not suspended */
    SUSP_NOT_ALIVE,         /* the thread has ended (or never ran) */
} SuspResult;

/* Suspends target.  For another thread it returns once the target runs no more Java code
 * (it stopped at a suspend point, or it is in native code or blocked and will stop before
 * it returns to Java); for self it returns only when another thread resumed it.  The
 * caller is in VM state. */
SuspResult susp_suspend(Thread *self, Thread *target);
SuspResult susp_resume(Thread *self, Thread *target);
bool susp_is_suspended(Thread *t);

/* Thread.stop / JVMTI StopThread on another thread: exc (a Throwable) becomes target's
 * pending asynchronous exception, thrown at its next suspend point; the target is
 * interrupted so that it leaves sleep, wait and park.  A ThreadDeath already pending is
 * not replaced.  False if target has ended. */
bool susp_stop(Thread *self, Thread *target, Object *exc);

/* Forgets t's pending asynchronous exception (t is ending: the Java code of its end,
 * Thread.exit and the uncaught-exception handler, must not be cut short). */
void susp_drop_async(Thread *t);

/* Suspend points.  susp_trap is the interpreter's (a poll with TRAP_SUSPEND or
 * TRAP_ASYNC_EXCEPTION raised): it blocks while the thread is suspended and, when may_throw,
 * makes a pending asynchronous exception the thread's pending exception (returning false).
 * susp_after_native runs when a native method returns to Java: ok is its result, the
 * return value is the result with an asynchronous exception taken into account. */
bool susp_trap(Thread *t, bool may_throw);
bool susp_after_native(Thread *t, bool ok);
/* Blocks while t is suspended (t is the caller, in VM state, holding no VM lock). */
void susp_block(Thread *t);
/* The last suspend point of an ending thread (its Java code done): a suspension taken
 * before it holds the thread here until resumed; after it the thread counts as ended
 * (SuspendThread: THREAD_NOT_ALIVE).  So a suspended thread never ends. */
void susp_mark_exiting(Thread *t);

/* A sequentially consistent read of t's trap bits: a thread going from a safe state to
 * an unsafe one reads it after publishing its state (see susp_suspend). */
static inline uint32_t susp_trap_bits(Thread *t) { return __atomic_load_n(&t->trap, __ATOMIC_SEQ_CST); }
static inline bool susp_requested(Thread *t) { return unlikely(susp_trap_bits(t) & TRAP_SUSPEND); }

/* JVMTI thread state bits (jvmti.h's JVMTI_THREAD_STATE_*) of the java.lang.Thread jt:
 * java.lang.Thread.threadStatus plus suspended, interrupted and in-native. */
enum {
    SUSP_STATE_SUSPENDED = 0x100000,
    SUSP_STATE_INTERRUPTED = 0x200000,
    SUSP_STATE_IN_NATIVE = 0x400000,
};
jint susp_thread_state(Object *jt);

#endif
