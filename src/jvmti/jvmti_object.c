/*
 * jvmti_object.c — Object functions of the core: GetObjectSize (the bytes the object
 * takes in Loupe's heap, header included) and GetObjectHashCode (the identity hash, the
 * same as System.identityHashCode).  GetObjectMonitorUsage lives with the thread side.
 */
#include "jvmti/jvmti_internal.h"
#include "heap/heap.h"
#include "runtime/monitor.h"

jvmtiError JNICALL jvmti_GetObjectSize(jvmtiEnv *env, jobject object, jlong *size_ptr) {
    Object *o = hnd_get(object);
    if (!o) return JVMTI_ERROR_INVALID_OBJECT;
    if (!size_ptr) return JVMTI_ERROR_NULL_POINTER;
    *size_ptr = (jlong)heap_object_size(o);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetObjectHashCode(jvmtiEnv *env, jobject object, jint *hash_code_ptr) {
    if (!hnd_get(object)) return JVMTI_ERROR_INVALID_OBJECT;
    if (!hash_code_ptr) return JVMTI_ERROR_NULL_POINTER;
    *hash_code_ptr = mon_identity_hash(thread_current(), hnd_get(object));
    return JVMTI_ERROR_NONE;
}
