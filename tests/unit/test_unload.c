/*
 * test_unload.c — what the VM's own memory (malloc) keeps of a class loader once the
 * loader and its classes are unloaded: nothing that grows with the number of loaders.
 *
 *   test_unload CLASSDIR
 *
 * It boots a VM with CLASSDIR on the boot class path and a small heap, lets
 * tests/java/LoaderChurn.java define and drop classes through fresh loaders (a first
 * round, a tenth of the second, so that every table the run needs has grown), then counts the bytes malloc has
 * handed out (mallinfo2's uordblks, this thread's arena: the loaders are made and the
 * collections run here) before and after a second round of many more loaders, each
 * followed by collections.  More than a few bytes per loader is a leak: a dead loader's
 * LoaderData, its unnamed module's entry, its packages or dictionary.  Under a sanitizer
 * malloc is the sanitizer's and mallinfo2 sees none of it: the check then measures 0.
 * It boots a whole VM, so it is linked to stand in for libjvm.so (tests/tests.mk).
 */
#include <jni.h>
#include "unit_vm.h"
#include <malloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BYTES_PER_LOADER 16

/* Sanitizers and GC stress make each loader slow: fewer of them (the check still runs). */
static int round_size(void) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return 2000;
#else
    const char *o = getenv("LOUPE_OPTIONS");
    return o && strstr(o, "GCStress") ? 3000 : 30000;
#endif
}

static JNIEnv *env;

static bool churn(jclass k, jmethodID m, int n) {
    (*env)->CallStaticIntMethod(env, k, m, n);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        return false;
    }
    jclass sys = (*env)->FindClass(env, "java/lang/System");
    jmethodID gc = (*env)->GetStaticMethodID(env, sys, "gc", "()V");
    for (int i = 0; i < 3; i++) (*env)->CallStaticVoidMethod(env, sys, gc);
    (*env)->DeleteLocalRef(env, sys);
    return true;
}

int main(int argc, char **argv) {
    JavaVM *vm;
    if (!(env = unit_vm_start(argc, argv, "-Xmx64m", &vm))) return 2;
    jclass k = (*env)->FindClass(env, "LoaderChurn");
    jmethodID m = k ? (*env)->GetStaticMethodID(env, k, "churn", "(I)I") : NULL;
    int n = round_size();
    if (!m || !churn(k, m, n / 10)) return 2;
    size_t before = mallinfo2().uordblks;
    if (!churn(k, m, n)) return 2;
    size_t after = mallinfo2().uordblks;
    long per = after > before ? (long)((after - before) / (size_t)n) : 0;
    printf("malloc'd memory kept per unloaded loader: %ld bytes\n", per);
    if (per > MAX_BYTES_PER_LOADER) {
        printf("test_unload: FAILED: more than %d bytes per loader\n", MAX_BYTES_PER_LOADER);
        return 1;
    }
    return 0;
}
