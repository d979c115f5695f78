/*
 * jvmti_monitor_info.c — what JVMTI tells about monitors: the ones a thread owns (with the
 * frame that entered each), the one it is contending for or waiting on, who uses an
 * object's monitor; and the four monitor events.
 *
 * Another thread's monitors are read with the world stopped (its frames and locks cannot
 * change under the reader), into handles made while it is stopped, so that a collection
 * afterwards cannot lose them; the handles are the local references handed to the agent.
 * Owned monitors are found as thread dumps find them (runtime/threaddump.c): through the
 * thread's frames, innermost first and the latest lock of a frame first, then the inflated
 * monitors no frame shows (entered through JNI MonitorEnter) with depth -1.  A monitor the
 * thread waits on in Object.wait is not owned while it waits.
 *
 * Events.  runtime/monitor.c posts them from its slow paths (contended entry,
 * Object.wait) on the thread concerned, in VM state, holding no VM lock.
 */
#include "jvmti/jvmti_threads.h"
#include "runtime/monitor.h"
#include "runtime/threaddump.h"
#include "runtime/vm.h"
#include "interp/frame.h"
#include <stdlib.h>

/* ---- owned monitors ---- */

typedef struct Owned {
    Object ***objs;
    jint *depths;
    int n, cap;
} Owned;

static void owned_add(Thread *self, Owned *w, Object *o, jint depth) {
    for (int i = 0; i < w->n; i++)
        if (*w->objs[i] == o) return;
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 8;
        w->objs = vm_realloc(w->objs, (size_t)w->cap * sizeof *w->objs);
        w->depths = vm_realloc(w->depths, (size_t)w->cap * sizeof *w->depths);
    }
    w->objs[w->n] = hnd_new(self, o);
    w->depths[w->n++] = depth;
}

typedef struct OwnedVisit {
    Thread *self;
    Owned *w;
} OwnedVisit;

static void owned_inflated(Object *o, void *ctx) {
    OwnedVisit *v = ctx;
    owned_add(v->self, v->w, o, -1);
}

/* The monitors p owns; the world is stopped (or p is the caller). */
static void owned_monitors(Thread *self, Thread *p, Owned *w) {
    int max = 0, frames = 0;
    for (Frame *f = p->top; f; f = f->prev) {
        max += 1 + f->method->max_locals;
        if (!(f->method->flags & MF_INTRINSIC)) frames++;
    }
    HeldMonitor *held = vm_malloc((size_t)(max ? max : 1) * sizeof *held);
    int n = vm_held_monitors(p, held, max);
    Monitor *waiting = __atomic_load_n(&p->waiting_on, __ATOMIC_ACQUIRE);
    Object *wobj = waiting ? waiting->obj : NULL;
    for (int depth = 0; depth < frames; depth++)
        for (int k = n - 1; k >= 0; k--)
            if (held[k].frame == depth && held[k].obj != wobj) owned_add(self, w, held[k].obj, depth);
    for (int k = 0; k < n; k++)
        if (held[k].frame < 0 && held[k].obj != wobj) owned_add(self, w, held[k].obj, -1);
    vm_free(held);
    OwnedVisit v = { self, w };
    mon_foreach_owned(p, owned_inflated, &v);
}

/* Runs fn(self, target, ctx) with target unable to move: the world stopped, unless the
 * target is the caller. */
static void with_thread_stopped(Thread *target, void (*fn)(Thread *self, Thread *target, void *ctx), void *ctx) {
    Thread *self = thread_current();
    if (target == self) {
        fn(self, target, ctx);
        return;
    }
    safepoint_begin(self);
    if (thread_state(target) != TS_TERMINATED) fn(self, target, ctx);
    safepoint_end(self);
}

static void owned_fn(Thread *self, Thread *target, void *ctx) { owned_monitors(self, target, ctx); }

static jvmtiError owned_of(jthread thread, Owned *w) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    *w = (Owned){ 0 };
    with_thread_stopped(target, owned_fn, w);
    return JVMTI_ERROR_NONE;
}

static void owned_free(Owned *w) {
    vm_free(w->objs);
    vm_free(w->depths);
}

jvmtiError JNICALL jvmti_GetOwnedMonitorInfo(jvmtiEnv *env, jthread thread, jint *owned_monitor_count_ptr, jobject **owned_monitors_ptr) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    if (!owned_monitor_count_ptr || !owned_monitors_ptr) return JVMTI_ERROR_NULL_POINTER;
    Owned w;
    err = owned_of(thread, &w);
    if (err == JVMTI_ERROR_NONE) err = jvmti_local_refs(w.objs, w.n, owned_monitors_ptr);
    if (err == JVMTI_ERROR_NONE) *owned_monitor_count_ptr = w.n;
    owned_free(&w);
    return err;
}

jvmtiError JNICALL jvmti_GetOwnedMonitorStackDepthInfo(jvmtiEnv *env, jthread thread, jint *monitor_info_count_ptr,
                                                       jvmtiMonitorStackDepthInfo **monitor_info_ptr) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    if (!monitor_info_count_ptr || !monitor_info_ptr) return JVMTI_ERROR_NULL_POINTER;
    Owned w;
    err = owned_of(thread, &w);
    if (err == JVMTI_ERROR_NONE) err = jvmti_allocate((jlong)w.n * (jlong)sizeof **monitor_info_ptr, (void **)monitor_info_ptr);
    if (err == JVMTI_ERROR_NONE) {
        for (int i = 0; i < w.n; i++)
            (*monitor_info_ptr)[i] = (jvmtiMonitorStackDepthInfo){ (jobject)w.objs[i], w.depths[i] };
        *monitor_info_count_ptr = w.n;
    }
    owned_free(&w);
    return err;
}

/* ---- contended monitor ---- */

static void contended_fn(Thread *self, Thread *target, void *ctx) {
    /* HotSpot 17 answers the monitor of Object.wait too, before one being entered */
    Monitor *m = __atomic_load_n(&target->waiting_on, __ATOMIC_ACQUIRE);
    if (!m) m = target->contending;
    *(Object ***)ctx = m && m->obj ? hnd_new(self, m->obj) : NULL;
}

jvmtiError JNICALL jvmti_GetCurrentContendedMonitor(jvmtiEnv *env, jthread thread, jobject *monitor_ptr) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    if (!monitor_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object **h = NULL;
    with_thread_stopped(target, contended_fn, &h);
    *monitor_ptr = (jobject)h;
    return JVMTI_ERROR_NONE;
}

/* ---- an object's monitor ---- */

/* Handles to the threads' java.lang.Thread objects, made with the world stopped. */
typedef struct Usage {
    Object **obj;
    Object **owner;
    int entries;
    Object ***entering, ***waiting;
    int nenter, nwait;
} Usage;

static void usage_world(Thread *self, Usage *u) {
    safepoint_begin(self);
    Object *o = *u->obj;
    Thread *owner = mon_owner(o);
    u->owner = owner ? hnd_new(self, owner->jthread) : NULL;
    u->entries = mon_entry_count(o);
    Monitor *mon = mon_of(o);
    int n = 0;
    for (Thread *p = thread_list; p; p = p->next) n++;
    u->entering = vm_malloc((size_t)(n ? n : 1) * sizeof *u->entering);
    u->waiting = vm_malloc((size_t)(n ? n : 1) * sizeof *u->waiting);
    for (Thread *p = thread_list; mon && p; p = p->next)
        if (p->contending == mon && p != owner) u->entering[u->nenter++] = hnd_new(self, p->jthread);
    Thread **ws = vm_malloc((size_t)(n ? n : 1) * sizeof *ws);
    u->nwait = mon_wait_set(o, ws, n);
    for (int i = 0; i < u->nwait; i++) u->waiting[i] = hnd_new(self, ws[i]->jthread);
    vm_free(ws);
    safepoint_end(self);
}

/* waiters: the threads entering, then those waiting (HotSpot 17 counts both there). */
static jvmtiError usage_result(Usage *u, jvmtiMonitorUsage *info) {
    int nw = u->nenter + u->nwait;
    jvmtiError err = jvmti_allocate((jlong)nw * (jlong)sizeof(jthread), (void **)&info->waiters);
    if (err != JVMTI_ERROR_NONE) return err;
    err = jvmti_allocate((jlong)u->nwait * (jlong)sizeof(jthread), (void **)&info->notify_waiters);
    if (err != JVMTI_ERROR_NONE) {
        free(info->waiters);
        return err;
    }
    info->owner = (jthread)u->owner;
    info->entry_count = u->entries;
    info->waiter_count = nw;
    info->notify_waiter_count = u->nwait;
    for (int i = 0; i < u->nenter; i++) info->waiters[i] = (jthread)u->entering[i];
    for (int i = 0; i < u->nwait; i++) info->waiters[u->nenter + i] = info->notify_waiters[i] = (jthread)u->waiting[i];
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetObjectMonitorUsage(jvmtiEnv *env, jobject object, jvmtiMonitorUsage *info_ptr) {
    if (!info_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object *o = object ? hnd_get(object) : NULL;
    if (!o) return JVMTI_ERROR_INVALID_OBJECT;
    Thread *self = thread_current();
    Usage u = { .obj = hnd_new(self, o) };
    usage_world(self, &u);
    jvmtiError err = usage_result(&u, info_ptr);
    vm_free(u.entering);
    vm_free(u.waiting);
    return err;
}

/* ---- events ---- */

#ifndef JVMTI_CB
#endif

static void call(JvmtiEnv *env, Thread *t, jvmtiEvent ev, jthread jt, jobject obj, jlong arg) {
    jvmtiEnv *e = jvmti_ext(env);
    if (ev == JVMTI_EVENT_MONITOR_CONTENDED_ENTER) {
        jvmtiEventMonitorContendedEnter cb = JVMTI_CB(env, MonitorContendedEnter);
        if (cb) JVMTI_CALLBACK(t, cb(e, thread_env(t), jt, obj));
    } else if (ev == JVMTI_EVENT_MONITOR_CONTENDED_ENTERED) {
        jvmtiEventMonitorContendedEntered cb = JVMTI_CB(env, MonitorContendedEntered);
        if (cb) JVMTI_CALLBACK(t, cb(e, thread_env(t), jt, obj));
    } else if (ev == JVMTI_EVENT_MONITOR_WAIT) {
        jvmtiEventMonitorWait cb = JVMTI_CB(env, MonitorWait);
        if (cb) JVMTI_CALLBACK(t, cb(e, thread_env(t), jt, obj, arg));
    } else {
        jvmtiEventMonitorWaited cb = JVMTI_CB(env, MonitorWaited);
        if (cb) JVMTI_CALLBACK(t, cb(e, thread_env(t), jt, obj, (jboolean)(arg != 0)));
    }
}

void jvmti_post_monitor_event(Thread *t, jvmtiEvent ev, Object **obj, jlong arg) {
    if (!t->jthread) return;
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    jthread jt = hnd_local(t, t->jthread);
    jobject o = hnd_local(t, *obj);
    JVMTI_FOR_EACH_ENV(env, t, ev) call(env, t, ev, jt, o, arg);
    jvmti_event_exit(&s);
}
