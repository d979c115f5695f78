/*
 * jvmpi_misc.c — the remaining interface functions (GC control, exit, id conversions),
 * RequestEvent, and the VM's hooks for JNI global references and contended monitor exits.
 *
 * RequestEvent sends the requested event on the calling thread before it returns, with
 * JVMPI_REQUESTED_EVENT set in the type.  Only the defining events of classes, threads
 * and objects and the three dumps can be requested; the ids given are checked first
 * (jvmpi_ids.c), so a stale one gets JVMPI_FAIL rather than a crash.
 */
#include "jvmpi/jvmpi_internal.h"
#include "runtime/vm.h"
#include "runtime/jthread.h"
#include "classfile/link.h"
#include <string.h>

void jvmpi_DisableGC(void) { gc_hold(thread_current()); }
void jvmpi_EnableGC(void) { gc_release(); }

/* Must not be called with GC disabled (the specification): then it does nothing. */
void jvmpi_RunGC(void) {
    Thread *t = thread_current();
    if (!t || gc_held_by_self() || jvmpi_in_gc()) return;
    int old = thread_enter_vm(t);
    heap_collect(t, GC_JVMTI);
    thread_leave_vm(t, old);
    if (old == TS_IN_NATIVE) jvmpi_unload_drain(t);    /* the collection's unloads before RunGC returns */
}

void jvmpi_ProfilerExit(jint code) {
    Thread *t = thread_current();
    if (t) thread_enter_vm(t);
    vm_exit(code);
}

/* A local reference in the current thread; the agent holds GC off, so id is still there. */
jobject jvmpi_jobjectID2jobject(jobjectID id) {
    Thread *t = thread_current();
    if (!t || !id) return NULL;
    int old = thread_enter_vm(t);
    jobject r = hnd_local(t, (Object *)id);
    thread_leave_vm(t, old);
    return r;
}

jobjectID jvmpi_jobject2jobjectID(jobject obj) {
    Thread *t = thread_current();
    if (!t || !obj) return NULL;
    int old = thread_enter_vm(t);
    jobjectID id = jvmpi_id(hnd_get(obj));
    thread_leave_vm(t, old);
    return id;
}

/* ---- RequestEvent ---- */

static jint request_class_load(Thread *t, jobjectID id) {
    Class *c = jvmpi_class_of_id(t, id);
    if (!c) return JVMPI_FAIL;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    jvmpi_class_load_fill(c, &e);
    e.event_type |= JVMPI_REQUESTED_EVENT;
    jvmpi_send(t, &e);
    jvmpi_class_load_free(&e);
    return JVMPI_SUCCESS;
}

static jint request_thread_start(Thread *t, jobjectID id) {
    Object *o = (Object *)id;
    if (!jvmpi_is_object(t, o) || !VMC(Thread) || !class_is_assignable(o->klass, VMC(Thread))) return JVMPI_FAIL;
    int old = thread_enter_vm(t);
    Thread *target = thread_from_jthread(o);
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    if (target) jvmpi_thread_start_fill(t, target, &e);
    thread_leave_vm(t, old);
    if (!target) return JVMPI_FAIL;
    e.event_type |= JVMPI_REQUESTED_EVENT;
    jvmpi_send(t, &e);
    jvmpi_thread_start_free(&e);
    return JVMPI_SUCCESS;
}

static jint request_object_alloc(Thread *t, jobjectID id) {
    Object *o = (Object *)id;
    if (!jvmpi_is_object(t, o)) return JVMPI_FAIL;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    jvmpi_obj_alloc_fill(o, heap_arena_of(o), heap_object_size(o), &e);
    e.event_type |= JVMPI_REQUESTED_EVENT;
    jvmpi_send(t, &e);
    return JVMPI_SUCCESS;
}

static jint heap_dump_level(void *arg) {
    return arg ? ((JVMPI_HeapDumpArg *)arg)->heap_dump_level : JVMPI_DUMP_LEVEL_2;
}

/* The ids a request reads stay valid while it runs: it holds GC off itself. */
static jint request(Thread *t, jint type, void *arg) {
    switch (type) {
    case JVMPI_EVENT_CLASS_LOAD: return request_class_load(t, arg);
    case JVMPI_EVENT_THREAD_START: return request_thread_start(t, arg);
    case JVMPI_EVENT_OBJECT_ALLOC: return request_object_alloc(t, arg);
    case JVMPI_EVENT_HEAP_DUMP: return jvmpi_heap_dump(t, heap_dump_level(arg));
    case JVMPI_EVENT_OBJECT_DUMP: return jvmpi_object_dump(t, arg);
    case JVMPI_EVENT_MONITOR_DUMP: return jvmpi_monitor_dump(t);
    default: return JVMPI_NOT_AVAILABLE;
    }
}

jint jvmpi_RequestEvent(jint event_type, void *arg) {
    const JvmpiEventDef *def = jvmpi_event_def(event_type);
    if (!def || !(def->flags & EF_REQUEST)) return JVMPI_NOT_AVAILABLE;
    Thread *t = thread_current();
    if (!t || jvmpi_in_gc()) return JVMPI_FAIL;  /* unattached, or the thread suspended mode */
    gc_hold(t);
    jint r = request(t, event_type, arg);
    gc_release();
    return r;
}

/* ---- hooks ---- */

void jvmpi_post_globalref_alloc(Thread *t, jobject ref, bool weak) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = weak ? JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC : JVMPI_EVENT_JNI_GLOBALREF_ALLOC;
    if (!ref || !jvmpi_on(e.event_type)) return;
    gc_hold(t);
    int old = thread_enter_vm(t);
    e.u.jni_globalref_alloc.obj_id = jvmpi_id(hnd_get(ref));
    e.u.jni_globalref_alloc.ref_id = ref;
    thread_leave_vm(t, old);
    jvmpi_send(t, &e);
    gc_release();
}

void jvmpi_post_globalref_free(Thread *t, jobject ref, bool weak) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = weak ? JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE : JVMPI_EVENT_JNI_GLOBALREF_FREE;
    if (!ref || !jvmpi_on(e.event_type)) return;
    e.u.jni_globalref_free.ref_id = ref;
    jvmpi_send(t, &e);
}

/* The hold comes first (t is in Java or VM state: no collection can start before it), then
 * the id is read and the event sent from native state. */
void jvmpi_post_monitor_contended_exit(Thread *t, Object *o) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_MONITOR_CONTENDED_EXIT;
    gc_hold(t);
    e.u.monitor.object = jvmpi_id(o);
    jvmpi_send_from_vm(t, &e);
    gc_release();
}
