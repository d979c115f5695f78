/*
 * asgct.c — AsyncGetCallTrace: the current thread's Java stack, from a signal handler.
 *
 * HotSpot exports this unofficial function from libjvm.so and sampling profilers
 * (async-profiler, honest-profiler, Loupe's own libloupeprof.so) call it from a SIGPROF
 * handler to get the interrupted thread's Java frames without waiting for a safepoint.
 * Loupe exports it with the same ABI: the two structs below (the caller passes a JNIEnv*,
 * gets back a frame count or one of HotSpot's negative "ticks" codes, and an array of
 * (line-or-bci, jmethodID) pairs, innermost first; a native method's frame has lineno -3).
 * A jmethodID is Loupe's Method*, as everywhere in its JVMTI.
 *
 * How it stays safe in a signal handler: it allocates nothing, takes no lock and calls
 * nothing but inline reads.  The walk follows Thread.top and each Frame's prev, and trusts
 * a frame only if it lies inside the thread's Java stack, below the frame it came from
 * (frames are laid out upward), with a method; a frame that fails stops the walk with
 * HotSpot's "not walkable" code, so a signal that lands while the interpreter is linking
 * a frame costs one sample, never a crash.  A frame's pc is the one saved at its last
 * call out of the interpreter (frame.h), so the innermost frame's bci may be a little
 * behind; the methods are exact.  Frames live on the Java stack, not in the heap, so a
 * collection does not move them (HotSpot answers "GC active" there; Loupe can walk).
 */
#include "interp/frame.h"
#include "runtime/thread.h"

/* HotSpot's layout (forte.cpp), which callers compile against. */
typedef struct {
    jint lineno;            /* bci of a Java frame, -3 for a native method */
    jmethodID method_id;
} ASGCT_CallFrame;

typedef struct {
    JNIEnv *env_id;         /* the interrupted thread's JNIEnv */
    jint num_frames;        /* out: frames filled, or an ASGCT_* code */
    ASGCT_CallFrame *frames;
} ASGCT_CallTrace;

/* HotSpot's codes for a trace that could not be taken. */
enum {
    ASGCT_NO_JAVA_FRAME = 0,
    ASGCT_NOT_WALKABLE_JAVA = -6,
    ASGCT_UNKNOWN_STATE = -7,
    ASGCT_THREAD_EXIT = -8,
};
#define ASGCT_NATIVE_LINE (-3)

__attribute__((visibility("default"))) void AsyncGetCallTrace(ASGCT_CallTrace *trace, jint depth, void *ucontext);

/* asgct_frame_ok: f can be read as a frame of t, below `above` (NULL: the innermost). */
static int asgct_frame_ok(const Thread *t, const Frame *f, const Frame *above) {
    if ((const Slot *)f < t->stack_base || (const Slot *)(f + 1) > t->stack_end) return 0;
    if (((uintptr_t)f & (sizeof(void *) - 1)) != 0) return 0;
    return (!above || f < above) && f->method != NULL;
}

/* asgct_bci: the frame's bytecode index, -1 when its saved pc is not in its code. */
static jint asgct_bci(const Frame *f) {
    const Prepared *p = method_prepared(f->method);
    if (!p || !f->pc) return 0;
    if (f->pc < p->code || f->pc >= p->code + p->n) return -1;
    return (jint)prep_bci(p, f->pc);
}

/* asgct_walk: fills up to depth frames of t; returns the count or ASGCT_NOT_WALKABLE_JAVA. */
static jint asgct_walk(const Thread *t, ASGCT_CallFrame *out, jint depth) {
    const Frame *above = NULL;
    jint n = 0;
    for (const Frame *f = t->top; f && n < depth; above = f, f = f->prev) {
        if (!asgct_frame_ok(t, f, above)) return n ? n : ASGCT_NOT_WALKABLE_JAVA;
        out[n].method_id = (jmethodID)f->method;
        out[n].lineno = (f->flags & FR_NATIVE) ? ASGCT_NATIVE_LINE : asgct_bci(f);
        n++;
    }
    return n;
}

void AsyncGetCallTrace(ASGCT_CallTrace *trace, jint depth, void *ucontext) {
    (void)ucontext;
    Thread *t = thread_current();
    if (!trace->env_id || !t || thread_env(t) != trace->env_id || t->exiting) {
        trace->num_frames = ASGCT_THREAD_EXIT;
        return;
    }
    int state = t->state;
    if (state == TS_NEW || state == TS_TERMINATED) {
        trace->num_frames = state == TS_NEW ? ASGCT_UNKNOWN_STATE : ASGCT_THREAD_EXIT;
        return;
    }
    trace->num_frames = (depth <= 0 || !trace->frames) ? ASGCT_NO_JAVA_FRAME : asgct_walk(t, trace->frames, depth);
}
