/*
 * embed_util.h — what several embedding tests share (included by the test's own .c, which
 * is compiled alone against each VM's libjvm.so).
 */
#ifndef EMBED_UTIL_H
#define EMBED_UTIL_H

#include <jni.h>
#include <stdio.h>

/* Prints and clears the pending exception of env as "what: Class: message", or says
 * there is none. */
static void embed_print_pending(JNIEnv *env, const char *what)
{
    jthrowable e = (*env)->ExceptionOccurred(env);
    if (!e) {
        printf("%s: no exception\n", what);
        return;
    }
    (*env)->ExceptionClear(env);
    jclass c = (*env)->GetObjectClass(env, e);
    jclass cc = (*env)->GetObjectClass(env, c);
    jmethodID get_name = (*env)->GetMethodID(env, cc, "getName", "()Ljava/lang/String;");
    jstring name = (*env)->CallObjectMethod(env, c, get_name);
    jmethodID get_msg = (*env)->GetMethodID(env, c, "getMessage", "()Ljava/lang/String;");
    jstring msg = (*env)->CallObjectMethod(env, e, get_msg);
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    const char *m = msg ? (*env)->GetStringUTFChars(env, msg, NULL) : NULL;
    printf("%s: %s: %s\n", what, n, m ? m : "(null)");
    (*env)->ReleaseStringUTFChars(env, name, n);
    if (m) (*env)->ReleaseStringUTFChars(env, msg, m);
}

#endif
