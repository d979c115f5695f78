/*
 * checkjni_internal.h — what the -Xcheck:jni files share: entry and exit checks, the
 * validators of references, classes, IDs, arrays and strings, and the guarded copies
 * (checkjni.c explains them).  Validators run in VM state (CJ_VM) and report a misuse
 * as HotSpot does: fatal ones print and abort, warnings print and return.
 */
#ifndef LOUPE_CHECKJNI_INTERNAL_H
#define LOUPE_CHECKJNI_INTERNAL_H

#include "native/jni_internal.h"
#include "native/checkjni.h"

/* What an entry checks, as HotSpot's four kinds of checked entry. */
enum {
    CJ_CRITICAL_WARN = 1 << 0,  /* warn when called inside a Get*Critical region */
    CJ_PENDING = 1 << 1,        /* warn of a pending exception / an unchecked call */
    CJ_NORMAL = CJ_CRITICAL_WARN | CJ_PENDING,
    CJ_EXC_ALLOWED = CJ_CRITICAL_WARN,
    CJ_CRITICAL = CJ_PENDING,
    CJ_CRITICAL_EXC_ALLOWED = 0,
};

/* Every checked function calls the real one through this table, so JVMTI's
 * SetJNIFunctionTable interposition still applies. */
#define CJ_REAL (&jni_function_table)

/* Runs `code` with the thread in VM state (the validators read heap objects). */
#define CJ_VM(t, code) do { int cj_s_ = thread_enter_vm(t); code; thread_leave_vm(t, cj_s_); } while (0)

Thread *cj_enter(JNIEnv *env, int what);
void cj_exit(Thread *t);
/* After a Call*Method: the next JNI call must be an exception check (HotSpot's rule). */
void cj_expect_exception_check(Thread *t, const char *fn);
void cj_clear_exception_check(Thread *t);
void cj_critical_add(Thread *t, int delta);

_Noreturn void cj_fatal(Thread *t, const char *msg);
void cj_warn(Thread *t, const char *msg);
/* Prints a line of context before a fatal error (stdout, flushed). */
void cj_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

Object *cj_handle(Thread *t, jobject h);
Object *cj_object(Thread *t, jobject h);
Class *cj_class(Thread *t, jclass c, bool allow_primitive);
void cj_throwable_class(Thread *t, Class *c);
/* Whether id is a Method or Field record (kind) of a loaded class, without reading it. */
bool cj_ids_known(const void *id, int kind);
Method *cj_method_id(Thread *t, jmethodID m);
void cj_call(Thread *t, jclass c, jmethodID m, jobject obj);
void cj_instance_field(Thread *t, jfieldID fid, jobject obj, BasicType type);
void cj_static_field(Thread *t, jfieldID fid, jclass c, BasicType type);
void cj_string(Thread *t, jstring s);
Object *cj_array(Thread *t, jarray a);
Object *cj_primitive_array(Thread *t, jarray a);
void cj_primitive_array_type(Thread *t, jarray a, BasicType type);
void cj_object_array(Thread *t, jarray a);
void cj_class_descriptor(Thread *t, const char *name);
void cj_delete_ref(Thread *t, jobject h, int kind);

/* Guarded copies: the checked Get*Elements / Get*Chars hand out a copy framed by guard
 * bytes and tagged with what made it; the Release* functions verify both. */
void *cj_guard_copy(const void *orig, size_t size, const void *tag);
void *cj_guard_array(Thread *t, jarray a, void *elems);
void *cj_guard_release_array(Thread *t, const char *fn, jarray a, void *copy, jint mode, bool critical);
const void *cj_guard_release_chars(Thread *t, const char *fn, const char *maker, jstring s, const void *chars,
                                   const void *tag);
extern const char cj_tag_chars, cj_tag_utf;

#endif
