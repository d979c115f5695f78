/*
 * vm_natives_misc.c — natives HotSpot provides itself for classes whose registerNatives
 * has no library behind it (ScopedMemoryAccess, Perf; MethodHandleNatives is in mhn.c).  Loupe binds
 * their natives by name (natives.c), so their registerNatives has nothing to do.
 */
#include "native/natives.h"

#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Perf: the JDK's instrumentation counters (sun.misc.PerfCounter, used by the class loaders
 * and the jar launcher).  Loupe keeps no shared perf-data file, so every counter is a private
 * block of C memory wrapped in a direct ByteBuffer; the blocks live as long as the VM. */
static jobject perf_block(JNIEnv *env, const void *init, jint len) {
    void *mem = calloc(1, len > 0 ? (size_t)len : 1);
    if (!mem) {
        jclass oom = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
        if (oom) (*env)->ThrowNew(env, oom, "perf counter");
        return NULL;
    }
    if (init) memcpy(mem, init, (size_t)len);
    return (*env)->NewDirectByteBuffer(env, mem, len);
}

static jobject JNICALL perf_createLong(JNIEnv *env, jobject self, jstring name, jint variability,
                                       jint units, jlong value) {
    (void)self; (void)name; (void)variability; (void)units;
    return perf_block(env, &value, (jint)sizeof value);
}

static jobject JNICALL perf_createByteArray(JNIEnv *env, jobject self, jstring name, jint variability,
                                            jint units, jbyteArray value, jint max_length) {
    (void)self; (void)name; (void)variability; (void)units;
    if (!value) {
        jclass npe = (*env)->FindClass(env, "java/lang/NullPointerException");
        if (npe) (*env)->ThrowNew(env, npe, NULL);
        return NULL;
    }
    jint len = (*env)->GetArrayLength(env, value);
    if (max_length < len) max_length = len;
    jobject buf = perf_block(env, NULL, max_length);
    if (buf) (*env)->GetByteArrayRegion(env, value, 0, len, (*env)->GetDirectBufferAddress(env, buf));
    return buf;
}

static jobject JNICALL perf_attach(JNIEnv *env, jobject self, jstring user, jint lvmid, jint mode) {
    (void)self; (void)user; (void)lvmid; (void)mode;
    jclass ioe = (*env)->FindClass(env, "java/io/IOException");
    if (ioe) (*env)->ThrowNew(env, ioe, "Loupe does not export perf data");
    return NULL;
}

static void JNICALL perf_detach(JNIEnv *env, jobject self, jobject bb) {
    (void)env; (void)self; (void)bb;
}

static jlong JNICALL perf_highResCounter(JNIEnv *env, jobject self) {
    (void)env; (void)self;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (jlong)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static jlong JNICALL perf_highResFrequency(JNIEnv *env, jobject self) {
    (void)env; (void)self;
    return 1000000000;
}

static bool nop(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    UNUSED(r);
    return true;
}

const VMNative vm_natives_misc[] = {
    { "jdk/internal/misc/ScopedMemoryAccess", "registerNatives", "()V", NULL, nop },
    { "jdk/internal/perf/Perf", "registerNatives", "()V", NULL, nop },
#define PERF "jdk/internal/perf/Perf"
    { PERF, "createLong", "(Ljava/lang/String;IIJ)Ljava/nio/ByteBuffer;", (void *)perf_createLong, NULL },
    { PERF, "createByteArray", "(Ljava/lang/String;II[BI)Ljava/nio/ByteBuffer;", (void *)perf_createByteArray, NULL },
    { PERF, "attach", "(Ljava/lang/String;II)Ljava/nio/ByteBuffer;", (void *)perf_attach, NULL },
    { PERF, "detach", "(Ljava/nio/ByteBuffer;)V", (void *)perf_detach, NULL },
    { PERF, "highResCounter", "()J", (void *)perf_highResCounter, NULL },
    { PERF, "highResFrequency", "()J", (void *)perf_highResFrequency, NULL },
#undef PERF
    { NULL, NULL, NULL, NULL, NULL },
};
