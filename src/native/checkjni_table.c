/*
 * checkjni_table.c — the checking JNI function table of -Xcheck:jni (checkjni.c explains
 * the checks and why the table is a second one).
 *
 * Each entry has HotSpot's shape: an entry check (cj_enter: right thread, critical
 * region, exception duty, as the function's kind allows), argument validation in VM
 * state, the real function through jni_function_table, and the exit (cj_exit).  The
 * families (calls, fields, arrays) are generated from type lists; the table starts as a copy of the normal one, so a slot without a checked version here
 * (GetVersion-like functions with nothing to validate are all wrapped; the copy only
 * guards against a table grown in a later JDK) still works.
 */
#include "native/checkjni_internal.h"
#include <string.h>

struct JNINativeInterface_ cj_table;

#define CJ_TYPES(X) \
    X(Object, jobject, T_OBJECT) \
    CJ_PRIMS(X)
#define CJ_PRIMS(X) \
    X(Boolean, jboolean, T_BOOLEAN) \
    X(Byte, jbyte, T_BYTE) \
    X(Char, jchar, T_CHAR) \
    X(Short, jshort, T_SHORT) \
    X(Int, jint, T_INT) \
    X(Long, jlong, T_LONG) \
    X(Float, jfloat, T_FLOAT) \
    X(Double, jdouble, T_DOUBLE)

/* A function with nothing special: enter, validate (the trailing statements), call, exit. */
#define CJ_SIMPLE(R, Name, PARAMS, ARGS, WHAT, ...) \
    static R JNICALL cj_##Name PARAMS { \
        Thread *t = cj_enter(env, WHAT); \
        CJ_VM(t, __VA_ARGS__); \
        R r = CJ_REAL->Name ARGS; \
        cj_exit(t); \
        return r; \
    }
#define CJ_SIMPLE_VOID(Name, PARAMS, ARGS, WHAT, ...) \
    static void JNICALL cj_##Name PARAMS { \
        Thread *t = cj_enter(env, WHAT); \
        CJ_VM(t, __VA_ARGS__); \
        CJ_REAL->Name ARGS; \
        cj_exit(t); \
    }

/* ---- classes, exceptions ---- */

CJ_SIMPLE(jint, GetVersion, (JNIEnv *env), (env), CJ_NORMAL, )
CJ_SIMPLE(jclass, DefineClass, (JNIEnv *env, const char *name, jobject loader, const jbyte *buf, jsize len),
          (env, name, loader, buf, len), CJ_NORMAL, cj_object(t, loader))
CJ_SIMPLE(jclass, FindClass, (JNIEnv *env, const char *name), (env, name), CJ_NORMAL, cj_class_descriptor(t, name))
CJ_SIMPLE(jmethodID, FromReflectedMethod, (JNIEnv *env, jobject m), (env, m), CJ_NORMAL, cj_object(t, m))
CJ_SIMPLE(jfieldID, FromReflectedField, (JNIEnv *env, jobject f), (env, f), CJ_NORMAL, cj_object(t, f))
CJ_SIMPLE(jobject, ToReflectedMethod, (JNIEnv *env, jclass c, jmethodID m, jboolean is_static), (env, c, m, is_static),
          CJ_NORMAL, cj_call(t, c, m, NULL))
CJ_SIMPLE(jclass, GetSuperclass, (JNIEnv *env, jclass c), (env, c), CJ_NORMAL, cj_class(t, c, true))
CJ_SIMPLE(jboolean, IsAssignableFrom, (JNIEnv *env, jclass a, jclass b), (env, a, b), CJ_NORMAL,
          cj_class(t, a, true); cj_class(t, b, true))
CJ_SIMPLE(jobject, ToReflectedField, (JNIEnv *env, jclass c, jfieldID f, jboolean is_static), (env, c, f, is_static),
          CJ_NORMAL, cj_class(t, c, false))

static void throw_check(Thread *t, jthrowable obj) {
    Object *o = cj_object(t, obj);
    if (!o) cj_warn(t, "JNI Throw called with NULL throwable");
    else cj_throwable_class(t, o->klass);
}

CJ_SIMPLE(jint, Throw, (JNIEnv *env, jthrowable obj), (env, obj), CJ_NORMAL, throw_check(t, obj))
CJ_SIMPLE(jint, ThrowNew, (JNIEnv *env, jclass c, const char *msg), (env, c, msg), CJ_NORMAL,
          cj_throwable_class(t, cj_class(t, c, false)))

/* The functions that discharge the duty to check for an exception. */
#define CJ_EXCEPTION_CHECK(R, Name) \
    static R JNICALL cj_##Name(JNIEnv *env) { \
        cj_clear_exception_check(thread_current()); \
        Thread *t = cj_enter(env, CJ_EXC_ALLOWED); \
        R r = CJ_REAL->Name(env); \
        cj_exit(t); \
        return r; \
    }
CJ_EXCEPTION_CHECK(jthrowable, ExceptionOccurred)
CJ_EXCEPTION_CHECK(jboolean, ExceptionCheck)

static void JNICALL cj_ExceptionClear(JNIEnv *env) {
    cj_clear_exception_check(thread_current());
    Thread *t = cj_enter(env, CJ_EXC_ALLOWED);
    CJ_REAL->ExceptionClear(env);
    cj_exit(t);
}

CJ_SIMPLE_VOID(ExceptionDescribe, (JNIEnv *env), (env), CJ_EXC_ALLOWED, )

static void JNICALL cj_FatalError(JNIEnv *env, const char *msg) {
    cj_clear_exception_check(thread_current());
    cj_enter(env, CJ_NORMAL);
    CJ_REAL->FatalError(env, msg);
}

/* ---- references ---- */

static jint JNICALL cj_PushLocalFrame(JNIEnv *env, jint capacity) {
    Thread *t = cj_enter(env, CJ_EXC_ALLOWED);
    if (capacity < 0) CJ_VM(t, cj_fatal(t, "negative capacity"));
    jint r = CJ_REAL->PushLocalFrame(env, capacity);
    cj_exit(t);
    return r;
}

static jint JNICALL cj_EnsureLocalCapacity(JNIEnv *env, jint capacity) {
    Thread *t = cj_enter(env, CJ_NORMAL);
    if (capacity < 0) CJ_VM(t, cj_fatal(t, "negative capacity"));
    jint r = CJ_REAL->EnsureLocalCapacity(env, capacity);
    cj_exit(t);
    return r;
}

static void handle_unless_null(Thread *t, jobject h) {
    if (h) cj_handle(t, h);
}

/* Weak references may hold NULL: only a live one is checked as an object. */
static void same_object_check(Thread *t, jobject h) {
    if (h && cj_handle(t, h)) cj_object(t, h);
}

CJ_SIMPLE(jobject, PopLocalFrame, (JNIEnv *env, jobject result), (env, result), CJ_EXC_ALLOWED, )
CJ_SIMPLE(jobject, NewGlobalRef, (JNIEnv *env, jobject o), (env, o), CJ_NORMAL, handle_unless_null(t, o))
CJ_SIMPLE_VOID(DeleteGlobalRef, (JNIEnv *env, jobject o), (env, o), CJ_EXC_ALLOWED, cj_delete_ref(t, o, HK_GLOBAL))
CJ_SIMPLE_VOID(DeleteLocalRef, (JNIEnv *env, jobject o), (env, o), CJ_EXC_ALLOWED, cj_delete_ref(t, o, HK_LOCAL))
CJ_SIMPLE(jboolean, IsSameObject, (JNIEnv *env, jobject a, jobject b), (env, a, b), CJ_EXC_ALLOWED,
          same_object_check(t, a); same_object_check(t, b))
CJ_SIMPLE(jobject, NewLocalRef, (JNIEnv *env, jobject o), (env, o), CJ_NORMAL, handle_unless_null(t, o))
CJ_SIMPLE(jweak, NewWeakGlobalRef, (JNIEnv *env, jobject o), (env, o), CJ_NORMAL, handle_unless_null(t, o))
CJ_SIMPLE_VOID(DeleteWeakGlobalRef, (JNIEnv *env, jweak o), (env, o), CJ_EXC_ALLOWED, cj_delete_ref(t, o, HK_WEAK))
CJ_SIMPLE(jobjectRefType, GetObjectRefType, (JNIEnv *env, jobject o), (env, o), CJ_NORMAL, cj_object(t, o))

/* ---- objects ---- */

CJ_SIMPLE(jobject, AllocObject, (JNIEnv *env, jclass c), (env, c), CJ_NORMAL, cj_class(t, c, false))
CJ_SIMPLE(jobject, NewObjectV, (JNIEnv *env, jclass c, jmethodID m, va_list ap), (env, c, m, ap), CJ_NORMAL,
          cj_call(t, c, m, NULL))
CJ_SIMPLE(jobject, NewObjectA, (JNIEnv *env, jclass c, jmethodID m, const jvalue *a), (env, c, m, a), CJ_NORMAL,
          cj_call(t, c, m, NULL))

static jobject JNICALL cj_NewObject(JNIEnv *env, jclass c, jmethodID m, ...) {
    Thread *t = cj_enter(env, CJ_NORMAL);
    CJ_VM(t, cj_call(t, c, m, NULL));
    va_list ap;
    va_start(ap, m);
    jobject r = CJ_REAL->NewObjectV(env, c, m, ap);
    va_end(ap);
    cj_exit(t);
    return r;
}

CJ_SIMPLE(jclass, GetObjectClass, (JNIEnv *env, jobject o), (env, o), CJ_NORMAL, cj_object(t, o))
CJ_SIMPLE(jboolean, IsInstanceOf, (JNIEnv *env, jobject o, jclass c), (env, o, c), CJ_NORMAL,
          cj_object(t, o); cj_class(t, c, true))
CJ_SIMPLE(jmethodID, GetMethodID, (JNIEnv *env, jclass c, const char *n, const char *s), (env, c, n, s), CJ_NORMAL,
          cj_class(t, c, false))
CJ_SIMPLE(jmethodID, GetStaticMethodID, (JNIEnv *env, jclass c, const char *n, const char *s), (env, c, n, s),
          CJ_NORMAL, cj_class(t, c, false))
CJ_SIMPLE(jfieldID, GetFieldID, (JNIEnv *env, jclass c, const char *n, const char *s), (env, c, n, s), CJ_NORMAL,
          cj_class(t, c, false))
CJ_SIMPLE(jfieldID, GetStaticFieldID, (JNIEnv *env, jclass c, const char *n, const char *s), (env, c, n, s),
          CJ_NORMAL, cj_class(t, c, false))

/* ---- calls: each of the three forms of each kind leaves the exception duty ---- */

#define CJ_CHECK_VIRTUAL cj_call(t, NULL, m, obj)
#define CJ_CHECK_NONVIRTUAL cj_call(t, c, m, obj)
#define CJ_CHECK_STATIC cj_call(t, c, m, NULL)

/* Kind: "", Nonvirtual or Static; HEAD: the parameters before the method ID; ARGS: them
 * as arguments. */
#define CJ_CALLS(Kind, Name, R, HEAD, ARGS, CHECK) \
    static R JNICALL cj_Call##Kind##Name##Method(JNIEnv *env, HEAD, jmethodID m, ...) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, CHECK); \
        va_list ap; \
        va_start(ap, m); \
        R r = CJ_REAL->Call##Kind##Name##MethodV(env, ARGS, m, ap); \
        va_end(ap); \
        cj_expect_exception_check(t, "Call" #Kind #Name "Method"); \
        cj_exit(t); \
        return r; \
    } \
    static R JNICALL cj_Call##Kind##Name##MethodV(JNIEnv *env, HEAD, jmethodID m, va_list ap) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, CHECK); \
        R r = CJ_REAL->Call##Kind##Name##MethodV(env, ARGS, m, ap); \
        cj_expect_exception_check(t, "Call" #Kind #Name "MethodV"); \
        cj_exit(t); \
        return r; \
    } \
    static R JNICALL cj_Call##Kind##Name##MethodA(JNIEnv *env, HEAD, jmethodID m, const jvalue *a) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, CHECK); \
        R r = CJ_REAL->Call##Kind##Name##MethodA(env, ARGS, m, a); \
        cj_expect_exception_check(t, "Call" #Kind #Name "MethodA"); \
        cj_exit(t); \
        return r; \
    }
#define CJ_VOID_CALLS(Kind, HEAD, ARGS, CHECK) \
    static void JNICALL cj_Call##Kind##VoidMethod(JNIEnv *env, HEAD, jmethodID m, ...) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, CHECK); \
        va_list ap; \
        va_start(ap, m); \
        CJ_REAL->Call##Kind##VoidMethodV(env, ARGS, m, ap); \
        va_end(ap); \
        cj_expect_exception_check(t, "Call" #Kind "VoidMethod"); \
        cj_exit(t); \
    } \
    static void JNICALL cj_Call##Kind##VoidMethodV(JNIEnv *env, HEAD, jmethodID m, va_list ap) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, CHECK); \
        CJ_REAL->Call##Kind##VoidMethodV(env, ARGS, m, ap); \
        cj_expect_exception_check(t, "Call" #Kind "VoidMethodV"); \
        cj_exit(t); \
    } \
    static void JNICALL cj_Call##Kind##VoidMethodA(JNIEnv *env, HEAD, jmethodID m, const jvalue *a) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, CHECK); \
        CJ_REAL->Call##Kind##VoidMethodA(env, ARGS, m, a); \
        cj_expect_exception_check(t, "Call" #Kind "VoidMethodA"); \
        cj_exit(t); \
    }

#define CJ_COMMA ,
#define CJ_VIRTUAL(Name, R, BT) CJ_CALLS(, Name, R, jobject obj, obj, CJ_CHECK_VIRTUAL)
#define CJ_NONVIRTUAL(Name, R, BT) \
    CJ_CALLS(Nonvirtual, Name, R, jobject obj CJ_COMMA jclass c, obj CJ_COMMA c, CJ_CHECK_NONVIRTUAL)
#define CJ_STATIC(Name, R, BT) CJ_CALLS(Static, Name, R, jclass c, c, CJ_CHECK_STATIC)
CJ_TYPES(CJ_VIRTUAL)
CJ_TYPES(CJ_NONVIRTUAL)
CJ_TYPES(CJ_STATIC)
CJ_VOID_CALLS(, jobject obj, obj, CJ_CHECK_VIRTUAL)
CJ_VOID_CALLS(Nonvirtual, jobject obj CJ_COMMA jclass c, obj CJ_COMMA c, CJ_CHECK_NONVIRTUAL)
CJ_VOID_CALLS(Static, jclass c, c, CJ_CHECK_STATIC)

/* ---- fields ---- */

#define CJ_FIELDS(Name, R, BT) \
    CJ_SIMPLE(R, Get##Name##Field, (JNIEnv *env, jobject obj, jfieldID f), (env, obj, f), CJ_NORMAL, \
              cj_instance_field(t, f, obj, BT)) \
    CJ_SIMPLE_VOID(Set##Name##Field, (JNIEnv *env, jobject obj, jfieldID f, R v), (env, obj, f, v), CJ_NORMAL, \
                   cj_instance_field(t, f, obj, BT)) \
    CJ_SIMPLE(R, GetStatic##Name##Field, (JNIEnv *env, jclass c, jfieldID f), (env, c, f), CJ_NORMAL, \
              cj_class(t, c, false); cj_static_field(t, f, c, BT)) \
    CJ_SIMPLE_VOID(SetStatic##Name##Field, (JNIEnv *env, jclass c, jfieldID f, R v), (env, c, f, v), CJ_NORMAL, \
                   cj_class(t, c, false); cj_static_field(t, f, c, BT))
CJ_TYPES(CJ_FIELDS)

/* ---- strings ---- */

CJ_SIMPLE(jstring, NewString, (JNIEnv *env, const jchar *u, jsize n), (env, u, n), CJ_NORMAL, )
CJ_SIMPLE(jsize, GetStringLength, (JNIEnv *env, jstring s), (env, s), CJ_NORMAL, cj_string(t, s))
CJ_SIMPLE(jstring, NewStringUTF, (JNIEnv *env, const char *u), (env, u), CJ_NORMAL, )
CJ_SIMPLE(jsize, GetStringUTFLength, (JNIEnv *env, jstring s), (env, s), CJ_NORMAL, cj_string(t, s))
CJ_SIMPLE_VOID(GetStringRegion, (JNIEnv *env, jstring s, jsize i, jsize n, jchar *b), (env, s, i, n, b), CJ_NORMAL,
               cj_string(t, s))
CJ_SIMPLE_VOID(GetStringUTFRegion, (JNIEnv *env, jstring s, jsize i, jsize n, char *b), (env, s, i, n, b),
               CJ_NORMAL, cj_string(t, s))

static const jchar *JNICALL cj_GetStringChars(JNIEnv *env, jstring s, jboolean *is_copy) {
    Thread *t = cj_enter(env, CJ_NORMAL);
    CJ_VM(t, cj_string(t, s));
    const jchar *r = CJ_REAL->GetStringChars(env, s, is_copy);
    if (r) r = cj_guard_copy(r, ((size_t)CJ_REAL->GetStringLength(env, s) + 1) * sizeof(jchar), &cj_tag_chars);
    cj_exit(t);
    return r;
}

static void JNICALL cj_ReleaseStringChars(JNIEnv *env, jstring s, const jchar *chars) {
    Thread *t = cj_enter(env, CJ_EXC_ALLOWED);
    CJ_VM(t, cj_string(t, s));
    if (chars)
        chars = cj_guard_release_chars(t, "ReleaseStringChars", "GetStringChars", s, chars, &cj_tag_chars);
    CJ_REAL->ReleaseStringChars(env, s, chars);
    cj_exit(t);
}

static const char *JNICALL cj_GetStringUTFChars(JNIEnv *env, jstring s, jboolean *is_copy) {
    Thread *t = cj_enter(env, CJ_NORMAL);
    CJ_VM(t, cj_string(t, s));
    const char *r = CJ_REAL->GetStringUTFChars(env, s, is_copy);
    if (r) r = cj_guard_copy(r, strlen(r) + 1, &cj_tag_utf);
    cj_exit(t);
    return r;
}

static void JNICALL cj_ReleaseStringUTFChars(JNIEnv *env, jstring s, const char *chars) {
    Thread *t = cj_enter(env, CJ_EXC_ALLOWED);
    CJ_VM(t, cj_string(t, s));
    if (chars)
        chars = cj_guard_release_chars(t, "ReleaseStringUTFChars", "GetStringUTFChars", s, chars, &cj_tag_utf);
    CJ_REAL->ReleaseStringUTFChars(env, s, chars);
    cj_exit(t);
}

static const jchar *JNICALL cj_GetStringCritical(JNIEnv *env, jstring s, jboolean *is_copy) {
    Thread *t = cj_enter(env, CJ_CRITICAL);
    CJ_VM(t, cj_string(t, s));
    const jchar *r = CJ_REAL->GetStringCritical(env, s, is_copy);
    if (r) cj_critical_add(t, 1);
    cj_exit(t);
    return r;
}

static void JNICALL cj_ReleaseStringCritical(JNIEnv *env, jstring s, const jchar *chars) {
    Thread *t = cj_enter(env, CJ_CRITICAL_EXC_ALLOWED);
    CJ_VM(t, cj_string(t, s));
    CJ_REAL->ReleaseStringCritical(env, s, chars);
    if (chars) cj_critical_add(t, -1);
    cj_exit(t);
}

/* ---- arrays ---- */

CJ_SIMPLE(jsize, GetArrayLength, (JNIEnv *env, jarray a), (env, a), CJ_NORMAL, cj_array(t, a))
CJ_SIMPLE(jobjectArray, NewObjectArray, (JNIEnv *env, jsize n, jclass c, jobject init), (env, n, c, init), CJ_NORMAL, )
CJ_SIMPLE(jobject, GetObjectArrayElement, (JNIEnv *env, jobjectArray a, jsize i), (env, a, i), CJ_NORMAL,
          cj_object_array(t, a))
CJ_SIMPLE_VOID(SetObjectArrayElement, (JNIEnv *env, jobjectArray a, jsize i, jobject v), (env, a, i, v), CJ_NORMAL,
               cj_object_array(t, a))

#define CJ_ARRAYS(Name, E, BT) \
    CJ_SIMPLE(E##Array, New##Name##Array, (JNIEnv *env, jsize n), (env, n), CJ_NORMAL, ) \
    static E *JNICALL cj_Get##Name##ArrayElements(JNIEnv *env, E##Array a, jboolean *is_copy) { \
        Thread *t = cj_enter(env, CJ_NORMAL); \
        CJ_VM(t, cj_primitive_array_type(t, a, BT)); \
        E *r = CJ_REAL->Get##Name##ArrayElements(env, a, is_copy); \
        if (r) r = cj_guard_array(t, a, r); \
        cj_exit(t); \
        return r; \
    } \
    static void JNICALL cj_Release##Name##ArrayElements(JNIEnv *env, E##Array a, E *elems, jint mode) { \
        Thread *t = cj_enter(env, CJ_EXC_ALLOWED); \
        CJ_VM(t, cj_primitive_array_type(t, a, BT)); \
        E *orig = cj_guard_release_array(t, "checked_jni_Release" #Name "ArrayElements", a, elems, mode, false); \
        CJ_REAL->Release##Name##ArrayElements(env, a, orig, mode); \
        cj_exit(t); \
    } \
    CJ_SIMPLE_VOID(Get##Name##ArrayRegion, (JNIEnv *env, E##Array a, jsize i, jsize n, E *b), (env, a, i, n, b), \
                   CJ_NORMAL, cj_primitive_array_type(t, a, BT)) \
    CJ_SIMPLE_VOID(Set##Name##ArrayRegion, (JNIEnv *env, E##Array a, jsize i, jsize n, const E *b), \
                   (env, a, i, n, b), CJ_NORMAL, cj_primitive_array_type(t, a, BT))
CJ_PRIMS(CJ_ARRAYS)

static void *JNICALL cj_GetPrimitiveArrayCritical(JNIEnv *env, jarray a, jboolean *is_copy) {
    Thread *t = cj_enter(env, CJ_CRITICAL);
    CJ_VM(t, cj_primitive_array(t, a));
    void *r = CJ_REAL->GetPrimitiveArrayCritical(env, a, is_copy);
    if (r) {
        r = cj_guard_array(t, a, r);
        cj_critical_add(t, 1);
    }
    cj_exit(t);
    return r;
}

static void JNICALL cj_ReleasePrimitiveArrayCritical(JNIEnv *env, jarray a, void *carray, jint mode) {
    Thread *t = cj_enter(env, CJ_CRITICAL_EXC_ALLOWED);
    CJ_VM(t, cj_primitive_array(t, a));
    void *orig = cj_guard_release_array(t, "ReleasePrimitiveArrayCritical", a, carray, mode, true);
    CJ_REAL->ReleasePrimitiveArrayCritical(env, a, orig, mode);
    cj_critical_add(t, -1);
    cj_exit(t);
}

/* ---- the rest ---- */

CJ_SIMPLE(jint, RegisterNatives, (JNIEnv *env, jclass c, const JNINativeMethod *m, jint n), (env, c, m, n), CJ_NORMAL, )
CJ_SIMPLE(jint, UnregisterNatives, (JNIEnv *env, jclass c), (env, c), CJ_NORMAL, )
CJ_SIMPLE(jint, MonitorEnter, (JNIEnv *env, jobject o), (env, o), CJ_NORMAL, cj_object(t, o))
CJ_SIMPLE(jint, MonitorExit, (JNIEnv *env, jobject o), (env, o), CJ_EXC_ALLOWED, cj_object(t, o))
CJ_SIMPLE(jint, GetJavaVM, (JNIEnv *env, JavaVM **vm), (env, vm), CJ_NORMAL, )
CJ_SIMPLE(jobject, NewDirectByteBuffer, (JNIEnv *env, void *p, jlong n), (env, p, n), CJ_NORMAL, )
CJ_SIMPLE(void *, GetDirectBufferAddress, (JNIEnv *env, jobject b), (env, b), CJ_NORMAL, )
CJ_SIMPLE(jlong, GetDirectBufferCapacity, (JNIEnv *env, jobject b), (env, b), CJ_NORMAL, )
CJ_SIMPLE(jobject, GetModule, (JNIEnv *env, jclass c), (env, c), CJ_NORMAL, cj_class(t, c, false))

/* ---- the table ---- */

#define CJ_SET(name) tb->name = cj_##name;
#define CJ_SET_CALLS(Name, R, BT) \
    CJ_SET(Call##Name##Method) CJ_SET(Call##Name##MethodV) CJ_SET(Call##Name##MethodA) \
    CJ_SET(CallNonvirtual##Name##Method) CJ_SET(CallNonvirtual##Name##MethodV) \
    CJ_SET(CallNonvirtual##Name##MethodA) \
    CJ_SET(CallStatic##Name##Method) CJ_SET(CallStatic##Name##MethodV) CJ_SET(CallStatic##Name##MethodA)
#define CJ_SET_FIELDS(Name, R, BT) \
    CJ_SET(Get##Name##Field) CJ_SET(Set##Name##Field) CJ_SET(GetStatic##Name##Field) CJ_SET(SetStatic##Name##Field)
#define CJ_SET_ARRAYS(Name, E, BT) \
    CJ_SET(New##Name##Array) CJ_SET(Get##Name##ArrayElements) CJ_SET(Release##Name##ArrayElements) \
    CJ_SET(Get##Name##ArrayRegion) CJ_SET(Set##Name##ArrayRegion)
#define CJ_SINGLES(X) \
    X(GetVersion) X(DefineClass) X(FindClass) X(FromReflectedMethod) X(FromReflectedField) \
    X(ToReflectedMethod) X(GetSuperclass) X(IsAssignableFrom) X(ToReflectedField) X(Throw) X(ThrowNew) \
    X(ExceptionOccurred) X(ExceptionDescribe) X(ExceptionClear) X(FatalError) X(ExceptionCheck) \
    X(PushLocalFrame) X(PopLocalFrame) X(NewGlobalRef) X(DeleteGlobalRef) X(DeleteLocalRef) X(IsSameObject) \
    X(NewLocalRef) X(EnsureLocalCapacity) X(NewWeakGlobalRef) X(DeleteWeakGlobalRef) X(GetObjectRefType) \
    X(AllocObject) X(NewObject) X(NewObjectV) X(NewObjectA) X(GetObjectClass) X(IsInstanceOf) \
    X(GetMethodID) X(GetStaticMethodID) X(GetFieldID) X(GetStaticFieldID) \
    X(CallVoidMethod) X(CallVoidMethodV) X(CallVoidMethodA) \
    X(CallNonvirtualVoidMethod) X(CallNonvirtualVoidMethodV) X(CallNonvirtualVoidMethodA) \
    X(CallStaticVoidMethod) X(CallStaticVoidMethodV) X(CallStaticVoidMethodA) \
    X(NewString) X(GetStringLength) X(GetStringChars) X(ReleaseStringChars) X(NewStringUTF) \
    X(GetStringUTFLength) X(GetStringUTFChars) X(ReleaseStringUTFChars) X(GetStringRegion) \
    X(GetStringUTFRegion) X(GetStringCritical) X(ReleaseStringCritical) \
    X(GetArrayLength) X(NewObjectArray) X(GetObjectArrayElement) X(SetObjectArrayElement) \
    X(GetPrimitiveArrayCritical) X(ReleasePrimitiveArrayCritical) \
    X(RegisterNatives) X(UnregisterNatives) X(MonitorEnter) X(MonitorExit) X(GetJavaVM) \
    X(NewDirectByteBuffer) X(GetDirectBufferAddress) X(GetDirectBufferCapacity) X(GetModule)

void cj_fill_table(struct JNINativeInterface_ *tb) {
    memcpy(tb, &jni_function_table, sizeof *tb);
    CJ_SINGLES(CJ_SET)
    CJ_TYPES(CJ_SET_CALLS)
    CJ_TYPES(CJ_SET_FIELDS)
    CJ_PRIMS(CJ_SET_ARRAYS)
}
