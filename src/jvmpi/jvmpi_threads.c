/*
 * jvmpi_threads.c — the thread functions: suspension, status, CPU time, thread-local
 * storage, system threads, call traces and thread objects.
 *
 * Suspension goes through the internal JVMTI environment, so a thread JVMPI suspended
 * stops at the same suspend points a debugger's does; JVMPI remembers which threads it
 * suspended (and their CPU time then, for ThreadHasRun) in a small table, so that
 * GetThreadStatus reports the JVMPI_THREAD_SUSPENDED bit only for java.lang.Thread.suspend
 * as the specification says.  The thread-local storage is the internal environment's.
 * A JNIEnv that is no live thread's makes every function here do nothing (or answer 0).
 */
#include "jvmpi/jvmpi_internal.h"
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SUSPENDED 256

typedef struct Suspended {
    Thread *t;
    int64_t cpu_ns;             /* its CPU time when last suspended by JVMPI */
    int64_t prev_cpu_ns;        /* ... and when suspended the time before */
    bool active;                /* suspended by JVMPI now */
    jint status;                /* GetThreadStatus when it was suspended */
} Suspended;

static Suspended suspended[MAX_SUSPENDED];
static pthread_mutex_t susp_lock = PTHREAD_MUTEX_INITIALIZER;

static int64_t thread_cpu_ns(Thread *t) {
    clockid_t cid;
    struct timespec ts;
    if (pthread_getcpuclockid(t->pthread, &cid) != 0 || clock_gettime(cid, &ts) != 0) return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static Suspended *suspended_slot(Thread *t, bool create) {
    Suspended *free_slot = NULL;
    for (int i = 0; i < MAX_SUSPENDED; i++) {
        if (suspended[i].t == t) return &suspended[i];
        if (!suspended[i].t && !free_slot) free_slot = &suspended[i];
    }
    if (create && free_slot) {
        free_slot->t = t;
        free_slot->cpu_ns = -1;
    }
    return create ? free_slot : NULL;
}

/* A local reference to t's java.lang.Thread, made by self (in any state) above a handle
 * mark, and its release: handles are dropped in VM state (a collection may be visiting
 * them meanwhile). */
static _Thread_local HandleMark local_mark;

static jthread jthread_of(Thread *self, Thread *t) {
    int old = thread_enter_vm(self);
    local_mark = hnd_mark(self);
    jthread jt = hnd_local(self, t->jthread);
    thread_leave_vm(self, old);
    return jt;
}

static void drop_local(Thread *self, jobject ref) {
    if (!ref) return;
    int old = thread_enter_vm(self);
    hnd_release(self, local_mark);
    thread_leave_vm(self, old);
}

static jint status_now(Thread *t);

static jint suspend_one(Thread *self, JNIEnv *env) {
    Thread *t = jvmpi_thread(env);
    if (!t || !self || !t->jthread || !jvmpi_jvmti) return JVMTI_ERROR_INVALID_THREAD;
    jint status = status_now(t);
    jthread jt = jthread_of(self, t);
    jvmtiError err = (*jvmpi_jvmti)->SuspendThread(jvmpi_jvmti, jt);
    drop_local(self, jt);
    if (err != JVMTI_ERROR_NONE) return err;
    pthread_mutex_lock(&susp_lock);
    Suspended *s = suspended_slot(t, true);
    if (s) {
        int64_t now = thread_cpu_ns(t);
        s->prev_cpu_ns = s->cpu_ns < 0 ? now : s->cpu_ns;
        s->cpu_ns = now;
        s->active = true;
        s->status = status;
    }
    pthread_mutex_unlock(&susp_lock);
    return JVMTI_ERROR_NONE;
}

static jint resume_one(Thread *self, JNIEnv *env) {
    Thread *t = jvmpi_thread(env);
    pthread_mutex_lock(&susp_lock);
    Suspended *s = t ? suspended_slot(t, false) : NULL;
    bool ours = s && s->active;
    if (ours) s->active = false;
    pthread_mutex_unlock(&susp_lock);
    if (!ours || !self) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;     /* not suspended by JVMPI */
    jthread jt = jthread_of(self, t);
    jvmtiError err = (*jvmpi_jvmti)->ResumeThread(jvmpi_jvmti, jt);
    drop_local(self, jt);
    return err;
}

void jvmpi_SuspendThread(JNIEnv *env) { suspend_one(thread_current(), env); }
void jvmpi_ResumeThread(JNIEnv *env) { resume_one(thread_current(), env); }

void jvmpi_SuspendThreadList(jint n, JNIEnv **list, jint *results) {
    for (jint i = 0; list && i < n; i++) {
        jint r = suspend_one(thread_current(), list[i]);
        if (results) results[i] = r;
    }
}

void jvmpi_ResumeThreadList(jint n, JNIEnv **list, jint *results) {
    for (jint i = 0; list && i < n; i++) {
        jint r = resume_one(thread_current(), list[i]);
        if (results) results[i] = r;
    }
}

/* Whether t used CPU between its last two JVMPI suspensions; false for a thread JVMPI
 * never suspended. */
jboolean jvmpi_ThreadHasRun(JNIEnv *env) {
    Thread *t = jvmpi_thread(env);
    if (!t) return JNI_FALSE;
    pthread_mutex_lock(&susp_lock);
    Suspended *s = suspended_slot(t, false);
    bool ran = s && s->cpu_ns != s->prev_cpu_ns;
    pthread_mutex_unlock(&susp_lock);
    return ran ? JNI_TRUE : JNI_FALSE;
}

/* The status JVMPI suspended t in, or -1 when JVMPI has not suspended it. */
static jint status_at_suspension(Thread *t) {
    pthread_mutex_lock(&susp_lock);
    Suspended *s = suspended_slot(t, false);
    jint status = s && s->active ? s->status : -1;
    pthread_mutex_unlock(&susp_lock);
    return status;
}

/* A JVMPI-suspended thread keeps the status it had (it waits blocked, but is not
 * "waiting" as far as the agent is concerned). */
jint jvmpi_GetThreadStatus(JNIEnv *env) {
    Thread *t = jvmpi_thread(env);
    if (!t) return JVMPI_FAIL;
    jint held = status_at_suspension(t);
    return held >= 0 ? held : status_now(t);
}

/* JVMTI's view of the thread, as JVMPI bits.  Inside a collection (no JVMTI calls there,
 * and the world is stopped) the thread's fields are read directly. */
static jint status_now(Thread *t) {
    Thread *self = thread_current();
    jint st = 0;
    if (self && !jvmpi_in_gc()) {
        jthread jt = jthread_of(self, t);
        if ((*jvmpi_jvmti)->GetThreadState(jvmpi_jvmti, jt, &st) != JVMTI_ERROR_NONE) st = 0;
        drop_local(self, jt);
    } else {
        if (t->contending) st |= JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER;
        if (t->waiting_on) st |= JVMTI_THREAD_STATE_WAITING;
    }
    jint s = JVMPI_THREAD_RUNNABLE;
    if (st & JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER) s = JVMPI_THREAD_MONITOR_WAIT;
    else if (st & JVMTI_THREAD_STATE_WAITING) s = JVMPI_THREAD_CONDVAR_WAIT;
    if (st & JVMTI_THREAD_STATE_SUSPENDED) s |= JVMPI_THREAD_SUSPENDED;
    if (st & JVMTI_THREAD_STATE_INTERRUPTED) s |= JVMPI_THREAD_INTERRUPTED;
    return s;
}

jlong jvmpi_GetCurrentThreadCpuTime(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (jlong)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void jvmpi_SetThreadLocalStorage(JNIEnv *env, void *ptr) {
    Thread *t = jvmpi_thread(env);
    Thread *self = thread_current();
    if (!t || !self || !jvmpi_jvmti) return;
    jthread jt = jthread_of(self, t);
    (*jvmpi_jvmti)->SetThreadLocalStorage(jvmpi_jvmti, jt, ptr);
    drop_local(self, jt);
}

void *jvmpi_GetThreadLocalStorage(JNIEnv *env) {
    Thread *t = jvmpi_thread(env);
    Thread *self = thread_current();
    void *p = NULL;
    if (!t || !self || !jvmpi_jvmti) return NULL;
    jthread jt = jthread_of(self, t);
    (*jvmpi_jvmti)->GetThreadLocalStorage(jvmpi_jvmti, jt, &p);
    drop_local(self, jt);
    return p;
}

/* ---- system threads ---- */

static void JNICALL run_system_thread(jvmtiEnv *jvmti, JNIEnv *jni, void *arg) {
    void (**f)(void *) = arg;
    void (*fn)(void *) = *f;
    free(f);
    fn(NULL);
}

/* A daemon java.lang.Thread named `name` running f, through JVMTI RunAgentThread. */
jint jvmpi_CreateSystemThread(char *name, jint priority, void (*f)(void *)) {
    Thread *self = thread_current();
    if (!self || !f || !jvmpi_jvmti) return JNI_ERR;
    JNIEnv *jni = thread_env(self);
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID init = tc ? (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V") : NULL;
    jstring s = init ? (*jni)->NewStringUTF(jni, name ? name : "JVMPI agent") : NULL;
    jobject jt = s ? (*jni)->NewObject(jni, tc, init, s) : NULL;
    void (**box)(void *) = malloc(sizeof *box);
    if (!jt || !box || (*jni)->ExceptionCheck(jni)) {
        (*jni)->ExceptionClear(jni);
        free(box);
        return JNI_ERR;
    }
    *box = f;
    if (priority < JVMPI_MINIMUM_PRIORITY || priority > JVMPI_MAXIMUM_PRIORITY) priority = JVMPI_NORMAL_PRIORITY;
    jvmtiError err = (*jvmpi_jvmti)->RunAgentThread(jvmpi_jvmti, jt, run_system_thread, box, priority);
    if (err != JVMTI_ERROR_NONE) free(box);
    return err == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}

/* ---- call traces ---- */

static jint line_of(Method *m, jlocation loc) {
    if (method_is_native(m)) return -3;
    jint line = -1;
    for (uint16_t i = 0; i < m->nlines; i++)
        if (m->lines[i].start_pc <= loc) line = m->lines[i].line;
    return line;
}

void jvmpi_GetCallTrace(JVMPI_CallTrace *trace, jint depth) {
    if (!trace) return;
    trace->num_frames = 0;
    Thread *self = thread_current();
    Thread *t = jvmpi_thread(trace->env_id);
    if (!t || !self || !trace->frames || depth <= 0 || !jvmpi_jvmti) return;
    jvmtiFrameInfo small[64], *fi = depth <= 64 ? small : malloc(sizeof *fi * (size_t)depth);
    if (!fi) return;
    jthread jt = t == self ? NULL : jthread_of(self, t);
    jint n = 0;
    if ((*jvmpi_jvmti)->GetStackTrace(jvmpi_jvmti, jt, 0, depth, fi, &n) != JVMTI_ERROR_NONE) n = 0;
    drop_local(self, jt);
    for (jint i = 0; i < n; i++) {
        trace->frames[i].method_id = fi[i].method;
        trace->frames[i].lineno = line_of((Method *)fi[i].method, fi[i].location);
    }
    trace->num_frames = n;
    if (fi != small) free(fi);
}

/* ---- objects of threads and methods ---- */

jobjectID jvmpi_GetThreadObject(JNIEnv *env) {
    Thread *t = jvmpi_thread(env);
    return t ? jvmpi_id(t->jthread) : NULL;
}

jobjectID jvmpi_GetMethodClass(jmethodID mid) {
    Method *m = jvmpi_method(mid);
    return m ? jvmpi_id(m->holder->mirror) : NULL;
}
