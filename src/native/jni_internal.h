/*
 * jni_internal.h — what the JNI implementation files share.
 *
 * Every JNI function starts with JNI_ENTER, which moves a thread coming from native code
 * into VM state (waiting out a running collection first), and leaves through JNI_RETURN.
 * Called from VM code, which is already in VM state, both are no-ops.  JNI_RETURN computes
 * its value before it leaves: once back in native state the thread may run alongside a
 * collection, so the value (typically a new local handle, often to a new object) must be
 * complete by then.
 */
#ifndef LOUPE_JNI_INTERNAL_H
#define LOUPE_JNI_INTERNAL_H

#include "loupe.h"
#include "classfile/class.h"
#include "heap/handles.h"
#include "runtime/thread.h"
#include "runtime/exception.h"
#include "runtime/mirror.h"

#define JNI_ENTER(env) \
    Thread *t = thread_from_env(env); \
    int jni_state_ = thread_enter_vm(t)
#define JNI_LEAVE() thread_leave_vm(t, jni_state_)
/* The value is computed before the thread leaves VM state: an expression that allocates
 * or makes a handle must not run while a collection may move objects. */
#define JNI_RETURN(v) do { __typeof__(v) jni_rv_ = (v); JNI_LEAVE(); return jni_rv_; } while (0)
#define JNI_RETURN_VOID() do { JNI_LEAVE(); return; } while (0)

/* The Class behind a jclass (NULL if the handle is NULL or not a mirror). */
static inline Class *jni_class(jclass c) {
    Object *m = hnd_get(c);
    return m ? mirror_class(m) : NULL;
}

/* Initialises c for JNI (GetStaticMethodID etc.); false with an exception. */
bool jni_init_class(Thread *t, Class *c);

/* Calls m with arguments taken from a va_list or a jvalue array; `virt` selects virtual
 * dispatch on the receiver.  Returns the raw result slot. */
Slot jni_call_va(Thread *t, Object *recv, Method *m, bool virt, va_list ap);
Slot jni_call_a(Thread *t, Object *recv, Method *m, bool virt, const jvalue *a);

extern struct JNINativeInterface_ jni_function_table;

/* One PushLocalFrame: the handle mark PopLocalFrame returns to (Thread.jni_frames). */
typedef struct LocalFrame {
    HandleMark mark;
    struct LocalFrame *prev;
} LocalFrame;

/* A new String[] of the symbols' texts, as a local reference (jvm_constpool.c). */
jobjectArray jvm_symbol_array(Thread *t, Symbol *const *syms, int n);

#endif
