/*
 * jvmti_debug.h — what the debugger's group files (jvmti_stack.c, jvmti_locals.c,
 * jvmti_breakpoint.c, jvmti_watch.c, jvmti_early_return.c) share: reaching another thread's
 * frames safely and translating the interpreter side's results into JVMTI errors.
 */
#ifndef LOUPE_JVMTI_DEBUG_H
#define LOUPE_JVMTI_DEBUG_H

#include "jvmti/jvmti_internal.h"
#include "interp/debug.h"

jvmtiError jvmti_dbg_error(DbgError e);

/* Runs fn(t, ctx) while t's frames hold still: at once for the current thread, otherwise
 * inside a safepoint (the world stopped).  With must_be_suspended, another thread that is
 * not suspended is THREAD_NOT_SUSPENDED.  fn must not allocate Java objects. */
typedef jvmtiError (*JvmtiFrameFn)(Thread *t, void *ctx);
jvmtiError jvmti_on_frames(jthread thread, bool must_be_suspended, JvmtiFrameFn fn, void *ctx);

/* FramePop is for the environments that asked: whether env called NotifyFramePop for
 * frame f of t, and forgetting every request for f once it is popped. */
bool jvmti_frame_pop_requested(Thread *t, const void *f, JvmtiEnv *env);
void jvmti_frame_pop_done(Thread *t, const void *f);

#endif
