/*
 * checkjni.h — -Xcheck:jni: the checking JNI function table (checkjni_table.c) and the
 * checks it makes (checkjni.c).  Nothing here runs unless the option was given.
 */
#ifndef LOUPE_CHECKJNI_H
#define LOUPE_CHECKJNI_H

#include "loupe.h"

/* Builds the checking table when -Xcheck:jni is on (end of jni_init). */
void cj_init(void);
/* The table every thread's JNIEnv points at: the checking one under -Xcheck:jni.  JVMTI's
 * Get/SetJNIFunctionTable read and write it, as HotSpot's do the checking table then. */
struct JNINativeInterface_ *cj_env_functions(void);
/* Frees a thread's checking state (thread exit). */
void cj_thread_free(Thread *t);
/* A redefinition replaced a class's method or field array whose elements stay valid IDs
 * (checkjni_ids.c). */
enum { CJ_ID_METHOD, CJ_ID_FIELD };
void cj_ids_retired(const void *start, size_t n, int kind);

#endif
