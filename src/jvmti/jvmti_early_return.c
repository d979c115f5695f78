/*
 * jvmti_early_return.c — the Force Early Return group: ForceEarlyReturnObject, Int, Long,
 * Float, Double and Void.
 *
 * The thread must be the current one or suspended.  interp/debug_frames.c checks its top
 * frame (NO_MORE_FRAMES, OPAQUE_FRAME for a native method, TYPE_MISMATCH when the method's
 * return kind differs) and leaves the request; the frame returns the value when the thread
 * next executes an instruction in it, through the interpreter's ordinary return path
 * (monitor released, MethodExit and FramePop posted).
 */
#include "jvmti/jvmti_debug.h"
#include "classfile/link.h"
#include "heap/object.h"

typedef struct ReturnArgs {
    char kind;
    jvalue value;
} ReturnArgs;

static jvmtiError return_fn(Thread *t, void *ctx) {
    ReturnArgs *a = ctx;
    Object *o = a->kind == 'L' && a->value.l ? hnd_get(a->value.l) : NULL;
    return jvmti_dbg_error(dbg_force_return(t, a->kind, a->value, o));
}

static jvmtiError force(jthread thread, char kind, jvalue value) {
    ReturnArgs a = { kind, value };
    return jvmti_on_frames(thread, true, return_fn, &a);
}

jvmtiError JNICALL jvmti_ForceEarlyReturnObject(jvmtiEnv *env, jthread thread, jobject value) {
    return force(thread, 'L', (jvalue){ .l = value });
}
jvmtiError JNICALL jvmti_ForceEarlyReturnInt(jvmtiEnv *env, jthread thread, jint value) {
    return force(thread, 'I', (jvalue){ .i = value });
}
jvmtiError JNICALL jvmti_ForceEarlyReturnLong(jvmtiEnv *env, jthread thread, jlong value) {
    return force(thread, 'J', (jvalue){ .j = value });
}
jvmtiError JNICALL jvmti_ForceEarlyReturnFloat(jvmtiEnv *env, jthread thread, jfloat value) {
    return force(thread, 'F', (jvalue){ .f = value });
}
jvmtiError JNICALL jvmti_ForceEarlyReturnDouble(jvmtiEnv *env, jthread thread, jdouble value) {
    return force(thread, 'D', (jvalue){ .d = value });
}
jvmtiError JNICALL jvmti_ForceEarlyReturnVoid(jvmtiEnv *env, jthread thread) {
    return force(thread, 'V', (jvalue){ .j = 0 });
}
