/*
 * interp.h — calling Java code from C, and the interpreter's entry points.
 */
#ifndef LOUPE_INTERP_H
#define LOUPE_INTERP_H

#include "loupe.h"
#include "classfile/class.h"
#include "interp/frame.h"

/* Calls m (interpreted or native) with its arguments in args[0..m->arg_slots) — the
 * receiver first for instance methods — exactly as they would sit on an operand stack.
 * The arguments are copied onto the Java stack before anything can move objects, so raw
 * references in args are fine.  The result (if any) is stored in *result (may be NULL).
 * Returns false if the call completed with an exception, which is then pending. */
bool interp_call(Thread *t, Method *m, const Slot *args, Slot *result);

/* Like interp_call but selects the implementation by virtual (or interface) dispatch on
 * the receiver args[0].l. */
bool interp_call_virtual(Thread *t, Method *m, const Slot *args, Slot *result);

/* Selects the method a virtual/interface call of m on an object of class c runs. */
Method *interp_dispatch(Class *c, Method *m);

/* The first free slot of t's Java stack, where a new frame may start. */
Slot *interp_free_area(Thread *t);

/* Prepares the interpreter (dispatch tables).  Called once at VM start. */
void interp_init(void);

/* The handler address table of the fast loop, indexed by opcode (used by prepare.c). */
extern const void **interp_labels;

/* Reports (to stderr) the Java stack of t, for fatal errors and debugging. */
void interp_dump_stack(Thread *t);

/* Statistics for -XX:+LoupePrintStatistics (later). */
#endif
