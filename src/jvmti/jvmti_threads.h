/*
 * jvmti_threads.h — what the thread, thread-group and monitor-information files of JVMTI
 * share, and the monitor events they post.
 */
#ifndef LOUPE_JVMTI_THREADS_H
#define LOUPE_JVMTI_THREADS_H

#include "jvmti/jvmti_internal.h"

/* The java.lang.Thread a jthread names, alive or not (NULL: the current thread's);
 * INVALID_THREAD when it is no Thread. */
jvmtiError jvmti_thread_object(jthread thread, Object **out);
/* An allocated array of the n handles (handles are local references). */
jvmtiError jvmti_local_refs(Object ***objs, jint n, jobject **out);
/* An allocated modified-UTF-8 copy of the String s ("" for NULL). */
jvmtiError jvmti_string_utf8(Object *s, char **out);
/* Handles to the java.lang.Thread of every live thread; *out is vm_free'd by the caller. */
jint jvmti_live_threads(Thread *self, Object ****out);

#endif
