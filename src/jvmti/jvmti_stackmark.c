/*
 * jvmti_stackmark.c — com.loupe.functions.GetStackTraceMarked: the current thread's stack
 * from the top down to the first frame an agent has walked before.
 *
 * A profiler that wants the whole stack of every allocation (the profiler's exact mode)
 * walked it all each time with GetStackTrace, although consecutive allocations of a
 * thread share nearly all their callers.  Each interpreter frame has one word for this
 * (Frame.mark, set to 0 when the frame is pushed: the push already writes the header, so
 * the word costs nothing when no agent uses it).  The function returns the frames from the
 * top down to and including the first one that carries the agent's mark, and marks each
 * one it returns with the mark and its depth counted from the bottom.  A marked frame is
 * still the activation the agent saw: its callers have not run since, so their methods and
 * bytecode indexes are what the agent saw then, and it keeps the rest of the stack from its
 * last walk.  The marked frame itself is returned again because its own bytecode index
 * may have moved on (it called the frames above it since, or caught an exception).
 *
 * A mark is the agent's tag (1..MARK_TAGS-1) and the frame's depth; a frame deeper than
 * MARK_DEPTHS - 1 is returned but never marked.  An agent starts over by choosing a new
 * tag.  One environment owns the marks (the first to call); the others get
 * JVMTI_ERROR_NOT_AVAILABLE and walk with GetStackTrace, so two agents never take each
 * other's marks for their own; so does the owner while it counts allocations
 * (jvmti_alloc_counts.c keeps its contexts in the same word).  Only the calling thread's frames are read and written,
 * so no lock or safepoint is needed.
 */
#include "jvmti/jvmti_heap.h"
#include "interp/frame.h"
#include <stdarg.h>

enum { MARK_DEPTH_BITS = 20, MARK_DEPTHS = 1 << MARK_DEPTH_BITS, MARK_TAGS = 1 << (32 - MARK_DEPTH_BITS) };

static JvmtiEnv *mark_owner;

static uint32_t mark_tag(uint32_t mark) { return mark >> MARK_DEPTH_BITS; }
static jint mark_depth(uint32_t mark) { return (jint)(mark & (MARK_DEPTHS - 1)); }

/* Claims the marks for env, or tells that another environment has them (the allocation
 * counts of jvmti_alloc_counts.c use them too). */
bool jvmti_marks_claim(JvmtiEnv *env) {
    JvmtiEnv *none = NULL;
    return __atomic_compare_exchange_n(&mark_owner, &none, env, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ||
           none == env;
}

static void mark_frame_info(const Frame *f, jvmtiFrameInfo *out) {
    out->method = (jmethodID)f->method;
    out->location = (f->flags & FR_NATIVE) ? -1 : frame_bci(f);
}

/* Frames from the top to the first one marked with tag (included) or to the bottom; the
 * number of them, or -1 when more than max.  *base: the last one's depth (-1: unknown). */
static jint mark_walk(Thread *t, uint32_t tag, jint max, jvmtiFrameInfo *buf, jint *base) {
    jint k = 0;
    for (Frame *f = t->top; f; f = f->prev) {
        if (k < max) mark_frame_info(f, &buf[k]);
        k++;
        if (f->mark && mark_tag(f->mark) == tag) {
            *base = mark_depth(f->mark);
            return k <= max ? k : -1;
        }
    }
    *base = 0;
    return k <= max ? k : -1;
}

/* Marks the n top frames, the last of which lies at depth base. */
static void mark_set(Thread *t, uint32_t tag, jint n, jint base) {
    Frame *f = t->top;
    for (jint i = 0; i < n; i++, f = f->prev) {
        jint depth = base + n - 1 - i;
        f->mark = depth < MARK_DEPTHS - 1 ? tag << MARK_DEPTH_BITS | (uint32_t)depth : 0;
    }
}

/* com.loupe.functions.GetStackTraceMarked(jvmtiEnv*, jint tag, jint max_frame_count,
 * jvmtiFrameInfo *frame_buffer, jint *count_ptr, jint *depth_ptr). */
jvmtiError JNICALL jvmti_ext_GetStackTraceMarked(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jint tag = va_arg(ap, jint), max = va_arg(ap, jint);
    jvmtiFrameInfo *buf = va_arg(ap, jvmtiFrameInfo *);
    jint *count_ptr = va_arg(ap, jint *), *depth_ptr = va_arg(ap, jint *);
    va_end(ap);
    JvmtiEnv *env = jvmti_env(e);
    if (!env || !__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    Thread *t = thread_current();
    if (!t) return JVMTI_ERROR_UNATTACHED_THREAD;
    if (!buf || !count_ptr || !depth_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (tag <= 0 || tag >= MARK_TAGS || max < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!jvmti_marks_claim(env) || jvmti_counts_wanted()) return JVMTI_ERROR_NOT_AVAILABLE;
    jint base, n = mark_walk(t, (uint32_t)tag, max, buf, &base);
    if (n < 0) {
        *count_ptr = max, *depth_ptr = -1;
        return JVMTI_ERROR_NONE;
    }
    mark_set(t, (uint32_t)tag, n, base);
    *count_ptr = n, *depth_ptr = base;
    return JVMTI_ERROR_NONE;
}
