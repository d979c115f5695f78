/*
 * jni_calls.c — method IDs and the Call<Type>Method families (virtual, nonvirtual,
 * static; varargs, va_list and jvalue-array forms), generated from one list of types.
 */
#include "native/jni_internal.h"
#include "heap/classunload.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "interp/interp.h"
#include "runtime/vm.h"
#include <stdarg.h>

/* ---- method IDs ---- */

static Method *find_method(Class *c, Symbol *name, Symbol *desc, bool want_static) {
    if (name == sym_init || name == sym_clinit) {
        Method *m = class_find_declared_method(c, name, desc);
        return m && method_is_static(m) == want_static ? m : NULL;
    }
    for (Class *k = c; k; k = k->super) {
        Method *m = class_find_declared_method(k, name, desc);
        if (m && method_is_static(m) == want_static) return m;
    }
    if (want_static) return NULL;
    Method *m = class_is_interface(c) ? link_lookup_interface_method(c, name, desc) : link_lookup_method(c, name, desc);
    return m && !method_is_static(m) ? m : NULL;
}

static jmethodID get_method_id(JNIEnv *env, jclass clazz, const char *name, const char *sig, bool is_static) {
    JNI_ENTER(env);
    Class *c = jni_class(clazz);
    if (!c || !name || !sig) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    if (!jni_init_class(t, c)) JNI_RETURN(NULL);
    Symbol *n = sym_lookup(name, strlen(name)), *s = sym_lookup(sig, strlen(sig));
    Method *m = n && s ? find_method(c, n, s, is_static) : NULL;
    if (!m) {
        /* as HotSpot: names the VM has never seen get the bare name, others the whole
         * signature ("static LFoo;.bar()V") */
        if (!n || !s) exc_throw(t, VMC_NoSuchMethodError, "%s", name);
        else if (class_is_array(c))
            exc_throw(t, VMC_NoSuchMethodError, "%s%s.%s%s", is_static ? "static " : "", c->name->str, name, sig);
        else exc_throw(t, VMC_NoSuchMethodError, "%sL%s;.%s%s", is_static ? "static " : "", c->name->str, name, sig);
        JNI_RETURN(NULL);
    }
    cu_note_ids(m->holder);
    JNI_RETURN((jmethodID)m);
}

static jmethodID JNICALL jni_GetMethodID(JNIEnv *env, jclass c, const char *name, const char *sig) {
    return get_method_id(env, c, name, sig, false);
}

static jmethodID JNICALL jni_GetStaticMethodID(JNIEnv *env, jclass c, const char *name, const char *sig) {
    return get_method_id(env, c, name, sig, true);
}

/* ---- argument marshalling ---- */

static Slot invoke(Thread *t, Object *recv, Method *m, bool virt, Slot *args) {
    Slot r;
    r.raw = 0;
    if (!m) {
        exc_npe(t);
        return r;
    }
    if (!method_is_static(m) && !recv) {
        exc_npe(t);
        return r;
    }
    bool ok = virt && !method_is_static(m) ? interp_call_virtual(t, m, args, &r) : interp_call(t, m, args, &r);
    if (!ok) r.raw = 0;
    return r;
}

Slot jni_call_va(Thread *t, Object *recv, Method *m, bool virt, va_list ap) {
    Slot args[m ? m->arg_slots + 1 : 1];
    int k = 0;
    if (m && !method_is_static(m)) args[k++].l = recv;
    for (const char *p = m ? m->desc->str + 1 : ")"; *p != ')'; p = cf_skip_field_desc(p)) {
        switch (*p) {
        case 'Z': case 'B': case 'C': case 'S': case 'I': args[k++].i = va_arg(ap, jint); break;
        case 'J': args[k].j = va_arg(ap, jlong); k += 2; break;
        case 'F': args[k++].f = (jfloat)va_arg(ap, jdouble); break;
        case 'D': args[k].d = va_arg(ap, jdouble); k += 2; break;
        default: args[k++].l = hnd_get(va_arg(ap, jobject)); break;
        }
    }
    return invoke(t, recv, m, virt, args);
}

Slot jni_call_a(Thread *t, Object *recv, Method *m, bool virt, const jvalue *a) {
    Slot args[m ? m->arg_slots + 1 : 1];
    int k = 0, i = 0;
    if (m && !method_is_static(m)) args[k++].l = recv;
    for (const char *p = m ? m->desc->str + 1 : ")"; *p != ')'; p = cf_skip_field_desc(p), i++) {
        switch (*p) {
        case 'Z': args[k++].i = a[i].z; break;
        case 'B': args[k++].i = a[i].b; break;
        case 'C': args[k++].i = a[i].c; break;
        case 'S': args[k++].i = a[i].s; break;
        case 'I': args[k++].i = a[i].i; break;
        case 'J': args[k].j = a[i].j; k += 2; break;
        case 'F': args[k++].f = a[i].f; break;
        case 'D': args[k].d = a[i].d; k += 2; break;
        default: args[k++].l = hnd_get(a[i].l); break;
        }
    }
    return invoke(t, recv, m, virt, args);
}

/* ---- the families ---- */

#define CONV_Object(s) hnd_local(t, (s).l)
#define CONV_Boolean(s) ((jboolean)(s).i)
#define CONV_Byte(s) ((jbyte)(s).i)
#define CONV_Char(s) ((jchar)(s).i)
#define CONV_Short(s) ((jshort)(s).i)
#define CONV_Int(s) ((s).i)
#define CONV_Long(s) ((s).j)
#define CONV_Float(s) ((s).f)
#define CONV_Double(s) ((s).d)

#define CALL_TYPES(X) \
    X(Object, jobject) X(Boolean, jboolean) X(Byte, jbyte) X(Char, jchar) X(Short, jshort) \
    X(Int, jint) X(Long, jlong) X(Float, jfloat) X(Double, jdouble)

#define DEFINE_CALLS(Name, jtype) \
    static jtype JNICALL jni_Call##Name##Method(JNIEnv *env, jobject obj, jmethodID mid, ...) { \
        JNI_ENTER(env); va_list ap; va_start(ap, mid); \
        Slot r = jni_call_va(t, hnd_get(obj), (Method *)mid, true, ap); va_end(ap); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_Call##Name##MethodV(JNIEnv *env, jobject obj, jmethodID mid, va_list args) { \
        JNI_ENTER(env); va_list ap; va_copy(ap, args); \
        Slot r = jni_call_va(t, hnd_get(obj), (Method *)mid, true, ap); va_end(ap); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_Call##Name##MethodA(JNIEnv *env, jobject obj, jmethodID mid, const jvalue *args) { \
        JNI_ENTER(env); Slot r = jni_call_a(t, hnd_get(obj), (Method *)mid, true, args); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_CallNonvirtual##Name##Method(JNIEnv *env, jobject obj, jclass c, jmethodID mid, ...) { \
        JNI_ENTER(env); UNUSED(c); va_list ap; va_start(ap, mid); \
        Slot r = jni_call_va(t, hnd_get(obj), (Method *)mid, false, ap); va_end(ap); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_CallNonvirtual##Name##MethodV(JNIEnv *env, jobject obj, jclass c, jmethodID mid, va_list args) { \
        JNI_ENTER(env); UNUSED(c); va_list ap; va_copy(ap, args); \
        Slot r = jni_call_va(t, hnd_get(obj), (Method *)mid, false, ap); va_end(ap); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_CallNonvirtual##Name##MethodA(JNIEnv *env, jobject obj, jclass c, jmethodID mid, const jvalue *args) { \
        JNI_ENTER(env); UNUSED(c); Slot r = jni_call_a(t, hnd_get(obj), (Method *)mid, false, args); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_CallStatic##Name##Method(JNIEnv *env, jclass c, jmethodID mid, ...) { \
        JNI_ENTER(env); UNUSED(c); va_list ap; va_start(ap, mid); \
        Slot r = jni_call_va(t, NULL, (Method *)mid, false, ap); va_end(ap); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_CallStatic##Name##MethodV(JNIEnv *env, jclass c, jmethodID mid, va_list args) { \
        JNI_ENTER(env); UNUSED(c); va_list ap; va_copy(ap, args); \
        Slot r = jni_call_va(t, NULL, (Method *)mid, false, ap); va_end(ap); \
        JNI_RETURN(CONV_##Name(r)); } \
    static jtype JNICALL jni_CallStatic##Name##MethodA(JNIEnv *env, jclass c, jmethodID mid, const jvalue *args) { \
        JNI_ENTER(env); UNUSED(c); Slot r = jni_call_a(t, NULL, (Method *)mid, false, args); \
        JNI_RETURN(CONV_##Name(r)); }
CALL_TYPES(DEFINE_CALLS)

static void JNICALL jni_CallVoidMethod(JNIEnv *env, jobject obj, jmethodID mid, ...) {
    JNI_ENTER(env);
    va_list ap;
    va_start(ap, mid);
    jni_call_va(t, hnd_get(obj), (Method *)mid, true, ap);
    va_end(ap);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallVoidMethodV(JNIEnv *env, jobject obj, jmethodID mid, va_list args) {
    JNI_ENTER(env);
    va_list ap;
    va_copy(ap, args);
    jni_call_va(t, hnd_get(obj), (Method *)mid, true, ap);
    va_end(ap);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallVoidMethodA(JNIEnv *env, jobject obj, jmethodID mid, const jvalue *args) {
    JNI_ENTER(env);
    jni_call_a(t, hnd_get(obj), (Method *)mid, true, args);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallNonvirtualVoidMethod(JNIEnv *env, jobject obj, jclass c, jmethodID mid, ...) {
    JNI_ENTER(env);
    UNUSED(c);
    va_list ap;
    va_start(ap, mid);
    jni_call_va(t, hnd_get(obj), (Method *)mid, false, ap);
    va_end(ap);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallNonvirtualVoidMethodV(JNIEnv *env, jobject obj, jclass c, jmethodID mid, va_list args) {
    JNI_ENTER(env);
    UNUSED(c);
    va_list ap;
    va_copy(ap, args);
    jni_call_va(t, hnd_get(obj), (Method *)mid, false, ap);
    va_end(ap);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallNonvirtualVoidMethodA(JNIEnv *env, jobject obj, jclass c, jmethodID mid, const jvalue *args) {
    JNI_ENTER(env);
    UNUSED(c);
    jni_call_a(t, hnd_get(obj), (Method *)mid, false, args);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallStaticVoidMethod(JNIEnv *env, jclass c, jmethodID mid, ...) {
    JNI_ENTER(env);
    UNUSED(c);
    va_list ap;
    va_start(ap, mid);
    jni_call_va(t, NULL, (Method *)mid, false, ap);
    va_end(ap);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallStaticVoidMethodV(JNIEnv *env, jclass c, jmethodID mid, va_list args) {
    JNI_ENTER(env);
    UNUSED(c);
    va_list ap;
    va_copy(ap, args);
    jni_call_va(t, NULL, (Method *)mid, false, ap);
    va_end(ap);
    JNI_RETURN_VOID();
}
static void JNICALL jni_CallStaticVoidMethodA(JNIEnv *env, jclass c, jmethodID mid, const jvalue *args) {
    JNI_ENTER(env);
    UNUSED(c);
    jni_call_a(t, NULL, (Method *)mid, false, args);
    JNI_RETURN_VOID();
}

void jni_fill_calls(struct JNINativeInterface_ *tb) {
    tb->GetMethodID = jni_GetMethodID;
    tb->GetStaticMethodID = jni_GetStaticMethodID;
#define FILL_CALLS(Name, jtype) \
    tb->Call##Name##Method = jni_Call##Name##Method; \
    tb->Call##Name##MethodV = jni_Call##Name##MethodV; \
    tb->Call##Name##MethodA = jni_Call##Name##MethodA; \
    tb->CallNonvirtual##Name##Method = jni_CallNonvirtual##Name##Method; \
    tb->CallNonvirtual##Name##MethodV = jni_CallNonvirtual##Name##MethodV; \
    tb->CallNonvirtual##Name##MethodA = jni_CallNonvirtual##Name##MethodA; \
    tb->CallStatic##Name##Method = jni_CallStatic##Name##Method; \
    tb->CallStatic##Name##MethodV = jni_CallStatic##Name##MethodV; \
    tb->CallStatic##Name##MethodA = jni_CallStatic##Name##MethodA;
    CALL_TYPES(FILL_CALLS)
    FILL_CALLS(Void, void)
#undef FILL_CALLS
}
