/*
 * jvmti_locals.c — the Local Variable group: Get/SetLocalInt, Long, Float, Double, Object
 * and GetLocalInstance.
 *
 * Each function reaches the frame through jvmti_on_frames (the current thread, or another
 * inside a safepoint) and lets interp/debug_frames.c check the slot against the method as
 * HotSpot does: INVALID_SLOT outside max_locals or where the LocalVariableTable has no
 * variable in that slot at the frame's bci, TYPE_MISMATCH when the variable's type differs,
 * OPAQUE_FRAME for a native frame, NO_MORE_FRAMES past the outermost frame.
 */
#include "jvmti/jvmti_debug.h"

typedef struct LocalArgs {
    jint depth, slot;
    char type;
    bool set;
    jvalue value;       /* set: the value (objects as a reference); get: the result */
    Object *obj;
    jobject ref;        /* get of an object: the result as a local reference */
} LocalArgs;

static jvmtiError local_fn(Thread *t, void *ctx) {
    LocalArgs *a = ctx;
    if (a->set) {
        Object *o = a->type == 'L' && a->value.l ? hnd_get(a->value.l) : NULL;
        return jvmti_dbg_error(dbg_set_local(t, a->depth, a->slot, a->type, a->value, o));
    }
    DbgError e = a->type == 'T' ? dbg_get_this(t, a->depth, &a->obj)
                                : dbg_get_local(t, a->depth, a->slot, a->type, &a->value, &a->obj);
    /* made while the object holds still (another thread's frame is read in a safepoint) */
    if (!e && (a->type == 'T' || a->type == 'L')) a->ref = hnd_local(thread_current(), a->obj);
    return jvmti_dbg_error(e);
}

/* The shared body: thread, depth and pointer checks in HotSpot's order, then the access. */
static jvmtiError local(jthread thread, LocalArgs *a, const void *out) {
    Thread *t;
    jvmtiError err = jvmti_thread_of(thread, &t);
    if (err) return err;
    if (a->depth < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!a->set && !out) return JVMTI_ERROR_NULL_POINTER;
    a->obj = NULL;
    return jvmti_on_frames(thread, false, local_fn, a);
}

#define GET_LOCAL(Name, ctype, code, field) \
    jvmtiError JNICALL jvmti_GetLocal##Name(jvmtiEnv *env, jthread thread, jint depth, jint slot, ctype *value_ptr) { \
        LocalArgs a = { depth, slot, code, false, { .j = 0 }, NULL, NULL }; \
        jvmtiError err = local(thread, &a, value_ptr); \
        if (!err) *value_ptr = a.value.field; \
        return err; \
    }
GET_LOCAL(Int, jint, 'I', i)
GET_LOCAL(Long, jlong, 'J', j)
GET_LOCAL(Float, jfloat, 'F', f)
GET_LOCAL(Double, jdouble, 'D', d)

#define SET_LOCAL(Name, ctype, code, field) \
    jvmtiError JNICALL jvmti_SetLocal##Name(jvmtiEnv *env, jthread thread, jint depth, jint slot, ctype value) { \
        LocalArgs a = { depth, slot, code, true, { .j = 0 }, NULL, NULL }; \
        a.value.field = value; \
        return local(thread, &a, NULL); \
    }
SET_LOCAL(Int, jint, 'I', i)
SET_LOCAL(Long, jlong, 'J', j)
SET_LOCAL(Float, jfloat, 'F', f)
SET_LOCAL(Double, jdouble, 'D', d)
SET_LOCAL(Object, jobject, 'L', l)

jvmtiError JNICALL jvmti_GetLocalObject(jvmtiEnv *env, jthread thread, jint depth, jint slot, jobject *value_ptr) {
    LocalArgs a = { depth, slot, 'L', false, { .j = 0 }, NULL, NULL };
    jvmtiError err = local(thread, &a, value_ptr);
    if (!err) *value_ptr = a.ref;
    return err;
}

jvmtiError JNICALL jvmti_GetLocalInstance(jvmtiEnv *env, jthread thread, jint depth, jobject *value_ptr) {
    LocalArgs a = { depth, 0, 'T', false, { .j = 0 }, NULL, NULL };
    jvmtiError err = local(thread, &a, value_ptr);
    if (!err) *value_ptr = a.ref;
    return err;
}
