/*
 * jvm_library.c — native libraries (System.loadLibrary through NativeLibraries), raw
 * monitors for libzip, path canonicalisation, and the jio_* printf family.
 */
#include "native/jni_internal.h"
#include "runtime/vm.h"
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

JNIEXPORT void *JNICALL JVM_LoadLibrary(const char *name, jboolean throw_exception) {
    void *h = dlopen(name, RTLD_LAZY);
    if (!h && throw_exception) {
        Thread *t = thread_current();
        int old = thread_enter_vm(t);
        exc_throw(t, VMC_UnsatisfiedLinkError, "%s: %s", name, dlerror());
        thread_leave_vm(t, old);
    }
    return h;
}

JNIEXPORT void JNICALL JVM_UnloadLibrary(void *handle) { dlclose(handle); }

JNIEXPORT void *JNICALL JVM_FindLibraryEntry(void *handle, const char *name) { return dlsym(handle, name); }

JNIEXPORT jboolean JNICALL JVM_IsSupportedJNIVersion(jint v) {
    return v == JNI_VERSION_1_1 || v == JNI_VERSION_1_2 || v == JNI_VERSION_1_4 || v == JNI_VERSION_1_6 ||
           v == JNI_VERSION_1_8 || v == JNI_VERSION_9 || v == JNI_VERSION_10;
}

JNIEXPORT char *JNICALL JVM_NativePath(char *path) { return path; }

/* ---- raw monitors (libzip's cache lock) ---- */

JNIEXPORT void *JNICALL JVM_RawMonitorCreate(void) {
    pthread_mutex_t *m = vm_malloc(sizeof *m);
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(m, &a);
    pthread_mutexattr_destroy(&a);
    return m;
}

JNIEXPORT void JNICALL JVM_RawMonitorDestroy(void *mon) {
    pthread_mutex_destroy(mon);
    vm_free(mon);
}

JNIEXPORT jint JNICALL JVM_RawMonitorEnter(void *mon) { return pthread_mutex_lock(mon) == 0 ? 0 : -1; }
JNIEXPORT void JNICALL JVM_RawMonitorExit(void *mon) { pthread_mutex_unlock(mon); }

/* ---- jio_*: printf wrappers with HotSpot's truncation contract ---- */

JNIEXPORT int jio_vsnprintf(char *str, size_t count, const char *fmt, va_list args) {
    if ((intptr_t)count <= 0) return -1;
    int r = vsnprintf(str, count, fmt, args);
    if (r < 0 || (size_t)r >= count) {
        str[count - 1] = '\0';
        return -1;
    }
    return r;
}

JNIEXPORT int jio_snprintf(char *str, size_t count, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = jio_vsnprintf(str, count, fmt, ap);
    va_end(ap);
    return r;
}

JNIEXPORT int jio_vfprintf(FILE *f, const char *fmt, va_list args) {
    if (vm_opts.vfprintf_hook) return vm_opts.vfprintf_hook(f, fmt, args);
    return vfprintf(f, fmt, args);
}

JNIEXPORT int jio_fprintf(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = jio_vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

JNIEXPORT int jio_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = jio_vfprintf(stdout, fmt, ap);
    va_end(ap);
    return r;
}
