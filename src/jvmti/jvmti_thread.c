/*
 * jvmti_thread.c — JVMTI's Thread group: states, the thread list, suspension, stop and
 * interrupt, thread information, agent threads and thread-local storage.
 *
 * Suspension and stop are runtime/suspend.c's mechanism, shared with Thread.suspend and
 * Thread.stop; this file adds the spec's argument checks and errors.  A list suspension
 * suspends the other threads first and the caller last, since suspending itself does not
 * return until someone resumes it.
 *
 * Functions whose jthread may name a thread that is not alive (GetThreadState,
 * GetThreadInfo) check their out-pointers before the thread, as HotSpot's wrappers do for
 * a thread argument they do not convert; the others check the thread first, in parameter
 * order.  Callers are in VM state (jvmti_table.c).
 */
#include "jvmti/jvmti_internal.h"
#include "jvmti/jvmti_threads.h"
#include "runtime/jthread.h"
#include "runtime/jstring.h"
#include "runtime/suspend.h"
#include "runtime/exception.h"
#include "runtime/vm.h"
#include "classfile/link.h"
#include "heap/heap.h"

/* ---- shared helpers (jvmti_threads.h) ---- */

jvmtiError jvmti_thread_object(jthread thread, Object **out) {
    if (!thread) {
        Thread *self = thread_current();
        *out = self ? self->jthread : NULL;
        return *out ? JVMTI_ERROR_NONE : JVMTI_ERROR_UNATTACHED_THREAD;
    }
    Object *o = hnd_get(thread);
    if (!o || !class_is_assignable(o->klass, VMC(Thread))) return JVMTI_ERROR_INVALID_THREAD;
    *out = o;
    return JVMTI_ERROR_NONE;
}

jvmtiError jvmti_local_refs(Object ***objs, jint n, jobject **out) {
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof(jobject), (void **)out);
    if (err != JVMTI_ERROR_NONE) return err;
    for (jint i = 0; i < n; i++) (*out)[i] = (jobject)objs[i];     /* a handle is a local reference */
    return JVMTI_ERROR_NONE;
}

jvmtiError jvmti_string_utf8(Object *s, char **out) {
    char *u = s ? jstr_to_utf8(s) : NULL;
    jvmtiError err = jvmti_strdup(u ? u : "", out);
    vm_free(u);
    return err;
}

/* ---- state and the thread list ---- */

jvmtiError JNICALL jvmti_GetThreadState(jvmtiEnv *env, jthread thread, jint *thread_state_ptr) {
    if (!thread_state_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object *jt;
    jvmtiError err = jvmti_thread_object(thread, &jt);
    if (err != JVMTI_ERROR_NONE) return err;
    *thread_state_ptr = susp_thread_state(jt);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetCurrentThread(jvmtiEnv *env, jthread *thread_ptr) {
    if (!thread_ptr) return JVMTI_ERROR_NULL_POINTER;
    Thread *t = thread_current();
    *thread_ptr = hnd_local(t, t->jthread);
    return JVMTI_ERROR_NONE;
}

/* Handles to the java.lang.Thread of every live thread (started, not ended, and no longer
 * being set up), oldest first; *out is vm_free'd by the caller. */
jint jvmti_live_threads(Thread *self, Object ****out) {
    int old = thread_block_begin(self);
    pthread_mutex_lock(&thread_list_lock);
    thread_block_end(self, old);
    int n = 0;
    for (Thread *p = thread_list; p; p = p->next) n++;
    Object ***hs = vm_malloc((size_t)(n ? n : 1) * sizeof *hs);
    n = 0;
    for (Thread *p = thread_list; p; p = p->next) {
        Object *jt = __atomic_load_n(&p->jthread, __ATOMIC_ACQUIRE);
        if (jt && !p->hidden && thread_state(p) != TS_TERMINATED && thread_from_jthread(jt) == p) hs[n++] = hnd_new(self, jt);
    }
    pthread_mutex_unlock(&thread_list_lock);
    /* the list has the newest first; HotSpot answers in the order the threads started */
    for (int i = 0; i < n / 2; i++) {
        Object **h = hs[i];
        hs[i] = hs[n - 1 - i];
        hs[n - 1 - i] = h;
    }
    *out = hs;
    return n;
}

jvmtiError JNICALL jvmti_GetAllThreads(jvmtiEnv *env, jint *threads_count_ptr, jthread **threads_ptr) {
    if (!threads_count_ptr || !threads_ptr) return JVMTI_ERROR_NULL_POINTER;
    Thread *t = thread_current();
    Object ***live;
    jint n = jvmti_live_threads(t, &live);
    jvmtiError err = jvmti_local_refs(live, n, threads_ptr);
    vm_free(live);
    if (err == JVMTI_ERROR_NONE) *threads_count_ptr = n;
    return err;
}

/* ---- suspension ---- */

static jvmtiError susp_error(SuspResult r) {
    switch (r) {
    case SUSP_OK: return JVMTI_ERROR_NONE;
    case SUSP_ALREADY: return JVMTI_ERROR_THREAD_SUSPENDED;
    case SUSP_NOT_SUSPENDED: return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    default: return JVMTI_ERROR_THREAD_NOT_ALIVE;
    }
}

jvmtiError JNICALL jvmti_SuspendThread(jvmtiEnv *env, jthread thread) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    return susp_error(susp_suspend(thread_current(), target));
}

jvmtiError JNICALL jvmti_ResumeThread(jvmtiEnv *env, jthread thread) {
    Thread *target;
    jvmtiError err = jvmti_given_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    return susp_error(susp_resume(thread_current(), target));
}

static jvmtiError list_args(jint count, const jthread *list, jvmtiError *results) {
    if (count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!list || !results) return JVMTI_ERROR_NULL_POINTER;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_SuspendThreadList(jvmtiEnv *env, jint request_count, const jthread *request_list, jvmtiError *results) {
    jvmtiError err = list_args(request_count, request_list, results);
    if (err != JVMTI_ERROR_NONE) return err;
    Thread *self = thread_current();
    int self_at = -1;
    for (jint i = 0; i < request_count; i++) {
        Thread *target;
        results[i] = jvmti_thread_of(request_list[i], &target);
        if (results[i] != JVMTI_ERROR_NONE) continue;
        if (target == self) self_at = i;
        else results[i] = susp_error(susp_suspend(self, target));
    }
    if (self_at >= 0) results[self_at] = susp_error(susp_suspend(self, self));
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_ResumeThreadList(jvmtiEnv *env, jint request_count, const jthread *request_list, jvmtiError *results) {
    jvmtiError err = list_args(request_count, request_list, results);
    if (err != JVMTI_ERROR_NONE) return err;
    for (jint i = 0; i < request_count; i++) {
        Thread *target;
        results[i] = jvmti_thread_of(request_list[i], &target);
        if (results[i] == JVMTI_ERROR_NONE) results[i] = susp_error(susp_resume(thread_current(), target));
    }
    return JVMTI_ERROR_NONE;
}

/* ---- stop and interrupt ---- */

jvmtiError JNICALL jvmti_StopThread(jvmtiEnv *env, jthread thread, jobject exception) {
    Thread *target;
    jvmtiError err = jvmti_given_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    Object *exc = hnd_get(exception);
    if (!exc) return JVMTI_ERROR_NULL_POINTER;
    return susp_stop(thread_current(), target, exc) ? JVMTI_ERROR_NONE : JVMTI_ERROR_THREAD_NOT_ALIVE;
}

/* As Thread.interrupt's VM side, without its Java part (blockers of interruptible
 * channels are not told), which is what HotSpot does too. */
jvmtiError JNICALL jvmti_InterruptThread(jvmtiEnv *env, jthread thread) {
    Thread *target;
    jvmtiError err = jvmti_given_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    Object *jt = target->jthread;
    __atomic_store_n(&OBJ_FIELD(jt, jthread_interrupted_off, jboolean), JNI_TRUE, __ATOMIC_SEQ_CST);
    jthread_interrupt(thread_current(), jt);
    return JVMTI_ERROR_NONE;
}

/* ---- information ---- */

jvmtiError JNICALL jvmti_GetThreadInfo(jvmtiEnv *env, jthread thread, jvmtiThreadInfo *info_ptr) {
    if (!info_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object *jt;
    jvmtiError err = jvmti_thread_object(thread, &jt);
    if (err != JVMTI_ERROR_NONE) return err;
    Thread *t = thread_current();
    Object **h = hnd_new(t, jt);
    err = jvmti_string_utf8(OBJ_FIELD(*h, jthread_name_off, Object *), &info_ptr->name);
    if (err != JVMTI_ERROR_NONE) return err;
    info_ptr->priority = OBJ_FIELD(*h, jthread_priority_off, jint);
    info_ptr->is_daemon = OBJ_FIELD(*h, jthread_daemon_off, jboolean);
    info_ptr->thread_group = hnd_local(t, OBJ_FIELD(*h, jthread_group_off, Object *));
    info_ptr->context_class_loader = hnd_local(t, OBJ_FIELD(*h, jthread_ccl_off, Object *));
    return JVMTI_ERROR_NONE;
}

/* ---- agent threads ---- */

typedef struct AgentStart {
    jvmtiEnv *env;
    jvmtiStartFunction proc;
    const void *arg;
} AgentStart;

/* The body of an agent thread: proc in native state, as a native method runs. */
static void agent_body(Thread *t, void *arg) {
    AgentStart a = *(AgentStart *)arg;
    vm_free(arg);
    int old = jvmti_native_begin(t);
    a.proc(a.env, thread_env(t), (void *)a.arg);
    jvmti_native_end(t, old);
}

jvmtiError JNICALL jvmti_RunAgentThread(jvmtiEnv *env, jthread thread, jvmtiStartFunction proc, const void *arg, jint priority) {
    if (!proc) return JVMTI_ERROR_NULL_POINTER;
    Object *jt = thread ? hnd_get(thread) : NULL;
    if (!jt || !class_is_assignable(jt->klass, VMC(Thread))) return JVMTI_ERROR_INVALID_THREAD;
    if (priority < JVMTI_THREAD_MIN_PRIORITY || priority > JVMTI_THREAD_MAX_PRIORITY) return JVMTI_ERROR_INVALID_PRIORITY;
    /* a thread started before (alive or ended) cannot run the agent's function */
    if (jthread_status(jt) != JTS_NEW) return JVMTI_ERROR_INVALID_THREAD;
    Thread *t = thread_current();
    Object **h = hnd_new(t, jt);
    OBJ_FIELD(*h, jthread_priority_off, jint) = priority;
    OBJ_FIELD(*h, jthread_daemon_off, jboolean) = JNI_TRUE;
    AgentStart *a = vm_malloc(sizeof *a);
    *a = (AgentStart){ env, proc, arg };
    if (jthread_start_body(t, h, agent_body, a)) return JVMTI_ERROR_NONE;
    vm_free(a);
    /* already started (IllegalThreadStateException), or no pthread (OutOfMemoryError) */
    Object *e = exc_take(t);
    return e && e->klass == VMC(OutOfMemoryError) ? JVMTI_ERROR_OUT_OF_MEMORY : JVMTI_ERROR_INVALID_THREAD;
}

/* ---- thread-local storage ---- */

jvmtiError JNICALL jvmti_SetThreadLocalStorage(jvmtiEnv *env, jthread thread, const void *data) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    JvmtiThreadEnvState *s = jvmti_thread_env_state(target, jvmti_env(env), data != NULL);
    if (s) __atomic_store_n(&s->local_storage, data, __ATOMIC_RELEASE);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetThreadLocalStorage(jvmtiEnv *env, jthread thread, void **data_ptr) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    if (!data_ptr) return JVMTI_ERROR_NULL_POINTER;
    JvmtiThreadEnvState *s = jvmti_thread_env_state(target, jvmti_env(env), false);
    *data_ptr = s ? (void *)__atomic_load_n(&s->local_storage, __ATOMIC_ACQUIRE) : NULL;
    return JVMTI_ERROR_NONE;
}
