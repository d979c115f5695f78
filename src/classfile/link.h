/*
 * link.h — linking (JVMS 5.4) and initialisation (JVMS 5.5) of classes, subtyping, and
 * member lookup.
 */
#ifndef LOUPE_LINK_H
#define LOUPE_LINK_H

#include "loupe.h"
#include "classfile/class.h"

/* Lays out fields and statics, builds vtable and itables.  Idempotent, thread-safe.
 * Returns false with an exception (linkage errors). */
bool link_class(Thread *t, Class *c);
/* link_class, then bytecode verification (classfile/verify.c) of c and its supertypes if
 * the policy asks for it: what HotSpot's linking does before initialisation and
 * reflection.  (Loupe links every class when it is defined; verification waits for this.) */
bool link_verify(Thread *t, Class *c);

/* Lays out c and builds its dispatch tables again after a redefinition changed its own
 * members (own) or a supertype's (enhanced redefinition, classfile/redefine.c). */
void link_relink(Class *c, bool own);

/* Runs <clinit> per JVMS 5.5 if c is not initialised (superclasses first, then
 * superinterfaces that declare default methods).  Thread-safe; recursion by the
 * initialising thread returns true at once. */
bool class_init(Thread *t, Class *c);
/* What initialising c initialises first (its superclass, the superinterfaces that declare
 * default methods): for a redefinition that gives an initialised class new supertypes. */
bool class_init_supertypes(Thread *t, Class *c);
/* Whether c may be instantiated (new, AllocObject, NewObject, Constructor.newInstance,
 * Unsafe.allocateInstance), else false with HotSpot's exception pending: an interface,
 * abstract, array or primitive class gives InstantiationError (from bytecode, `error`)
 * or InstantiationException; java.lang.Class, whose instances only the VM makes, gives
 * IllegalAccessError or IllegalAccessException. */
bool class_check_instantiable(Thread *t, Class *c, bool error);
static inline bool class_is_initialized(const Class *c) { return c->state == CS_INITIALIZED; }
/* Wakes threads waiting for class initialisations (used internally). */

/* Subtyping (checkcast, instanceof, aastore, reflection). */
bool class_is_subclass(const Class *sub, const Class *sup);        /* class chain only */
bool class_implements(const Class *c, const Class *iface);
bool class_is_assignable(const Class *from, const Class *to);     /* from <: to */

/* Member lookup per JVMS 5.4.3.2 / 5.4.3.3 / 5.4.3.4 (no access checks). */
Field *link_lookup_field(Class *c, Symbol *name, Symbol *desc);
Method *link_lookup_method(Class *c, Symbol *name, Symbol *desc);          /* class methods */
Method *link_lookup_interface_method(Class *c, Symbol *name, Symbol *desc); /* interface methods */
/* Lookup for virtual dispatch: the implementation of name/desc starting at c's class chain,
 * then maximally specific default methods. */
Method *link_select_method(Class *c, Method *resolved);

/* Injected fields: the linker adds hidden instance fields to a few JDK classes. */
typedef struct InjectedField {
    const char *klass;              /* internal class name */
    const char *name;
    const char *desc;               /* J for native pointers, Ljava/lang/Object; for refs */
} InjectedField;

#endif
