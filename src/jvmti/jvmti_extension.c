/*
 * jvmti_extension.c — the Extension Mechanism: GetExtensionFunctions, GetExtensionEvents,
 * SetExtensionEventCallback, Loupe's extension functions com.loupe.functions.GetObjectId and
 * GetStackTraceMarked (jvmti_stackmark.c), and HotSpot's
 * com.sun.hotspot.functions.IsClassUnloadingEnabled under its id, for the tools that look
 * it up by that id (its event, ClassUnload: jvmti_class_unload.c); the allocation counts
 * (SetAllocationCounting, DrainAllocationCounts) are jvmti_alloc_counts.c's.
 *
 * The events and functions are data (jvmti_ext_events.def, jvmti_ext_functions.def: id,
 * description, parameters, errors); the
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
jvmtiError JNICALL jvmti_ext_GetObjectId(jvmtiEnv *e, ...) {
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
jvmtiError JNICALL jvmti_ext_IsClassUnloadingEnabled(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jboolean *enabled_ptr = va_arg(ap, jboolean *);
    va_end(ap);
    if (!enabled_ptr) return JVMTI_ERROR_NULL_POINTER;
    *enabled_ptr = heap_options()->class_unloading ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* The functions, from jvmti_ext_functions.def. */
enum {
#define JVMTI_EXT_FN(NAME, fn, id, desc) EXT_FN_##NAME,
#define JVMTI_EXT_FN_PARAM(NAME, name, kind, type, null_ok)
#define JVMTI_EXT_FN_ERROR(NAME, error)
#include "jvmti/jvmti_ext_functions.def"
#undef JVMTI_EXT_FN
#undef JVMTI_EXT_FN_PARAM
#undef JVMTI_EXT_FN_ERROR
};

static const struct {
    jvmtiExtensionFunction fn;
    const char *id, *description;
} ext_functions[] = {
#define JVMTI_EXT_FN(NAME, fn, id, desc) { fn, id, desc },
#define JVMTI_EXT_FN_PARAM(NAME, name, kind, type, null_ok)
#define JVMTI_EXT_FN_ERROR(NAME, error)
#include "jvmti/jvmti_ext_functions.def"
#undef JVMTI_EXT_FN
#undef JVMTI_EXT_FN_PARAM
#undef JVMTI_EXT_FN_ERROR
};

static const ExtParam ext_fn_params[] = {
#define JVMTI_EXT_FN(NAME, fn, id, desc)
#define JVMTI_EXT_FN_PARAM(NAME, name, kind, type, null_ok) { EXT_FN_##NAME, { (char *)name, kind, type, null_ok } },
#define JVMTI_EXT_FN_ERROR(NAME, error)
#include "jvmti/jvmti_ext_functions.def"
#undef JVMTI_EXT_FN
#undef JVMTI_EXT_FN_PARAM
#undef JVMTI_EXT_FN_ERROR
};

static const struct {
    int index;
    jvmtiError error;
} ext_fn_errors[] = {
#define JVMTI_EXT_FN(NAME, fn, id, desc)
#define JVMTI_EXT_FN_PARAM(NAME, name, kind, type, null_ok)
#define JVMTI_EXT_FN_ERROR(NAME, error) { EXT_FN_##NAME, error },
#include "jvmti/jvmti_ext_functions.def"
#undef JVMTI_EXT_FN
#undef JVMTI_EXT_FN_PARAM
#undef JVMTI_EXT_FN_ERROR
};

/* Function i's parameters into buf; their number. */
static jint function_params(int i, jvmtiParamInfo *buf) {
    jint n = 0;
    for (size_t k = 0; k < ARRAY_LEN(ext_fn_params); k++)
        if (ext_fn_params[k].index == i) buf[n++] = ext_fn_params[k].info;
    return n;
}

/* Function i's errors into *out (allocated for the agent); their number in *n. */
static jvmtiError function_errors(int i, jint *n, jvmtiError **out) {
    jint count = 0;
    for (size_t k = 0; k < ARRAY_LEN(ext_fn_errors); k++) count += ext_fn_errors[k].index == i;
    jvmtiError err = jvmti_allocate((jlong)count * (jlong)sizeof(jvmtiError), (void **)out);
    *n = 0;
    for (size_t k = 0; !err && k < ARRAY_LEN(ext_fn_errors); k++)
        if (ext_fn_errors[k].index == i) (*out)[(*n)++] = ext_fn_errors[k].error;
    return err;
}

static jvmtiError fill_function(int i, jvmtiExtensionFunctionInfo *f) {
    jvmtiParamInfo params[ARRAY_LEN(ext_fn_params)];
    f->func = ext_functions[i].fn;
    f->param_count = function_params(i, params);
    jvmtiError err = jvmti_strdup(ext_functions[i].id, &f->id);
    if (!err) err = jvmti_strdup(ext_functions[i].description, &f->short_description);
    if (!err) err = copy_params(params, f->param_count, &f->params);
    if (!err) err = function_errors(i, &f->error_count, &f->errors);
    return err;
}

jvmtiError JNICALL jvmti_GetExtensionFunctions(jvmtiEnv *env, jint *extension_count_ptr, jvmtiExtensionFunctionInfo **extensions) {
    if (!extension_count_ptr || !extensions) return JVMTI_ERROR_NULL_POINTER;
    jint n = (jint)ARRAY_LEN(ext_functions);
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof **extensions, (void **)extensions);
    for (jint i = 0; !err && i < n; i++) err = fill_function(i, &(*extensions)[i]);
    if (!err) *extension_count_ptr = n;
    return err;
}
