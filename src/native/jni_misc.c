/*
 * jni_misc.c — RegisterNatives, reflection handles (From/ToReflected*) and NIO direct
 * buffers.
 */
#include "native/jni_internal.h"
#include "heap/classunload.h"
#include "native/natives.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "runtime/vm.h"

static jint JNICALL jni_RegisterNatives(JNIEnv *env, jclass clazz, const JNINativeMethod *methods, jint n) {
    JNI_ENTER(env);
    Class *c = jni_class(clazz);
    if (!c || n < 0 || (!methods && n > 0)) JNI_RETURN(JNI_ERR);
    for (jint i = 0; i < n; i++)
        if (!nat_register(t, c, methods[i].name, methods[i].signature, methods[i].fnPtr)) JNI_RETURN(JNI_ERR);
    JNI_RETURN(JNI_OK);
}

static jint JNICALL jni_UnregisterNatives(JNIEnv *env, jclass clazz) {
    JNI_ENTER(env);
    Class *c = jni_class(clazz);
    if (!c) JNI_RETURN(JNI_ERR);
    nat_unregister(c);
    JNI_RETURN(JNI_OK);
}

/* (clazz, slot) of a java.lang.reflect.Method/Constructor/Field object */
static void *reflected_member(Object *o, bool field) {
    Class *k = o->klass;
    Field *cf = link_lookup_field(k, sym_intern_cstr("clazz"), sym_intern_cstr("Ljava/lang/Class;"));
    Field *sf = link_lookup_field(k, sym_intern_cstr("slot"), sym_intern_cstr("I"));
    if (!cf || !sf) return NULL;
    Class *c = mirror_class(OBJ_FIELD(o, cf->offset, Object *));
    jint slot = OBJ_FIELD(o, sf->offset, jint);
    cu_note_ids(c);
    return field ? (void *)&c->fields[slot] : (void *)&c->methods[slot];
}

static jmethodID JNICALL jni_FromReflectedMethod(JNIEnv *env, jobject method) {
    JNI_ENTER(env);
    Object *o = hnd_get(method);
    JNI_RETURN(o ? (jmethodID)reflected_member(o, false) : NULL);
}

static jfieldID JNICALL jni_FromReflectedField(JNIEnv *env, jobject field) {
    JNI_ENTER(env);
    Object *o = hnd_get(field);
    JNI_RETURN(o ? (jfieldID)reflected_member(o, true) : NULL);
}

/* Defined in native/jvm_reflect.c. */
Object *reflect_method_object(Thread *t, Method *m);
Object *reflect_field_object(Thread *t, Field *f);

/* A jmethodID is the Method*, a jfieldID the Field*, so `clazz` and `isStatic` (which
 * HotSpot only asserts on) are not needed to find the member. */
static jobject JNICALL jni_ToReflectedMethod(JNIEnv *env, jclass clazz, jmethodID mid, jboolean is_static) {
    UNUSED(clazz);
    UNUSED(is_static);
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, reflect_method_object(t, (Method *)mid)));
}

static jobject JNICALL jni_ToReflectedField(JNIEnv *env, jclass clazz, jfieldID fid, jboolean is_static) {
    UNUSED(clazz);
    UNUSED(is_static);
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, reflect_field_object(t, (Field *)fid)));
}

/* ---- NIO ---- */

static Method *dbb_ctor;
static Class *direct_buffer;            /* sun.nio.ch.DirectBuffer: what "direct" means */
static uint32_t address_off, capacity_off;

static bool nio_init(Thread *t) {
    if (__atomic_load_n(&dbb_ctor, __ATOMIC_ACQUIRE)) return true;     /* the guard is stored last */
    Class *dbb = ld_load_boot_or_null(t, sym_intern_cstr("java/nio/DirectByteBuffer"));
    Class *buf = ld_load_boot_or_null(t, sym_intern_cstr("java/nio/Buffer"));
    Class *direct = ld_load_boot_or_null(t, sym_intern_cstr("sun/nio/ch/DirectBuffer"));
    if (!dbb || !buf || !direct || !link_class(t, dbb) || !class_init(t, dbb)) return false;
    uint32_t address = class_find_declared_field(buf, sym_intern_cstr("address"), sym_intern_cstr("J"))->offset;
    uint32_t capacity = class_find_declared_field(buf, sym_intern_cstr("capacity"), sym_intern_cstr("I"))->offset;
    Method *ctor = class_find_declared_method(dbb, sym_init, sym_intern_cstr("(JI)V"));
    if (!ctor) return false;
    vm_lazy_begin();
    if (!dbb_ctor) {
        direct_buffer = direct;
        address_off = address;
        capacity_off = capacity;
        __atomic_store_n(&dbb_ctor, ctor, __ATOMIC_RELEASE);
    }
    vm_lazy_end();
    return true;
}

static jobject JNICALL jni_NewDirectByteBuffer(JNIEnv *env, void *address, jlong capacity) {
    JNI_ENTER(env);
    if (!nio_init(t)) JNI_RETURN(NULL);
    if (capacity < 0 || capacity > INT32_MAX) {
        exc_throw(t, VMC_IllegalArgumentException, "Capacity is out of bounds");
        JNI_RETURN(NULL);
    }
    Object *o = heap_alloc_object(t, dbb_ctor->holder);
    if (!o) JNI_RETURN(NULL);
    jobject h = hnd_local(t, o);
    /* DirectByteBuffer(long addr, int cap): the long takes two slots */
    Slot call[4] = { { .l = hnd_get(h) }, { .j = (jlong)(intptr_t)address }, { .raw = 0 }, { .i = (jint)capacity } };
    JNI_RETURN(interp_call(t, dbb_ctor, call, NULL) ? h : NULL);
}

static void *JNICALL jni_GetDirectBufferAddress(JNIEnv *env, jobject buf) {
    JNI_ENTER(env);
    if (!hnd_get(buf) || !nio_init(t)) JNI_RETURN(NULL);
    Object *o = hnd_get(buf);
    if (!class_is_assignable(o->klass, direct_buffer)) JNI_RETURN(NULL);
    JNI_RETURN((void *)(intptr_t)OBJ_FIELD(o, address_off, jlong));
}

static jlong JNICALL jni_GetDirectBufferCapacity(JNIEnv *env, jobject buf) {
    JNI_ENTER(env);
    if (!hnd_get(buf) || !nio_init(t)) JNI_RETURN(-1);
    Object *o = hnd_get(buf);
    if (!class_is_assignable(o->klass, direct_buffer)) JNI_RETURN(-1);
    JNI_RETURN(OBJ_FIELD(o, capacity_off, jint));
}

/* The loader for FindClass inside JNI_OnLoad: NativeLibraries.getFromClass(). */
Object *jvm_native_library_loader(Thread *t) {
    Class *nl = ld_load_boot_or_null(t, sym_intern_cstr("jdk/internal/loader/NativeLibraries"));
    Method *m = nl ? class_find_declared_method(nl, sym_intern_cstr("getFromClass"), sym_intern_cstr("()Ljava/lang/Class;")) : NULL;
    Slot r;
    if (!m || !interp_call(t, m, NULL, &r) || !r.l) {
        exc_take(t);
        return NULL;
    }
    return mirror_class(r.l)->loader;
}

void jni_fill_misc(struct JNINativeInterface_ *tb) {
    tb->RegisterNatives = jni_RegisterNatives;
    tb->UnregisterNatives = jni_UnregisterNatives;
    tb->FromReflectedMethod = jni_FromReflectedMethod;
    tb->FromReflectedField = jni_FromReflectedField;
    tb->ToReflectedMethod = jni_ToReflectedMethod;
    tb->ToReflectedField = jni_ToReflectedField;
    tb->NewDirectByteBuffer = jni_NewDirectByteBuffer;
    tb->GetDirectBufferAddress = jni_GetDirectBufferAddress;
    tb->GetDirectBufferCapacity = jni_GetDirectBufferCapacity;
}
