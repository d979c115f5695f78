/*
 * natives.h — calling native methods, and binding them.
 *
 * A native method is bound on first call, in HotSpot's order: natives registered with
 * RegisterNatives; the VM's own natives (vm_natives tables, for Object, Unsafe,
 * MethodHandleNatives, ...); then the JNI short and long names, looked up in the JDK's
 * libjava for boot classes and through ClassLoader.findNative for the libraries a loader
 * has loaded.  Calls go through libffi with a call interface prepared once per method.
 *
 * VM natives come in two shapes: JNI-shaped C functions called like any native (used where
 * libjava itself would register a JVM_* function), and slot-shaped VMNativeFn functions that
 * work on the operand stack directly (fast paths for the hottest natives).
 */
#ifndef LOUPE_NATIVES_H
#define LOUPE_NATIVES_H

#include "loupe.h"
#include "classfile/class.h"

/* Invokes a non-interpreted method (native, VM native, abstract).  args points at its
 * arguments on the Java stack (receiver first); the result, if any, replaces args[0]
 * (args[0..1] for long/double).  Returns false with an exception pending. */
bool nat_invoke(Thread *t, Method *m, Slot *args);

/* Binds a native method to a function (RegisterNatives).  A pointer to one of the VM's
 * JNI-shaped functions may be swapped for its slot-shaped fast version. */
bool nat_register(Thread *t, Class *c, const char *name, const char *sig, void *fn);
void nat_unregister(Class *c);

/* A VM native, identified by class, name and descriptor.  `jni` is a JNI-shaped function
 * (called through libffi like a library native), `fast` a slot-shaped one; one of the two. */
typedef struct VMNative {
    const char *klass;
    const char *name;
    const char *desc;
    void *jni;
    VMNativeFn fast;
} VMNative;

/* Looks a VM native up (used at bind time). */
const VMNative *nat_find_vm_native(Class *c, Method *m);
void nat_init(void);
/* dlopen'ed libjava.so, for boot-class natives. */
extern void *nat_libjava;

#endif
