/*
 * jvm_thread.c — the JVM_* functions behind java.lang.Thread, java.lang.ref.Reference and
 * the access-control stack queries.
 *
 * Reference processing: the collector fills the pending list (heap/refproc.c); the
 * Reference Handler thread waits for it in JVM_WaitForReferencePendingList, a real wait on
 * a condition in a safe state, and takes it with JVM_GetAndClearReferencePendingList.
 */
#include "native/jni_internal.h"
#include "native/natives.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "heap/refproc.h"
#include "runtime/jthread.h"
#include "classfile/loader.h"
#include "interp/frame.h"
#include "runtime/monitor.h"
#include "runtime/suspend.h"
#include "runtime/threaddump.h"
#include "runtime/security.h"
#include "jvmti/jvmti_export.h"
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

/* ---- Thread.suspend, resume and stop (runtime/suspend.c) ---- */

JNIEXPORT void JNICALL JVM_SuspendThread(JNIEnv *env, jobject thread) {
    JNI_ENTER(env);
    Thread *target = thread_from_jthread(hnd_get(thread));
    if (target) susp_suspend(t, target);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_ResumeThread(JNIEnv *env, jobject thread) {
    JNI_ENTER(env);
    Thread *target = thread_from_jthread(hnd_get(thread));
    if (target) susp_resume(t, target);
    JNI_RETURN_VOID();
}

/* On itself a thread throws at once; on another, the throwable waits for the target's
 * next suspend point; a thread not started yet is marked so that it never runs (and one
 * that has ended is left alone), as HotSpot does. */
JNIEXPORT void JNICALL JVM_StopThread(JNIEnv *env, jobject thread, jobject throwable) {
    JNI_ENTER(env);
    Object *exc = hnd_get(throwable);
    if (!exc) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    Object *jt = hnd_get(thread);
    Thread *target = thread_from_jthread(jt);
    static uint32_t stillborn_off;
    if (target == t) exc_set(t, exc);
    else if (!target || !susp_stop(t, target, exc))
        OBJ_FIELD(jt, class_field_offset_cached(&stillborn_off, VMC(Thread), "stillborn", "Z"), jboolean) = JNI_TRUE;
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
    UNUSED(cls);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    JNI_RETURN(hnd_local(t, sec_stack_context(t)));
}

JNIEXPORT jobject JNICALL JVM_GetInheritedAccessControlContext(JNIEnv *env, jclass cls) {
    UNUSED(cls);
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, OBJ_FIELD(t->jthread, jthread_inherited_acc_off, Object *)));
}

/* ---- references (the pending list lives in heap/refproc.c) ---- */

JNIEXPORT void JNICALL JVM_WaitForReferencePendingList(JNIEnv *env) {
    JNI_ENTER(env);
    refs_wait_pending(t);
    JNI_RETURN_VOID();
}

JNIEXPORT jboolean JNICALL JVM_HasReferencePendingList(JNIEnv *env) {
    UNUSED(env);
    return refs_has_pending();
}

JNIEXPORT jobject JNICALL JVM_GetAndClearReferencePendingList(JNIEnv *env) {
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, refs_take_pending(t)));
}

JNIEXPORT jboolean JNICALL JVM_ReferenceRefersTo(JNIEnv *env, jobject ref, jobject o) {
    JNI_ENTER(env);
    JNI_RETURN(OBJ_FIELD(hnd_get(ref), refs_referent_off, Object *) == hnd_get(o));
}

JNIEXPORT jboolean JNICALL JVM_PhantomReferenceRefersTo(JNIEnv *env, jobject ref, jobject o) {
    return JVM_ReferenceRefersTo(env, ref, o);
}

JNIEXPORT void JNICALL JVM_ReferenceClear(JNIEnv *env, jobject ref) {
    JNI_ENTER(env);
    Object *r = hnd_get(ref);
    HEAP_SET_FIELD(r, refs_referent_off, NULL);
    JNI_RETURN_VOID();
}

static bool refers_to_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(t);
    ret->i = OBJ_FIELD(a[0].l, refs_referent_off, Object *) == a[1].l;
    return true;
}

static bool clear_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(t);
    UNUSED(ret);
    HEAP_SET_FIELD(a[0].l, refs_referent_off, NULL);
    return true;
}

const VMNative vm_natives_thread[] = {
    { "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", (void *)JVM_CurrentThread, current_thread_fast },
    { "java/lang/Thread", "sleep", "(J)V", (void *)JVM_Sleep, sleep_fast },
    { "java/lang/ref/Reference", "refersTo0", "(Ljava/lang/Object;)Z", NULL, refers_to_fast },
    { "java/lang/ref/PhantomReference", "refersTo0", "(Ljava/lang/Object;)Z", NULL, refers_to_fast },
    { "java/lang/ref/Reference", "clear0", "()V", (void *)JVM_ReferenceClear, clear_fast },
    { NULL, NULL, NULL, NULL, NULL },
};

/* ---- all threads and their stacks ---- */

/* Every live thread but those hidden from external view and JVMTI's agent threads, as
 * HotSpot lists them (Thread.getAllStackTraces). */
JNIEXPORT jobjectArray JNICALL JVM_GetAllThreads(JNIEnv *env, jclass dummy) {
    UNUSED(dummy);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *ac = ld_array_of(t, VMC(Thread));
    if (!ac) JNI_RETURN(NULL);
    HandleMark hm = hnd_mark(t);
    /* snapshot under the list lock into handles, then build the array */
    int old = thread_block_begin(t);
    pthread_mutex_lock(&thread_list_lock);
    int n = 0;
    for (Thread *p = thread_list; p; p = p->next) n++;
    Thread **ts = vm_malloc((size_t)(n ? n : 1) * sizeof(Thread *));
    n = 0;
    for (Thread *p = thread_list; p; p = p->next)
        if (thread_shown_to_java(p) && thread_state(p) != TS_TERMINATED) ts[n++] = p;
    thread_block_end(t, old);
    Object ***hs = vm_malloc((size_t)(n ? n : 1) * sizeof(Object **));
    int k = 0;
    for (int i = 0; i < n; i++) {
        /* a thread being started gets its java.lang.Thread just after joining the list */
        Object *jt = __atomic_load_n(&ts[i]->jthread, __ATOMIC_ACQUIRE);
        if (jt && thread_from_jthread(jt)) hs[k++] = hnd_new(t, jt);
    }
    pthread_mutex_unlock(&thread_list_lock);
    Object *arr = heap_alloc_array(t, ac, k);
    for (int i = 0; arr && i < k; i++) heap_store_ref(arr, &ARRAY_ELEMS(arr, Object *)[i], *hs[i]);
    vm_free(ts);
    vm_free(hs);
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, arr));
}

typedef struct FrameSnap {
    Method **methods;
    int *bcis;
    int n;
} FrameSnap;

static void snapshot(Thread *target, FrameSnap *s) {
    int n = 0;
    for (Frame *f = target->top; f; f = f->prev) n++;
    s->methods = vm_malloc((size_t)(n ? n : 1) * sizeof(Method *));
    s->bcis = vm_malloc((size_t)(n ? n : 1) * sizeof(int));
    s->n = 0;
    for (Frame *f = target->top; f; f = f->prev) {
        /* another thread's stack shows hidden frames (lambda proxies, lambda forms), as on
         * HotSpot; only the VM's method-handle intrinsics, which have no frames there, go */
        if (f->method->flags & MF_INTRINSIC) continue;
        s->methods[s->n] = f->method;
        s->bcis[s->n++] = frame_bci(f);
    }
}

JNIEXPORT jobjectArray JNICALL JVM_DumpThreads(JNIEnv *env, jclass cls, jobjectArray threads) {
    UNUSED(cls);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Object *ta = hnd_get(threads);
    if (!ta) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    jint n = array_length(ta);
    FrameSnap *snaps = vm_calloc((size_t)(n ? n : 1), sizeof(FrameSnap));
    safepoint_begin(t);
    for (jint i = 0; i < n; i++) {
        Thread *target = thread_from_jthread(ARRAY_ELEMS(hnd_get(threads), Object *)[i]);
        bool live = false;
        for (Thread *p = thread_list; p && target; p = p->next)
            if (p == target) live = true;
        if (live) snapshot(target, &snaps[i]);
        else snaps[i].n = -1;
    }
    safepoint_end(t);
    Class *ste = vmc_get(t, VMC_StackTraceElement);
    Class *ste_arr = ste ? ld_array_of(t, ste) : NULL;
    Class *outer = ste_arr ? ld_array_of(t, ste_arr) : NULL;
    HandleMark hm = hnd_mark(t);
    Object **result = hnd_new(t, outer ? heap_alloc_array(t, outer, n) : NULL);
    for (jint i = 0; *result && i < n; i++) {
        if (snaps[i].n < 0) continue;
        Object **elems = hnd_new(t, heap_alloc_array(t, ste_arr, snaps[i].n));
        if (!*elems || !class_init(t, ste)) {
            *result = NULL;
            break;
        }
        for (int k = 0; k < snaps[i].n; k++) {
            Object **e = hnd_new(t, heap_alloc_object(t, ste));
            if (!*e || !exc_fill_element(t, e, snaps[i].methods[k], snaps[i].bcis[k])) {
                *result = NULL;
                break;
            }
            heap_store_ref(*elems, &ARRAY_ELEMS(*elems, Object *)[k], *e);
        }
        if (!*result) break;
        heap_store_ref(*result, &ARRAY_ELEMS(*result, Object *)[i], *elems);
    }
    for (jint i = 0; i < n; i++) {
        vm_free(snaps[i].methods);
        vm_free(snaps[i].bcis);
    }
    vm_free(snaps);
    Object *r = *result;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, r));
}

/* A thread dump on standard output, as SIGQUIT gives (HotSpot's VM_PrintThreads). */
JNIEXPORT void JNICALL JVM_DumpAllStacks(JNIEnv *env, jclass unused) {
    UNUSED(unused);
    JNI_ENTER(env);
    vm_thread_dump(t, stdout);
    JNI_RETURN_VOID();
}
