/*
 * jthread.h — the VM side of java.lang.Thread: the fields the VM reads and writes, thread
 * start and exit, sleeping, parking and interruption.
 */
#ifndef LOUPE_JTHREAD_H
#define LOUPE_JTHREAD_H

#include "loupe.h"
#include "runtime/thread.h"
#include "heap/object.h"

/* Offsets of java.lang.Thread fields (filled by jthread_init). */
extern uint32_t jthread_eetop_off, jthread_status_off, jthread_interrupted_off, jthread_priority_off,
    jthread_daemon_off, jthread_name_off, jthread_group_off, jthread_ccl_off, jthread_stacksize_off,
    jthread_tid_off, jthread_inherited_acc_off;

bool jthread_init(Thread *t);

/* Thread.threadStatus (a JTS_* value), read and written atomically: it is volatile. */
jint jthread_status(Object *jt);
void jthread_store_status(Object *jt, jint status);

static inline bool jthread_is_interrupted(Thread *t) {
    /* Thread.interrupted is volatile */
    return t->jthread && __atomic_load_n(&OBJ_FIELD(t->jthread, jthread_interrupted_off, jboolean), __ATOMIC_ACQUIRE);
}
/* Before blocking: forgets stale wake-ups; true if the thread is already interrupted. */
bool jthread_prepare_wait(Thread *t);
/* Reads and clears the interrupt status (the VM's side of Thread.interrupted()). */
bool jthread_take_interrupt(Thread *t);

/* Creates the java.lang.Thread for the current (attached) thread in group *group, with name
 * (NULL = "Thread-N" as Java names it), daemon flag. */
bool jthread_attach_object(Thread *t, Object **group, const char *name, bool daemon);
/* Starts one of the VM's own daemon threads ("Signal Dispatcher", "Attach Listener",
 * "Notification Thread"): a pthread that becomes a java.lang.Thread of the system group
 * at HotSpot's NearMaxPriority and then runs body, in VM state; returns once the thread is
 * in the group (or failed to get there).  False if no pthread. */
bool jthread_start_system_daemon(const char *name, void (*body)(Thread *t));
/* The same for a daemon hidden from external view (Thread.hidden: "Service Thread"). */
bool jthread_start_hidden_daemon(const char *name, void (*body)(Thread *t));
/* Starts a new pthread running the Java Thread *jt (JVM_StartThread). */
bool jthread_start(Thread *t, Object **jt);
/* The same, but the new thread runs body(itself, arg), entered in VM state, instead of
 * Thread.run() (JVMTI RunAgentThread), then ends as every Java thread does. */
bool jthread_start_body(Thread *t, Object **jt, void (*body)(Thread *nt, void *arg), void *arg);
/* The end of a Java thread's life: Thread.exit(), TERMINATED, eetop = 0, notifyAll. */
void jthread_exit(Thread *t);

/* Sleep (JVM_Sleep); false with InterruptedException / IllegalArgumentException pending. */
bool jthread_sleep(Thread *t, jlong millis);
void jthread_interrupt(Thread *t, Object *jt);
void jthread_park(Thread *t, bool absolute, jlong time);
void jthread_unpark(Thread *target);
/* Thread.parkBlocker of the java.lang.Thread jt (what LockSupport.park was given). */
Object *jthread_park_blocker(Object *jt);

/* Counts of Java threads as java.lang.management reports them: a thread counts from its
 * start (or attachment) until it ends, and stops counting before join() can return. */
typedef struct JThreadCounts {
    int live;
    int daemon;
    int peak;                       /* highest `live` since start or the last reset */
    int64_t started;                /* threads started or attached since the VM began */
} JThreadCounts;
JThreadCounts jthread_counts(void);
void jthread_reset_peak(void);

#endif
