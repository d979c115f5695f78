/*
 * init.c — class initialisation (JVMS 5.5).
 *
 * The procedure's "initialization lock" is one global mutex and condition variable: the
 * state of every class (CS_LINKED -> CS_INITIALIZING -> CS_INITIALIZED or CS_ERROR) and its
 * initialising thread are read and written under it, and threads waiting for another
 * thread's initialisation wait on the condition, in a safe state.  <clinit> itself runs
 * without the lock.  A class whose initialiser failed is erroneous for good: later uses
 * throw NoClassDefFoundError("Could not initialize class X").
 *
 * Before <clinit> runs, static final fields with a ConstantValue attribute get their
 * values (JVMS 5.5 step 6 order: superclass first, then constants, then <clinit>).
 */
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/verify.h"
#include "classfile/resolve.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include <stdio.h>

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t init_cond = PTHREAD_COND_INITIALIZER;

static void lock_init(Thread *t) {
    if (pthread_mutex_trylock(&init_lock) == 0) return;
    int old = thread_block_begin(t);
    pthread_mutex_lock(&init_lock);
    thread_block_end(t, old);
}

static void finish(Class *c, ClassState state) {
    pthread_mutex_lock(&init_lock);
    __atomic_store_n(&c->state, state, __ATOMIC_RELEASE);
    c->init_thread = NULL;
    pthread_cond_broadcast(&init_cond);
    pthread_mutex_unlock(&init_lock);
}

static bool set_constant_values(Thread *t, Class *c) {
    for (uint16_t i = 0; i < c->nfields; i++) {
        Field *f = &c->fields[i];
        if (!field_is_static(f) || !f->const_index) continue;
        CPEntry *e = &c->cp.e[f->const_index];
        char *addr = (char *)c->mirror + f->offset;
        switch (f->type) {
        case T_BOOLEAN: *(jboolean *)addr = (jboolean)(e->i & 1); break;
        case T_BYTE: *(jbyte *)addr = (jbyte)e->i; break;
        case T_CHAR: *(jchar *)addr = (jchar)e->i; break;
        case T_SHORT: *(jshort *)addr = (jshort)e->i; break;
        case T_INT: *(jint *)addr = e->i; break;
        case T_FLOAT: *(jfloat *)addr = e->f; break;
        case T_LONG: *(jlong *)addr = e->j; break;
        case T_DOUBLE: *(jdouble *)addr = e->d; break;
        case T_OBJECT: {
            Object **s = cp_resolve_string(t, c, f->const_index);
            if (!s) return false;
            HEAP_SET_FIELD(c->mirror, f->offset, *s);
            break;
        }
        default: break;
        }
    }
    return true;
}

/* Wraps a non-Error exception from <clinit> in ExceptionInInitializerError. */
static void wrap_initializer_exception(Thread *t) {
    Object *e = t->exception;
    Class *err = VMC(Error) ? VMC(Error) : vmc_get(t, VMC_Error);
    if (!e || (err && class_is_subclass(e->klass, err))) return;
    Class *eiie = vmc_get(t, VMC_ExceptionInInitializerError);
    if (!eiie || !class_init(t, eiie)) return;
    HandleMark hm = hnd_mark(t);
    Object **cause = hnd_new(t, exc_take(t));
    Object *o = heap_alloc_object(t, eiie);
    if (o) {
        Object **h = hnd_new(t, o);
        Method *ctor = class_find_declared_method(eiie, sym_init, sym_intern_cstr("(Ljava/lang/Throwable;)V"));
        Slot args[2] = { { .l = *h }, { .l = *cause } };
        if (interp_call(t, ctor, args, NULL)) exc_set(t, *h);
    }
    hnd_release(t, hm);
}

/* What later "Could not initialize class" errors carry as their cause (as HotSpot does):
 * an ExceptionInInitializerError describing the original failure and the thread, with the
 * original stack trace but not the exception itself, which could keep much alive. */
#define INIT_TRACE_ROOM (64 * 1024)

static void record_initialization_error(Thread *t, Class *c) {
    extern uint32_t jthread_name_off;
    Class *eiie = vmc_get(t, VMC_ExceptionInInitializerError);
    if (!eiie || !class_init(t, eiie)) {
        return;
    }
    const ExcThrowableFields *thr = exc_throwable_fields();
    HandleMark hm = hnd_mark(t);
    Object **orig = hnd_new(t, exc_take(t));
    char name[256], thread_name[256] = "";
    class_external_name((*orig)->klass, name, sizeof name);
    Object *tn = t->jthread ? OBJ_FIELD(t->jthread, jthread_name_off, Object *) : NULL;
    if (tn) {
        char *u = jstr_to_utf8(tn);
        snprintf(thread_name, sizeof thread_name, "%s", u);
        vm_free(u);
    }
    Object *m = OBJ_FIELD(*orig, thr->message, Object *);
    char *msg = m ? jstr_to_utf8(m) : NULL;
    size_t cap = strlen(name) + strlen(thread_name) + (msg ? strlen(msg) : 0) + 64;
    char *text = vm_malloc(cap);
    if (msg) snprintf(text, cap, "Exception %s: %s [in thread \"%s\"]", name, msg, thread_name);
    else snprintf(text, cap, "Exception %s [in thread \"%s\"]", name, thread_name);
    vm_free(msg);
    exc_throw(t, VMC_ExceptionInInitializerError, "%s", text);
    vm_free(text);
    Object **err = hnd_new(t, exc_take(t));
    if (*err && (*err)->klass == eiie) {
        Method *gst = link_lookup_method((*orig)->klass, sym_intern_cstr("getStackTrace"), sym_intern_cstr("()[Ljava/lang/StackTraceElement;"));
        Slot args[1] = { { .l = *orig } };
        Slot r;
        /* not at the bottom of a deep recursion (a StackOverflowError unwinding through
         * class initialisers): getStackTrace initialises classes of its own on first use
         * (StackTraceElement$HashedModules), which would be left erroneous for good */
        if (gst && exc_stack_room(t, INIT_TRACE_ROOM) && interp_call(t, gst, args, &r)) {
            HEAP_SET_FIELD(*err, thr->stack_trace, r.l);
            HEAP_SET_FIELD(*err, thr->backtrace, NULL);
        }
        exc_take(t);
        c->init_error = *err;
    }
    exc_set(t, *orig);
    hnd_release(t, hm);
}

static bool declares_defaults(const Class *ic) {
    for (uint16_t k = 0; k < ic->nmethods; k++) {
        const Method *m = &ic->methods[k];
        if (!method_is_abstract(m) && !method_is_static(m)) return true;
    }
    return false;
}

static bool has_defaults(const Class *ic) {
    if (declares_defaults(ic)) return true;
    for (uint16_t i = 0; i < ic->ninterfaces; i++)
        if (has_defaults(ic->interfaces[i])) return true;
    return false;
}

/* JVMS 5.5 step 7: the superinterfaces, direct or not, that declare non-abstract,
 * non-static methods, in the recursive order of each direct interface's hierarchy. */
static bool init_superinterfaces(Thread *t, Class *c) {
    for (uint16_t i = 0; i < c->ninterfaces; i++) {
        Class *ic = c->interfaces[i];
        if (!has_defaults(ic)) continue;
        if (!init_superinterfaces(t, ic)) return false;
        if (declares_defaults(ic) && !class_init(t, ic)) return false;
    }
    return true;
}

static bool init_supers(Thread *t, Class *c) {
    if (class_is_interface(c)) return true;
    if (c->super && !class_init(t, c->super)) return false;
    return init_superinterfaces(t, c);
}

bool class_init_supertypes(Thread *t, Class *c) { return init_supers(t, c); }

bool class_check_instantiable(Thread *t, Class *c, bool error) {
    VMClassId id;
    if (class_is_interface(c) || (c->access & JVM_ACC_ABSTRACT) || class_is_array(c) || class_is_primitive(c))
        id = error ? VMC_InstantiationError : VMC_InstantiationException;
    else if (c == VMC(Class))
        id = error ? VMC_IllegalAccessError : VMC_IllegalAccessException;
    else
        return true;
    if (class_is_primitive(c)) {            /* no class behind the mirror: no message */
        exc_throw(t, id, NULL);
        return false;
    }
    StrBuf name = { 0 };
    sb_class_name(&name, c);
    exc_throw(t, id, "%s", name.s);
    vm_free(name.s);
    return false;
}

/* The classes a class's exception handlers catch, resolved before any of its code runs,
 * as HotSpot's verifier loads them when it links a class of a loader other than the boot
 * loader.  Resolving one later, while an exception is being dispatched, may have to call
 * the loader's Java code: with the heap full (an OutOfMemoryError being caught) that
 * call fails and the handler is missed.  A type that cannot be resolved now is left for
 * the dispatch to try again; nothing is thrown here. */
static void resolve_catch_types(Thread *t, Class *c) {
    if (!c->loader || !vfy_should_verify(c)) return;   /* as HotSpot's verifier loads them */
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *m = &c->methods[i];
        for (uint16_t k = 0; k < m->nexc; k++)
            if (m->exc[k].catch_type && !cp_resolve_class(t, c, m->exc[k].catch_type)) exc_take(t);
    }
}

bool class_init(Thread *t, Class *c) {
    if (likely(class_state(c) == CS_INITIALIZED)) return true;
    /* superclasses are initialised first, recursively */
    if (!exc_c_stack_ok(t) || !link_verify(t, c)) return false;
    lock_init(t);
    for (;;) {
        if (c->state == CS_INITIALIZED || (c->state == CS_INITIALIZING && c->init_thread == t)) {
            pthread_mutex_unlock(&init_lock);
            return true;
        }
        if (c->state == CS_ERROR) {
            pthread_mutex_unlock(&init_lock);
            StrBuf msg = { 0 };
            sb_puts(&msg, "Could not initialize class ");
            sb_class_name(&msg, c);
            HandleMark hm = hnd_mark(t);
            exc_throw_with_cause(t, VMC_NoClassDefFoundError, msg.s, hnd_new(t, c->init_error));
            hnd_release(t, hm);
            vm_free(msg.s);
            return false;
        }
        if (c->state != CS_INITIALIZING) break;
        int old = thread_block_begin(t);
        pthread_cond_wait(&init_cond, &init_lock);
        pthread_mutex_unlock(&init_lock);
        thread_block_end(t, old);
        lock_init(t);
    }
    __atomic_store_n(&c->state, CS_INITIALIZING, __ATOMIC_RELEASE);
    c->init_thread = t;
    pthread_mutex_unlock(&init_lock);

    if (!init_supers(t, c) || !set_constant_values(t, c)) {
        record_initialization_error(t, c);
        finish(c, CS_ERROR);
        return false;
    }
    resolve_catch_types(t, c);
    Method *clinit = class_find_declared_method(c, sym_clinit, sym_void_sig);
    if (clinit && method_is_static(clinit) && !interp_call(t, clinit, NULL, NULL)) {
        record_initialization_error(t, c);
        wrap_initializer_exception(t);
        finish(c, CS_ERROR);
        return false;
    }
    finish(c, CS_INITIALIZED);
    return true;
}
