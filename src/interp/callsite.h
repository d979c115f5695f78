/*
 * callsite.h — linking invokedynamic and method-handle call sites (JVMS 6.5
 * invokedynamic, 2.9.3 signature polymorphism), through the JDK's own
 * java.lang.invoke: the VM resolves the constants, calls MethodHandleNatives.linkCallSite
 * / linkMethod, and caches the (target method, appendix) pair they return per instruction.
 * Executing the site is then a static call of the target with the original arguments
 * followed by the appendix.
 *
 * Also here: constant-pool MethodType, MethodHandle and Dynamic constants, which the
 * same upcalls create.
 */
#ifndef LOUPE_CALLSITE_H
#define LOUPE_CALLSITE_H

#include "loupe.h"
#include "classfile/class.h"
#include "interp/prepare.h"

typedef struct CallSiteLink {
    Method *target;                 /* static LambdaForm/invoker method to call */
    Object **appendix;              /* root slot of the appendix, NULL if none */
} CallSiteLink;

/* A block of GC roots owned by a class (Class.roots). */
#define ROOT_BLOCK_SLOTS 62
typedef struct RootBlock {
    struct RootBlock *next;
    uint32_t used;
    Object *slots[ROOT_BLOCK_SLOTS];
} RootBlock;

/* A new root slot owned by class c, holding o. */
Object **class_new_root(Class *c, Object *o);

/* Quickening slow paths (QK_* results, interp_internal.h). */
int cs_link_invokedynamic(Thread *t, Method *caller, Insn *pc);
int cs_link_invokehandle(Thread *t, Method *caller, Insn *pc, Method *resolved);
/* Rewrites a call of MethodHandle.invokeBasic/linkTo* into its quick form. */
int cs_link_intrinsic(Thread *t, Method *caller, Insn *pc, Method *resolved);

/* Constant-pool constants made by java.lang.invoke; each returns the CP object slot. */
Object **cp_resolve_method_type(Thread *t, Class *cls, uint16_t idx);
Object **cp_resolve_method_handle(Thread *t, Class *cls, uint16_t idx);
Object **cp_resolve_dynamic(Thread *t, Class *cls, uint16_t idx);

/* The MethodType for a method descriptor, classes resolved through caller's loader. */
Object *cs_method_type(Thread *t, Class *caller, Symbol *desc);

/* Field offsets of java.lang.invoke objects the interpreter reads. */
extern uint32_t cs_mh_form_off, cs_lf_vmentry_off;

#endif
