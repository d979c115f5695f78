/*
 * jni_fields.c — field IDs and the Get/Set<Type>Field families, instance and static,
 * generated from one list of types.  A jfieldID is the Field itself; statics live in the
 * holder's mirror (mirror.h).
 *
 * While a tool watches any field (dbg_watch_count), each access first reports itself to
 * the debugger layer, which posts FieldAccess / FieldModification if that field is watched,
 * as HotSpot does for JNI accesses; otherwise the test of that one word is all it costs.
 */
#include "native/jni_internal.h"
#include "heap/classunload.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "runtime/vm.h"
#include "interp/debug.h"

#define WATCHING() __builtin_expect(__atomic_load_n(&dbg_watch_count, __ATOMIC_ACQUIRE) != 0, 0)

/* Reports a JNI access of f (obj NULL for statics; val the new value of a reference). */
static void watch_note(Thread *t, Field *f, jobject obj, bool put, jvalue v, jobject val) {
    HandleMark hm = hnd_mark(t);
    Object **hobj = obj ? hnd_new(t, hnd_get(obj)) : NULL;
    Object **hval = val ? hnd_new(t, hnd_get(val)) : NULL;
    dbg_jni_field(t, f, hobj, put, v, hval);
    hnd_release(t, hm);
}

static void watch_get(Thread *t, Field *f, jobject obj) {
    jvalue none = { .j = 0 };
    if (WATCHING()) watch_note(t, f, obj, false, none, NULL);
}

static void watch_set(Thread *t, Field *f, jobject obj, jvalue v, jobject val) {
    if (WATCHING()) watch_note(t, f, obj, true, v, val);
}

static jfieldID get_field_id(JNIEnv *env, jclass clazz, const char *name, const char *sig, bool is_static) {
    JNI_ENTER(env);
    Class *c = jni_class(clazz);
    if (!c || !name || !sig) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    if (!jni_init_class(t, c)) JNI_RETURN(NULL);
    Symbol *n = sym_lookup(name, strlen(name)), *s = sym_lookup(sig, strlen(sig));
    Field *f = n && s ? link_lookup_field(c, n, s) : NULL;
    if (!f || field_is_static(f) != is_static) {
        /* HotSpot's wording: "Foo.bar I" for instance fields, the bare name for statics */
        char cn[256];
        if (is_static) exc_throw(t, VMC_NoSuchFieldError, "%s", name);
        else exc_throw(t, VMC_NoSuchFieldError, "%s.%s %s", class_external_name(c, cn, sizeof cn), name, sig);
        JNI_RETURN(NULL);
    }
    cu_note_ids(f->holder);
    JNI_RETURN((jfieldID)f);
}

static jfieldID JNICALL jni_GetFieldID(JNIEnv *env, jclass c, const char *name, const char *sig) {
    return get_field_id(env, c, name, sig, false);
}

static jfieldID JNICALL jni_GetStaticFieldID(JNIEnv *env, jclass c, const char *name, const char *sig) {
    return get_field_id(env, c, name, sig, true);
}

static jobject JNICALL jni_GetObjectField(JNIEnv *env, jobject obj, jfieldID fid) {
    JNI_ENTER(env);
    watch_get(t, (Field *)fid, obj);
    Object *o = hnd_get(obj);
    JNI_RETURN(hnd_local(t, OBJ_FIELD(o, ((Field *)fid)->offset, Object *)));
}

static void JNICALL jni_SetObjectField(JNIEnv *env, jobject obj, jfieldID fid, jobject val) {
    JNI_ENTER(env);
    watch_set(t, (Field *)fid, obj, (jvalue){ .l = val }, val);
    HEAP_SET_FIELD(hnd_get(obj), ((Field *)fid)->offset, hnd_get(val));
    JNI_RETURN_VOID();
}

static jobject JNICALL jni_GetStaticObjectField(JNIEnv *env, jclass c, jfieldID fid) {
    JNI_ENTER(env);
    UNUSED(c);
    Field *f = (Field *)fid;
    watch_get(t, f, NULL);
    JNI_RETURN(hnd_local(t, OBJ_FIELD(f->holder->mirror, f->offset, Object *)));
}

static void JNICALL jni_SetStaticObjectField(JNIEnv *env, jclass c, jfieldID fid, jobject val) {
    JNI_ENTER(env);
    UNUSED(c);
    Field *f = (Field *)fid;
    watch_set(t, f, NULL, (jvalue){ .l = val }, val);
    HEAP_SET_FIELD(f->holder->mirror, f->offset, hnd_get(val));
    JNI_RETURN_VOID();
}

#define PRIM_TYPES(X) \
    X(Boolean, jboolean, z) X(Byte, jbyte, b) X(Char, jchar, c) X(Short, jshort, s) X(Int, jint, i) \
    X(Long, jlong, j) X(Float, jfloat, f) X(Double, jdouble, d)

#define DEFINE_FIELDS(Name, jtype, tag) \
    static jtype JNICALL jni_Get##Name##Field(JNIEnv *env, jobject obj, jfieldID fid) { \
        JNI_ENTER(env); watch_get(t, (Field *)fid, obj); \
        JNI_RETURN(OBJ_FIELD(hnd_get(obj), ((Field *)fid)->offset, jtype)); } \
    static void JNICALL jni_Set##Name##Field(JNIEnv *env, jobject obj, jfieldID fid, jtype v) { \
        JNI_ENTER(env); watch_set(t, (Field *)fid, obj, (jvalue){ .tag = v }, NULL); \
        OBJ_FIELD(hnd_get(obj), ((Field *)fid)->offset, jtype) = v; JNI_RETURN_VOID(); } \
    static jtype JNICALL jni_GetStatic##Name##Field(JNIEnv *env, jclass c, jfieldID fid) { \
        JNI_ENTER(env); UNUSED(c); Field *f = (Field *)fid; watch_get(t, f, NULL); \
        JNI_RETURN(OBJ_FIELD(f->holder->mirror, f->offset, jtype)); } \
    static void JNICALL jni_SetStatic##Name##Field(JNIEnv *env, jclass c, jfieldID fid, jtype v) { \
        JNI_ENTER(env); UNUSED(c); Field *f = (Field *)fid; watch_set(t, f, NULL, (jvalue){ .tag = v }, NULL); \
        OBJ_FIELD(f->holder->mirror, f->offset, jtype) = v; JNI_RETURN_VOID(); }
PRIM_TYPES(DEFINE_FIELDS)

void jni_fill_fields(struct JNINativeInterface_ *tb) {
    tb->GetFieldID = jni_GetFieldID;
    tb->GetStaticFieldID = jni_GetStaticFieldID;
    tb->GetObjectField = jni_GetObjectField;
    tb->SetObjectField = jni_SetObjectField;
    tb->GetStaticObjectField = jni_GetStaticObjectField;
    tb->SetStaticObjectField = jni_SetStaticObjectField;
#define FILL_FIELDS(Name, jtype, tag) \
    tb->Get##Name##Field = jni_Get##Name##Field; \
    tb->Set##Name##Field = jni_Set##Name##Field; \
    tb->GetStatic##Name##Field = jni_GetStatic##Name##Field; \
    tb->SetStatic##Name##Field = jni_SetStatic##Name##Field;
    PRIM_TYPES(FILL_FIELDS)
#undef FILL_FIELDS
}
