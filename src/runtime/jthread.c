/*
 * jthread.c — java.lang.Thread from the VM's side.
 *
 * The VM owns a few fields of java.lang.Thread (JDK 17 keeps them on Thread itself):
 * eetop (non-zero while the thread is alive: it holds the Thread record), threadStatus
 * (JVMTI state bits, decoded by Thread.getState) and the interrupt flag, which Java sets
 * and the VM tests-and-clears when a blocking call is interrupted.
 *
 * Starting a thread (JVM_StartThread) creates a pthread whose body attaches a Thread
 * record, runs Thread.run(), dispatches an uncaught exception to the thread's handler and
 * ends the thread as HotSpot does: Thread.exit(), status TERMINATED, eetop cleared, and a
 * notifyAll on the Thread object so that join() returns.
 *
 * Sleeping and parking wait on the thread's own mutex/condition pair in a safe state; an
 * interrupt or unpark signals it.
 */
#include "runtime/jthread.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include "runtime/suspend.h"
#include "runtime/vm.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "jvmti/jvmti_export.h"
#include <errno.h>
#include <sched.h>
#include <time.h>

uint32_t jthread_eetop_off, jthread_status_off, jthread_interrupted_off, jthread_priority_off, jthread_daemon_off,
    jthread_name_off, jthread_group_off, jthread_ccl_off, jthread_stacksize_off, jthread_tid_off, jthread_inherited_acc_off;

static uint32_t thread_field(const char *name, const char *desc) {
    Field *f = class_find_declared_field(VMC(Thread), sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("java.lang.Thread.%s missing", name);
    return f->offset;
}

bool jthread_init(Thread *t) {
    UNUSED(t);
    jthread_eetop_off = thread_field("eetop", "J");
    jthread_status_off = thread_field("threadStatus", "I");
    jthread_interrupted_off = thread_field("interrupted", "Z");
    jthread_priority_off = thread_field("priority", "I");
    jthread_daemon_off = thread_field("daemon", "Z");
    jthread_name_off = thread_field("name", "Ljava/lang/String;");
    jthread_group_off = thread_field("group", "Ljava/lang/ThreadGroup;");
    jthread_ccl_off = thread_field("contextClassLoader", "Ljava/lang/ClassLoader;");
    jthread_stacksize_off = thread_field("stackSize", "J");
    jthread_tid_off = thread_field("tid", "J");
    jthread_inherited_acc_off = thread_field("inheritedAccessControlContext", "Ljava/security/AccessControlContext;");
    return true;
}

/* Thread.threadStatus is volatile: other threads read it (Thread.getState, thread dumps,
 * the management beans) while its thread changes it, so every access is atomic. */
void jthread_store_status(Object *jt, jint status) {
    __atomic_store_n(&OBJ_FIELD(jt, jthread_status_off, jint), status, __ATOMIC_RELEASE);
}

jint jthread_status(Object *jt) {
    return __atomic_load_n(&OBJ_FIELD(jt, jthread_status_off, jint), __ATOMIC_ACQUIRE);
}

void thread_set_java_status(Thread *t, int status) {
    if (t->jthread && jthread_status_off) jthread_store_status(t->jthread, status);
}

Thread *thread_from_jthread(Object *jt) {
    /* eetop is written by the starting and the ending thread, read by any */
    return jt ? (Thread *)(intptr_t)__atomic_load_n(&OBJ_FIELD(jt, jthread_eetop_off, jlong), __ATOMIC_ACQUIRE) : NULL;
}

bool jthread_take_interrupt(Thread *t) {
    if (!jthread_is_interrupted(t)) return false;
    __atomic_store_n(&OBJ_FIELD(t->jthread, jthread_interrupted_off, jboolean), JNI_FALSE, __ATOMIC_SEQ_CST);
    pthread_mutex_lock(&t->park_lock);
    __atomic_store_n(&t->interrupt_pending, false, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&t->park_lock);
    return true;
}

bool jthread_prepare_wait(Thread *t) {
    pthread_mutex_lock(&t->park_lock);
    __atomic_store_n(&t->interrupt_pending, false, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&t->park_lock);
    /* an interrupt that arrived before the flag was cleared shows in the Java field */
    return jthread_is_interrupted(t);
}

/* ---- live-thread counts ---- */

static pthread_mutex_t counts_lock = PTHREAD_MUTEX_INITIALIZER;
static JThreadCounts counts;

static void count_start(Thread *t) {
    if (!thread_shown_to_java(t)) return;
    pthread_mutex_lock(&counts_lock);
    counts.live++;
    counts.started++;
    if (t->daemon) counts.daemon++;
    if (counts.live > counts.peak) counts.peak = counts.live;
    t->counted = true;
    pthread_mutex_unlock(&counts_lock);
}

static void count_end(Thread *t) {
    pthread_mutex_lock(&counts_lock);
    if (t->counted) {
        counts.live--;
        if (t->daemon) counts.daemon--;
        t->counted = false;
    }
    pthread_mutex_unlock(&counts_lock);
}

JThreadCounts jthread_counts(void) {
    pthread_mutex_lock(&counts_lock);
    JThreadCounts c = counts;
    pthread_mutex_unlock(&counts_lock);
    return c;
}

void jthread_reset_peak(void) {
    pthread_mutex_lock(&counts_lock);
    counts.peak = counts.live;
    pthread_mutex_unlock(&counts_lock);
}

/* ---- attaching a Java Thread object to a running thread ---- */

bool jthread_attach_object(Thread *t, Object **group, const char *name, bool daemon) {
    Class *tc = VMC(Thread);
    if (!class_init(t, tc)) return false;
    HandleMark hm = hnd_mark(t);
    Object *o = heap_alloc_object(t, tc);
    bool ok = false;
    if (o) {
        /* Thread(ThreadGroup, String) calls currentThread(), which must already answer this
         * half-built object (HotSpot's order) */
        __atomic_store_n(&OBJ_FIELD(o, jthread_eetop_off, jlong), (jlong)(intptr_t)t, __ATOMIC_RELEASE);
        OBJ_FIELD(o, jthread_priority_off, jint) = 5;
        OBJ_FIELD(o, jthread_daemon_off, jboolean) = daemon;
        t->jthread = o;
        t->daemon = daemon;
        Object **nh = hnd_new(t, NULL);
        if (name) *nh = jstr_new_utf8(t, name);
        if (!name || *nh) {
            const char *sig = name ? "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V" : "(Ljava/lang/ThreadGroup;Ljava/lang/Runnable;)V";
            Method *ctor = class_find_declared_method(tc, sym_init, sym_intern_cstr(sig));
            Slot args[3] = { { .l = t->jthread }, { .l = *group }, { .l = *nh } };
            ok = ctor && interp_call(t, ctor, args, NULL);
        }
        if (ok) {
            if (daemon) OBJ_FIELD(t->jthread, jthread_daemon_off, jboolean) = JNI_TRUE;
            thread_set_java_status(t, JTS_RUNNABLE);
            count_start(t);
        }
    }
    hnd_release(t, hm);
    return ok;
}

/* ---- the VM's own daemon threads ---- */

typedef struct SystemDaemon {
    Thread *t;
    const char *name;
    void (*body)(Thread *t);
    bool attached;                  /* or failed: the creator may go on (daemon_lock) */
} SystemDaemon;

static pthread_mutex_t daemon_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t daemon_attached = PTHREAD_COND_INITIALIZER;

/* The daemon is in its group's list (or failed): the creator goes on.  After this, d
 * belongs to the creator. */
static void daemon_release_creator(SystemDaemon *d) {
    pthread_mutex_lock(&daemon_lock);
    d->attached = true;
    pthread_cond_broadcast(&daemon_attached);
    pthread_mutex_unlock(&daemon_lock);
}

static bool daemon_attach(Thread *t, const char *name) {
    extern Object *vm_system_group;
    HandleMark hm = hnd_mark(t);
    Object **group = hnd_new(t, vm_system_group);
    bool ok = jthread_attach_object(t, group, name, true);
    if (ok) OBJ_FIELD(t->jthread, jthread_priority_off, jint) = 9;     /* NearMaxPriority, as on HotSpot */
    if (ok && !t->hidden) {
        /* HotSpot puts its daemons in the system group's list (ThreadGroup.add), where
         * enumerations and debuggers find them */
        Method *add = class_find_declared_method(VMC(ThreadGroup), sym_intern_cstr("add"), sym_intern_cstr("(Ljava/lang/Thread;)V"));
        Slot args[2] = { { .l = *group }, { .l = t->jthread } };
        ok = add && interp_call(t, add, args, NULL);
    }
    hnd_release(t, hm);
    if (!ok) exc_take(t);
    return ok;
}

/* Names the OS thread after its java.lang.Thread when it starts, as HotSpot does (at most
 * 15 bytes, Linux's limit), so that tools reading /proc (top -H, profilers) tell threads
 * apart. */
static void name_native_thread(Thread *t) {
    Object *name = t->jthread ? OBJ_FIELD(t->jthread, jthread_name_off, Object *) : NULL;
    char *u = name ? jstr_to_utf8(name) : NULL;
    if (!u) return;
    char buf[16];
    snprintf(buf, sizeof buf, "%s", u);
    pthread_setname_np(pthread_self(), buf);
    vm_free(u);
}

static void *system_daemon_main(void *arg) {
    SystemDaemon *d = arg;
    Thread *t = d->t;
    void (*body)(Thread *) = d->body;
    bool ok = thread_attach_current(t, vm_opts.thread_stack) && daemon_attach(t, d->name);
    daemon_release_creator(d);
    if (!ok) return NULL;
    name_native_thread(t);
    if (!t->hidden && JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_THREAD_START)) jvmti_post_ThreadStart(t);
    body(t);
    return NULL;
}

/* As HotSpot creates its daemons, one after the other: the creator waits (in a safe state)
 * until the daemon is a java.lang.Thread of the system group, so the group lists them,
 * and gives them ids, in the order the VM starts them. */
static void wait_attached(SystemDaemon *d) {
    Thread *self = thread_current();
    int old = self ? thread_block_begin(self) : 0;
    pthread_mutex_lock(&daemon_lock);
    while (!d->attached) pthread_cond_wait(&daemon_attached, &daemon_lock);
    pthread_mutex_unlock(&daemon_lock);
    if (self) thread_block_end(self, old);
}

static bool start_daemon(const char *name, void (*body)(Thread *t), bool hidden) {
    SystemDaemon *d = vm_malloc(sizeof *d);
    *d = (SystemDaemon){ thread_create_record(), name, body, false };
    d->t->daemon = true;
    d->t->hidden = hidden;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t pt;
    int rc = pthread_create(&pt, &attr, system_daemon_main, d);
    pthread_attr_destroy(&attr);
    if (rc == 0) wait_attached(d);
    vm_free(d);
    return rc == 0;
}

bool jthread_start_system_daemon(const char *name, void (*body)(Thread *t)) { return start_daemon(name, body, false); }

bool jthread_start_hidden_daemon(const char *name, void (*body)(Thread *t)) { return start_daemon(name, body, true); }

/* ---- start and exit ---- */


static void call_void_method(Thread *t, const char *name, const char *desc, Object *recv, Object *arg) {
    Method *m = link_lookup_method(recv->klass, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!m) return;
    Slot args[2] = { { .l = recv }, { .l = arg } };
    interp_call_virtual(t, m, args, NULL);
}

/* The uncaught-exception handler threw in its turn: HotSpot's one-line report. */
static void report_handler_failure(Thread *t) {
    Object *e = exc_take(t);
    char cls[256];
    class_external_name(e->klass, cls, sizeof cls);
    Object *name = OBJ_FIELD(t->jthread, jthread_name_off, Object *);
    char *u = name ? jstr_to_utf8(name) : NULL;
    vm_printf(stderr, "\nException: %s thrown from the UncaughtExceptionHandler in thread \"%s\"\n", cls, u ? u : "");
    vm_free(u);
}

void jthread_exit(Thread *t) {
    if (!t->jthread) return;
    susp_drop_async(t);
    HandleMark hm = hnd_mark(t);
    if (exc_pending(t)) {
        Object **e = hnd_new(t, exc_take(t));
        call_void_method(t, "dispatchUncaughtException", "(Ljava/lang/Throwable;)V", t->jthread, *e);
        if (exc_pending(t)) report_handler_failure(t);
    }
    Method *exit = class_find_declared_method(VMC(Thread), sym_intern_cstr("exit"), sym_void_sig);
    if (exit) {
        Slot args[1] = { { .l = t->jthread } };
        if (!interp_call(t, exit, args, NULL)) exc_take(t);
    }
    /* ThreadEnd comes while the thread is still alive, as HotSpot's does: a callback may
     * suspend it (itself or from another thread), and it stays suspended there */
    if (!t->hidden && JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_THREAD_END)) jvmti_post_ThreadEnd(t);
    susp_mark_exiting(t);
    Object **jt = hnd_new(t, t->jthread);
    mon_enter(t, jt);
    count_end(t);
    jthread_store_status(*jt, JTS_TERMINATED);
    __atomic_store_n(&OBJ_FIELD(*jt, jthread_eetop_off, jlong), 0, __ATOMIC_RELEASE);
    mon_notify(t, *jt, true);
    mon_exit(t, *jt);
    hnd_release(t, hm);
}

/* Thread.stop before start() makes a thread that starts and ends without running. */
static bool is_stillborn(Object *jt) {
    static uint32_t off;
    return OBJ_FIELD(jt, class_field_offset_cached(&off, VMC(Thread), "stillborn", "Z"), jboolean);
}

/* What a new thread runs: Thread.run(), or a C body (a JVMTI agent thread). */
typedef struct ThreadStart {
    Thread *t;
    void (*body)(Thread *t, void *arg);
    void *arg;
    size_t stack_size;
} ThreadStart;

static void *thread_main(void *arg) {
    ThreadStart start = *(ThreadStart *)arg;
    vm_free(arg);
    Thread *t = start.t;
    if (!thread_attach_current(t, start.stack_size)) vm_fatal("cannot attach a new thread");
    thread_set_java_status(t, JTS_RUNNABLE);
    name_native_thread(t);
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_THREAD_START)) jvmti_post_ThreadStart(t);
    if (start.body) {
        start.body(t, start.arg);
    } else {
        Method *run = link_lookup_method(t->jthread->klass, sym_run, sym_void_sig);
        Slot args[1] = { { .l = t->jthread } };
        if (run && !is_stillborn(t->jthread)) interp_call_virtual(t, run, args, NULL);
    }
    jthread_exit(t);
    thread_detach_current(t);
    extern void vm_thread_ended(void);
    vm_thread_ended();
    return NULL;
}

bool jthread_start(Thread *t, Object **jt) { return jthread_start_body(t, jt, NULL, NULL); }

bool jthread_start_body(Thread *t, Object **jt, void (*body)(Thread *nt, void *arg), void *arg) {
    if (OBJ_FIELD(*jt, jthread_eetop_off, jlong) != 0) {
        exc_throw(t, VMC_IllegalStateException, "thread already started");
        return false;
    }
    /* the new record joins the thread list now, still NEW (safe): it is counted by
     * DestroyJavaVM from this moment, and its java.lang.Thread is a root.  Joining may wait
     * for a collection to end, so the Thread object is stored only once the record is on
     * the list, where the collector sees it. */
    Thread *nt = thread_create_record();
    nt->daemon = OBJ_FIELD(*jt, jthread_daemon_off, jboolean);
    nt->agent = body != NULL;       /* only RunAgentThread gives a body */
    thread_list_add(t, nt);
    /* only now: joining the list may wait out a collection, which could not see the
     * record's reference while it was not listed */
    __atomic_store_n(&nt->jthread, *jt, __ATOMIC_RELEASE);     /* others may look it up (JVM_GetAllThreads) */
    __atomic_store_n(&OBJ_FIELD(*jt, jthread_eetop_off, jlong), (jlong)(intptr_t)nt, __ATOMIC_RELEASE);
    jthread_store_status(*jt, JTS_RUNNABLE);
    count_start(nt);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    size_t stack = thread_stack_size(OBJ_FIELD(*jt, jthread_stacksize_off, jlong));
    int rc = pthread_attr_setstacksize(&attr, THREAD_C_STACK(stack));
    pthread_t pt;
    ThreadStart *start = vm_malloc(sizeof *start);
    *start = (ThreadStart){ nt, body, arg, stack };
    if (rc == 0) rc = pthread_create(&pt, &attr, thread_main, start);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        vm_free(start);
        __atomic_store_n(&OBJ_FIELD(*jt, jthread_eetop_off, jlong), 0, __ATOMIC_RELEASE);
        jthread_store_status(*jt, JTS_NEW);
        count_end(nt);
        thread_list_remove(t, nt);
        static const char msg[] = "unable to create native thread: possibly out of memory or process/resource limits reached";
        if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_RESOURCE_EXHAUSTED))
            jvmti_post_ResourceExhausted(t, JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR | JVMTI_RESOURCE_EXHAUSTED_THREADS, msg);
        exc_throw_oom(t, msg);
        return false;
    }
    return true;
}

/* ---- blocking ---- */

static void deadline_in(struct timespec *ts, jlong nanos) {
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += nanos / 1000000000;
    ts->tv_nsec += nanos % 1000000000;
    if (ts->tv_nsec >= 1000000000) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000;
    }
}

bool jthread_sleep(Thread *t, jlong millis) {
    if (millis < 0) {
        exc_throw(t, VMC_IllegalArgumentException, "timeout value is negative");
        return false;
    }
    if (jthread_prepare_wait(t) && jthread_take_interrupt(t)) {
        exc_throw(t, VMC_InterruptedException, "sleep interrupted");
        return false;
    }
    thread_stat_add(&t->waited_count, 1);      /* sleep(0) counts too, as on HotSpot */
    if (millis == 0) {
        sched_yield();
        return true;
    }
    int64_t since = thread_timing() ? thread_now_ns() : 0;
    struct timespec deadline;
    deadline_in(&deadline, millis * 1000000);
    thread_set_java_status(t, JTS_SLEEPING);
    int old = thread_block_begin(t);
    pthread_mutex_lock(&t->park_lock);
    while (!__atomic_load_n(&t->interrupt_pending, __ATOMIC_SEQ_CST))
        if (pthread_cond_timedwait(&t->park_cond, &t->park_lock, &deadline) == ETIMEDOUT) break;
    pthread_mutex_unlock(&t->park_lock);
    thread_block_end(t, old);
    thread_set_java_status(t, JTS_RUNNABLE);
    if (since) thread_stat_add(&t->waited_ns, (uint64_t)(thread_now_ns() - since));
    if (jthread_take_interrupt(t)) {
        exc_throw(t, VMC_InterruptedException, "sleep interrupted");
        return false;
    }
    return true;
}

void jthread_interrupt(Thread *t, Object *jt) {
    UNUSED(t);
    Thread *target = thread_from_jthread(jt);
    if (!target) return;
    pthread_mutex_lock(&target->park_lock);
    __atomic_store_n(&target->interrupt_pending, true, __ATOMIC_SEQ_CST);
    pthread_cond_broadcast(&target->park_cond);
    pthread_mutex_unlock(&target->park_lock);
    mon_interrupt_wait(target);
}

void jthread_park(Thread *t, bool absolute, jlong time) {
    pthread_mutex_lock(&t->park_lock);
    if (t->park_permit) {
        t->park_permit = 0;
        pthread_mutex_unlock(&t->park_lock);
        return;
    }
    pthread_mutex_unlock(&t->park_lock);
    if (jthread_prepare_wait(t) || (absolute && time <= 0) || (!absolute && time < 0)) return;
    struct timespec deadline;
    bool timed = absolute || time > 0;
    if (absolute) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        jlong now_ms = (jlong)now.tv_sec * 1000 + now.tv_nsec / 1000000;
        if (time <= now_ms) return;
        deadline_in(&deadline, (time - now_ms) * 1000000);
    } else if (timed) {
        deadline_in(&deadline, time);
    }
    thread_set_java_status(t, timed ? JTS_PARKED_TIMED : JTS_PARKED);
    int old = thread_block_begin(t);
    pthread_mutex_lock(&t->park_lock);
    if (!t->park_permit && !__atomic_load_n(&t->interrupt_pending, __ATOMIC_SEQ_CST)) {
        if (timed) pthread_cond_timedwait(&t->park_cond, &t->park_lock, &deadline);
        else pthread_cond_wait(&t->park_cond, &t->park_lock);
    }
    t->park_permit = 0;
    pthread_mutex_unlock(&t->park_lock);
    thread_block_end(t, old);
    thread_set_java_status(t, JTS_RUNNABLE);
}

void jthread_unpark(Thread *target) {
    pthread_mutex_lock(&target->park_lock);
    target->park_permit = 1;
    pthread_cond_broadcast(&target->park_cond);
    pthread_mutex_unlock(&target->park_lock);
}

Object *jthread_park_blocker(Object *jt) {
    static uint32_t blocker_off;
    return OBJ_FIELD(jt, class_field_offset_cached(&blocker_off, VMC(Thread), "parkBlocker", "Ljava/lang/Object;"), Object *);
}
