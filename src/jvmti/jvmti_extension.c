/*
 * jvmti_extension.c — the Extension Mechanism.  Loupe offers no extension functions or
 * events yet: both lists are empty and no extension event index is valid.
 */
#include "jvmti/jvmti_internal.h"

jvmtiError JNICALL jvmti_GetExtensionFunctions(jvmtiEnv *env, jint *extension_count_ptr, jvmtiExtensionFunctionInfo **extensions) {
    if (!extension_count_ptr || !extensions) return JVMTI_ERROR_NULL_POINTER;
    *extension_count_ptr = 0;
    return jvmti_allocate(0, (void **)extensions);
}

jvmtiError JNICALL jvmti_GetExtensionEvents(jvmtiEnv *env, jint *extension_count_ptr, jvmtiExtensionEventInfo **extensions) {
    if (!extension_count_ptr || !extensions) return JVMTI_ERROR_NULL_POINTER;
    *extension_count_ptr = 0;
    return jvmti_allocate(0, (void **)extensions);
}

jvmtiError JNICALL jvmti_SetExtensionEventCallback(jvmtiEnv *env, jint extension_event_index, jvmtiExtensionEvent callback) {
    return JVMTI_ERROR_ILLEGAL_ARGUMENT;
}
