/*
 * vm_natives_misc.c — natives HotSpot provides itself for classes whose registerNatives
 * has no library behind it (ScopedMemoryAccess, Perf; MethodHandleNatives is in mhn.c).  Loupe binds
 * their natives by name (natives.c), so their registerNatives has nothing to do.
 */
#include "native/natives.h"

#include "runtime/perfdata.h"
#include <fcntl.h>
#include <jni.h>
#include <pwd.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Perf: the JDK's instrumentation counters (sun.misc.PerfCounter, used by the class loaders
 * and the jar launcher; jdk.internal.jvmstat reading other VMs').  A counter lives in the
 * perf-data region (runtime/perfdata.c) under its name, or, when there is none or it is
 * full, in a private block of C memory; either way a direct ByteBuffer wraps it and it
 * lives as long as the VM. */
static char *utf_name(JNIEnv *env, jstring name, char *buf, size_t n) {
    buf[0] = 0;
    if (!name) return buf;
    const char *u = (*env)->GetStringUTFChars(env, name, NULL);
    if (!u) return buf;
    snprintf(buf, n, "%s", u);
    (*env)->ReleaseStringUTFChars(env, name, u);
    return buf;
}

static void throw(JNIEnv *env, const char *cls, const char *msg) {
    jclass c = (*env)->FindClass(env, cls);
    if (c) (*env)->ThrowNew(env, c, msg);
}

static jobject perf_block(JNIEnv *env, jstring name, char type, jint units, jint variability, const void *init,
                          jint len) {
    char n[256];
    void *mem = perf_add(utf_name(env, name, n, sizeof n), type, units, variability, init, len, type == 'J' ? 0 : len);
    if (mem) return (*env)->NewDirectByteBuffer(env, mem, len);
    mem = calloc(1, len > 0 ? (size_t)len : 1);
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
    (void)self;
    return perf_block(env, name, 'J', units, variability, &value, (jint)sizeof value);
}

static jobject JNICALL perf_createByteArray(JNIEnv *env, jobject self, jstring name, jint variability,
                                            jint units, jbyteArray value, jint max_length) {
    (void)self;
    if (!value) {
        jclass npe = (*env)->FindClass(env, "java/lang/NullPointerException");
        if (npe) (*env)->ThrowNew(env, npe, NULL);
        return NULL;
    }
    jint len = (*env)->GetArrayLength(env, value);
    if (max_length < len) max_length = len;
    jbyte *init = calloc(1, max_length > 0 ? (size_t)max_length : 1);
    if (!init) {
        throw(env, "java/lang/OutOfMemoryError", "perf counter");
        return NULL;
    }
    (*env)->GetByteArrayRegion(env, value, 0, len, init);
    jobject buf = perf_block(env, name, 'B', units, variability, init, max_length);
    free(init);
    return buf;
}

/* Another VM's perf data, mapped read-only from /tmp/hsperfdata_<user>/<pid> (or this
 * VM's own region).  Only the read-only mode exists, as in HotSpot. */
static jobject JNICALL perf_attach(JNIEnv *env, jobject self, jstring user, jint lvmid, jint mode) {
    (void)self;
    if (mode != 0) {
        throw(env, "java/lang/IllegalArgumentException", "Unsupported access mode");
        return NULL;
    }
    if (lvmid == 0 || lvmid == (jint)getpid()) {
        size_t size;
        void *own = perf_region(&size);
        if (!own) {
            throw(env, "java/io/IOException", "No perf data in this VM");
            return NULL;
        }
        return (*env)->NewDirectByteBuffer(env, own, (jlong)size);
    }
    char u[256], path[512];
    utf_name(env, user, u, sizeof u);
    if (!u[0]) {
        struct passwd *pw = getpwuid(geteuid());
        snprintf(u, sizeof u, "%s", pw ? pw->pw_name : "");
    }
    snprintf(path, sizeof path, "/tmp/hsperfdata_%s/%d", u, (int)lvmid);
    int fd = open(path, O_RDONLY | O_NOFOLLOW);
    struct stat st;
    void *m = MAP_FAILED;
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0)
        m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    int err = errno;
    if (fd >= 0) close(fd);
    if (m == MAP_FAILED) {
        throw(env, "java/io/IOException", strerror(fd < 0 || m == MAP_FAILED ? err : EINVAL));
        return NULL;
    }
    return (*env)->NewDirectByteBuffer(env, m, (jlong)st.st_size);
}

static void JNICALL perf_detach(JNIEnv *env, jobject self, jobject bb) {
    (void)self;
    if (!bb) return;
    void *addr = (*env)->GetDirectBufferAddress(env, bb);
    jlong size = (*env)->GetDirectBufferCapacity(env, bb);
    size_t own_size;
    if (!addr || size <= 0 || addr == perf_region(&own_size)) return;
    munmap(addr, (size_t)size);
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
