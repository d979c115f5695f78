/*
 * jvmti_stack.c — the Stack Frame group: GetStackTrace, GetAllStackTraces,
 * GetThreadListStackTraces, GetFrameCount, GetFrameLocation, NotifyFramePop, PopFrame;
 * and jvmti_on_frames, the way every debugger function reaches a thread's frames.
 *
 * Frames are the interpreter's own (interp/frame.h), innermost first, native ones included
 * (their location is -1), as HotSpot reports them.  Another thread's frames are read inside
 * a safepoint, where every thread has saved its pc and stopped (or is in native code, below
 * frames that cannot change until it comes back), so no result is ever half-updated.  The
 * multi-thread functions return one block: the jvmtiStackInfo array followed by all the
 * frame buffers, so the agent frees it with one Deallocate, as the spec requires.
 */
#include "jvmti/jvmti_debug.h"
#include "jvmti/jvmti_threads.h"
#include "runtime/suspend.h"
#include "runtime/jthread.h"
#include "heap/object.h"
#include <string.h>

jvmtiError jvmti_dbg_error(DbgError e) {
    static const jvmtiError map[] = {
        [DBG_OK] = JVMTI_ERROR_NONE,
        [DBG_DUPLICATE] = JVMTI_ERROR_DUPLICATE,
        [DBG_NOT_FOUND] = JVMTI_ERROR_NOT_FOUND,
        [DBG_INVALID_LOCATION] = JVMTI_ERROR_INVALID_LOCATION,
        [DBG_NO_MORE_FRAMES] = JVMTI_ERROR_NO_MORE_FRAMES,
        [DBG_OPAQUE_FRAME] = JVMTI_ERROR_OPAQUE_FRAME,
        [DBG_INVALID_SLOT] = JVMTI_ERROR_INVALID_SLOT,
        [DBG_TYPE_MISMATCH] = JVMTI_ERROR_TYPE_MISMATCH,
        [DBG_OUT_OF_MEMORY] = JVMTI_ERROR_OUT_OF_MEMORY,
    };
    return map[e];
}

static bool listed(Thread *t) {
    for (Thread *p = thread_list; p; p = p->next)
        if (p == t) return true;
    return false;
}

jvmtiError jvmti_on_frames(jthread thread, bool must_be_suspended, JvmtiFrameFn fn, void *ctx) {
    Thread *t;
    jvmtiError err = jvmti_thread_of(thread, &t);
    if (err) return err;
    Thread *self = thread_current();
    if (t == self) return fn(t, ctx);
    if (must_be_suspended && !susp_is_suspended(t)) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    safepoint_begin(self);
    err = listed(t) && thread_state(t) != TS_TERMINATED ? fn(t, ctx) : JVMTI_ERROR_THREAD_NOT_ALIVE;
    safepoint_end(self);
    return err;
}

/* ---- one thread ---- */

static void frame_info(Frame *f, jvmtiFrameInfo *out) {
    out->method = jvmti_method_id(f->method);
    out->location = (f->flags & FR_NATIVE) ? -1 : frame_bci(f);
}

/* Fills buf with up to max frames of t from start (negative: counted from the bottom).
 * The frames are counted only for a start other than the top (a profiler asks for the top
 * frames at every allocation). */
static jvmtiError trace_of(Thread *t, jint start, jint max, jvmtiFrameInfo *buf, jint *count) {
    int n = start ? dbg_frame_count(t) : 0;
    if (start < 0) {
        if (-start > n) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
        start += n;
    } else if (start > 0 && start >= n) {
        return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    }
    jint k = 0;
    for (Frame *f = dbg_frame_at(t, start); f && k < max; f = f->prev) frame_info(f, &buf[k++]);
    *count = k;
    return JVMTI_ERROR_NONE;
}

typedef struct TraceArgs {
    jint start, max;
    jvmtiFrameInfo *buf;
    jint *count;
} TraceArgs;

static jvmtiError trace_fn(Thread *t, void *ctx) {
    TraceArgs *a = ctx;
    return trace_of(t, a->start, a->max, a->buf, a->count);
}

jvmtiError JNICALL jvmti_GetStackTrace(jvmtiEnv *env, jthread thread, jint start_depth, jint max_frame_count,
                                       jvmtiFrameInfo *frame_buffer, jint *count_ptr) {
    Thread *t;
    jvmtiError err = jvmti_thread_of(thread, &t);
    if (err) return err;
    if (max_frame_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!frame_buffer || !count_ptr) return JVMTI_ERROR_NULL_POINTER;
    TraceArgs a = { start_depth, max_frame_count, frame_buffer, count_ptr };
    return jvmti_on_frames(thread, false, trace_fn, &a);
}

static jvmtiError count_fn(Thread *t, void *ctx) {
    *(jint *)ctx = dbg_frame_count(t);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetFrameCount(jvmtiEnv *env, jthread thread, jint *count_ptr) {
    Thread *t;
    jvmtiError err = jvmti_thread_of(thread, &t);
    if (err) return err;
    if (!count_ptr) return JVMTI_ERROR_NULL_POINTER;
    return jvmti_on_frames(thread, false, count_fn, count_ptr);
}

typedef struct LocationArgs {
    jint depth;
    jmethodID *method;
    jlocation *location;
} LocationArgs;

static jvmtiError location_fn(Thread *t, void *ctx) {
    LocationArgs *a = ctx;
    Frame *f = dbg_frame_at(t, a->depth);
    if (!f) return JVMTI_ERROR_NO_MORE_FRAMES;
    jvmtiFrameInfo fi;
    frame_info(f, &fi);
    *a->method = fi.method;
    *a->location = fi.location;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetFrameLocation(jvmtiEnv *env, jthread thread, jint depth, jmethodID *method_ptr,
                                          jlocation *location_ptr) {
    Thread *t;
    jvmtiError err = jvmti_thread_of(thread, &t);
    if (err) return err;
    if (depth < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!method_ptr || !location_ptr) return JVMTI_ERROR_NULL_POINTER;
    LocationArgs a = { depth, method_ptr, location_ptr };
    return jvmti_on_frames(thread, false, location_fn, &a);
}

/* ---- NotifyFramePop: the frame's flag asks the interpreter for the hook, and the
 * thread's list of (frame, environment) pairs says whom FramePop is for.  A pair is
 * dropped when its frame pops; a frame flagged afresh first loses any pair left from an
 * earlier frame at the same address (one popped without the hook, by PopFrame).  The list
 * changes on the thread itself or with it stopped in a safepoint; pop_lock (held for a few
 * instructions, never across a safepoint) orders the two. ---- */

static pthread_mutex_t pop_lock = PTHREAD_MUTEX_INITIALIZER;

static JvmtiThreadState *pops_of(Thread *t) {
    return __atomic_load_n((JvmtiThreadState **)&t->jvmti, __ATOMIC_ACQUIRE);
}

/* Called with pop_lock held. */
static void forget_frame(JvmtiThreadState *s, const void *f) {
    for (int i = 0; i < s->npops;)
        if (s->pops[i].frame == f) s->pops[i] = s->pops[--s->npops];
        else i++;
}

static void add_request(JvmtiThreadState *s, const void *f, JvmtiEnv *env, bool fresh) {
    pthread_mutex_lock(&pop_lock);
    if (fresh) forget_frame(s, f);
    bool known = false;
    for (int i = 0; i < s->npops; i++) known |= s->pops[i].frame == f && s->pops[i].env == env;
    if (!known) {
        if (s->npops == s->cappops) {
            s->cappops = s->cappops ? s->cappops * 2 : 8;
            s->pops = vm_realloc(s->pops, (size_t)s->cappops * sizeof *s->pops);
        }
        s->pops[s->npops++] = (JvmtiFramePop){ f, env };
    }
    pthread_mutex_unlock(&pop_lock);
}

bool jvmti_frame_pop_requested(Thread *t, const void *f, JvmtiEnv *env) {
    JvmtiThreadState *s = pops_of(t);
    bool found = false;
    if (!s) return false;
    pthread_mutex_lock(&pop_lock);
    for (int i = 0; i < s->npops; i++) found |= s->pops[i].frame == f && s->pops[i].env == env;
    pthread_mutex_unlock(&pop_lock);
    return found;
}

void jvmti_frame_pop_done(Thread *t, const void *f) {
    JvmtiThreadState *s = pops_of(t);
    if (!s) return;
    pthread_mutex_lock(&pop_lock);
    forget_frame(s, f);
    pthread_mutex_unlock(&pop_lock);
}

typedef struct FramePopArgs {
    jint depth;
    JvmtiEnv *env;
} FramePopArgs;

static jvmtiError frame_pop_fn(Thread *t, void *ctx) {
    FramePopArgs *a = ctx;
    DbgError e = dbg_notify_frame_pop(t, a->depth);
    if (e != DBG_OK && e != DBG_DUPLICATE) return jvmti_dbg_error(e);
    JvmtiThreadState *s = pops_of(t);
    if (s) add_request(s, dbg_frame_at(t, a->depth), a->env, e == DBG_OK);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_NotifyFramePop(jvmtiEnv *env, jthread thread, jint depth) {
    Thread *t;
    jvmtiError err = jvmti_thread_of(thread, &t);
    if (err) return err;
    if (depth < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    /* the thread's state is made here, outside the safepoint frame_pop_fn may run in */
    if (!jvmti_thread_env_state(t, jvmti_env(env), true)) return JVMTI_ERROR_OUT_OF_MEMORY;
    FramePopArgs a = { depth, jvmti_env(env) };
    return jvmti_on_frames(thread, true, frame_pop_fn, &a);
}

static jvmtiError pop_fn(Thread *t, void *ctx) { return jvmti_dbg_error(dbg_pop_frame(t)); }

jvmtiError JNICALL jvmti_PopFrame(jvmtiEnv *env, jthread thread) {
    Thread *t;
    jvmtiError err = jvmti_given_thread_of(thread, &t);
    if (err) return err;
    if (t != thread_current() && !susp_is_suspended(t)) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    return jvmti_on_frames(thread, true, pop_fn, NULL);
}

/* ---- several threads ---- */

/* One block: n jvmtiStackInfo, then n * max frames. */
static jvmtiError stack_block(jint n, jint max, jvmtiStackInfo **out) {
    size_t size = (size_t)n * sizeof(jvmtiStackInfo) + (size_t)n * (size_t)max * sizeof(jvmtiFrameInfo);
    jvmtiError err = jvmti_allocate((jlong)size, (void **)out);
    if (err == JVMTI_ERROR_NONE && *out) memset(*out, 0, size);
    return err;
}

/* The world is stopped: fills info[i] for the thread object objs[i]. */
static void fill_infos(Object ***objs, jint n, jint max, jvmtiStackInfo *info) {
    jvmtiFrameInfo *frames = (jvmtiFrameInfo *)(info + n);
    for (jint i = 0; i < n; i++) {
        jvmtiStackInfo *si = &info[i];
        si->thread = (jthread)objs[i];        /* a handle is a local reference */
        si->state = susp_thread_state(*objs[i]);
        si->frame_buffer = frames + (size_t)i * (size_t)max;
        Thread *t = thread_from_jthread(*objs[i]);
        if (t && thread_state(t) != TS_TERMINATED && listed(t))
            trace_of(t, 0, max, si->frame_buffer, &si->frame_count);
    }
}

static jvmtiError stack_infos(Object ***objs, jint n, jint max, jvmtiStackInfo **out) {
    jvmtiError err = stack_block(n, max, out);
    if (err || n == 0) return err;
    Thread *self = thread_current();
    safepoint_begin(self);
    fill_infos(objs, n, max, *out);
    safepoint_end(self);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetAllStackTraces(jvmtiEnv *env, jint max_frame_count, jvmtiStackInfo **stack_info_ptr,
                                           jint *thread_count_ptr) {
    if (max_frame_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!stack_info_ptr || !thread_count_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object ***live;
    jint n = jvmti_live_threads(thread_current(), &live);
    jvmtiError err = stack_infos(live, n, max_frame_count, stack_info_ptr);
    vm_free(live);
    if (err == JVMTI_ERROR_NONE) *thread_count_ptr = n;
    return err;
}

jvmtiError JNICALL jvmti_GetThreadListStackTraces(jvmtiEnv *env, jint thread_count, const jthread *thread_list_,
                                                  jint max_frame_count, jvmtiStackInfo **stack_info_ptr) {
    if (thread_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!thread_list_) return JVMTI_ERROR_NULL_POINTER;
    if (max_frame_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!stack_info_ptr) return JVMTI_ERROR_NULL_POINTER;
    Thread *self = thread_current();
    Object ***objs = vm_calloc((size_t)thread_count + 1, sizeof *objs);
    jvmtiError err = JVMTI_ERROR_NONE;
    for (jint i = 0; i < thread_count && !err; i++) {
        Object *o;
        err = jvmti_thread_object(thread_list_[i], &o);
        if (!err) objs[i] = hnd_new(self, o);
    }
    if (!err) err = stack_infos(objs, thread_count, max_frame_count, stack_info_ptr);
    vm_free(objs);
    return err;
}
