/*
 * jvm_stack.c — stack traces: Throwable.fillInStackTrace and StackTraceElement filling
 * (the work is in runtime/exception.c).  The helpful NullPointerException message is in
 * jvm_npe.c.
 */
#include "native/jni_internal.h"
#include "runtime/vm.h"

JNIEXPORT void JNICALL JVM_FillInStackTrace(JNIEnv *env, jobject throwable) {
    JNI_ENTER(env);
    Object **h = hnd_new(t, hnd_get(throwable));
    exc_fill_backtrace(t, h);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_InitStackTraceElementArray(JNIEnv *env, jobjectArray elements, jobject throwable) {
    JNI_ENTER(env);
    Object **e = hnd_new(t, hnd_get(elements));
    Object **th = hnd_new(t, hnd_get(throwable));
    if (!*e || !*th) exc_npe(t);
    else exc_fill_elements(t, e, th);
    JNI_RETURN_VOID();
}
