/*
 * jvmti_general.c — the General functions that are not about environments (GetErrorName,
 * SetVerboseFlag, GetJLocationFormat), Memory (Allocate, Deallocate) and Timers
 * (GetTime, GetTimerInfo, GetAvailableProcessors).
 *
 * Error names are the table below, made from jvmti.h's jvmtiError constants.  Memory given
 * to agents is the C heap's; jlocations are bytecode indices; the timer is the monotonic
 * clock System.nanoTime reads.
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include "heap/heap.h"
#include <stdlib.h>

#define JVMTI_ERRORS(E) \
    E(0, JVMTI_ERROR_NONE) \
    E(10, JVMTI_ERROR_INVALID_THREAD) \
    E(11, JVMTI_ERROR_INVALID_THREAD_GROUP) \
    E(12, JVMTI_ERROR_INVALID_PRIORITY) \
    E(13, JVMTI_ERROR_THREAD_NOT_SUSPENDED) \
    E(14, JVMTI_ERROR_THREAD_SUSPENDED) \
    E(15, JVMTI_ERROR_THREAD_NOT_ALIVE) \
    E(20, JVMTI_ERROR_INVALID_OBJECT) \
    E(21, JVMTI_ERROR_INVALID_CLASS) \
    E(22, JVMTI_ERROR_CLASS_NOT_PREPARED) \
    E(23, JVMTI_ERROR_INVALID_METHODID) \
    E(24, JVMTI_ERROR_INVALID_LOCATION) \
    E(25, JVMTI_ERROR_INVALID_FIELDID) \
    E(26, JVMTI_ERROR_INVALID_MODULE) \
    E(31, JVMTI_ERROR_NO_MORE_FRAMES) \
    E(32, JVMTI_ERROR_OPAQUE_FRAME) \
    E(34, JVMTI_ERROR_TYPE_MISMATCH) \
    E(35, JVMTI_ERROR_INVALID_SLOT) \
    E(40, JVMTI_ERROR_DUPLICATE) \
    E(41, JVMTI_ERROR_NOT_FOUND) \
    E(50, JVMTI_ERROR_INVALID_MONITOR) \
    E(51, JVMTI_ERROR_NOT_MONITOR_OWNER) \
    E(52, JVMTI_ERROR_INTERRUPT) \
    E(60, JVMTI_ERROR_INVALID_CLASS_FORMAT) \
    E(61, JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION) \
    E(62, JVMTI_ERROR_FAILS_VERIFICATION) \
    E(63, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_ADDED) \
    E(64, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED) \
    E(65, JVMTI_ERROR_INVALID_TYPESTATE) \
    E(66, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED) \
    E(67, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_DELETED) \
    E(68, JVMTI_ERROR_UNSUPPORTED_VERSION) \
    E(69, JVMTI_ERROR_NAMES_DONT_MATCH) \
    E(70, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_MODIFIERS_CHANGED) \
    E(71, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED) \
    E(72, JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED) \
    E(79, JVMTI_ERROR_UNMODIFIABLE_CLASS) \
    E(80, JVMTI_ERROR_UNMODIFIABLE_MODULE) \
    E(98, JVMTI_ERROR_NOT_AVAILABLE) \
    E(99, JVMTI_ERROR_MUST_POSSESS_CAPABILITY) \
    E(100, JVMTI_ERROR_NULL_POINTER) \
    E(101, JVMTI_ERROR_ABSENT_INFORMATION) \
    E(102, JVMTI_ERROR_INVALID_EVENT_TYPE) \
    E(103, JVMTI_ERROR_ILLEGAL_ARGUMENT) \
    E(104, JVMTI_ERROR_NATIVE_METHOD) \
    E(106, JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED) \
    E(110, JVMTI_ERROR_OUT_OF_MEMORY) \
    E(111, JVMTI_ERROR_ACCESS_DENIED) \
    E(112, JVMTI_ERROR_WRONG_PHASE) \
    E(113, JVMTI_ERROR_INTERNAL) \
    E(115, JVMTI_ERROR_UNATTACHED_THREAD) \
    E(116, JVMTI_ERROR_INVALID_ENVIRONMENT)

static const char *error_name(jvmtiError error) {
    switch ((int)error) {
#define E(num, name) case num: return #name;
    JVMTI_ERRORS(E)
#undef E
    default: return NULL;
    }
}

jvmtiError JNICALL jvmti_GetErrorName(jvmtiEnv *env, jvmtiError error, char **name_ptr) {
    if (!name_ptr) return JVMTI_ERROR_NULL_POINTER;
    const char *name = error_name(error);
    if (!name) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    return jvmti_strdup(name, name_ptr);
}

jvmtiError JNICALL jvmti_SetVerboseFlag(jvmtiEnv *env, jvmtiVerboseFlag flag, jboolean value) {
    switch (flag) {
    case JVMTI_VERBOSE_OTHER: break;
    case JVMTI_VERBOSE_GC:
        /* in the OnLoad phase the heap does not exist yet: heap_init takes vm_opts.heap */
        vm_opts.heap.verbose = value != JNI_FALSE;
        heap_set_verbose(value != JNI_FALSE);
        break;
    case JVMTI_VERBOSE_CLASS: vm_opts.verbose_class = vm_opts.verbose_class_more = value != JNI_FALSE; break;
    case JVMTI_VERBOSE_JNI: vm_opts.verbose_jni = value != JNI_FALSE; break;
    default: return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    }
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetJLocationFormat(jvmtiEnv *env, jvmtiJlocationFormat *format_ptr) {
    if (!format_ptr) return JVMTI_ERROR_NULL_POINTER;
    *format_ptr = JVMTI_JLOCATION_JVMBCI;
    return JVMTI_ERROR_NONE;
}

/* ---- Memory ---- */

jvmtiError JNICALL jvmti_Allocate(jvmtiEnv *env, jlong size, unsigned char **mem_ptr) {
    if (!mem_ptr) return JVMTI_ERROR_NULL_POINTER;
    return jvmti_allocate(size, (void **)mem_ptr);
}

jvmtiError JNICALL jvmti_Deallocate(jvmtiEnv *env, unsigned char *mem) {
    free(mem);
    return JVMTI_ERROR_NONE;
}

/* ---- Timers ---- */

jvmtiError JNICALL jvmti_GetTimerInfo(jvmtiEnv *env, jvmtiTimerInfo *info_ptr) {
    if (!info_ptr) return JVMTI_ERROR_NULL_POINTER;
    info_ptr->max_value = -1;           /* all 64 bits */
    info_ptr->may_skip_forward = JNI_FALSE;
    info_ptr->may_skip_backward = JNI_FALSE;
    info_ptr->kind = JVMTI_TIMER_ELAPSED;
    info_ptr->reserved1 = 0;
    info_ptr->reserved2 = 0;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetTime(jvmtiEnv *env, jlong *nanos_ptr) {
    if (!nanos_ptr) return JVMTI_ERROR_NULL_POINTER;
    *nanos_ptr = vm_nanotime();
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetAvailableProcessors(jvmtiEnv *env, jint *processor_count_ptr) {
    if (!processor_count_ptr) return JVMTI_ERROR_NULL_POINTER;
    extern jint JNICALL JVM_ActiveProcessorCount(void);
    *processor_count_ptr = JVM_ActiveProcessorCount();
    return JVMTI_ERROR_NONE;
}
