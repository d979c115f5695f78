/*
 * debug.h — the interpreter's debugger seams (breakpoints, stepping, method and frame
 * events, field watches, exception events, frame inspection, PopFrame, early return).
 *
 * This layer knows nothing of JVMTI: it decides *when* something happened and calls the
 * matching function of `dbg_hooks`, which the tool layer (src/jvmti) fills in.  Nothing
 * here costs the interpreter anything until it is switched on:
 *
 *   - per instruction: an instruction that needs attention (a breakpoint, any instruction
 *     of a method a stepping thread runs, a field instruction while a field is watched,
 *     the frame of a pending PopFrame/ForceEarlyReturn) has its handler address replaced by
 *     the loop's `dbg_hook` handler, which calls dbg_insn and then runs the instruction's
 *     real handler, found through its opcode (`Insn.opc`).  Other instructions and other
 *     methods run as before;
 *   - per thread: method entry (and the marking of frames for exit events, and hooking
 *     methods for single step) runs from the thread's `trap` word (TRAP_HOOKS), which the
 *     interpreter already tests on method entry and taken branches;
 *   - per frame: MethodExit and FramePop are asked for by frame flags (FR_POP_PENDING,
 *     FR_METHOD_EXIT), tested together with FR_ENTRY in the one test returns and
 *     unwinding already make;
 *   - exceptions: one global flag, read only when an exception is being dispatched.
 *
 * Reference arguments given to hooks are handles (Object **) so that a hook may run Java
 * code or collect.  Hooks run in the thread the event happens in, in VM state.
 */
#ifndef LOUPE_DEBUG_H
#define LOUPE_DEBUG_H

#include "loupe.h"
#include "classfile/class.h"
#include "interp/frame.h"
#include "interp/prepare.h"

typedef struct DbgHooks {
    void (*method_entry)(Thread *t, Method *m);
    /* ret: the return value (T_VOID methods and by_exception: ignored), refs as handle */
    void (*method_exit)(Thread *t, Method *m, bool by_exception, jvalue ret, Object **ret_ref);
    void (*frame_pop)(Thread *t, Method *m, bool by_exception);
    void (*single_step)(Thread *t, Method *m, int bci);
    void (*breakpoint)(Thread *t, Method *m, int bci);
    /* obj NULL for static fields */
    void (*field_access)(Thread *t, Method *m, int bci, Field *f, Object **obj);
    /* sig: the JVMTI signature type ('I', 'J', 'Z', 'L', ...); value refs as handle */
    void (*field_modification)(Thread *t, Method *m, int bci, Field *f, Object **obj, char sig, jvalue value,
                               Object **value_ref);
    /* catch_m NULL when no handler is on the stack */
    void (*exception)(Thread *t, Method *m, int bci, Object **exc, Method *catch_m, int catch_bci);
    void (*exception_catch)(Thread *t, Method *m, int bci, Object **exc);
} DbgHooks;

extern DbgHooks dbg_hooks;

/* ---- switching (any thread) ---- */

/* Per-thread modes. */
enum { DBG_STEP = 1 << 0, DBG_ENTRY = 1 << 1, DBG_EXIT = 1 << 2 };
/* Sets which per-thread events t wants.  t is the current thread, suspended, or will pick
 * the change up at its next poll. */
void dbg_thread_modes(Thread *t, unsigned modes);
unsigned dbg_thread_get_modes(Thread *t);
/* The modes a thread gets when it starts (events enabled for all threads). */
extern volatile unsigned dbg_default_modes;
/* Exception and ExceptionCatch hooks, for every thread. */
void dbg_exception_hooks(bool exceptions, bool catches);

/* Results of the requests below. */
typedef enum DbgError {
    DBG_OK = 0,
    DBG_DUPLICATE,          /* breakpoint / watch already set */
    DBG_NOT_FOUND,          /* breakpoint / watch not set */
    DBG_INVALID_LOCATION,
    DBG_NO_MORE_FRAMES,
    DBG_OPAQUE_FRAME,
    DBG_INVALID_SLOT,
    DBG_TYPE_MISMATCH,
    DBG_OUT_OF_MEMORY,      /* translating the method failed */
} DbgError;

DbgError dbg_set_breakpoint(Thread *t, Method *m, int bci);
DbgError dbg_clear_breakpoint(Method *m, int bci);
/* Removes every breakpoint (the last tool environment went away). */
void dbg_clear_all_breakpoints(void);
/* Clears the breakpoints in c's methods (before c is redefined). */
void dbg_clear_class_breakpoints(Class *c);

enum { DBG_WATCH_ACCESS = 1, DBG_WATCH_MODIFY = 2 };
DbgError dbg_watch_field(Field *f, int kind, bool on);

/* A JNI Get/Set<Type>Field call (callers test dbg_watch_count first): posts FieldAccess or
 * FieldModification if fld is watched.  hobj NULL for statics; hval the new reference value. */
void dbg_jni_field(Thread *t, Field *fld, Object **hobj, bool put, jvalue v, Object **hval);

/* ---- frames (the current thread, or a suspended one) ---- */

/* The frame at `depth` (0 = innermost), NULL if there are not that many. */
Frame *dbg_frame_at(Thread *t, int depth);
int dbg_frame_count(Thread *t);
/* Asks for a FramePop hook when the frame at depth is popped. */
DbgError dbg_notify_frame_pop(Thread *t, int depth);

/* Locals of the frame at depth: type is 'I', 'J', 'F', 'D' or 'L'.  Checks the slot
 * against max_locals and, when the method has a LocalVariableTable, the variable's type. */
DbgError dbg_get_local(Thread *t, int depth, int slot, char type, jvalue *out, Object **obj_out);
DbgError dbg_set_local(Thread *t, int depth, int slot, char type, jvalue value, Object *obj);
/* GetLocalInstance: slot 0 of a non-static method. */
DbgError dbg_get_this(Thread *t, int depth, Object **obj_out);

/* PopFrame: the top frame is removed and its caller re-executes the invoke. */
DbgError dbg_pop_frame(Thread *t);
/* A PopFrame or ForceEarlyReturn of t's top frame is still to be taken (an asynchronous
 * exception waits for it: debug.c). */
bool dbg_frame_request_here(Thread *t);
/* ForceEarlyReturn: the top frame returns value (type as the method's return kind:
 * 'I' int-like, 'J', 'F', 'D', 'L', 'V') when the thread next runs. */
DbgError dbg_force_return(Thread *t, char type, jvalue value, Object *obj);
/* The method's return kind as dbg_force_return expects it. */
char dbg_return_kind(const Method *m);

/* ---- called by the interpreter ---- */

/* What the interpreter does after dbg_insn. */
enum { DBG_RUN = 0, DBG_THROW, DBG_RETURN, DBG_POP };

/* The handler address of hooked instructions (set by the interpreter at start-up). */
extern const void *interp_hook_label;

extern volatile int dbg_exc_enabled;     /* non-zero: exception hooks wanted */
extern volatile int dbg_watch_count;     /* fields watched */

/* A hooked instruction is about to run in t's top frame.  DBG_POP: the frame has been
 * popped (its monitor released) and the caller's sp and pc set to run its invoke again;
 * DBG_THROW: an exception is pending. */
int dbg_insn(Thread *t, const Insn *pc);
/* After DBG_RETURN: the value's slots, then the value (taken once). */
int dbg_return_slots(Thread *t);
Slot dbg_return_value(Thread *t);
/* TRAP_HOOKS: method entry, or a change of modes to pick up. */
void dbg_trap(Thread *t);
/* A frame flagged FR_DBG_MASK returns normally (gives back ret, which may have moved) or
 * by exception. */
Slot dbg_frame_return(Thread *t, Frame *f, Slot ret);
void dbg_frame_unwind(Thread *t, Frame *f);
/* After dbg_frame_unwind: a PopFrame asked of f meanwhile (by its MethodExit or FramePop
 * callback) drops the exception and pops f as dbg_insn does (DBG_POP, or DBG_THROW when
 * that fails); DBG_RUN when there is none. */
int dbg_unwind_request(Thread *t, Frame *f);
/* Around a native method's call (native/natives.c): dbg_native_entry when the thread's
 * trap word has TRAP_HOOKS, dbg_native_exit when the frame then has FR_DBG_MASK flags (ok:
 * the call's outcome, *ret its return value, updated; returns ok). */
void dbg_native_entry(Thread *t, Frame *nf);
bool dbg_native_exit(Thread *t, Frame *nf, bool ok, Slot *ret);
/* An exception is being dispatched in t's top frame f / has found its handler h in f. */
void dbg_exception_thrown(Thread *t, Frame *f);
void dbg_exception_caught(Thread *t, Frame *f, const Insn *h);
/* A method was just translated (field watches hook its field instructions). */
void dbg_method_prepared(Method *m);
/* The thread ends: its debug state is freed. */
void dbg_thread_free(Thread *t);

#endif
