/*
 * finalizer.c — registering finalizable objects.
 *
 * A class is finalizable when it, or a superclass, overrides Object.finalize() with a
 * method whose body is not just `return` (CF_HAS_FINALIZER, set by classfile/link.c).
 * Each instance is registered once with java.lang.ref.Finalizer.register(Object), which
 * makes a Finalizer (a FinalReference) for it; the collector queues that reference when
 * the object becomes unreachable (heap/refproc.c), and the Finalizer thread, or
 * Runtime.runFinalization's helper thread, calls finalize() from Java.
 *
 * When to register follows HotSpot's default (RegisterFinalizersAtInit): when
 * Object.<init> returns, which the interpreter does in a dedicated form of that method's
 * `return` (interp/prepare.c), and for the copy made by Object.clone().  An object whose
 * constructor chain throws before reaching Object.<init>, or one allocated without any
 * constructor (JNI AllocObject, Unsafe.allocateInstance), is never finalized.
 */
#include "runtime/finalizer.h"
#include "runtime/vm.h"
#include "classfile/link.h"
#include "interp/interp.h"

static Method *register_method;

bool fin_register(Thread *t, Object **o) {
    Class *f = VMC(Finalizer);
    if (!class_init(t, f)) return false;
    Method *m = class_cached_method(&register_method, f, "register", "(Ljava/lang/Object;)V");
    if (!m) vm_fatal("java.lang.ref.Finalizer.register missing");
    Slot arg = { .l = *o };
    return interp_call(t, m, &arg, NULL);
}
