/*
 * jvmpi_internal.h — what the JVMPI files share.
 *
 * JVMPI is built on what the VM already has.  An internal JVMTI environment (made in the
 * OnLoad phase by jvmpi_load.c) supplies the interpreter's events (method entry/exit,
 * single step), threads, classes, monitors, suspension, stack traces and thread-local
 * storage; a heap event listener (heap/gcevents.c) supplies the collector's events.  Each
 * JVMPI event is one row of jvmpi_events.def naming where it comes from; enabling it
 * switches that source on in the internal environment or in the listener's mask.
 *
 * Ids: an object id is the object's address (valid until its free, move or arena delete
 * event; with GC held off nothing moves), a class id the address of its java.lang.Class
 * mirror, a method id the jmethodID (the Method), a thread id the thread's JNIEnv (its
 * Thread), an arena id the collector's arena number.
 *
 * Sending: jvmpi_send() calls the agent's NotifyEvent.  An event with an object id is sent
 * with a GC hold (heap/gchold.c) taken before the ids are read and released after
 * NotifyEvent returns; the caller runs in native state so the agent may block and call
 * JNI.  Events from inside a collection (EF_INGC) are sent by the collecting thread with
 * the world stopped, as they are.
 */
#ifndef LOUPE_JVMPI_INTERNAL_H
#define LOUPE_JVMPI_INTERNAL_H

#include "jvmpi/jvmpi_export.h"
#include "heap/gc.h"
#include "heap/handles.h"
#include "classfile/class.h"
#include "runtime/thread.h"
#include <jvmti.h>

enum { EF_ENABLE = 1, EF_REQUEST = 2, EF_OBJID = 4, EF_INGC = 8 };
#define GCB(e) (1u << (e))

typedef struct JvmpiEventDef {
    jint type;
    const char *name;
    int flags;
    jvmtiEvent jvmti;                   /* 0: none */
    uint32_t gc;                        /* GCEvent bits */
} JvmpiEventDef;

/* The row of event type `type` (without JVMPI_REQUESTED_EVENT), NULL if unknown. */
const JvmpiEventDef *jvmpi_event_def(jint type);

extern JVMPI_Interface jvmpi_interface;
extern jvmtiEnv *jvmpi_jvmti;           /* the internal environment, NULL before jvmpi_prepare */
extern const GCEventListener jvmpi_gc_listener;
/* JVMTI callbacks of the internal environment (jvmpi_vmevents.c). */
void jvmpi_set_callbacks(jvmtiEventCallbacks *cb);

static inline bool jvmpi_on(jint ev) { return (__atomic_load_n(&jvmpi_event_bits, __ATOMIC_RELAXED) >> ev) & 1; }
static inline jobjectID jvmpi_id(Object *o) { return (jobjectID)o; }

/* ---- sending (jvmpi_load.c) ---- */
/* Sends e (its type and env_id filled in) from thread t in native state, or with no
 * thread; the caller holds GC off when the event carries ids. */
void jvmpi_send(Thread *t, JVMPI_Event *e);
/* The same from a thread in VM or Java state: native state around the call. */
void jvmpi_send_from_vm(Thread *t, JVMPI_Event *e);
/* True while this thread sends an event from inside a collection (world stopped). */
bool jvmpi_in_gc(void);
void jvmpi_send_in_gc(JVMPI_Event *e);

/* ---- ids (jvmpi_ids.c) ---- */
/* The Thread behind a thread id, NULL if it is no live thread. */
Thread *jvmpi_thread(JNIEnv *env);
/* Whether o is the start of an object in the heap now (a heap walk, world stopped). */
bool jvmpi_is_object(Thread *self, Object *o);
/* The class whose mirror o is, NULL if o is not a class id. */
Class *jvmpi_class_of_id(Thread *self, jobjectID id);
/* The Method behind a method id of a loaded class, NULL if none. */
Method *jvmpi_method(jmethodID mid);
/* The JVMPI type of an object: JVMPI_NORMAL_OBJECT, JVMPI_CLASS (object array) or the
 * primitive array's element type; *elem the element class id of an object array. */
jint jvmpi_object_type(Object *o, jobjectID *elem);

/* ---- defining events, shared by the VM's events and RequestEvent (jvmpi_define.c) ---- */
/* Fills e for a class load of c; the strings and arrays live until jvmpi_class_load_free. */
void jvmpi_class_load_fill(Class *c, JVMPI_Event *e);
void jvmpi_class_load_free(JVMPI_Event *e);
/* Fills e for a thread start of t (strings freed by jvmpi_thread_start_free).  VM state. */
void jvmpi_thread_start_fill(Thread *self, Thread *t, JVMPI_Event *e);
void jvmpi_thread_start_free(JVMPI_Event *e);
void jvmpi_obj_alloc_fill(Object *o, int arena, size_t size, JVMPI_Event *e);

/* ---- class unload events (jvmpi_unload.c) ---- */
/* Registers the class unloading listener that queues the events (once). */
void jvmpi_unload_prepare(void);
/* Starts the thread that sends them, once, in the live phase on an attached thread. */
void jvmpi_unload_start(void);
/* Sends the queued events from t (native state) now; _drain also waits until those
 * other threads are sending have been delivered. */
void jvmpi_unload_flush(Thread *t);
void jvmpi_unload_drain(Thread *t);

/* ---- dumps (jvmpi_dump.c); RequestEvent's one-time events ---- */
jint jvmpi_heap_dump(Thread *self, jint level);
jint jvmpi_object_dump(Thread *self, jobjectID id);
jint jvmpi_monitor_dump(Thread *self);
/* Raw monitors for the monitor dump (jvmpi_rawmonitor.c): calls fn on each, world stopped. */
typedef struct JvmpiRawMonitor JvmpiRawMonitor;
void jvmpi_raw_monitors_foreach(void (*fn)(JvmpiRawMonitor *m, void *ctx), void *ctx);
const char *jvmpi_raw_monitor_name(JvmpiRawMonitor *m);
Thread *jvmpi_raw_monitor_owner(JvmpiRawMonitor *m, jint *entries, jint *waiters, jint *entry_waiters);

/* ---- the interface functions, by file ---- */
jint jvmpi_EnableEvent(jint event_type, void *arg);
jint jvmpi_DisableEvent(jint event_type, void *arg);
jint jvmpi_RequestEvent(jint event_type, void *arg);
void jvmpi_GetCallTrace(JVMPI_CallTrace *trace, jint depth);
void jvmpi_ProfilerExit(jint code);
JVMPI_RawMonitor jvmpi_RawMonitorCreate(char *name);
void jvmpi_RawMonitorEnter(JVMPI_RawMonitor m);
void jvmpi_RawMonitorExit(JVMPI_RawMonitor m);
void jvmpi_RawMonitorWait(JVMPI_RawMonitor m, jlong ms);
void jvmpi_RawMonitorNotifyAll(JVMPI_RawMonitor m);
void jvmpi_RawMonitorDestroy(JVMPI_RawMonitor m);
jlong jvmpi_GetCurrentThreadCpuTime(void);
void jvmpi_SuspendThread(JNIEnv *env);
void jvmpi_ResumeThread(JNIEnv *env);
jint jvmpi_GetThreadStatus(JNIEnv *env);
jboolean jvmpi_ThreadHasRun(JNIEnv *env);
jint jvmpi_CreateSystemThread(char *name, jint priority, void (*f)(void *));
void jvmpi_SetThreadLocalStorage(JNIEnv *env, void *ptr);
void *jvmpi_GetThreadLocalStorage(JNIEnv *env);
void jvmpi_DisableGC(void);
void jvmpi_EnableGC(void);
void jvmpi_RunGC(void);
jobjectID jvmpi_GetThreadObject(JNIEnv *env);
jobjectID jvmpi_GetMethodClass(jmethodID mid);
jobject jvmpi_jobjectID2jobject(jobjectID id);
jobjectID jvmpi_jobject2jobjectID(jobject obj);
void jvmpi_SuspendThreadList(jint n, JNIEnv **list, jint *results);
void jvmpi_ResumeThreadList(jint n, JNIEnv **list, jint *results);

#endif
