/*
 * jvm_thread.c — the JVM_* functions behind java.lang.Thread, java.lang.ref.Reference and
 * the access-control stack queries.
 *
 * Reference processing: until the collector discovers references (a later step), the
 * pending list is always empty, so the Reference Handler thread blocks for good in
 * JVM_WaitForReferencePendingList — a real wait on a condition, never a spin.
 */
#include "native/jni_internal.h"
#include "native/natives.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "runtime/jthread.h"
#include "runtime/monitor.h"
#include "runtime/vm.h"
#include <sched.h>

JNIEXPORT void JNICALL JVM_StartThread(JNIEnv *env, jobject jthread) {
    JNI_ENTER(env);
    Object **h = hnd_new(t, hnd_get(jthread));
    jthread_start(t, h);
    JNI_RETURN_VOID();
}

JNIEXPORT jobject JNICALL JVM_CurrentThread(JNIEnv *env, jclass cls) {
    UNUSED(cls);
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, t->jthread));
}

static bool current_thread_fast(Thread *t, Slot *args, Slot *ret) {
    UNUSED(args);
    ret->l = t->jthread;
    return true;
}

JNIEXPORT void JNICALL JVM_SetThreadPriority(JNIEnv *env, jobject thread, jint prio) {
    UNUSED(env);
    UNUSED(thread);
    UNUSED(prio);
}

JNIEXPORT void JNICALL JVM_Yield(JNIEnv *env, jclass cls) {
    UNUSED(env);
    UNUSED(cls);
    sched_yield();
}

JNIEXPORT void JNICALL JVM_Sleep(JNIEnv *env, jclass cls, jlong millis) {
    UNUSED(cls);
    JNI_ENTER(env);
    jthread_sleep(t, millis);
    JNI_RETURN_VOID();
}

static bool sleep_fast(Thread *t, Slot *args, Slot *ret) {
    UNUSED(ret);
    return jthread_sleep(t, args[0].j);
}

JNIEXPORT void JNICALL JVM_Interrupt(JNIEnv *env, jobject thread) {
    JNI_ENTER(env);
    jthread_interrupt(t, hnd_get(thread));
    JNI_RETURN_VOID();
}

JNIEXPORT jboolean JNICALL JVM_HoldsLock(JNIEnv *env, jclass cls, jobject obj) {
    UNUSED(cls);
    JNI_ENTER(env);
    Object *o = hnd_get(obj);
    if (!o) {
        exc_npe(t);
        JNI_RETURN(JNI_FALSE);
    }
    JNI_RETURN(mon_holds(t, o));
}

JNIEXPORT void JNICALL JVM_SetNativeThreadName(JNIEnv *env, jobject jthread, jstring name) {
    JNI_ENTER(env);
    Thread *target = thread_from_jthread(hnd_get(jthread));
    /* only a thread may name itself (HotSpot's rule on Linux) */
    if (target == t && name) {
        extern char *jstr_to_utf8(Object *s);
        char *u = jstr_to_utf8(hnd_get(name));
        char buf[16];
        snprintf(buf, sizeof buf, "%s", u);
        pthread_setname_np(pthread_self(), buf);
        vm_free(u);
    }
    JNI_RETURN_VOID();
}

JNIEXPORT jobject JNICALL JVM_GetStackAccessControlContext(JNIEnv *env, jclass cls) {
    UNUSED(env);
    UNUSED(cls);
    return NULL;
}

JNIEXPORT jobject JNICALL JVM_GetInheritedAccessControlContext(JNIEnv *env, jclass cls) {
    UNUSED(cls);
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, OBJ_FIELD(t->jthread, jthread_inherited_acc_off, Object *)));
}

/* ---- references ---- */

static uint32_t referent_off;
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pending_cond = PTHREAD_COND_INITIALIZER;
Object *ref_pending_list;

static uint32_t referent(void) {
    if (!referent_off) {
        Field *f = class_find_declared_field(VMC(Reference), sym_intern_cstr("referent"), sym_intern_cstr("Ljava/lang/Object;"));
        if (!f) vm_fatal("Reference.referent missing");
        referent_off = f->offset;
    }
    return referent_off;
}

JNIEXPORT void JNICALL JVM_WaitForReferencePendingList(JNIEnv *env) {
    JNI_ENTER(env);
    int old = thread_block_begin(t);
    pthread_mutex_lock(&pending_lock);
    while (!ref_pending_list) pthread_cond_wait(&pending_cond, &pending_lock);
    pthread_mutex_unlock(&pending_lock);
    thread_block_end(t, old);
    JNI_RETURN_VOID();
}

/* Called by a collector after it has put references on the pending list. */
void ref_pending_signal(void) {
    pthread_mutex_lock(&pending_lock);
    pthread_cond_broadcast(&pending_cond);
    pthread_mutex_unlock(&pending_lock);
}

JNIEXPORT jboolean JNICALL JVM_HasReferencePendingList(JNIEnv *env) {
    UNUSED(env);
    return ref_pending_list != NULL;
}

JNIEXPORT jobject JNICALL JVM_GetAndClearReferencePendingList(JNIEnv *env) {
    JNI_ENTER(env);
    pthread_mutex_lock(&pending_lock);
    Object *l = ref_pending_list;
    ref_pending_list = NULL;
    pthread_mutex_unlock(&pending_lock);
    JNI_RETURN(hnd_local(t, l));
}

JNIEXPORT jboolean JNICALL JVM_ReferenceRefersTo(JNIEnv *env, jobject ref, jobject o) {
    JNI_ENTER(env);
    JNI_RETURN(OBJ_FIELD(hnd_get(ref), referent(), Object *) == hnd_get(o));
}

JNIEXPORT jboolean JNICALL JVM_PhantomReferenceRefersTo(JNIEnv *env, jobject ref, jobject o) {
    return JVM_ReferenceRefersTo(env, ref, o);
}

JNIEXPORT void JNICALL JVM_ReferenceClear(JNIEnv *env, jobject ref) {
    JNI_ENTER(env);
    OBJ_FIELD(hnd_get(ref), referent(), Object *) = NULL;
    JNI_RETURN_VOID();
}

static bool refers_to_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(t);
    ret->i = OBJ_FIELD(a[0].l, referent(), Object *) == a[1].l;
    return true;
}

const VMNative vm_natives_thread[] = {
    { "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", (void *)JVM_CurrentThread, current_thread_fast },
    { "java/lang/Thread", "sleep", "(J)V", (void *)JVM_Sleep, sleep_fast },
    { "java/lang/ref/Reference", "refersTo0", "(Ljava/lang/Object;)Z", NULL, refers_to_fast },
    { "java/lang/ref/PhantomReference", "refersTo0", "(Ljava/lang/Object;)Z", NULL, refers_to_fast },
    { NULL, NULL, NULL, NULL, NULL },
};
