/*
 * jni_strings.c — JNI string functions.
 *
 * Strings can move, so every Get*Chars returns a copy (isCopy is always true) and the
 * Release functions free it; the critical variants do the same.
 */
#include "native/jni_internal.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include <stdlib.h>

static jstring JNICALL jni_NewString(JNIEnv *env, const jchar *chars, jsize len) {
    JNI_ENTER(env);
    if (len < 0) {
        exc_throw(t, VMC_NegativeArraySizeException, "%d", (int)len);
        JNI_RETURN(NULL);
    }
    JNI_RETURN(hnd_local(t, jstr_new_utf16(t, chars, len)));
}

static jsize JNICALL jni_GetStringLength(JNIEnv *env, jstring str) {
    JNI_ENTER(env);
    JNI_RETURN(jstr_length(hnd_get(str)));
}

static const jchar *JNICALL jni_GetStringChars(JNIEnv *env, jstring str, jboolean *is_copy) {
    JNI_ENTER(env);
    Object *s = hnd_get(str);
    jint n = jstr_length(s);
    jchar *buf = vm_malloc(((size_t)n + 1) * sizeof(jchar));
    jstr_get_region(s, 0, n, buf);
    buf[n] = 0;
    if (is_copy) *is_copy = JNI_TRUE;
    JNI_RETURN(buf);
}

static void JNICALL jni_ReleaseStringChars(JNIEnv *env, jstring str, const jchar *chars) {
    UNUSED(env);
    UNUSED(str);
    vm_free((void *)chars);
}

static jstring JNICALL jni_NewStringUTF(JNIEnv *env, const char *utf) {
    JNI_ENTER(env);
    if (!utf) JNI_RETURN(NULL);
    JNI_RETURN(hnd_local(t, jstr_new_utf8(t, utf)));
}

static jsize JNICALL jni_GetStringUTFLength(JNIEnv *env, jstring str) {
    JNI_ENTER(env);
    JNI_RETURN((jsize)jstr_utf8_length(hnd_get(str)));
}

static const char *JNICALL jni_GetStringUTFChars(JNIEnv *env, jstring str, jboolean *is_copy) {
    JNI_ENTER(env);
    Object *s = hnd_get(str);
    if (!s) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    char *u = jstr_to_utf8(s);
    if (is_copy) *is_copy = JNI_TRUE;
    JNI_RETURN(u);
}

static void JNICALL jni_ReleaseStringUTFChars(JNIEnv *env, jstring str, const char *chars) {
    UNUSED(env);
    UNUSED(str);
    vm_free((void *)chars);
}

static bool region_ok(Thread *t, Object *s, jsize start, jsize len) {
    jint n = jstr_length(s);
    if (start < 0 || len < 0 || start > n - len) {
        exc_throw(t, VMC_StringIndexOutOfBoundsException, NULL);       /* no message, as HotSpot */
        return false;
    }
    return true;
}

static void JNICALL jni_GetStringRegion(JNIEnv *env, jstring str, jsize start, jsize len, jchar *buf) {
    JNI_ENTER(env);
    Object *s = hnd_get(str);
    if (region_ok(t, s, start, len)) jstr_get_region(s, start, len, buf);
    JNI_RETURN_VOID();
}

static void JNICALL jni_GetStringUTFRegion(JNIEnv *env, jstring str, jsize start, jsize len, char *buf) {
    JNI_ENTER(env);
    Object *s = hnd_get(str);
    if (region_ok(t, s, start, len)) jstr_utf8_region(s, start, len, buf);
    JNI_RETURN_VOID();
}

static const jchar *JNICALL jni_GetStringCritical(JNIEnv *env, jstring str, jboolean *is_copy) {
    return jni_GetStringChars(env, str, is_copy);
}

static void JNICALL jni_ReleaseStringCritical(JNIEnv *env, jstring str, const jchar *chars) {
    jni_ReleaseStringChars(env, str, chars);
}

void jni_fill_strings(struct JNINativeInterface_ *tb) {
    tb->NewString = jni_NewString;
    tb->GetStringLength = jni_GetStringLength;
    tb->GetStringChars = jni_GetStringChars;
    tb->ReleaseStringChars = jni_ReleaseStringChars;
    tb->NewStringUTF = jni_NewStringUTF;
    tb->GetStringUTFLength = jni_GetStringUTFLength;
    tb->GetStringUTFChars = jni_GetStringUTFChars;
    tb->ReleaseStringUTFChars = jni_ReleaseStringUTFChars;
    tb->GetStringRegion = jni_GetStringRegion;
    tb->GetStringUTFRegion = jni_GetStringUTFRegion;
    tb->GetStringCritical = jni_GetStringCritical;
    tb->ReleaseStringCritical = jni_ReleaseStringCritical;
}
