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
#include "classfile/resolve.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"

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

static bool init_supers(Thread *t, Class *c) {
    if (class_is_interface(c)) return true;
    if (c->super && !class_init(t, c->super)) return false;
    for (uint16_t i = 0; i < c->ninterfaces; i++) {
        Class *ic = c->interfaces[i];
        /* only interfaces that declare non-abstract, non-static methods (JVMS 5.5 step 7) */
        bool has_defaults = false;
        for (uint16_t k = 0; k < ic->nmethods; k++) {
            Method *m = &ic->methods[k];
            if (!method_is_abstract(m) && !method_is_static(m)) has_defaults = true;
        }
        if (has_defaults && !class_init(t, ic)) return false;
    }
    return true;
}

bool class_init(Thread *t, Class *c) {
    if (likely(c->state == CS_INITIALIZED)) return true;
    if (!link_class(t, c)) return false;
    lock_init(t);
    for (;;) {
        if (c->state == CS_INITIALIZED || (c->state == CS_INITIALIZING && c->init_thread == t)) {
            pthread_mutex_unlock(&init_lock);
            return true;
        }
        if (c->state == CS_ERROR) {
            pthread_mutex_unlock(&init_lock);
            char buf[512];
            exc_throw(t, VMC_NoClassDefFoundError, "Could not initialize class %s", class_external_name(c, buf, sizeof buf));
            return false;
        }
        if (c->state != CS_INITIALIZING) break;
        int old = thread_block_begin(t);
        pthread_cond_wait(&init_cond, &init_lock);
        pthread_mutex_unlock(&init_lock);
        thread_block_end(t, old);
        lock_init(t);
    }
    c->state = CS_INITIALIZING;
    c->init_thread = t;
    pthread_mutex_unlock(&init_lock);

    if (!init_supers(t, c) || !set_constant_values(t, c)) {
        finish(c, CS_ERROR);
        return false;
    }
    Method *clinit = class_find_declared_method(c, sym_clinit, sym_void_sig);
    if (clinit && method_is_static(clinit) && !interp_call(t, clinit, NULL, NULL)) {
        wrap_initializer_exception(t);
        finish(c, CS_ERROR);
        return false;
    }
    finish(c, CS_INITIALIZED);
    return true;
}
