/*
 * jvmpi_ids.c — turning JVMPI ids back into the VM's things, and telling stale ones.
 *
 * An agent may hand back any id it ever saw, including ones whose undefining event has
 * passed; none may crash the VM.  A thread id is looked up in the thread list; a method
 * id among the methods of the loaded classes; an object or class id by a walk of the
 * heap with the world stopped (RequestEvent and the dumps are rare, so the walk's cost is
 * acceptable where a wrong answer is not).
 */
#include "jvmpi/jvmpi_internal.h"
#include "classfile/loader.h"
#include "runtime/vm.h"
#include "runtime/mirror.h"

/* Inside a collection the collecting thread holds the thread list lock already. */
Thread *jvmpi_thread(JNIEnv *env) {
    if (!env) return NULL;
    bool lock = !jvmpi_in_gc();
    if (lock) pthread_mutex_lock(&thread_list_lock);
    Thread *found = NULL;
    for (Thread *t = thread_list; t; t = t->next)
        if (thread_env(t) == env && thread_state(t) != TS_TERMINATED) found = t;
    if (lock) pthread_mutex_unlock(&thread_list_lock);
    return found;
}

typedef struct Probe {
    Object *want;
    bool found;
} Probe;

static void probe(Object *o, void *ctx) {
    Probe *p = ctx;
    if (o == p->want && !heap_is_filler(o)) p->found = true;
}

bool jvmpi_is_object(Thread *self, Object *o) {
    if (!o || ((uintptr_t)o & 7)) return false;
    Probe p = { o, false };
    if (jvmpi_in_gc() || !self) {
        heap_walk(probe, &p);
        return p.found;
    }
    int old = thread_enter_vm(self);
    safepoint_begin(self);
    heap_walk(probe, &p);
    safepoint_end(self);
    thread_leave_vm(self, old);
    return p.found;
}

Class *jvmpi_class_of_id(Thread *self, jobjectID id) {
    Object *o = (Object *)id;
    if (!jvmpi_is_object(self, o) || !VMC(Class) || o->klass != VMC(Class)) return NULL;
    Class *c = mirror_class(o);
    return c && c->mirror == o ? c : NULL;
}

typedef struct MethodProbe {
    Method *want;
    bool found;
} MethodProbe;

static void method_probe(Class *c, void *ctx) {
    MethodProbe *p = ctx;
    if (c->methods && p->want >= c->methods && p->want < c->methods + c->nmethods) p->found = true;
}

Method *jvmpi_method(jmethodID mid) {
    MethodProbe p = { (Method *)mid, false };
    if (!mid) return NULL;
    ld_foreach_class(method_probe, &p);
    return p.found ? p.want : NULL;
}

jint jvmpi_object_type(Object *o, jobjectID *elem) {
    Class *k = o->klass;
    *elem = NULL;
    if (!class_is_array(k)) return JVMPI_NORMAL_OBJECT;
    if (bt_is_ref((BasicType)k->elem_type)) {
        *elem = k->component ? jvmpi_id(k->component->mirror) : NULL;
        return JVMPI_CLASS;
    }
    return k->elem_type;        /* T_BOOLEAN..T_LONG are JVMPI_BOOLEAN..JVMPI_LONG */
}
