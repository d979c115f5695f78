/*
 * jni.c — the JNIEnv function table, and the JNI functions about classes, exceptions,
 * references and objects.
 *
 * The table is built at start-up: each implementation file fills its group of entries
 * (jni_fill_*), then every entry still empty gets the stub generated for it from the list
 * in jni_functions.h, which names the function and aborts — a JNI function Loupe lacks
 * is reported, never a jump to NULL.
 *
 * Handles: jobject is a pointer to a handle slot (heap/handles.h); results are returned
 * as new local references of the calling thread.
 */
#include "native/jni_internal.h"
#include "native/jni_functions.h"
#include "native/unimplemented.h"
#include "native/checkjni.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "interp/frame.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include "runtime/vm.h"
#include "jvmpi/jvmpi_export.h"
#include <stdio.h>
#include <stdlib.h>

struct JNINativeInterface_ jni_function_table;

bool jni_init_class(Thread *t, Class *c) { return class_init(t, c); }

/* ---- version, classes ---- */

static jint JNICALL jni_GetVersion(JNIEnv *env) {
    UNUSED(env);
    return JNI_VERSION_10;
}

/* The loader FindClass uses: the loader of the class of the calling Java method, the
 * system loader when called with no Java frame (HotSpot's rule), the boot loader before
 * the system loader exists. */
static Object *caller_loader(Thread *t) {
    for (Frame *f = t->top; f; f = f->prev) {
        Class *c = f->method->holder;
        if (sym_eq_cstr(c->name, "jdk/internal/loader/NativeLibraries") ||
            sym_eq_cstr(c->name, "jdk/internal/loader/NativeLibraries$NativeLibraryImpl")) {
            extern Object *jvm_native_library_loader(Thread *t);
            return jvm_native_library_loader(t);
        }
        return c->loader;
    }
    extern Object *vm_system_loader;
    return vm_system_loader;
}

/* HotSpot takes "Lpkg/Name;" as "pkg/Name", and names what it asked for when that fails. */
static bool in_envelope(const char *name) {
    size_t n = strlen(name);
    return n >= 2 && name[0] == 'L' && name[n - 1] == ';';
}

static Symbol *find_class_name(const char *name) {
    return in_envelope(name) ? sym_intern(name + 1, strlen(name) - 2) : sym_intern_cstr(name);
}

/* A NoClassDefFoundError for the class inside an envelope, said of the name given. */
static void rename_failure(Thread *t, const char *name) {
    if (!in_envelope(name) || !exc_pending(t) || t->exception->klass != VMC(NoClassDefFoundError)) return;
    HandleMark hm = hnd_mark(t);
    Object **cause = hnd_new(t, exc_cause(exc_take(t)));
    if (*cause) exc_throw_with_cause(t, VMC_NoClassDefFoundError, name, cause);
    else exc_throw(t, VMC_NoClassDefFoundError, "%s", name);
    hnd_release(t, hm);
}

static jclass JNICALL jni_FindClass(JNIEnv *env, const char *name) {
    JNI_ENTER(env);
    if (!name) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    Symbol *s = find_class_name(name);
    HandleMark hm = hnd_mark(t);
    Object **lh = hnd_new(t, caller_loader(t));
    Class *c = ld_load(t, s, *lh ? lh : NULL, false);
    hnd_release(t, hm);
    if (!c) rename_failure(t, name);
    if (c && !link_class(t, c)) c = NULL;
    if (c && !class_is_array(c) && !class_init(t, c)) c = NULL;
    JNI_RETURN(c ? hnd_local(t, c->mirror) : NULL);
}

static jclass JNICALL jni_DefineClass(JNIEnv *env, const char *name, jobject loader, const jbyte *buf, jsize len) {
    JNI_ENTER(env);
    Symbol *s = name ? sym_intern_cstr(name) : NULL;
    Object **lh = loader ? (Object **)hnd_new(t, hnd_get(loader)) : NULL;
    Class *c = ld_define(t, s, lh, (const uint8_t *)buf, (size_t)len, NULL, NULL, 0);
    JNI_RETURN(c ? hnd_local(t, c->mirror) : NULL);
}

static jclass JNICALL jni_GetSuperclass(JNIEnv *env, jclass sub) {
    JNI_ENTER(env);
    Class *c = jni_class(sub);
    Class *s = (!c || class_is_interface(c) || class_is_primitive(c)) ? NULL : c->super;
    JNI_RETURN(s ? hnd_local(t, s->mirror) : NULL);
}

static jboolean JNICALL jni_IsAssignableFrom(JNIEnv *env, jclass sub, jclass sup) {
    JNI_ENTER(env);
    Class *a = jni_class(sub), *b = jni_class(sup);
    JNI_RETURN(a && b && class_is_assignable(a, b));
}

/* ---- exceptions ---- */

static jint JNICALL jni_Throw(JNIEnv *env, jthrowable obj) {
    JNI_ENTER(env);
    Object *o = hnd_get(obj);
    if (!o) JNI_RETURN(JNI_ERR);
    exc_set(t, o);
    JNI_RETURN(JNI_OK);
}

static jint JNICALL jni_ThrowNew(JNIEnv *env, jclass clazz, const char *msg) {
    JNI_ENTER(env);
    Class *c = jni_class(clazz);
    if (!c) JNI_RETURN(JNI_ERR);
    exc_throw_class(t, c, msg);
    JNI_RETURN(JNI_OK);
}

static jthrowable JNICALL jni_ExceptionOccurred(JNIEnv *env) {
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, t->exception));
}

static void JNICALL jni_ExceptionDescribe(JNIEnv *env) {
    JNI_ENTER(env);
    exc_describe(t);
    JNI_RETURN_VOID();
}

static void JNICALL jni_ExceptionClear(JNIEnv *env) {
    JNI_ENTER(env);
    exc_take(t);
    JNI_RETURN_VOID();
}

static void JNICALL jni_FatalError(JNIEnv *env, const char *msg) {
    UNUSED(env);
    fflush(stdout);
    fprintf(stderr, "FATAL ERROR in native method: %s\n", msg ? msg : "");
    interp_dump_stack(thread_current());
    if (vm_opts.abort_hook) vm_opts.abort_hook();
    abort();
}

static jboolean JNICALL jni_ExceptionCheck(JNIEnv *env) {
    Thread *t = thread_from_env(env);
    return t->exception != NULL;
}

/* ---- references ---- */

static jint JNICALL jni_PushLocalFrame(JNIEnv *env, jint capacity) {
    JNI_ENTER(env);
    if (capacity < 0) JNI_RETURN(JNI_ERR);
    LocalFrame *f = vm_malloc(sizeof *f);
    f->mark = hnd_mark(t);
    f->prev = t->jni_frames;
    t->jni_frames = f;
    JNI_RETURN(JNI_OK);
}

static jobject JNICALL jni_PopLocalFrame(JNIEnv *env, jobject result) {
    JNI_ENTER(env);
    LocalFrame *f = t->jni_frames;
    Object *r = hnd_get(result);
    if (f) {
        t->jni_frames = f->prev;
        hnd_release(t, f->mark);
        vm_free(f);
    }
    JNI_RETURN(hnd_local(t, r));
}

static jobject JNICALL jni_NewGlobalRef(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    jobject g = hnd_new_global(hnd_get(obj));
    JNI_LEAVE();
    if (JVMPI_ON(JVMPI_EVENT_JNI_GLOBALREF_ALLOC)) jvmpi_post_globalref_alloc(t, g, false);
    return g;
}

static void JNICALL jni_DeleteGlobalRef(JNIEnv *env, jobject ref) {
    if (JVMPI_ON(JVMPI_EVENT_JNI_GLOBALREF_FREE)) jvmpi_post_globalref_free(thread_from_env(env), ref, false);
    JNI_ENTER(env);
    hnd_delete_global(ref);
    JNI_RETURN_VOID();
}

static void JNICALL jni_DeleteLocalRef(JNIEnv *env, jobject obj) {
    UNUSED(env);
    if (obj && !((uintptr_t)obj & 1)) *(Object **)obj = NULL;
}

static jboolean JNICALL jni_IsSameObject(JNIEnv *env, jobject a, jobject b) {
    JNI_ENTER(env);
    JNI_RETURN(hnd_get(a) == hnd_get(b));
}

static jobject JNICALL jni_NewLocalRef(JNIEnv *env, jobject ref) {
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, hnd_get(ref)));
}

static jint JNICALL jni_EnsureLocalCapacity(JNIEnv *env, jint capacity) {
    UNUSED(env);
    return capacity < 0 ? JNI_ERR : JNI_OK;
}

static jweak JNICALL jni_NewWeakGlobalRef(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    jweak w = hnd_new_weak(hnd_get(obj));
    JNI_LEAVE();
    if (JVMPI_ON(JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC)) jvmpi_post_globalref_alloc(t, w, true);
    return w;
}

static void JNICALL jni_DeleteWeakGlobalRef(JNIEnv *env, jweak ref) {
    if (JVMPI_ON(JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE)) jvmpi_post_globalref_free(thread_from_env(env), ref, true);
    JNI_ENTER(env);
    hnd_delete_weak(ref);
    JNI_RETURN_VOID();
}

static jobjectRefType JNICALL jni_GetObjectRefType(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    switch (hnd_kind(t, obj)) {
    case HK_LOCAL: JNI_RETURN(JNILocalRefType);
    case HK_GLOBAL: JNI_RETURN(JNIGlobalRefType);
    case HK_WEAK: JNI_RETURN(JNIWeakGlobalRefType);
    default: JNI_RETURN(JNIInvalidRefType);
    }
}

/* ---- objects ---- */

static jobject JNICALL jni_AllocObject(JNIEnv *env, jclass clazz) {
    JNI_ENTER(env);
    Class *c = jni_class(clazz);
    if (!c) {
        exc_throw(t, VMC_InstantiationException, "%s", "");
        JNI_RETURN(NULL);
    }
    if (!class_check_instantiable(t, c, false) || !class_init(t, c)) JNI_RETURN(NULL);
    JNI_RETURN(hnd_local(t, heap_alloc_object(t, c)));
}

static jobject new_object(Thread *t, jclass clazz, jmethodID mid, const jvalue *a, va_list *ap) {
    Class *c = jni_class(clazz);
    Method *m = (Method *)mid;
    if (!c || !m) {
        exc_npe(t);
        return NULL;
    }
    if (!class_check_instantiable(t, c, false) || !class_init(t, c)) return NULL;
    Object *o = heap_alloc_object(t, c);
    if (!o) return NULL;
    jobject h = hnd_local(t, o);
    if (a) jni_call_a(t, hnd_get(h), m, false, a);
    else jni_call_va(t, hnd_get(h), m, false, *ap);
    return exc_pending(t) ? NULL : h;
}

static jobject JNICALL jni_NewObject(JNIEnv *env, jclass clazz, jmethodID mid, ...) {
    JNI_ENTER(env);
    va_list ap;
    va_start(ap, mid);
    jobject r = new_object(t, clazz, mid, NULL, &ap);
    va_end(ap);
    JNI_RETURN(r);
}

static jobject JNICALL jni_NewObjectV(JNIEnv *env, jclass clazz, jmethodID mid, va_list args) {
    JNI_ENTER(env);
    va_list ap;
    va_copy(ap, args);
    jobject r = new_object(t, clazz, mid, NULL, &ap);
    va_end(ap);
    JNI_RETURN(r);
}

static jobject JNICALL jni_NewObjectA(JNIEnv *env, jclass clazz, jmethodID mid, const jvalue *args) {
    JNI_ENTER(env);
    static const jvalue none[1];
    JNI_RETURN(new_object(t, clazz, mid, args ? args : none, NULL));
}

static jclass JNICALL jni_GetObjectClass(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    Object *o = hnd_get(obj);
    JNI_RETURN(o ? hnd_local(t, o->klass->mirror) : NULL);
}

static jboolean JNICALL jni_IsInstanceOf(JNIEnv *env, jobject obj, jclass clazz) {
    JNI_ENTER(env);
    Object *o = hnd_get(obj);
    Class *c = jni_class(clazz);
    JNI_RETURN(!o || (c && class_is_assignable(o->klass, c)));
}

/* ---- monitors ---- */

static jint JNICALL jni_MonitorEnter(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    if (!hnd_get(obj)) {
        exc_npe(t);
        JNI_RETURN(JNI_ERR);
    }
    Object **h = hnd_new(t, hnd_get(obj));
    mon_enter(t, h);
    JNI_RETURN(JNI_OK);
}

static jint JNICALL jni_MonitorExit(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    Object *o = hnd_get(obj);
    if (!o) {
        exc_npe(t);
        JNI_RETURN(JNI_ERR);
    }
    JNI_RETURN(mon_exit(t, o) ? JNI_OK : JNI_ERR);
}

/* ---- the VM ---- */

static jint JNICALL jni_GetJavaVM(JNIEnv *env, JavaVM **vm) {
    UNUSED(env);
    *vm = &vm_javavm;
    return JNI_OK;
}

static jobject JNICALL jni_GetModule(JNIEnv *env, jclass clazz) {
    JNI_ENTER(env);
    Object *m = hnd_get(clazz);
    JNI_RETURN(m ? hnd_local(t, OBJ_FIELD(m, mirror_module_off, Object *)) : NULL);
}

/* ---- the table ---- */

void jni_fill_calls(struct JNINativeInterface_ *tb);
void jni_fill_fields(struct JNINativeInterface_ *tb);
void jni_fill_strings(struct JNINativeInterface_ *tb);
void jni_fill_arrays(struct JNINativeInterface_ *tb);
void jni_fill_misc(struct JNINativeInterface_ *tb);

#define JNI_STUB(name) \
    static void jni_stub_##name(void) { loupe_stub_reached("JNI " #name); }
JNI_FUNCTIONS(JNI_STUB)
#undef JNI_STUB

void jni_init(void) {
    struct JNINativeInterface_ *tb = &jni_function_table;
    tb->GetVersion = jni_GetVersion;
    tb->DefineClass = jni_DefineClass;
    tb->FindClass = jni_FindClass;
    tb->GetSuperclass = jni_GetSuperclass;
    tb->IsAssignableFrom = jni_IsAssignableFrom;
    tb->Throw = jni_Throw;
    tb->ThrowNew = jni_ThrowNew;
    tb->ExceptionOccurred = jni_ExceptionOccurred;
    tb->ExceptionDescribe = jni_ExceptionDescribe;
    tb->ExceptionClear = jni_ExceptionClear;
    tb->FatalError = jni_FatalError;
    tb->ExceptionCheck = jni_ExceptionCheck;
    tb->PushLocalFrame = jni_PushLocalFrame;
    tb->PopLocalFrame = jni_PopLocalFrame;
    tb->NewGlobalRef = jni_NewGlobalRef;
    tb->DeleteGlobalRef = jni_DeleteGlobalRef;
    tb->DeleteLocalRef = jni_DeleteLocalRef;
    tb->IsSameObject = jni_IsSameObject;
    tb->NewLocalRef = jni_NewLocalRef;
    tb->EnsureLocalCapacity = jni_EnsureLocalCapacity;
    tb->NewWeakGlobalRef = jni_NewWeakGlobalRef;
    tb->DeleteWeakGlobalRef = jni_DeleteWeakGlobalRef;
    tb->GetObjectRefType = jni_GetObjectRefType;
    tb->AllocObject = jni_AllocObject;
    tb->NewObject = jni_NewObject;
    tb->NewObjectV = jni_NewObjectV;
    tb->NewObjectA = jni_NewObjectA;
    tb->GetObjectClass = jni_GetObjectClass;
    tb->IsInstanceOf = jni_IsInstanceOf;
    tb->MonitorEnter = jni_MonitorEnter;
    tb->MonitorExit = jni_MonitorExit;
    tb->GetJavaVM = jni_GetJavaVM;
    tb->GetModule = jni_GetModule;
    jni_fill_calls(tb);
    jni_fill_fields(tb);
    jni_fill_strings(tb);
    jni_fill_arrays(tb);
    jni_fill_misc(tb);
    /* every entry still empty names itself when called */
    void **slots = (void **)&tb->GetVersion;
    static void (*const stubs[])(void) = {
#define JNI_STUB_REF(name) jni_stub_##name,
        JNI_FUNCTIONS(JNI_STUB_REF)
#undef JNI_STUB_REF
    };
    for (size_t i = 0; i < ARRAY_LEN(stubs); i++)
        if (!slots[i]) slots[i] = (void *)stubs[i];
    cj_init();
}
