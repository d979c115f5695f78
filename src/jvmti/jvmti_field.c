/*
 * jvmti_field.c — Field functions.  A jfieldID is the Field*.  As on HotSpot, an instance
 * field must belong to the class given or to one of its supertypes (INVALID_FIELDID
 * otherwise); a static field is taken whatever the class.
 */
#include "jvmti/jvmti_internal.h"
#include "classfile/class.h"
#include <stdlib.h>

/* HotSpot's JVM_RECOGNIZED_FIELD_MODIFIERS */
#define FIELD_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | JVM_ACC_FINAL | \
                         JVM_ACC_VOLATILE | JVM_ACC_TRANSIENT | JVM_ACC_ENUM | JVM_ACC_SYNTHETIC)

#define FIELD_ARGS(klass, field, f) \
    Class *c_; \
    Field *f; \
    do { \
        jvmtiError e_ = jvmti_class_of(klass, &c_); \
        if (!e_) e_ = jvmti_field_of(c_, field, &f); \
        if (e_) return e_; \
    } while (0)

jvmtiError JNICALL jvmti_GetFieldName(jvmtiEnv *env, jclass klass, jfieldID field, char **name_ptr, char **signature_ptr, char **generic_ptr) {
    FIELD_ARGS(klass, field, f);
    return jvmti_member_names(f->name, f->desc, f->signature, name_ptr, signature_ptr, generic_ptr);
}

jvmtiError JNICALL jvmti_GetFieldDeclaringClass(jvmtiEnv *env, jclass klass, jfieldID field, jclass *declaring_class_ptr) {
    FIELD_ARGS(klass, field, f);
    if (!declaring_class_ptr) return JVMTI_ERROR_NULL_POINTER;
    *declaring_class_ptr = hnd_local(thread_current(), f->holder->mirror);
    return JVMTI_ERROR_NONE;
}

/* HotSpot hands out its field flags unmasked, among them "has a generic signature". */
#define FIELD_HAS_GENERIC_SIGNATURE 0x0800

jvmtiError JNICALL jvmti_GetFieldModifiers(jvmtiEnv *env, jclass klass, jfieldID field, jint *modifiers_ptr) {
    FIELD_ARGS(klass, field, f);
    if (!modifiers_ptr) return JVMTI_ERROR_NULL_POINTER;
    *modifiers_ptr = (f->access & FIELD_MODIFIERS) | (f->signature ? FIELD_HAS_GENERIC_SIGNATURE : 0);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_IsFieldSynthetic(jvmtiEnv *env, jclass klass, jfieldID field, jboolean *is_synthetic_ptr) {
    FIELD_ARGS(klass, field, f);
    if (!is_synthetic_ptr) return JVMTI_ERROR_NULL_POINTER;
    *is_synthetic_ptr = (f->access & JVM_ACC_SYNTHETIC) != 0;
    return JVMTI_ERROR_NONE;
}
