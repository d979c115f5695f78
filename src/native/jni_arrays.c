/*
 * jni_arrays.c — JNI array functions.
 *
 * Arrays can move, so Get<Type>ArrayElements and GetPrimitiveArrayCritical hand out
 * copies that the matching Release writes back (unless JNI_ABORT) and frees.
 */
#include "native/jni_internal.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "runtime/vm.h"

static jsize JNICALL jni_GetArrayLength(JNIEnv *env, jarray array) {
    JNI_ENTER(env);
    Object *a = hnd_get(array);
    if (!a) {
        exc_npe(t);
        JNI_RETURN(0);
    }
    JNI_RETURN(array_length(a));
}

static bool check_length(Thread *t, jsize len) {
    if (len >= 0) return true;
    exc_throw(t, VMC_NegativeArraySizeException, "%d", (int)len);
    return false;
}

static jobjectArray JNICALL jni_NewObjectArray(JNIEnv *env, jsize len, jclass elem, jobject init) {
    JNI_ENTER(env);
    Class *ec = jni_class(elem);
    if (!ec) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    if (!check_length(t, len)) JNI_RETURN(NULL);
    Class *ac = ld_array_of(t, ec);
    if (!ac) JNI_RETURN(NULL);
    Object *a = heap_alloc_array(t, ac, len);
    if (!a) JNI_RETURN(NULL);
    Object *iv = hnd_get(init);
    if (iv)
        for (jsize i = 0; i < len; i++) heap_store_ref(a, &ARRAY_ELEMS(a, Object *)[i], iv);
    JNI_RETURN(hnd_local(t, a));
}

static bool index_ok(Thread *t, Object *a, jsize i) {
    if (!a) {
        exc_npe(t);
        return false;
    }
    if ((uint32_t)i >= (uint32_t)array_length(a)) {
        exc_aioobe(t, i, array_length(a));
        return false;
    }
    return true;
}

static jobject JNICALL jni_GetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize i) {
    JNI_ENTER(env);
    Object *a = hnd_get(array);
    if (!index_ok(t, a, i)) JNI_RETURN(NULL);
    JNI_RETURN(hnd_local(t, ARRAY_ELEMS(a, Object *)[i]));
}

static void JNICALL jni_SetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize i, jobject val) {
    JNI_ENTER(env);
    Object *a = hnd_get(array), *v = hnd_get(val);
    if (!index_ok(t, a, i)) JNI_RETURN_VOID();
    if (v && !class_is_assignable(v->klass, a->klass->component)) {
        /* HotSpot's JNI wording: "type mismatch: can not store X to Bottom[i][]..." */
        Class *bottom = a->klass;
        int dims = 0;
        for (; class_is_array(bottom); bottom = bottom->component) dims++;
        char vn[256], bn[256], suffix[64] = "";
        for (int d = 1; d < dims && (size_t)(2 * d) < sizeof suffix; d++) strcat(suffix, "[]");
        exc_throw(t, VMC_ArrayStoreException, "type mismatch: can not store %s to %s[%d]%s",
                  class_external_name(v->klass, vn, sizeof vn), class_external_name(bottom, bn, sizeof bn), (int)i, suffix);
        JNI_RETURN_VOID();
    }
    heap_store_ref(a, &ARRAY_ELEMS(a, Object *)[i], v);
    JNI_RETURN_VOID();
}

static bool region_ok(Thread *t, Object *a, jsize start, jsize len) {
    if (!a) {
        exc_npe(t);
        return false;
    }
    jint n = array_length(a);
    if (start < 0 || len < 0 || start > n - len) {
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "Array region %d..%lld out of bounds for length %d",
                  (int)start, (long long)start + len, (int)n);
        return false;
    }
    return true;
}

#define PRIM_ARRAYS(X) \
    X(Boolean, jboolean, T_BOOLEAN) X(Byte, jbyte, T_BYTE) X(Char, jchar, T_CHAR) X(Short, jshort, T_SHORT) \
    X(Int, jint, T_INT) X(Long, jlong, T_LONG) X(Float, jfloat, T_FLOAT) X(Double, jdouble, T_DOUBLE)

#define DEFINE_ARRAYS(Name, jtype, bt) \
    static jtype##Array JNICALL jni_New##Name##Array(JNIEnv *env, jsize len) { \
        JNI_ENTER(env); \
        if (!check_length(t, len)) { JNI_RETURN(NULL); } \
        Class *ac = ld_array_of(t, vm_primitive[bt]); \
        JNI_RETURN(ac ? hnd_local(t, heap_alloc_array(t, ac, len)) : NULL); } \
    static jtype *JNICALL jni_Get##Name##ArrayElements(JNIEnv *env, jtype##Array array, jboolean *is_copy) { \
        JNI_ENTER(env); Object *a = hnd_get(array); \
        if (!a) { exc_npe(t); JNI_RETURN(NULL); } \
        size_t n = (size_t)array_length(a) * sizeof(jtype); \
        jtype *buf = vm_malloc(n ? n : 1); memcpy(buf, array_data(a), n); \
        if (is_copy) { *is_copy = JNI_TRUE; } \
        JNI_RETURN(buf); } \
    static void JNICALL jni_Release##Name##ArrayElements(JNIEnv *env, jtype##Array array, jtype *elems, jint mode) { \
        JNI_ENTER(env); Object *a = hnd_get(array); \
        if (a && mode != JNI_ABORT) { memcpy(array_data(a), elems, (size_t)array_length(a) * sizeof(jtype)); } \
        if (mode != JNI_COMMIT) { vm_free(elems); } \
        JNI_RETURN_VOID(); } \
    static void JNICALL jni_Get##Name##ArrayRegion(JNIEnv *env, jtype##Array array, jsize start, jsize len, jtype *buf) { \
        JNI_ENTER(env); Object *a = hnd_get(array); \
        if (region_ok(t, a, start, len)) { memcpy(buf, ARRAY_ELEMS(a, jtype) + start, (size_t)len * sizeof(jtype)); } \
        JNI_RETURN_VOID(); } \
    static void JNICALL jni_Set##Name##ArrayRegion(JNIEnv *env, jtype##Array array, jsize start, jsize len, const jtype *buf) { \
        JNI_ENTER(env); Object *a = hnd_get(array); \
        if (region_ok(t, a, start, len)) { memcpy(ARRAY_ELEMS(a, jtype) + start, buf, (size_t)len * sizeof(jtype)); } \
        JNI_RETURN_VOID(); }
PRIM_ARRAYS(DEFINE_ARRAYS)

static void *JNICALL jni_GetPrimitiveArrayCritical(JNIEnv *env, jarray array, jboolean *is_copy) {
    JNI_ENTER(env);
    Object *a = hnd_get(array);
    if (!a) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    size_t n = (size_t)array_length(a) << a->klass->elem_shift;
    void *buf = vm_malloc(n ? n : 1);
    memcpy(buf, array_data(a), n);
    if (is_copy) *is_copy = JNI_TRUE;
    JNI_RETURN(buf);
}

static void JNICALL jni_ReleasePrimitiveArrayCritical(JNIEnv *env, jarray array, void *carray, jint mode) {
    JNI_ENTER(env);
    Object *a = hnd_get(array);
    if (a && mode != JNI_ABORT) memcpy(array_data(a), carray, (size_t)array_length(a) << a->klass->elem_shift);
    if (mode != JNI_COMMIT) vm_free(carray);
    JNI_RETURN_VOID();
}

void jni_fill_arrays(struct JNINativeInterface_ *tb) {
    tb->GetArrayLength = jni_GetArrayLength;
    tb->NewObjectArray = jni_NewObjectArray;
    tb->GetObjectArrayElement = jni_GetObjectArrayElement;
    tb->SetObjectArrayElement = jni_SetObjectArrayElement;
    tb->GetPrimitiveArrayCritical = jni_GetPrimitiveArrayCritical;
    tb->ReleasePrimitiveArrayCritical = jni_ReleasePrimitiveArrayCritical;
#define FILL_ARRAYS(Name, jtype, bt) \
    tb->New##Name##Array = jni_New##Name##Array; \
    tb->Get##Name##ArrayElements = jni_Get##Name##ArrayElements; \
    tb->Release##Name##ArrayElements = jni_Release##Name##ArrayElements; \
    tb->Get##Name##ArrayRegion = jni_Get##Name##ArrayRegion; \
    tb->Set##Name##ArrayRegion = jni_Set##Name##ArrayRegion;
    PRIM_ARRAYS(FILL_ARRAYS)
#undef FILL_ARRAYS
}
