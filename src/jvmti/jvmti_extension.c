/*
 * jvmti_extension.c — the Extension Mechanism: GetExtensionFunctions, GetExtensionEvents,
 * SetExtensionEventCallback, Loupe's extension functions com.loupe.functions.GetObjectId and
 * GetStackTraceMarked (jvmti_stackmark.c), and HotSpot's
 * com.sun.hotspot.functions.IsClassUnloadingEnabled under its id, for the tools that look
 * it up by that id (its event, ClassUnload: jvmti_class_unload.c).
 *
 * The events are data (jvmti_ext_events.def: index, id, description, parameters); the
 * lists handed to agents are made from it, each string and array in memory of its own
 * that the agent frees with Deallocate, as the spec asks.  Each environment keeps its
 * extension callbacks in JvmtiEnv.ext_callbacks (by index - JVMTI_EXT_FIRST); the heap
 * side (jvmti_ext_events.c) is told of every change, so that it listens to the heap
 * events only while some environment wants them.
 */
#include "jvmti/jvmti_internal.h"
#include "jvmti/jvmti_heap.h"
#include "heap/gc.h"
#include <stdarg.h>
#include <string.h>

typedef struct ExtEventInfo {
    int index;
    const char *id, *description;
} ExtEventInfo;

typedef struct ExtParam {
    int index;              /* the event's */
    jvmtiParamInfo info;
} ExtParam;

static const ExtEventInfo ext_events[] = {
#define JVMTI_EXT_EV(index, NAME, id, gce, desc) { index, id, desc },
#define JVMTI_EXT_PARAM(NAME, name, kind, type, null_ok)
#include "jvmti/jvmti_ext_events.def"
#undef JVMTI_EXT_EV
#undef JVMTI_EXT_PARAM
};

static const ExtParam ext_params[] = {
#define JVMTI_EXT_EV(index, NAME, id, gce, desc)
#define JVMTI_EXT_PARAM(NAME, name, kind, type, null_ok) { JVMTI_EXT_##NAME, { (char *)name, kind, type, null_ok } },
#include "jvmti/jvmti_ext_events.def"
#undef JVMTI_EXT_EV
#undef JVMTI_EXT_PARAM
};

/* ---- the lists ---- */

/* *out = a copy of the params of event `index` (or of `from[0..n)`), their names copied. */
static jvmtiError copy_params(const jvmtiParamInfo *from, jint n, jvmtiParamInfo **out) {
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof(jvmtiParamInfo), (void **)out);
    for (jint i = 0; !err && i < n; i++) {
        (*out)[i] = from[i];
        err = jvmti_strdup(from[i].name, &(*out)[i].name);
    }
    return err;
}

static jint event_params(int index, jvmtiParamInfo *buf) {
    jint n = 0;
    for (size_t i = 0; i < ARRAY_LEN(ext_params); i++)
        if (ext_params[i].index == index) buf[n++] = ext_params[i].info;
    return n;
}

static jvmtiError fill_event(const ExtEventInfo *e, jvmtiExtensionEventInfo *out) {
    jvmtiParamInfo params[ARRAY_LEN(ext_params)];
    out->extension_event_index = e->index;
    out->param_count = event_params(e->index, params);
    jvmtiError err = jvmti_strdup(e->id, &out->id);
    if (!err) err = jvmti_strdup(e->description, &out->short_description);
    if (!err) err = copy_params(params, out->param_count, &out->params);
    return err;
}

jvmtiError JNICALL jvmti_GetExtensionEvents(jvmtiEnv *env, jint *extension_count_ptr, jvmtiExtensionEventInfo **extensions) {
    if (!extension_count_ptr || !extensions) return JVMTI_ERROR_NULL_POINTER;
    jint n = (jint)ARRAY_LEN(ext_events);
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof **extensions, (void **)extensions);
    for (jint i = 0; !err && i < n; i++) err = fill_event(&ext_events[i], &(*extensions)[i]);
    if (!err) *extension_count_ptr = n;
    return err;
}

jvmtiError JNICALL jvmti_SetExtensionEventCallback(jvmtiEnv *e, jint extension_event_index, jvmtiExtensionEvent callback) {
    if (!jvmti_ext_event_known(extension_event_index)) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    JvmtiEnv *env = jvmti_env(e);
    __atomic_store_n(&env->ext_callbacks[extension_event_index - JVMTI_EXT_FIRST], (void *)callback, __ATOMIC_RELEASE);
    if (extension_event_index == JVMTI_EXT_CLASS_UNLOAD) jvmti_service_wanted(thread_current());
    else jvmti_heap_listening_changed(thread_current());
    return JVMTI_ERROR_NONE;
}

bool jvmti_ext_event_known(jint index) {
    for (size_t i = 0; i < ARRAY_LEN(ext_events); i++)
        if (ext_events[i].index == index) return true;
    return false;
}

/* ---- extension functions ---- */

/* com.loupe.functions.GetObjectId(jvmtiEnv*, jobject object, jlong *id_ptr): the object's
 * id as the heap extension events name it (its address now). */
static jvmtiError JNICALL ext_GetObjectId(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jobject object = va_arg(ap, jobject);
    jlong *id_ptr = va_arg(ap, jlong *);
    va_end(ap);
    JvmtiEnv *env = jvmti_env(e);
    if (!env || !__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    Thread *t = thread_current();
    if (!t) return JVMTI_ERROR_UNATTACHED_THREAD;
    if (!id_ptr) return JVMTI_ERROR_NULL_POINTER;
    int old = thread_enter_vm(t);
    Object *o = hnd_get(object);
    if (o) *id_ptr = (jlong)(uintptr_t)o;
    thread_leave_vm(t, old);
    return o ? JVMTI_ERROR_NONE : JVMTI_ERROR_INVALID_OBJECT;
}

/* com.sun.hotspot.functions.IsClassUnloadingEnabled(jvmtiEnv*, jboolean *enabled_ptr), as
 * HotSpot has it: whether -XX:+ClassUnloading (the default) is in force. */
static jvmtiError JNICALL ext_IsClassUnloadingEnabled(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jboolean *enabled_ptr = va_arg(ap, jboolean *);
    va_end(ap);
    if (!enabled_ptr) return JVMTI_ERROR_NULL_POINTER;
    *enabled_ptr = heap_options()->class_unloading ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* HotSpot 17's description: the one parameter is named after the function, no errors
 * beyond the universal ones. */
static const jvmtiParamInfo is_class_unloading_enabled_params[] = {
    { (char *)"IsClassUnloadingEnabled", JVMTI_KIND_OUT, JVMTI_TYPE_JBOOLEAN, JNI_FALSE },
};

static const jvmtiParamInfo get_object_id_params[] = {
    { (char *)"object", JVMTI_KIND_IN, JVMTI_TYPE_JOBJECT, JNI_FALSE },
    { (char *)"id_ptr", JVMTI_KIND_OUT, JVMTI_TYPE_JLONG, JNI_FALSE },
};
static const jvmtiError get_object_id_errors[] = { JVMTI_ERROR_INVALID_OBJECT, JVMTI_ERROR_NULL_POINTER };

static const jvmtiParamInfo get_stack_trace_marked_params[] = {
    { (char *)"tag", JVMTI_KIND_IN, JVMTI_TYPE_JINT, JNI_FALSE },
    { (char *)"max_frame_count", JVMTI_KIND_IN, JVMTI_TYPE_JINT, JNI_FALSE },
    { (char *)"frame_buffer", JVMTI_KIND_OUT_BUF, JVMTI_TYPE_CVOID, JNI_FALSE },
    { (char *)"count_ptr", JVMTI_KIND_OUT, JVMTI_TYPE_JINT, JNI_FALSE },
    { (char *)"depth_ptr", JVMTI_KIND_OUT, JVMTI_TYPE_JINT, JNI_FALSE },
};
static const jvmtiError get_stack_trace_marked_errors[] = {
    JVMTI_ERROR_ILLEGAL_ARGUMENT, JVMTI_ERROR_NULL_POINTER, JVMTI_ERROR_NOT_AVAILABLE, JVMTI_ERROR_UNATTACHED_THREAD,
};

static const struct {
    jvmtiExtensionFunction fn;
    const char *id, *description;
    const jvmtiParamInfo *params;
    jint nparams;
    const jvmtiError *errors;
    jint nerrors;
} ext_functions[] = {
    { ext_GetObjectId, "com.loupe.functions.GetObjectId",
      "The id the heap extension events give an object (its address until it moves or dies)",
      get_object_id_params, 2, get_object_id_errors, 2 },
    { jvmti_ext_GetStackTraceMarked, "com.loupe.functions.GetStackTraceMarked",
      "The current thread's frames from the top to the first one already marked with tag, marking them",
      get_stack_trace_marked_params, 5, get_stack_trace_marked_errors, 4 },
    { ext_IsClassUnloadingEnabled, "com.sun.hotspot.functions.IsClassUnloadingEnabled",
      "Tell if class unloading is enabled (-noclassgc)",
      is_class_unloading_enabled_params, 1, NULL, 0 },
};

jvmtiError JNICALL jvmti_GetExtensionFunctions(jvmtiEnv *env, jint *extension_count_ptr, jvmtiExtensionFunctionInfo **extensions) {
    if (!extension_count_ptr || !extensions) return JVMTI_ERROR_NULL_POINTER;
    jint n = (jint)ARRAY_LEN(ext_functions);
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof **extensions, (void **)extensions);
    for (jint i = 0; !err && i < n; i++) {
        jvmtiExtensionFunctionInfo *f = &(*extensions)[i];
        f->func = ext_functions[i].fn;
        f->param_count = ext_functions[i].nparams;
        f->error_count = ext_functions[i].nerrors;
        err = jvmti_strdup(ext_functions[i].id, &f->id);
        if (!err) err = jvmti_strdup(ext_functions[i].description, &f->short_description);
        if (!err) err = copy_params(ext_functions[i].params, f->param_count, &f->params);
        if (!err) err = jvmti_allocate((jlong)f->error_count * (jlong)sizeof(jvmtiError), (void **)&f->errors);
        if (!err && f->error_count) memcpy(f->errors, ext_functions[i].errors, (size_t)f->error_count * sizeof(jvmtiError));
    }
    if (!err) *extension_count_ptr = n;
    return err;
}
