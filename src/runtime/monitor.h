/*
 * monitor.h — Java monitors: synchronized, wait/notify, identity hash codes.
 *
 * Locking is thin first: an unlocked object's mark word gets the owner's thread id by one
 * CAS (heap/object.h describes the bits), recursion is counted in the mark too.  A monitor
 * is *inflated* into a Monitor record when another thread contends, when the recursion
 * count overflows, or when someone waits on it; the mark then points to the Monitor,
 * which owns a mutex, the owner, the recursion count, the entry and wait queues, and the
 * displaced mark (identity hash and age).  Inflated monitors are what JVMTI reports on.
 *
 * All Monitor records are on one list; the collector updates their object pointers after
 * moving objects and frees monitors whose objects died (gc_after_move / roots.c).
 */
#ifndef LOUPE_MONITOR_H
#define LOUPE_MONITOR_H

#include "loupe.h"
#include "heap/object.h"
#include "runtime/thread.h"

typedef struct WaitNode {
    Thread *thread;
    struct WaitNode *next;
    bool notified;
} WaitNode;

struct Monitor {
    pthread_mutex_t mutex;          /* guards everything below */
    pthread_cond_t entry_cond;      /* signalled when the owner leaves */
    pthread_cond_t wait_cond;       /* signalled by notify/notifyAll/interrupt */
    Thread *volatile owner;
    uint32_t recursions;            /* extra entries beyond the first */
    uint32_t entry_waiters;         /* threads blocked entering */
    uint32_t contenders;            /* threads entering contended, from before their
                                     * contended-enter event to their entered (atomic) */
    WaitNode *wait_set;             /* FIFO of Object.wait callers */
    uintptr_t displaced;            /* the object's neutral mark (hash, age) */
    Object *obj;                    /* the object (updated by the collector) */
    Monitor *next;                  /* all monitors */
};

/* Enters the monitor of *h (a handle: entering may block and let a GC run). */
void mon_enter(Thread *t, Object **h);
/* Fast path for the interpreter: tries a thin lock; false if the slow path is needed. */
bool mon_try_enter_fast(Thread *t, Object *o);
/* Exits; false with IllegalMonitorStateException pending if t does not own it. */
bool mon_exit(Thread *t, Object *o);
/* Object.wait(ms) (0 = forever); false with an exception (IMSE, InterruptedException). */
bool mon_wait(Thread *t, Object **h, jlong millis);
bool mon_notify(Thread *t, Object *o, bool all);
bool mon_holds(Thread *t, Object *o);
/* The thread that owns o's monitor, thin or inflated; NULL if none.  Exact only while the
 * world is stopped (management, thread dumps). */
Thread *mon_owner(Object *o);
/* Calls fn on the object of every inflated monitor t owns (world stopped). */
void mon_foreach_owned(Thread *t, void (*fn)(Object *o, void *ctx), void *ctx);
/* For tools (JVMTI GetObjectMonitorUsage), with the world stopped: o's inflated monitor
 * (NULL while thin), how many times its owner entered it (0: unowned), and the threads in
 * its wait set not yet notified, oldest first (at most max into out; returns how many). */
Monitor *mon_of(Object *o);
int mon_entry_count(Object *o);
int mon_wait_set(Object *o, Thread **out, int max);
/* Wakes t if it waits in Object.wait (for Thread.interrupt). */
void mon_interrupt_wait(Thread *t);

/* Identity hash (Object.hashCode / System.identityHashCode); stable for the object's life. */
jint mon_identity_hash(Thread *t, Object *o);
/* The object's current mark, with an inflated monitor's displaced mark looked through. */
uintptr_t mon_neutral_mark(Object *o);

/* Tool events: JVMTI MonitorContendedEnter/Entered and MonitorWait/Waited are posted
 * from the slow paths only (a contended entry, Object.wait), after one test of the global
 * event word, so they cost nothing when off (jvmti/jvmti_monitor_info.c posts them). */

/* Collector hooks. */
void mon_visit_objects(void (*v)(Object **slot, void *ctx), void *ctx);
void mon_sweep(bool (*is_live)(Object *o, void *ctx), void (*v)(Object **slot, void *ctx), void *ctx);

void mon_init(void);

#endif
