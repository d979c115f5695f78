/*
 * classunload.h — class unloading, for every collector (classunload.c explains it).
 *
 * A collector takes part by setting `unload_classes` in its GCTracer for a full trace;
 * the rest happens in the shared layer (roots.c, refproc.c, heap.c).  Other subsystems
 * learn of unloaded classes through a listener, and the management interface reads the
 * counters.
 */
#ifndef LOUPE_CLASSUNLOAD_H
#define LOUPE_CLASSUNLOAD_H

#include "heap/gc.h"
#include "classfile/class.h"

/* ---- for the shared collector layer ---- */

/* True between cu_begin and cu_finish of a collection that unloads classes. */
extern bool cu_armed;
/* Starts a collection: arms unloading if the tracer asks for it and the VM is booted. */
void cu_begin(const GCTracer *tracer);
/* Whether roots.c visits a class's / a loader's references as roots (always, unless the
 * collection unloads classes and the class or loader may be unloaded). */
bool cu_class_is_root(const Class *c);
bool cu_loader_is_root(const LoaderData *ld);
/* The trace reached an instance of c (or its mirror), or a frame runs a method of c. */
void cu_touch_class(Class *c);
static inline void cu_touch_object(Object *o) {
    if (unlikely(cu_armed)) {
        extern void cu_touch_object_slow(Object *o);
        cu_touch_object_slow(o);
    }
}
/* Keeps alive, through the tracer, every unloadable class found live so far and what it
 * holds, until nothing more is found (refproc.c calls it before clearing references and
 * again after finalizable objects were kept alive). */
void cu_settle(void);
/* Decides: the classes found dead are taken off every table (and logged); disarms. */
void cu_finish(void);
/* After the collector returned, world still stopped: tells listeners and frees the
 * memory of the classes unloaded by this collection (heap.c). */
void cu_release(void);

/* ---- for everyone ---- */

/* Called once per unloaded class (instance and hidden classes, not arrays), with the world
 * stopped, before its memory is freed; it must not allocate or call Java.  At most 8. */
typedef void (*ClassUnloadHook)(Class *c);
bool cu_add_listener(ClassUnloadHook fn);
/* Classes unloaded since start-up (arrays not counted, as HotSpot counts), their bytes. */
uint64_t cu_unloaded_count(void);
uint64_t cu_unloaded_bytes(void);
/* A JNI method or field id of c was handed out: if c is unloaded, its methods and fields
 * stay readable (a dead id then names a dead method rather than freed memory). */
static inline void cu_note_ids(Class *c) { __atomic_store_n(&c->cu_ids, 1, __ATOMIC_RELAXED); }
/* A hidden class defined without ClassOption.STRONG: it is unloaded on its own, when it is
 * unreachable, rather than with its loader.  Called once it is defined and held. */
void cu_mark_weak_hidden(Class *c);

#endif
