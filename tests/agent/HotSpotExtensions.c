// main: HsExtMain
/*
 * HotSpot's own JVMTI extensions, which Loupe has under HotSpot's ids: the agent finds
 * com.sun.hotspot.functions.IsClassUnloadingEnabled and com.sun.hotspot.events.ClassUnload
 * by id, prints how they are described, calls the function (and with NULL), sets the
 * event's callback and waits for the ClassUnload of a class whose loader the program drops
 * (the callback calls JNI and JVMTI, which it may: it runs on a thread of its own).
 * That thread, HotSpot's "Service Thread", is hidden from external view: no thread group,
 * GetAllThreads, Thread.getAllStackTraces or thread count lists it (Loupe listed it).
 * OpenJDK's nsk/jvmti/scenarios/extension/EX03/ex03t001 does the same.
 */
#include "agent.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jint unload_index = -1;
static volatile int victim_seen, jni_ok, phase_ok;

static const char *kind_name(jvmtiParamKind k) {
    static const char *const names[] = { "IN", "IN_PTR", "IN_BUF", "ALLOC_BUF", "ALLOC_ALLOC_BUF", "OUT", "OUT_BUF" };
    return k >= JVMTI_KIND_IN && k <= JVMTI_KIND_OUT_BUF ? names[k - JVMTI_KIND_IN] : "?";
}

static void print_params(const jvmtiParamInfo *p, jint n) {
    for (jint i = 0; i < n; i++)
        printf("  param %d: \"%s\" %s type %d null_ok %d\n", (int)i, p[i].name, kind_name(p[i].kind),
               (int)p[i].base_type, (int)p[i].null_ok);
}

static void JNICALL on_class_unload(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    JNIEnv *jni = va_arg(ap, JNIEnv *);
    const char *name = va_arg(ap, const char *);
    va_end(ap);
    if (!name || strcmp(name, "HsExtVictim") != 0) return;
    jvmtiPhase phase = 0;
    if ((*jni)->GetVersion(jni) >= JNI_VERSION_1_8) __atomic_store_n(&jni_ok, 1, __ATOMIC_SEQ_CST);
    if ((*e)->GetPhase(e, &phase) == JVMTI_ERROR_NONE && phase == JVMTI_PHASE_LIVE)
        __atomic_store_n(&phase_ok, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&victim_seen, 1, __ATOMIC_SEQ_CST);
}

static void report_function(void) {
    jint n = 0;
    jvmtiExtensionFunctionInfo *f = NULL;
    printf("GetExtensionFunctions -> %d\n", (*jvmti)->GetExtensionFunctions(jvmti, &n, &f));
    for (jint i = 0; i < n; i++) {
        if (strcmp(f[i].id, "com.sun.hotspot.functions.IsClassUnloadingEnabled") != 0) continue;
        printf("%s: \"%s\", %d params, %d errors\n", f[i].id, f[i].short_description, (int)f[i].param_count,
               (int)f[i].error_count);
        print_params(f[i].params, f[i].param_count);
        jboolean on = 7;
        jvmtiError err = f[i].func(jvmti, &on);
        printf("  call -> %d, enabled %d\n", err, on);
        printf("  call with NULL -> %d\n", f[i].func(jvmti, NULL));
    }
}

static void report_event(void) {
    jint n = 0;
    jvmtiExtensionEventInfo *ev = NULL;
    printf("GetExtensionEvents -> %d\n", (*jvmti)->GetExtensionEvents(jvmti, &n, &ev));
    for (jint i = 0; i < n; i++) {
        if (strcmp(ev[i].id, "com.sun.hotspot.events.ClassUnload") != 0) continue;
        unload_index = ev[i].extension_event_index;
        printf("%s: index %d, \"%s\", %d params\n", ev[i].id, (int)unload_index, ev[i].short_description,
               (int)ev[i].param_count);
        print_params(ev[i].params, ev[i].param_count);
    }
}

JNIEXPORT void JNICALL Java_HsExtMain_report(JNIEnv *jni, jclass c) {
    report_function();
    report_event();
    printf("SetExtensionEventCallback(1000) -> %d\n",
           (*jvmti)->SetExtensionEventCallback(jvmti, 1000, (jvmtiExtensionEvent)on_class_unload));
    fflush(stdout);
}

JNIEXPORT void JNICALL Java_HsExtMain_enable(JNIEnv *jni, jclass c, jboolean on) {
    jvmtiError err = (*jvmti)->SetExtensionEventCallback(jvmti, unload_index, on ? (jvmtiExtensionEvent)on_class_unload : NULL);
    printf("SetExtensionEventCallback(ClassUnload, %s) -> %d\n", on ? "callback" : "NULL", err);
    fflush(stdout);
}

JNIEXPORT jboolean JNICALL Java_HsExtMain_unloaded(JNIEnv *jni, jclass c, jstring name) {
    static int told;
    if (!__atomic_load_n(&victim_seen, __ATOMIC_SEQ_CST)) return JNI_FALSE;
    if (!told++) printf("callback: JNI usable %d, live phase %d\n", jni_ok, phase_ok);
    fflush(stdout);
    return JNI_TRUE;
}

/* The names of the threads GetAllThreads lists. */
JNIEXPORT jobjectArray JNICALL Java_HsExtMain_jvmtiThreads(JNIEnv *jni, jclass c) {
    jint n = 0;
    jthread *ts = NULL;
    if ((*jvmti)->GetAllThreads(jvmti, &n, &ts) != JVMTI_ERROR_NONE) return NULL;
    jobjectArray names = (*jni)->NewObjectArray(jni, n, (*jni)->FindClass(jni, "java/lang/String"), NULL);
    for (jint i = 0; names && i < n; i++) {
        jvmtiThreadInfo info;
        if ((*jvmti)->GetThreadInfo(jvmti, ts[i], &info) != JVMTI_ERROR_NONE) continue;
        (*jni)->SetObjectArrayElement(jni, names, i, (*jni)->NewStringUTF(jni, info.name));
        (*jvmti)->Deallocate(jvmti, (unsigned char *)info.name);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ts);
    return names;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    return jvmti ? JNI_OK : JNI_ERR;
}
