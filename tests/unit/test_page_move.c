/*
 * test_page_move.c — the semispace collector moves the pages of large survivors without
 * ever leaving a hole in the address space.
 *
 *   test_page_move CLASSDIR
 *
 * The collector moves the whole pages of an object of 1 MB or more into to-space with
 * mremap (heap/semispace.c).  Between moving the pages out and mapping fresh ones in
 * their place, from-space must never be unmapped, not even for an instant: other
 * threads keep running during a collection (a thread being started maps its Java stack
 * while in a safe state), and the kernel hands such a hole to the next mmap.  That is
 * how java/LargeSurvivors once crashed: the Common-Cleaner thread, started just before a
 * collection, got its stack inside from-space, the collector mapped zero pages over it
 * (MAP_FIXED), and the next collection copied objects onto the thread's frames.
 *
 * Here mremap is interposed (the test links libloupe.a, so the VM's calls come here):
 * after each move the wrapper does what that other thread did, at the same moment,
 * deterministically: it asks for the source range with MAP_FIXED_NOREPLACE, which only
 * succeeds if the range is free.  The VM boots with a small heap, large byte arrays at
 * many offsets within a page survive several collections, and their contents are
 * checked.  Fails if any move left a hole, if a content changed, or (under the semispace
 * collector, on a kernel that can) if no page was moved at all, so that the check cannot
 * pass vacuously.
 * It boots a whole VM, so it is linked to stand in for libjvm.so (tests/tests.mk).
 */
#include <jni.h>
#include "unit_vm.h"
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARRAYS 12

static atomic_int moves, holes;

/* The VM's mremap: the real one, then a probe of the source range as another thread's
 * mmap would see it. */
void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    void *want = (flags & MREMAP_FIXED) ? va_arg(ap, void *) : NULL;
    va_end(ap);
    void *r = (void *)syscall(SYS_mremap, old, old_len, new_len, flags, want);
    if (r == MAP_FAILED || r == old) return r;
    atomic_fetch_add(&moves, 1);
    void *p = mmap(old, old_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == old) atomic_fetch_add(&holes, 1);
    if (p != MAP_FAILED) munmap(p, old_len);
    return r;
}

static JNIEnv *env;

static jbyte pattern(int k, jsize i) { return (jbyte)(i * 31 + k * 7 + (i >> 12)); }

/* A byte array of 1 MB and more, at an offset in its page that varies with k. */
static jbyteArray large(int k) {
    jbyteArray junk = (*env)->NewByteArray(env, 8 + 40 * k);     /* shifts the offset */
    (*env)->DeleteLocalRef(env, junk);
    jsize n = (1 << 20) + k * 4096 * 13 + k * 8;
    jbyteArray a = (*env)->NewByteArray(env, n);
    if (!a) return NULL;
    jbyte *b = malloc((size_t)n);
    for (jsize i = 0; i < n; i++) b[i] = pattern(k, i);
    (*env)->SetByteArrayRegion(env, a, 0, n, b);
    free(b);
    jbyteArray g = (*env)->NewGlobalRef(env, a);
    (*env)->DeleteLocalRef(env, a);
    return g;
}

static bool same(jbyteArray a, int k) {
    jsize n = (*env)->GetArrayLength(env, a);
    jbyte *b = malloc((size_t)n);
    (*env)->GetByteArrayRegion(env, a, 0, n, b);
    bool ok = true;
    for (jsize i = 0; i < n && ok; i++) ok = b[i] == pattern(k, i);
    free(b);
    return ok;
}

static bool collect(void) {
    jclass sys = (*env)->FindClass(env, "java/lang/System");
    jmethodID gc = (*env)->GetStaticMethodID(env, sys, "gc", "()V");
    (*env)->CallStaticVoidMethod(env, sys, gc);
    (*env)->DeleteLocalRef(env, sys);
    return !(*env)->ExceptionCheck(env);
}

/* Another collector than semispace (make test GC=...): nothing is moved by page. */
static bool semispace(void) {
    const char *o = getenv("LOUPE_OPTIONS");
    const char *g = o ? strstr(o, "LoupeGC=") : NULL;
    return !g || strncmp(g + 8, "semispace", 9) == 0;
}

/* Whether this kernel moves pages as the collector asks (MREMAP_DONTUNMAP, Linux 5.7):
 * where it does not, every large object is copied and nothing is moved by page. */
static bool kernel_moves_pages(void) {
    char *a = mmap(NULL, 8 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (a == MAP_FAILED) return false;
    a[0] = 1;
    void *r = (void *)syscall(SYS_mremap, a, 4096, 4096, MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, a + 4 * 4096);
    munmap(a, 8 * 4096);
    return r != MAP_FAILED;
}

int main(int argc, char **argv) {
    JavaVM *vm;
    if (!(env = unit_vm_start(argc, argv, "-Xmx96m", &vm))) return 2;
    jbyteArray keep[ARRAYS];
    for (int k = 0; k < ARRAYS; k++)
        if (!(keep[k] = large(k))) return 2;
    int bad = 0;
    for (int round = 0; round < 4; round++) {
        if (!collect()) return 2;
        for (int k = 0; k < ARRAYS; k++) bad += !same(keep[k], k);
    }
    int m = atomic_load(&moves), h = atomic_load(&holes);
    printf("pages moved %s, holes left in the address space: %d, arrays changed: %d\n",
           m > 0 ? "yes" : "no", h, bad);
    bool ok = h == 0 && bad == 0 && (m > 0 || !semispace() || !kernel_moves_pages());
    if (!ok) printf("test_page_move: FAILED\n");
    return ok ? 0 : 1;
}
