/*
 * jvm_system.c — the JVM_* functions behind java.lang.System, Runtime and Object: time,
 * arraycopy, identity hashes, cloning, memory figures, GC, halting, string interning,
 * processor count, and the CDS queries (Loupe has no class-data archive).
 *
 * The hot ones also exist as slot-shaped fast natives (natives.h): when libjava registers
 * JVM_ArrayCopy for System.arraycopy, natives.c binds arraycopy_fast instead.
 */
#include "jvmti/jvmti_export.h"
#include "native/jni_internal.h"
#include "native/natives.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include "runtime/finalizer.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* ---- time ---- */

JNIEXPORT jlong JNICALL JVM_CurrentTimeMillis(JNIEnv *env, jclass ignored) {
    UNUSED(env);
    UNUSED(ignored);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (jlong)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

JNIEXPORT jlong JNICALL JVM_NanoTime(JNIEnv *env, jclass ignored) {
    UNUSED(env);
    UNUSED(ignored);
    return vm_nanotime();
}

JNIEXPORT jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv *env, jclass ignored, jlong offset_secs) {
    UNUSED(env);
    UNUSED(ignored);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    jlong secs = ts.tv_sec - offset_secs;
    /* beyond about +-2^32 seconds the adjustment would overflow: the Java side then
     * re-bases the offset (VM.getNanoTimeAdjustment's contract) */
    if (secs > 0xFFFFFFFFLL || secs < -0xFFFFFFFFLL) return -1;
    return secs * 1000000000LL + ts.tv_nsec;
}

static bool nanotime_fast(Thread *t, Slot *args, Slot *ret) {
    UNUSED(t);
    UNUSED(args);
    ret->j = vm_nanotime();
    return true;
}

static bool millis_fast(Thread *t, Slot *args, Slot *ret) {
    UNUSED(t);
    UNUSED(args);
    ret->j = JVM_CurrentTimeMillis(NULL, NULL);
    return true;
}

/* ---- arraycopy ---- */

static const char *array_type_name(Class *ac) {
    return bt_is_ref((BasicType)ac->elem_type) ? "object array" : bt_name((BasicType)ac->elem_type);
}

static bool arraycopy(Thread *t, Object *src, jint sp, Object *dst, jint dp, jint len) {
    char a[256];
    if (!src || !dst) {
        exc_npe(t);
        return false;
    }
    Class *sc = src->klass, *dc = dst->klass;
    if (!class_is_array(sc)) {
        exc_throw(t, VMC_ArrayStoreException, "arraycopy: source type %s is not an array", class_external_name(sc, a, sizeof a));
        return false;
    }
    if (!class_is_array(dc)) {
        exc_throw(t, VMC_ArrayStoreException, "arraycopy: destination type %s is not an array", class_external_name(dc, a, sizeof a));
        return false;
    }
    bool sref = bt_is_ref((BasicType)sc->elem_type), dref = bt_is_ref((BasicType)dc->elem_type);
    if (sref != dref || (!sref && sc->elem_type != dc->elem_type)) {
        exc_throw(t, VMC_ArrayStoreException, "arraycopy: type mismatch: can not copy %s[] into %s[]", array_type_name(sc), array_type_name(dc));
        return false;
    }
    jint sl = array_length(src), dl = array_length(dst);
    if (sp < 0) {
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "arraycopy: source index %d out of bounds for %s[%d]", sp, array_type_name(sc), sl);
        return false;
    }
    if (dp < 0) {
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "arraycopy: destination index %d out of bounds for %s[%d]", dp, array_type_name(dc), dl);
        return false;
    }
    if (len < 0) {
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "arraycopy: length %d is negative", len);
        return false;
    }
    if ((int64_t)sp + len > sl) {
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "arraycopy: last source index %u out of bounds for %s[%d]",
                  (unsigned)((uint32_t)sp + (uint32_t)len), array_type_name(sc), sl);
        return false;
    }
    if ((int64_t)dp + len > dl) {
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "arraycopy: last destination index %u out of bounds for %s[%d]",
                  (unsigned)((uint32_t)dp + (uint32_t)len), array_type_name(dc), dl);
        return false;
    }
    if (len == 0) return true;
    int shift = sc->elem_shift;
    if (!sref) {
        memmove((char *)array_data(dst) + ((size_t)dp << shift), (char *)array_data(src) + ((size_t)sp << shift), (size_t)len << shift);
        return true;
    }
    Object **s = ARRAY_ELEMS(src, Object *) + sp, **d = ARRAY_ELEMS(dst, Object *) + dp;
    Class *dcomp = dc->component;
    if (sc == dc || class_is_assignable(sc->component, dcomp)) {
        if (!heap_barrier_active) {
            memmove(d, s, (size_t)len * sizeof(Object *));
        } else if (s > d || src != dst) {
            for (jint i = 0; i < len; i++) heap_store_ref(dst, &d[i], s[i]);
        } else {
            for (jint i = len - 1; i >= 0; i--) heap_store_ref(dst, &d[i], s[i]);
        }
        return true;
    }
    for (jint i = 0; i < len; i++) {
        Object *e = s[i];
        if (e && !class_is_assignable(e->klass, dcomp)) {
            char b[256];
            Class *scomp = sc->component;
            if (!class_is_assignable(dcomp, scomp))
                exc_throw(t, VMC_ArrayStoreException, "arraycopy: type mismatch: can not copy %s[] into %s[]",
                          class_external_name(scomp, a, sizeof a), class_external_name(dcomp, b, sizeof b));
            else
                exc_throw(t, VMC_ArrayStoreException,
                          "arraycopy: element type mismatch: can not cast one of the elements of %s[] to the type of the destination array, %s",
                          class_external_name(scomp, a, sizeof a), class_external_name(dcomp, b, sizeof b));
            return false;
        }
        heap_store_ref(dst, &d[i], e);
    }
    return true;
}

JNIEXPORT void JNICALL JVM_ArrayCopy(JNIEnv *env, jclass ignored, jobject src, jint src_pos, jobject dst, jint dst_pos, jint length) {
    UNUSED(ignored);
    JNI_ENTER(env);
    arraycopy(t, hnd_get(src), src_pos, hnd_get(dst), dst_pos, length);
    JNI_RETURN_VOID();
}

static bool arraycopy_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(ret);
    return arraycopy(t, a[0].l, a[1].i, a[2].l, a[3].i, a[4].i);
}

/* ---- Object ---- */

JNIEXPORT jint JNICALL JVM_IHashCode(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    Object *o = hnd_get(obj);
    JNI_RETURN(o ? mon_identity_hash(t, o) : 0);
}

static bool hashcode_fast(Thread *t, Slot *a, Slot *ret) {
    ret->i = a[0].l ? mon_identity_hash(t, a[0].l) : 0;
    return true;
}

static bool clone_object(Thread *t, Object **h, Slot *ret) {
    Class *c = (*h)->klass;
    if (!class_is_array(c) && !class_implements(c, VMC(Cloneable))) {
        char b[256];
        exc_throw(t, VMC_CloneNotSupportedException, "%s", class_external_name(c, b, sizeof b));
        return false;
    }
    Object *o = heap_clone(t, h);
    if (!o) return false;
    /* a copy of a finalizable object is finalizable too (no constructor runs for it) */
    if (unlikely(c->flags & CF_HAS_FINALIZER)) {
        HandleMark hm = hnd_mark(t);
        Object **copy = hnd_new(t, o);
        bool ok = fin_register(t, copy);
        o = *copy;
        hnd_release(t, hm);
        if (!ok) return false;
    }
    ret->l = o;
    return true;
}

JNIEXPORT jobject JNICALL JVM_Clone(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Slot r;
    Object **h = hnd_new(t, hnd_get(obj));
    JNI_RETURN(clone_object(t, h, &r) ? hnd_local(t, r.l) : NULL);
}

static bool clone_fast(Thread *t, Slot *a, Slot *ret) {
    JVMTI_VM_ALLOCATIONS(t);
    HandleMark hm = hnd_mark(t);
    bool ok = clone_object(t, hnd_new(t, a[0].l), ret);
    hnd_release(t, hm);
    return ok;
}

static bool getclass_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(t);
    ret->l = a[0].l->klass->mirror;
    return true;
}

JNIEXPORT void JNICALL JVM_MonitorWait(JNIEnv *env, jobject obj, jlong ms) {
    JNI_ENTER(env);
    Object **h = hnd_new(t, hnd_get(obj));
    mon_wait(t, h, ms);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_MonitorNotify(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    mon_notify(t, hnd_get(obj), false);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_MonitorNotifyAll(JNIEnv *env, jobject obj) {
    JNI_ENTER(env);
    mon_notify(t, hnd_get(obj), true);
    JNI_RETURN_VOID();
}

static bool wait_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(ret);
    /* a[0] is an operand-stack slot the collector updates: a valid handle */
    return mon_wait(t, &a[0].l, a[1].j);
}

static bool notify_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(ret);
    return mon_notify(t, a[0].l, false);
}

static bool notify_all_fast(Thread *t, Slot *a, Slot *ret) {
    UNUSED(ret);
    return mon_notify(t, a[0].l, true);
}

/* ---- runtime ---- */

JNIEXPORT jint JNICALL JVM_ActiveProcessorCount(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (jint)n : 1;
}

JNIEXPORT jlong JNICALL JVM_MaxMemory(void) { return (jlong)heap_max(); }
JNIEXPORT jlong JNICALL JVM_TotalMemory(void) { return (jlong)heap_capacity(); }
JNIEXPORT jlong JNICALL JVM_FreeMemory(void) { return (jlong)(heap_capacity() - heap_used()); }

JNIEXPORT void JNICALL JVM_GC(void) {
    if (vm_opts.disable_explicit_gc) return;        /* -XX:+DisableExplicitGC */
    Thread *t = thread_current();
    int old = thread_enter_vm(t);
    heap_collect(t, GC_SYSTEM_GC);
    thread_leave_vm(t, old);
}

JNIEXPORT jlong JNICALL JVM_MaxObjectInspectionAge(void) { return 0; }

JNIEXPORT void JNICALL JVM_BeforeHalt(void) {}

JNIEXPORT void JNICALL JVM_Halt(jint code) {
    jvmti_vm_death(thread_current());
    vm_exit(code);
}

JNIEXPORT jstring JNICALL JVM_InternString(JNIEnv *env, jstring str) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    if (!str) JNI_RETURN(NULL);
    Object **h = hnd_new(t, hnd_get(str));
    JNI_RETURN(hnd_local(t, jstr_intern(t, h)));
}

static bool intern_fast(Thread *t, Slot *a, Slot *ret) {
    ret->l = jstr_intern(t, &a[0].l);
    return ret->l != NULL;
}

JNIEXPORT jboolean JNICALL JVM_SupportsCX8(void) { return JNI_TRUE; }
JNIEXPORT jboolean JNICALL JVM_IsUseContainerSupport(void) { return vm_opts.container_support; }

/* ---- class-data sharing: Loupe has no archive ---- */

JNIEXPORT jboolean JNICALL JVM_IsSharingEnabled(JNIEnv *env) { UNUSED(env); return JNI_FALSE; }
JNIEXPORT jboolean JNICALL JVM_IsCDSDumpingEnabled(JNIEnv *env) { UNUSED(env); return JNI_FALSE; }
JNIEXPORT jboolean JNICALL JVM_IsDumpingClassList(JNIEnv *env) { UNUSED(env); return JNI_FALSE; }
JNIEXPORT jlong JNICALL JVM_GetRandomSeedForDumping(void) { return 0; }
JNIEXPORT void JNICALL JVM_InitializeFromArchive(JNIEnv *env, jclass cls) { UNUSED(env); UNUSED(cls); }
JNIEXPORT void JNICALL JVM_LogLambdaFormInvoker(JNIEnv *env, jstring line) { UNUSED(env); UNUSED(line); }
JNIEXPORT void JNICALL JVM_DumpClassListToFile(JNIEnv *env, jstring name) { UNUSED(env); UNUSED(name); }
JNIEXPORT void JNICALL JVM_DumpDynamicArchive(JNIEnv *env, jstring name) { UNUSED(env); UNUSED(name); }
JNIEXPORT void JNICALL JVM_RegisterLambdaProxyClassForArchiving(JNIEnv *env, jclass caller, jstring name, jobject factory,
                                                                jobject itype, jobject impl, jobject dtype, jclass proxy) {
    UNUSED(env); UNUSED(caller); UNUSED(name); UNUSED(factory); UNUSED(itype); UNUSED(impl); UNUSED(dtype); UNUSED(proxy);
}
JNIEXPORT jclass JNICALL JVM_LookupLambdaProxyClassFromArchive(JNIEnv *env, jclass caller, jstring name, jobject factory,
                                                               jobject itype, jobject impl, jobject dtype) {
    UNUSED(env); UNUSED(caller); UNUSED(name); UNUSED(factory); UNUSED(itype); UNUSED(impl); UNUSED(dtype);
    return NULL;
}

/* The natives this file provides to the VM's tables (natives.c). */
const VMNative vm_natives_system[] = {
    { "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", (void *)JVM_ArrayCopy, arraycopy_fast },
    { "java/lang/System", "nanoTime", "()J", (void *)JVM_NanoTime, nanotime_fast },
    { "java/lang/System", "currentTimeMillis", "()J", (void *)JVM_CurrentTimeMillis, millis_fast },
    { "java/lang/System", "identityHashCode", "(Ljava/lang/Object;)I", NULL, hashcode_fast },
    { "java/lang/Object", "hashCode", "()I", (void *)JVM_IHashCode, hashcode_fast },
    { "java/lang/Object", "clone", "()Ljava/lang/Object;", (void *)JVM_Clone, clone_fast },
    { "java/lang/Object", "getClass", "()Ljava/lang/Class;", NULL, getclass_fast },
    { "java/lang/Object", "wait", "(J)V", (void *)JVM_MonitorWait, wait_fast },
    { "java/lang/Object", "notify", "()V", (void *)JVM_MonitorNotify, notify_fast },
    { "java/lang/Object", "notifyAll", "()V", (void *)JVM_MonitorNotifyAll, notify_all_fast },
    { "java/lang/String", "intern", "()Ljava/lang/String;", (void *)JVM_InternString, intern_fast },
    { NULL, NULL, NULL, NULL, NULL },
};
