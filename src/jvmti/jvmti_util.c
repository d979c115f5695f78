/*
 * jvmti_util.c — the converters every group file uses (JNI references and ids to VM
 * records, with the spec's errors) and the allocation of results.
 *
 * Callers are in VM state (the entry points put them there), so objects read through
 * handles stay put while they look at them.  Results handed to the agent are malloc'd: the
 * agent gives them back through Deallocate, which frees them.
 */
#include "jvmti/jvmti_internal.h"
#include "classfile/redefine.h"
#include "runtime/vm.h"
#include "runtime/jthread.h"
#include "runtime/mirror.h"
#include "classfile/link.h"
#include "heap/object.h"
#include <stdlib.h>
#include <string.h>

jvmtiError jvmti_thread_of(jthread thread, Thread **out) {
    if (!thread) {
        *out = thread_current();
        return *out ? JVMTI_ERROR_NONE : JVMTI_ERROR_UNATTACHED_THREAD;
    }
    Object *o = hnd_get(thread);
    if (!o || !VMC(Thread) || !class_is_assignable(o->klass, VMC(Thread))) return JVMTI_ERROR_INVALID_THREAD;
    Thread *t = thread_from_jthread(o);
    if (!t || thread_state(t) == TS_TERMINATED) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    *out = t;
    return JVMTI_ERROR_NONE;
}

jvmtiError jvmti_given_thread_of(jthread thread, Thread **out) {
    return thread ? jvmti_thread_of(thread, out) : JVMTI_ERROR_INVALID_THREAD;
}

jvmtiError jvmti_class_of(jclass klass, Class **out) {
    Object *o = hnd_get(klass);
    if (!o || o->klass != VMC(Class) || !mirror_class(o)) return JVMTI_ERROR_INVALID_CLASS;
    *out = mirror_class(o);
    return JVMTI_ERROR_NONE;
}

jvmtiError jvmti_method_of(jmethodID method, Method **out) {
    if (!method) return JVMTI_ERROR_INVALID_METHODID;
    /* the id of a method whose class was unloaded is kept readable, and is invalid */
    if (__atomic_load_n(&((Method *)method)->holder->cu_unloaded, __ATOMIC_RELAXED)) return JVMTI_ERROR_INVALID_METHODID;
    *out = (Method *)method;
    return JVMTI_ERROR_NONE;
}

jmethodID jvmti_method_id(Method *m) { return m ? (jmethodID)rdf_current_method(m) : NULL; }

jvmtiError jvmti_field_of(Class *c, jfieldID field, Field **out) {
    Field *f = (Field *)field;
    if (!f || (!(f->access & JVM_ACC_STATIC) && !class_is_assignable(c, f->holder))) return JVMTI_ERROR_INVALID_FIELDID;
    if (__atomic_load_n(&f->holder->cu_unloaded, __ATOMIC_RELAXED)) return JVMTI_ERROR_INVALID_FIELDID;
    *out = f;
    return JVMTI_ERROR_NONE;
}

jvmtiError jvmti_allocate(jlong size, void **out) {
    if (size < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (size == 0) {
        *out = NULL;
        return JVMTI_ERROR_NONE;
    }
    *out = malloc((size_t)size);
    return *out ? JVMTI_ERROR_NONE : JVMTI_ERROR_OUT_OF_MEMORY;
}

jvmtiError jvmti_strdup(const char *s, char **out) {
    if (!s) {
        *out = NULL;
        return JVMTI_ERROR_NONE;
    }
    size_t n = strlen(s) + 1;
    jvmtiError err = jvmti_allocate((jlong)n, (void **)out);
    if (err == JVMTI_ERROR_NONE) memcpy(*out, s, n);
    return err;
}

jvmtiError jvmti_member_names(const Symbol *name, const Symbol *desc, const Symbol *generic,
                              char **name_ptr, char **signature_ptr, char **generic_ptr) {
    const char *src[3] = { name->str, desc->str, generic ? generic->str : NULL };
    char **dst[3] = { name_ptr, signature_ptr, generic_ptr };
    char *copy[3] = { NULL, NULL, NULL };
    jvmtiError err = JVMTI_ERROR_NONE;
    for (int i = 0; i < 3 && !err; i++)
        if (dst[i]) err = jvmti_strdup(src[i], &copy[i]);
    for (int i = 0; i < 3; i++) {
        if (err) free(copy[i]);
        else if (dst[i]) *dst[i] = copy[i];
    }
    return err;
}
