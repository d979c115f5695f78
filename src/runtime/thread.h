/*
 * thread.h — VM threads, their states, and the stop-the-world safepoint protocol.
 *
 * Every Java thread is a pthread with a Thread record.  The record begins with the JNI
 * function-table pointer, so a JNIEnv* is a Thread* and JNI entry costs no lookup.
 *
 * States and the safepoint protocol.  A thread is either *unsafe* (TS_IN_JAVA running the
 * interpreter, TS_IN_VM running VM C code: both may touch heap objects through raw
 * pointers) or *safe* (TS_IN_NATIVE in JNI native code, TS_BLOCKED waiting on a lock,
 * monitor, sleep or park: it holds objects only through handles).  A collection stops the
 * world like this (runtime/safepoint.c):
 *
 *   1. the requesting thread sets `safepoint_pending` and raises TRAP_SAFEPOINT in every
 *      thread's `trap` word;
 *   2. unsafe threads notice it at their next poll (the interpreter tests `trap` at
 *      backward branches, calls and returns; VM code at allocation and state changes) and
 *      park themselves in state TS_SAFEPOINT;
 *   3. safe threads are left running: if they try to become unsafe (return from native,
 *      wake up) while the safepoint is pending, they park until it ends.
 *
 * `trap` is the interpreter's single check, as Lua's hook mask is: it is non-zero whenever
 * anything needs the thread's attention at a poll point (safepoint, suspension, an
 * asynchronous exception, a debugger event mode).
 */
#ifndef LOUPE_THREAD_H
#define LOUPE_THREAD_H

#include "loupe.h"
#include "heap/handles.h"
#include <pthread.h>
#include <stdatomic.h>

typedef enum ThreadState {
    TS_NEW = 0,
    TS_IN_JAVA,
    TS_IN_VM,
    TS_IN_NATIVE,
    TS_BLOCKED,
    TS_SAFEPOINT,       /* parked for a safepoint */
    TS_TERMINATED,
} ThreadState;

enum {
    TRAP_SAFEPOINT = 1 << 0,
    TRAP_SUSPEND = 1 << 1,
    TRAP_ASYNC_EXCEPTION = 1 << 2,
    TRAP_HOOKS = 1 << 3,        /* switch to the hooked interpreter loop (JVMTI) */
};

/* java.lang.Thread.threadStatus values (JVMTI thread state bits, as java.lang.Thread
 * decodes them in sun.misc.VM.toThreadState). */
enum {
    JTS_NEW = 0,
    JTS_RUNNABLE = 0x0005,
    JTS_SLEEPING = 0x00E1,
    JTS_IN_OBJECT_WAIT = 0x0191,
    JTS_IN_OBJECT_WAIT_TIMED = 0x01A1,
    JTS_PARKED = 0x0291,
    JTS_PARKED_TIMED = 0x02A1,
    JTS_BLOCKED_ON_MONITOR_ENTER = 0x0401,
    JTS_TERMINATED = 0x0002,
};

struct Thread {
    const struct JNINativeInterface_ *jni;  /* must stay first: (JNIEnv *)thread */
    volatile int state;                     /* ThreadState */
    volatile uint32_t trap;                 /* TRAP_* bits; polled by the interpreter */

    Object *jthread;                        /* the java.lang.Thread, GC root */
    Object *exception;                      /* pending exception, GC root */
    Object *vm_result;                      /* scratch root for VM code */

    /* Java stack: frames are laid out upward in [stack_base, stack_end). */
    Slot *stack_base;
    Slot *stack_end;
    Slot *stack_limit;                      /* frames must end below this; the rest is the
                                             * reserve used to build StackOverflowError */
    Frame *top;                             /* innermost frame, NULL when none */

    HandleArea handles;                     /* JNI locals and VM handles */

    /* Thread-local allocation buffer. */
    char *tlab_top;
    char *tlab_end;
    char *tlab_start;
    char *tlab_hard_end;                    /* the real end while heap sampling clipped tlab_end, else NULL */
    int tlab_arena;                         /* the heap events' arena of the TLAB */
    uint64_t alloc_count;                   /* allocations, for the GC-stress mode */

    uint16_t tid;                           /* thin-lock owner id, 1..65535 */
    jlong java_tid;
    bool daemon;
    bool attached;                          /* attached through the Invocation API */
    bool is_main;
    bool listed;                            /* on thread_list (possibly before it runs) */
    bool counted;                           /* in the live-thread counts (jthread.c) */
    bool hidden;                            /* hidden from external view, as HotSpot's Service
                                               Thread: in no group, no enumeration, no count,
                                               no ThreadStart or ThreadEnd event */
    bool agent;                             /* a JVMTI agent thread (RunAgentThread): JVMTI lists
                                               it, Java's views and counts do not (HotSpot) */
    volatile bool exiting;                  /* past Thread.exit: no longer suspendable, as in HotSpot */
    pthread_t pthread;
    int os_tid;                             /* the kernel's thread id (thread dumps) */
    int64_t start_ns;                       /* CLOCK_MONOTONIC when it attached */
    char *c_stack_limit;                    /* lowest usable C stack address (overflow check) */

    /* Blocking: sleep, park, monitor wait and interruption use this pair. */
    pthread_mutex_t park_lock;
    pthread_cond_t park_cond;
    volatile int park_permit;
    volatile bool interrupt_pending;        /* wake-up request from JVM_Interrupt */
    Monitor *volatile waiting_on;           /* Object.wait in progress */
    Monitor *volatile contending;           /* blocked entering this monitor */

    /* Suspension and Thread.stop (runtime/suspend.c), both guarded by its lock. */
    bool suspended;
    Object *async_exception;                /* thrown at the next suspend point, GC root */
    /* For the exec fuzz target only (tests/fuzz/fuzz_exec.c): an exception passes through
     * this class's frames without running their handlers, so that the target's watchdog
     * can end any loop of fuzzed code, even one that catches Throwable.  Read by
     * find_handler, on the exception path only; never set by the VM itself. */
    const struct Class *volatile unwind_through;

    /* Thread list (runtime/thread.c). */
    Thread *next;
    Thread *prev;

    /* Statistics for java.lang.management (ThreadInfo, ThreadMXBean).  The thread adds to
     * its own counters; other threads read them at a safepoint or reset them, all with
     * relaxed atomics (thread_stat_add / thread_stat_get). */
    uint64_t blocked_count;                 /* times it blocked entering a contended monitor */
    uint64_t blocked_ns;                    /* time spent so, while thread_timing_contention */
    uint64_t waited_count;                  /* Object.wait and Thread.sleep calls */
    uint64_t waited_ns;
    uint64_t allocated_bytes;               /* heap bytes of retired TLABs and direct allocations */

    void *jvmti;                            /* per-thread tool state, later */
    struct DbgThread *dbg;                  /* debugger state (interp/debug_internal.h) */
    void *jni_frames;                       /* PushLocalFrame stack (native/jni.c) */
    struct CjState *jni_check;              /* -Xcheck:jni's per-thread state (native/checkjni.c) */
};

extern _Thread_local Thread *thread_self;
static inline Thread *thread_current(void) { return thread_self; }
static inline Thread *thread_from_env(JNIEnv *env) { return (Thread *)env; }
static inline JNIEnv *thread_env(Thread *t) { return (JNIEnv *)t; }

/* ---- the safepoint protocol (runtime/safepoint.c) ---- */
extern atomic_int safepoint_pending;

void safepoint_block(Thread *t);                    /* park until the safepoint ends */
/* Stops every other thread; returns with the world stopped.  The caller is in VM state. */
void safepoint_begin(Thread *t);
void safepoint_end(Thread *t);

/* A thread's state as another thread sees it (it changes under the reader's feet unless
 * the reader holds a safepoint and the thread is stopped in it). */
static inline int thread_state(Thread *t) { return __atomic_load_n(&t->state, __ATOMIC_ACQUIRE); }

/* Whether Java's own views (Thread.getAllStackTraces, ThreadMXBean's lists and counts)
 * show the thread: neither hidden nor a JVMTI agent thread, as in HotSpot. */
static inline bool thread_shown_to_java(const Thread *t) { return !t->hidden && !t->agent; }

/* The trap word, set by other threads (safepoint requests, later tool events). */
static inline uint32_t thread_trap(Thread *t) { return __atomic_load_n(&t->trap, __ATOMIC_RELAXED); }

/* Poll from VM code. */
static inline void thread_poll(Thread *t) {
    if (unlikely(atomic_load_explicit(&safepoint_pending, memory_order_acquire)))
        safepoint_block(t);
}

/* State transitions.  Entering an unsafe state checks for a pending safepoint. */
static inline int thread_enter_vm(Thread *t) {
    int old = t->state;
    if (old == TS_IN_NATIVE || old == TS_BLOCKED) {
        atomic_store_explicit((atomic_int *)&t->state, TS_IN_VM, memory_order_seq_cst);
        thread_poll(t);
    } else {
        /* (atomic too: a JVMTI callback that runs in VM state, such as the heap extension's
         * ObjectAlloc, calls JNI and JVMTI from there while a safepoint may be reading) */
        atomic_store_explicit((atomic_int *)&t->state, TS_IN_VM, memory_order_relaxed);
    }
    return old;
}
static inline void thread_leave_vm(Thread *t, int old) {
    if (old == TS_IN_NATIVE || old == TS_BLOCKED)
        atomic_store_explicit((atomic_int *)&t->state, old, memory_order_release);
    else
        atomic_store_explicit((atomic_int *)&t->state, old, memory_order_relaxed);
}
/* Brackets around a blocking operation in VM code: everything the thread holds must be in
 * handles while it is blocked. */
static inline int thread_block_begin(Thread *t) {
    int old = t->state;
    atomic_store_explicit((atomic_int *)&t->state, TS_BLOCKED, memory_order_release);
    return old;
}
static inline void thread_block_end(Thread *t, int old) {
    atomic_store_explicit((atomic_int *)&t->state, old, memory_order_seq_cst);
    thread_poll(t);
}

/* ---- statistics ---- */
static inline void thread_stat_add(uint64_t *counter, uint64_t n) { __atomic_fetch_add(counter, n, __ATOMIC_RELAXED); }
static inline uint64_t thread_stat_get(const uint64_t *counter) { return __atomic_load_n(counter, __ATOMIC_RELAXED); }
static inline void thread_stat_set(uint64_t *counter, uint64_t v) { __atomic_store_n(counter, v, __ATOMIC_RELAXED); }
/* Whether blocking in monitors, Object.wait and sleep is timed as well as counted
 * (ThreadMXBean.setThreadContentionMonitoringEnabled); off by default, as on HotSpot. */
extern volatile bool thread_timing_contention;
static inline bool thread_timing(void) { return __atomic_load_n(&thread_timing_contention, __ATOMIC_RELAXED); }
int64_t thread_now_ns(void);                        /* CLOCK_MONOTONIC */

/* ---- thread management (runtime/thread.c) ---- */
Thread *thread_create_record(void);                 /* a Thread not yet running */
/* Stack sizes.  Each thread has a Java stack of its stack size (-Xss, or the
 * java.lang.Thread's stackSize), the last THREAD_JAVA_RESERVE bytes of it kept to build
 * StackOverflowError, as HotSpot keeps guard and shadow zones; its frames are smaller than
 * HotSpot's interpreter frames, so a recursion goes about as deep as on HotSpot -Xint (1.2
 * to 1.9 times, tool/stack_depth).  Threads the VM starts get a C stack of the same size
 * plus a quarter (about the margin c_stack_bounds keeps), and so does the launcher's main
 * thread unless -Xss is given (JNI_GetDefaultJavaVMInitArgs): native frames and the VM's
 * own calls (class loading, initialisers, JNI callbacks) use it as HotSpot's use its one
 * stack.  Sanitizers' frames are two or three times as big: twice the stack there. */
#define THREAD_STACK_DEFAULT (1u << 20)            /* -Xss: HotSpot's ThreadStackSize */
#define THREAD_STACK_MIN (136u << 10)              /* HotSpot's minimum on x86-64 Linux */
#define THREAD_JAVA_RESERVE (96u << 10)
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define THREAD_C_STACK(s) (2 * (s) + (s) / 2)
#else
#define THREAD_C_STACK(s) ((s) + (s) / 4)
#endif
size_t thread_stack_size(jlong requested);          /* requested <= 0: -Xss */
bool thread_attach_current(Thread *t, size_t stack_size);
void thread_detach_current(Thread *t);
void thread_list_add(Thread *self, Thread *t);
void thread_list_remove(Thread *self, Thread *t);
extern pthread_mutex_t thread_list_lock;
extern Thread *thread_list;                         /* all live Threads */
int thread_count_nondaemon(Thread *self);
void thread_set_java_status(Thread *t, int status); /* java.lang.Thread.threadStatus */
Thread *thread_from_jthread(Object *jthread);       /* via Thread.eetop */
Thread *thread_by_tid(unsigned tid);                /* thin-lock owner lookup */

/* Runs fn on each thread in the list; the list lock is held. */
void thread_foreach(void (*fn)(Thread *t, void *ctx), void *ctx);

#endif
