/*
 * jvmti_jni.c — JNI Function Interception.
 *
 * Every thread's JNIEnv points at the one function table (native/jni.c, or under
 * -Xcheck:jni the checking table, whose entries call native/jni.c's: an interposer then
 * sits in front of the checks and what it forwards to is checked, as on HotSpot), so
 * setting it takes effect for all threads at once, those running and those to come.  The entries
 * are stored one pointer at a time, so a thread calling through the table meanwhile sees
 * either the old or the new function, never half of one.
 */
#include "jvmti/jvmti_internal.h"
#include "native/checkjni.h"
#include <string.h>

jvmtiError JNICALL jvmti_SetJNIFunctionTable(jvmtiEnv *env, const jniNativeInterface *function_table) {
    if (!function_table) return JVMTI_ERROR_NULL_POINTER;
    void *const *from = (void *const *)function_table;
    void **to = (void **)cj_env_functions();
    for (size_t i = 0; i < sizeof *function_table / sizeof(void *); i++)
        __atomic_store_n(&to[i], from[i], __ATOMIC_RELEASE);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetJNIFunctionTable(jvmtiEnv *env, jniNativeInterface **function_table) {
    if (!function_table) return JVMTI_ERROR_NULL_POINTER;
    jvmtiError err = jvmti_allocate(sizeof **function_table, (void **)function_table);
    if (err != JVMTI_ERROR_NONE) return err;
    void **from = (void **)cj_env_functions(), **to = (void **)*function_table;
    for (size_t i = 0; i < sizeof **function_table / sizeof(void *); i++)
        to[i] = __atomic_load_n(&from[i], __ATOMIC_ACQUIRE);
    return JVMTI_ERROR_NONE;
}
