/*
 * prepare.h — the interpreter's translated code.
 *
 * Before a method first runs, prepare.c translates its bytecode into an array of Insn, one
 * per bytecode instruction, for direct-threaded dispatch: each Insn holds the address of its
 * handler in the interpreter loop, so dispatch is one indirect jump, with operands already
 * decoded (local indices, constants, branch targets as Insn pointers, switch tables).
 * Resolution later rewrites an Insn in place into its quick form (opcodes.h): the operand
 * first, then the handler, so a racing thread sees either the old or the new instruction.
 *
 * The Insn array is 1:1 with bytecode instructions; `bci` and `insn_at` map between them
 * (for exception tables, line numbers, stack traces, GC maps and JVMTI locations).
 */
#ifndef LOUPE_PREPARE_H
#define LOUPE_PREPARE_H

#include "loupe.h"
#include "classfile/class.h"

typedef struct Insn {
    const void *volatile label;     /* handler address in the fast loop */
    uint16_t opc;                   /* opcode (JVMS or quick): the key for other loops */
    uint16_t u16;                   /* local index, dimensions, argument slots */
    int32_t i32;                    /* constant, CP index, offset, vtable index */
    union {
        void *p;
        struct Insn *target;        /* branch target */
        jlong j;
    } x;
} Insn;

typedef struct SwitchTable {
    int32_t low, high;              /* tableswitch range; lookupswitch: npairs in `high` */
    Insn *dflt;
    int32_t *keys;                  /* lookupswitch keys (sorted), NULL for tableswitch */
    Insn *targets[];
} SwitchTable;

/* Call-site cache of an invokeinterface: the resolved method and a monomorphic entry
 * (the first receiver class seen and its target), installed once with a single pointer
 * store so that racing threads never see a class paired with another class's target. */
typedef struct InvokeTarget {
    Class *cls;
    Method *target;
} InvokeTarget;

typedef struct InvokeCache {
    Method *method;
    InvokeTarget *volatile mono;
} InvokeCache;

typedef struct Prepared {
    Insn *code;
    uint32_t n;                     /* instructions */
    uint16_t frame_slots;           /* slots from a call's first argument to its frame: max_locals,
                                       at least 1 (interp.c: the result's slot is never the frame's) */
    uint32_t *bci;                  /* bci of each Insn */
    int32_t *insn_at;               /* Insn index at each bci, -1 inside an instruction */
} Prepared;

/* Translates m's code (once; thread-safe).  Returns NULL with an exception pending if the
 * code is malformed.  The thread that publishes the code posts JVMTI's CompiledMethodLoad
 * when an agent wants it: a collection may run meanwhile, and the method's class may be
 * redefined (m's new code is returned then). */
Prepared *prep_method(Thread *t, Method *m);
/* The same, leaving the event to the caller: *post says it is due, and the caller calls
 * prep_post_load once raw references it holds are safe (interp_call, after pushing the
 * frame). */
Prepared *prep_method_deferred(Thread *t, Method *m, bool *post);
void prep_post_load(Thread *t, Method *m, Prepared *p);
/* Frees m's translated code (its class is being unloaded). */
void prep_free(Method *m);

static inline uint32_t prep_bci(const Prepared *p, const Insn *pc) { return p->bci[pc - p->code]; }

/* The instruction's original bytecode and constant-pool operand.  Slow paths read these,
 * never the Insn's own opcode and operands, which another thread may be rewriting into a
 * quick form at the same moment. */
int prep_original_op(const Method *m, const Insn *pc);
uint16_t prep_cp_index(const Method *m, const Insn *pc);
/* The dimension count of a multianewarray instruction. */
int prep_dimensions(const Method *m, const Insn *pc);

/* Rewrites an instruction into a quick form: operands first, then the handler. */
void prep_quicken(Insn *pc, int opc, uint16_t u16, int32_t i32, void *x);
/* Puts m's field, method and `new` instructions back in their unresolved form, so that
 * each resolves again on its next execution (a redefinition changed field offsets, vtable
 * indices or method sets; world stopped). */
void prep_unquicken(Method *m);
/* Sends an instruction through the debugger's hook, or back to its own handler. */
void prep_hook(Insn *pc, bool hooked);

#endif
