/*
 * test_ste_offsets.c — two threads building their first stack trace elements at once
 * both fill them completely.
 *
 *   test_ste_offsets CLASSDIR
 *
 * The VM looks up StackTraceElement's field offsets the first time it fills an element
 * (runtime/exception.c), and every later fill uses them without a lock.  They used to
 * be stored one by one with the first as the guard, so a second thread arriving during
 * the lookups saw the guard set and filled its elements at offset 0 for the fields not
 * yet looked up: the class and method names, the file and the line number went into the
 * element's mark word.  A line number ending in binary 11 reads there as a forwarding
 * address, and the next collection replaced the references to the element with it:
 * tool/jdbc_h2 (H2's server threads print their first stack traces together) crashed
 * on an invokevirtual of such an element.
 *
 * Here class_find_declared_field is wrapped (tests/tests.mk links the test with
 * --wrap): the first lookup of StackTraceElement.classLoaderName, the second of the
 * offsets, lets the other thread fill its elements before going on, which makes that
 * interleaving happen every time.  The waiting thread is in a safe state meanwhile, so
 * that collections (GC stress) can run.  Fails if an element of either thread misses
 * its class or method name or its line number, or if the interleaving was not staged
 * (some earlier fill looked the offsets up already), so that it cannot pass vacuously.
 * It boots a whole VM, so it is linked to stand in for libjvm.so (tests/tests.mk).
 */
#include "classfile/class.h"
#include "runtime/thread.h"
#include <jni.h>
#include "unit_vm.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define WAIT_SECONDS 60         /* for the other thread's fill: generous, it takes microseconds */

static JavaVM *vm;
static atomic_int armed = 1, staged;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static bool first_inside, second_done;

Field *__real_class_find_declared_field(const Class *c, const Symbol *name, const Symbol *desc);

/* Sets *flag and wakes the other thread. */
static void announce(bool *flag) {
    pthread_mutex_lock(&lock);
    *flag = true;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

/* Waits for *flag, WAIT_SECONDS at most; whether it came. */
static bool await(bool *flag) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += WAIT_SECONDS;
    pthread_mutex_lock(&lock);
    while (!*flag)
        if (pthread_cond_timedwait(&cond, &lock, &until) != 0) break;
    bool ok = *flag;
    pthread_mutex_unlock(&lock);
    return ok;
}

/* The VM's lookups: the first thread to look up classLoaderName stops there, in a safe
 * state, until the other thread has filled its elements. */
Field *__wrap_class_find_declared_field(const Class *c, const Symbol *name, const Symbol *desc) {
    if (atomic_load(&armed) && strcmp(name->str, "classLoaderName") == 0 && atomic_exchange(&armed, 0)) {
        Thread *t = thread_current();
        int old = thread_block_begin(t);
        announce(&first_inside);
        atomic_store(&staged, await(&second_done));
        thread_block_end(t, old);
    }
    return __real_class_find_declared_field(c, name, desc);
}

/* The current thread's stack trace (Thread.getStackTrace: its own frame), checked whole;
 * the number of elements with a missing part, or -1 if the call failed. */
static int check_trace(JNIEnv *env, const char *who) {
    jclass thr = (*env)->FindClass(env, "java/lang/Thread");
    jmethodID cur = (*env)->GetStaticMethodID(env, thr, "currentThread", "()Ljava/lang/Thread;");
    jmethodID get = (*env)->GetMethodID(env, thr, "getStackTrace", "()[Ljava/lang/StackTraceElement;");
    jobject self = (*env)->CallStaticObjectMethod(env, thr, cur);
    jobjectArray trace = self ? (*env)->CallObjectMethod(env, self, get) : NULL;
    if (!trace || (*env)->ExceptionCheck(env)) return -1;
    jclass ste = (*env)->FindClass(env, "java/lang/StackTraceElement");
    jmethodID cls = (*env)->GetMethodID(env, ste, "getClassName", "()Ljava/lang/String;");
    jmethodID meth = (*env)->GetMethodID(env, ste, "getMethodName", "()Ljava/lang/String;");
    jmethodID line = (*env)->GetMethodID(env, ste, "getLineNumber", "()I");
    jsize n = (*env)->GetArrayLength(env, trace);
    int bad = n == 0;
    for (jsize i = 0; i < n; i++) {
        jobject e = (*env)->GetObjectArrayElement(env, trace, i);
        jobject c = (*env)->CallObjectMethod(env, e, cls), m = (*env)->CallObjectMethod(env, e, meth);
        jint l = (*env)->CallIntMethod(env, e, line);
        bool ok = c && m && l > 0;
        if (!ok) printf("%s: element %d incomplete: class %s, method %s, line %d\n", who, (int)i, c ? "set" : "null",
                        m ? "set" : "null", (int)l);
        bad += !ok;
    }
    return (*env)->ExceptionCheck(env) ? -1 : bad;
}

static int first_bad = -1;

/* The first thread: its fill looks the offsets up (and stops in the middle). */
static void *first(void *arg) {
    (void)arg;
    JNIEnv *env;
    if ((*vm)->AttachCurrentThread(vm, (void **)&env, NULL) != JNI_OK) return NULL;
    first_bad = check_trace(env, "first thread");
    (*vm)->DetachCurrentThread(vm);
    announce(&first_inside);    /* in case it never stopped */
    return NULL;
}

int main(int argc, char **argv) {
    JNIEnv *env = unit_vm_start(argc, argv, "-Xmx64m", &vm);
    if (!env) return 2;
    pthread_t a;
    if (pthread_create(&a, NULL, first, NULL) != 0) return 2;
    /* the second thread (this one) waits in a safe state: the first may need a collection */
    int old = thread_block_begin(thread_current());
    bool inside = await(&first_inside);
    thread_block_end(thread_current(), old);
    int second_bad = inside ? check_trace(env, "second thread") : -1;
    announce(&second_done);
    old = thread_block_begin(thread_current());
    pthread_join(a, NULL);
    thread_block_end(thread_current(), old);
    bool was_staged = atomic_load(&staged);
    printf("interleaving staged: %s, incomplete elements: first thread %d, second thread %d\n",
           was_staged ? "yes" : "no", first_bad, second_bad);
    bool ok = was_staged && first_bad == 0 && second_bad == 0;
    if (!ok) printf("test_ste_offsets: FAILED\n");
    return ok ? 0 : 1;
}
