/*
 * interp_internal.h — the slow paths the interpreter loop calls (quicken.c, call.c).
 *
 * Every slow path is entered with the frame's pc and sp saved, may run Java code or
 * collect, and reports failure by returning a failure value with an exception pending.
 */
#ifndef LOUPE_INTERP_INTERNAL_H
#define LOUPE_INTERP_INTERNAL_H

#include "interp/interp.h"
#include "interp/prepare.h"

/* Result of a quickening slow path. */
enum {
    QK_FAIL = 0,        /* exception pending */
    QK_REDISPATCH,      /* the instruction was rewritten: execute it again */
    QK_DIRECT,          /* not rewritten (class still initialising): use the result given */
};

int qk_field(Thread *t, Method *m, Insn *pc);
/* getstatic/putstatic; QK_DIRECT means the access was done on *sp, which is updated. */
int qk_static(Thread *t, Method *m, Insn *pc, Slot **sp);
/* invoke*: QK_DIRECT gives the method to call in *callee. */
int qk_invoke(Thread *t, Method *m, Insn *pc, Method **callee);
/* new/anewarray/checkcast/instanceof/multianewarray: QK_DIRECT gives the class in *cls. */
int qk_class(Thread *t, Method *m, Insn *pc, Class **cls);
int qk_ldc(Thread *t, Method *m, Insn *pc);

/* Volatile and not-yet-quickened field access through a Field. */
void field_load(const Field *f, Object *base, Slot *dst);
void field_store(const Field *f, Object *base, const Slot *src);

Method *itable_lookup(Thread *t, Class *k, Method *im);
Object *interp_multianewarray(Thread *t, Class *ac, int dims, Slot *counts);
/* The handler for the pending exception in frame f, or NULL. */
const Insn *find_handler(Thread *t, Frame *f);
/* A poll found the trap word set: safepoint, suspension, asynchronous exception.  False
 * when an exception is now pending (the interpreter throws it where it polled). */
bool interp_trap(Thread *t);
/* The same where nothing can be thrown (a call from C, before the callee's first
 * instruction): an asynchronous exception waits for the next poll. */
void interp_trap_entry(Thread *t);
/* Allocates an array of a primitive type (newarray). */
extern Class *interp_prim_array[T_LONG + 1];

#endif
