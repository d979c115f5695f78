/*
 * checkjni.h — -Xcheck:jni: the checking JNI function table (checkjni_table.c) and the
 * checks it makes (checkjni.c).  Nothing here runs unless the option was given.
 */
#ifndef LOUPE_CHECKJNI_H
#define LOUPE_CHECKJNI_H

#include "loupe.h"

/* Builds the checking table when -Xcheck:jni is on (end of jni_init). */
void cj_init(void);
/* The table a new thread's JNIEnv points at: the checking one under -Xcheck:jni. */
const struct JNINativeInterface_ *cj_env_functions(void);
/* Frees a thread's checking state (thread exit). */
void cj_thread_free(Thread *t);

#endif
