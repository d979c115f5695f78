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

#endif
