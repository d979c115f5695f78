/*
 * jvmti_debug_events.c — the debugger's events (MethodEntry, MethodExit, FramePop,
 * Breakpoint, SingleStep, FieldAccess, FieldModification, Exception, ExceptionCatch): how
 * environments' enablement switches the interpreter's hooks, and the posting functions the
 * hooks call.
 *
 * The interpreter side (interp/debug.h) decides when something happened and calls the
 * function in dbg_hooks; this file fills dbg_hooks with posting functions that make local
 * references, and call every environment that wants the event on that thread.
 *
 * jvmti_event_mode_changed (called by Event Management whenever an enablement or callback
 * changes) recomputes, for each thread, which per-thread hooks it needs — single step,
 * method entry, method exit — from "does any environment want this event on this thread",
 * and the global exception hooks from the event bits.  Threads started later take the
 * modes every thread gets (events enabled globally) when they join the thread list.
 * FramePop needs no mode: NotifyFramePop flags the frame itself.
 */
#include "jvmti/jvmti_debug.h"
#include "interp/frame.h"
#include "heap/object.h"


/* ---- posting ---- */

/* The bracket every posting function uses: scope, thread reference, method id. */
#define POST_BEGIN(t, ev) \
    if (!JVMTI_EVENT_ENABLED(t, ev)) return; \
    JvmtiEventScope s_; \
    jvmti_event_enter(t, &s_); \
    jthread jt = hnd_local(t, t->jthread); \
    JNIEnv *jni = thread_env(t)
#define POST_END() jvmti_event_exit(&s_)

static jobject local(Thread *t, Object **h) { return h ? hnd_local(t, *h) : NULL; }

static void post_method_entry(Thread *t, Method *m) {
    POST_BEGIN(t, JVMTI_EVENT_METHOD_ENTRY);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_METHOD_ENTRY) {
        jvmtiEventMethodEntry cb = JVMTI_CB(env, MethodEntry);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m)));
    }
    POST_END();
}

static void post_method_exit(Thread *t, Method *m, bool by_exc, jvalue ret, Object **ref) {
    POST_BEGIN(t, JVMTI_EVENT_METHOD_EXIT);
    if (ref) ret.l = local(t, ref);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_METHOD_EXIT) {
        jvmtiEventMethodExit cb = JVMTI_CB(env, MethodExit);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), by_exc, ret));
    }
    POST_END();
}

/* f: the frame popping (the thread's top one), each environment that asked for it told. */
static void post_frame_pop_to(Thread *t, const Frame *f, Method *m, bool by_exc) {
    POST_BEGIN(t, JVMTI_EVENT_FRAME_POP);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_FRAME_POP) {
        jvmtiEventFramePop cb = JVMTI_CB(env, FramePop);
        if (cb && jvmti_frame_pop_requested(t, f, env)) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), by_exc));
    }
    POST_END();
}

static void post_frame_pop(Thread *t, Method *m, bool by_exc) {
    const Frame *f = t->top;
    post_frame_pop_to(t, f, m, by_exc);
    jvmti_frame_pop_done(t, f);
}

static void post_single_step(Thread *t, Method *m, int bci) {
    POST_BEGIN(t, JVMTI_EVENT_SINGLE_STEP);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_SINGLE_STEP) {
        jvmtiEventSingleStep cb = JVMTI_CB(env, SingleStep);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), (jlocation)bci));
    }
    POST_END();
}

static void post_breakpoint(Thread *t, Method *m, int bci) {
    POST_BEGIN(t, JVMTI_EVENT_BREAKPOINT);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_BREAKPOINT) {
        jvmtiEventBreakpoint cb = JVMTI_CB(env, Breakpoint);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), (jlocation)bci));
    }
    POST_END();
}

static void post_field_access(Thread *t, Method *m, int bci, Field *f, Object **obj) {
    POST_BEGIN(t, JVMTI_EVENT_FIELD_ACCESS);
    jclass fk = hnd_local(t, f->holder->mirror);
    jobject o = local(t, obj);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_FIELD_ACCESS) {
        jvmtiEventFieldAccess cb = JVMTI_CB(env, FieldAccess);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), (jlocation)bci, fk, o, (jfieldID)f));
    }
    POST_END();
}

static void post_field_modification(Thread *t, Method *m, int bci, Field *f, Object **obj, char sig, jvalue v,
                                    Object **vref) {
    POST_BEGIN(t, JVMTI_EVENT_FIELD_MODIFICATION);
    jclass fk = hnd_local(t, f->holder->mirror);
    jobject o = local(t, obj);
    if (vref) v.l = local(t, vref);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_FIELD_MODIFICATION) {
        jvmtiEventFieldModification cb = JVMTI_CB(env, FieldModification);
        if (cb)
            JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), (jlocation)bci, fk, o, (jfieldID)f, sig, v));
    }
    POST_END();
}

static void post_exception(Thread *t, Method *m, int bci, Object **exc, Method *cm, int cbci) {
    POST_BEGIN(t, JVMTI_EVENT_EXCEPTION);
    jobject e = local(t, exc);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_EXCEPTION) {
        jvmtiEventException cb = JVMTI_CB(env, Exception);
        if (cb)
            JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), (jlocation)bci, e, jvmti_method_id(cm),
                                 cm ? (jlocation)cbci : 0));
    }
    POST_END();
}

static void post_exception_catch(Thread *t, Method *m, int bci, Object **exc) {
    POST_BEGIN(t, JVMTI_EVENT_EXCEPTION_CATCH);
    jobject e = local(t, exc);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_EXCEPTION_CATCH) {
        jvmtiEventExceptionCatch cb = JVMTI_CB(env, ExceptionCatch);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), jni, jt, jvmti_method_id(m), (jlocation)bci, e));
    }
    POST_END();
}

static const DbgHooks posting = {
    post_method_entry, post_method_exit, post_frame_pop, post_single_step, post_breakpoint,
    post_field_access, post_field_modification, post_exception, post_exception_catch,
};

/* ---- switching ---- */

/* Whether some environment enabled ev for t (NULL: for every thread) with a callback set,
 * whatever the phase: modes set up in Agent_OnLoad must be on when the live phase begins
 * (the posting functions leave out what the phase does not allow). */
static bool wanted(Thread *t, jvmtiEvent ev) {
    uint64_t bit = JVMTI_EVENT_BIT(ev);
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = env->next) {
        void *cb = ((void **)&env->callbacks)[ev - JVMTI_MIN_EVENT_TYPE_VAL];
        if (!__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE) || !cb) continue;
        JvmtiThreadEnvState *ts = t ? jvmti_thread_env_state(t, env, false) : NULL;
        if ((env->global_events & bit) || (ts && (ts->events & bit))) return true;
    }
    return false;
}

static unsigned modes_for(Thread *t) {
    return (wanted(t, JVMTI_EVENT_SINGLE_STEP) ? DBG_STEP : 0) | (wanted(t, JVMTI_EVENT_METHOD_ENTRY) ? DBG_ENTRY : 0) |
           (wanted(t, JVMTI_EVENT_METHOD_EXIT) ? DBG_EXIT : 0);
}

void jvmti_event_mode_changed(void) {
    if (dbg_hooks.method_entry != posting.method_entry) dbg_hooks = posting;   /* once, before any is on */
    uint64_t bits = __atomic_load_n(&jvmti_event_bits, __ATOMIC_ACQUIRE);
    dbg_exception_hooks(bits & JVMTI_EVENT_BIT(JVMTI_EVENT_EXCEPTION), bits & JVMTI_EVENT_BIT(JVMTI_EVENT_EXCEPTION_CATCH));
    __atomic_store_n(&dbg_default_modes, modes_for(NULL), __ATOMIC_RELEASE);
    Thread *self = thread_current();
    /* safe while waiting for and holding the list lock, as a safepoint holds it (nothing
     * below touches the heap) */
    int old = self ? thread_block_begin(self) : 0;
    pthread_mutex_lock(&thread_list_lock);
    for (Thread *t = thread_list; t; t = t->next) {
        unsigned m = modes_for(t);
        if (m != dbg_thread_get_modes(t)) dbg_thread_modes(t, m);
    }
    pthread_mutex_unlock(&thread_list_lock);
    if (self) thread_block_end(self, old);
}
