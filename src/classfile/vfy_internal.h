/*
 * vfy_internal.h — what the pieces of the bytecode verifier share (verify.c the driver and
 * instruction rules, vtypes.c verification types and assignability, stackmap.c frames and
 * the StackMapTable).
 *
 * A verification type (JVMS 4.10.1.2) is a kind plus, for references, the interned name in
 * the form the verifier compares ("java/lang/String", "[I", "[Ljava/lang/Object;") and, for
 * uninitialised objects, the bci of their `new`.  The "query" kinds (VQ_*) never sit in a
 * frame: they are what an instruction asks of a popped value (any reference, any category-1
 * value, ...).  Errors leave through a longjmp to the method's driver, with the message and
 * HotSpot's "Exception Details" already formatted.  What a method's check allocates lives in
 * one arena, emptied after each method and freed after the class; only the translated
 * descriptors (vfy_sig) are kept for the life of the VM, as the Symbols they are made of.
 *
 * Cost: this runs for every method of every non-boot class, so the common paths are
 * inline here (pushes, pops, the common assignability cases), descriptors are translated
 * once, and a try block's handler frames are rechecked only when the locals changed.
 *
 * Both verifiers share this state and the instruction rules: the type checker (verify.c,
 * class files >= 50) and the type-inference verifier (vfyinfer.c, older files, with
 * `infer` set: branches merge into the target's frame instead of matching a stack map,
 * and errors take the old verifier's wording).
 */
#ifndef LOUPE_VFY_INTERNAL_H
#define LOUPE_VFY_INTERNAL_H

#include "classfile/class.h"
#include "interp/opcodes.h"
#include <setjmp.h>
#include <stdarg.h>

typedef enum VKind {
    VT_TOP, VT_INT, VT_FLOAT, VT_LONG, VT_DOUBLE, VT_LONG2, VT_DOUBLE2, VT_NULL,
    VT_UNINIT_THIS, VT_UNINIT, VT_REF,
    VT_BOOL, VT_BYTE, VT_CHAR, VT_SHORT,          /* array components and return types */
    VQ_REF, VQ_CAT1, VQ_CAT2, VQ_CAT2_2ND,        /* queries */
    VT_RETADDR,                                   /* inference only: bci = the subroutine's entry */
} VKind;

typedef struct VType {
    uint8_t k;                      /* VKind */
    uint16_t bci;                   /* VT_UNINIT: offset of the `new` */
    Symbol *name;                   /* VT_REF */
} VType;

enum { VF_THIS_UNINIT = 1 };

/* A frame: current state or a stack map entry.  locals/stack have room for max_locals and
 * max_stack entries; `mark` is the stack depth when the instruction began (-1 none), so an
 * error can show the frame as the instruction found it, as HotSpot does. */
typedef struct VFrame {
    int offset;
    uint8_t flags;
    int nlocals, nstack, mark;
    VType *locals, *stack;
    uint8_t *mod;                   /* inference: locals stored to since the subroutine's entry, or NULL */
} VFrame;

/* Where a type in an error message comes from (HotSpot's TypeOrigin). */
typedef enum VOrigin { VO_NONE, VO_LOCAL, VO_STACK, VO_SM_LOCAL, VO_SM_STACK, VO_CP, VO_SIG, VO_IMPLICIT, VO_FRAME,
                       VO_BAD_INDEX } VOrigin;
typedef struct VWhere {
    VOrigin o;
    int index;
    VType t;
    const VFrame *frame;
} VWhere;

/* What went wrong (HotSpot's ErrorContext faults; the Reason line). */
typedef enum VFault { VE_NONE, VE_BAD_CODE, VE_WRONG_TYPE, VE_FLAGS, VE_BAD_CP, VE_BAD_LOCAL, VE_LOCALS_SIZE,
                      VE_STACK_SIZE, VE_OVERFLOW, VE_UNDERFLOW, VE_MISSING_MAP, VE_BAD_MAP } VFault;

typedef enum VResult { VR_OK, VR_VERIFY_ERROR, VR_FORMAT_ERROR, VR_PENDING } VResult;

typedef struct VArena VArena;
typedef struct VInfer VInfer;

/* A descriptor translated once (vfy_sig): a method's argument types (`nargs`
 * slots, a long or double taking two) and return type (`nret` slots, 0 for void), or a
 * field's type in `ret`.  Primitive types narrower than int are int, as on the stack. */
typedef struct VSig {
    Symbol *desc;
    int nargs, nret;
    VType ret[2];
    VType args[];
} VSig;

typedef struct Vfy {
    Thread *t;                      /* NULL: no class loading (fuzzing); unknown classes assumed fine */
    Class *c;
    Method *m;
    VType this_type;
    uint16_t max_locals, max_stack;
    uint8_t *cdata;                 /* per bci: 0 inside an instruction, 1 start, 2 start of a `new` */
    VFrame *maps;                   /* decoded StackMapTable */
    VType *empty_stack;             /* the stack of the maps' frames with none (all top) */
    int nmaps;
    VFrame cur;
    VType ret;                      /* return type, VT_TOP for void */
    int ex_min, ex_max;
    VType *handler_stack;           /* room for the one entry of a handler's frame */
    /* Handler checks skipped when nothing they read has changed: locals_gen counts the
     * changes to any frame's locals; handler i last passed at handler_gen[i] with flags
     * handler_flags[i] (its stack, one catch type, never changes). */
    uint32_t locals_gen;
    uint32_t *handler_gen;
    uint8_t *handler_flags;
    /* ... and all of them passed at all_gen with all_flags, for instructions up to the
     * next start or end of a try range, all_until. */
    uint32_t all_gen;
    uint8_t all_flags;
    int all_until;
    VArena *arena;                  /* the method's allocations, reset after each method */
    VType throwable;                /* java/lang/Throwable, interned once */
    jmp_buf fail;
    VResult result;
    char *msg;                      /* vm_malloc'd message of a VerifyError/ClassFormatError */
    VInfer *infer;                  /* non-NULL: the type-inference verifier runs (vfyinfer.c) */
} Vfy;

/* ---- vtypes.c ---- */
/* The small predicates are inline: the verifier asks them several times per instruction. */
static inline VType vt_of(VKind k) { return (VType){ (uint8_t)k, 0, NULL }; }
static inline VType vt_ref(Symbol *name) { return (VType){ VT_REF, 0, name }; }
static inline VType vt_uninit(uint16_t bci) { return (VType){ VT_UNINIT, bci, NULL }; }

static inline bool vt_eq(VType a, VType b) {
    if (a.k != b.k) return false;
    if (a.k == VT_REF) return a.name == b.name;
    return (a.k != VT_UNINIT && a.k != VT_RETADDR) || a.bci == b.bci;
}

static inline bool vt_is_ref(VType t) { return t.k == VT_REF || t.k == VT_NULL; }         /* reference or null */
static inline bool vt_is_uninit(VType t) { return t.k == VT_UNINIT || t.k == VT_UNINIT_THIS; }
static inline bool vt_is_array(VType t) { return t.k == VT_REF && t.name->str[0] == '['; } /* not null */
static inline bool vt_is_object(VType t) { return t.k == VT_REF && t.name->str[0] != '['; } /* not null */
static inline bool vt_is_cat2(VType t) { return t.k == VT_LONG || t.k == VT_DOUBLE; }
static inline bool vt_is_cat2_2nd(VType t) { return t.k == VT_LONG2 || t.k == VT_DOUBLE2; }

static inline bool vt_is_cat1(VType t) {
    return t.k == VT_INT || t.k == VT_FLOAT || vt_is_ref(t) || vt_is_uninit(t) || (t.k >= VT_BOOL && t.k <= VT_SHORT) ||
           t.k == VT_RETADDR;
}

/* long -> long_2nd, double -> double_2nd */
static inline VType vt_second_half(VType t) { return vt_of(t.k == VT_LONG ? VT_LONG2 : VT_DOUBLE2); }

/* Null, or an array whose component descriptor starts with one of `comps`. */
bool vt_is_array_of(VType t, const char *comps);
VType vt_component(VType arr);
/* May a value of type `from` be used where `to` is wanted?  Loads classes as HotSpot's
 * verifier does (leaves through V->fail when loading throws). */
bool vfy_assignable_full(Vfy *V, VType to, VType from, bool protected_ctx);
static inline bool vfy_assignable(Vfy *V, VType to, VType from, bool protected_ctx) {
    if (vt_eq(to, from)) return true;                   /* the common cases inline */
    if (to.k == VQ_REF) return vt_is_ref(from) || vt_is_uninit(from);
    if (to.k == VQ_CAT1) return vt_is_cat1(from);
    return vfy_assignable_full(V, to, from, protected_ctx);
}
/* Translates the field descriptor at *s into one or two types; advances *s. */
int vfy_desc_types(Vfy *V, const char **s, VType out[2]);
/* The types of a method or field descriptor, translated once per VM. */
const VSig *vfy_sig(Vfy *V, Symbol *desc);
/* The type a constant-pool Class entry names ("Foo" or "[I").  A hidden class's own Class
 * entry keeps the name of its class file, the class itself has a name with a suffix: both
 * stand for the class being verified. */
static inline VType vfy_class_type(Vfy *V, uint16_t idx) {
    if (idx == V->c->this_class) return V->this_type;
    return vt_ref(cp_class_name(&V->c->cp, idx));
}
/* Class.c's view of a name: loads it through c's loader (NULL with a pending exception). */
Class *vfy_load(Vfy *V, Symbol *name);
void vfy_append_type(char **buf, size_t *len, VType t);
void *vfy_alloc(Vfy *V, size_t bytes);

/* ---- stackmap.c ---- */
void vfy_frame_init(Vfy *V, VFrame *f);
void vfy_frame_copy(Vfy *V, VFrame *dst, const VFrame *src);
/* Pushes and pops are inline, as they run several times per instruction; their failures
 * are not. */
void vfy_stack_overflow(Vfy *V, VFrame *f) __attribute__((noreturn));
void vfy_stack_underflow(Vfy *V, VFrame *f) __attribute__((noreturn));
void vfy_bad_stack_type(Vfy *V, VFrame *f, VType want) __attribute__((noreturn));

static inline void vfy_push(Vfy *V, VFrame *f, VType t) {
    if (f->nstack >= V->max_stack) vfy_stack_overflow(V, f);
    f->stack[f->nstack++] = t;
}

static inline VType vfy_pop_any(Vfy *V, VFrame *f) {
    if (f->nstack <= 0) vfy_stack_underflow(V, f);
    return f->stack[--f->nstack];
}

static inline VType vfy_pop(Vfy *V, VFrame *f, VType want) {
    VType top = vfy_pop_any(V, f);
    if (!vfy_assignable(V, want, top, false)) vfy_bad_stack_type(V, f, want);
    return top;
}

void vfy_push2(Vfy *V, VFrame *f, VType t);          /* long/double: both halves */
void vfy_pop2(Vfy *V, VFrame *f, VType want);        /* long/double: both halves */
void vfy_bad_local_index(Vfy *V, VFrame *f, int index, const char *msg) __attribute__((noreturn));
void vfy_bad_local_type(Vfy *V, VFrame *f, int index, VType want) __attribute__((noreturn));

static inline VType vfy_get_local(Vfy *V, VFrame *f, int index, VType want) {
    if (index >= V->max_locals) vfy_bad_local_index(V, f, index, "Local variable table overflow");
    if (!vfy_assignable(V, want, f->locals[index], false)) vfy_bad_local_type(V, f, index, want);
    if (index >= f->nlocals) f->nlocals = index + 1;
    return f->locals[index];
}
void vfy_get_local2(Vfy *V, VFrame *f, int index, VType want);
void vfy_set_local(Vfy *V, VFrame *f, int index, VType t);
void vfy_set_local2(Vfy *V, VFrame *f, int index, VType t);
void vfy_initialize_object(Vfy *V, VFrame *f, VType old, VType now);
void vfy_read_stackmaps(Vfy *V);
int vfy_map_index(Vfy *V, int offset);
/* Checks f against stack map `index` (match) and/or makes f that frame (update); a
 * mismatch fails with msg (one int argument: arg). */
void vfy_match(Vfy *V, VFrame *f, int index, bool match, bool update, const char *msg, int arg);
void vfy_match_or_fail(Vfy *V, VFrame *f, int target, const char *msg, int arg);
void vfy_check_jump(Vfy *V, VFrame *f, int bci, int offset);
void vfy_print_frame(char **buf, size_t *len, const VFrame *f);
void vfy_print_table(char **buf, size_t *len, Vfy *V);

/* ---- verify.c ---- */
void vfy_fail(Vfy *V, VFault fault, int bci, const VWhere *type, const VWhere *expected, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 6, 7)));
void vfy_format_error(Vfy *V, bool in_method, const char *fmt, ...) __attribute__((noreturn, format(printf, 3, 4)));
void vfy_pending(Vfy *V) __attribute__((noreturn));
void vfy_appendf(char **buf, size_t *len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Builds the per-opcode rule table (once per process; vfy_begin_class calls it). */
void vfy_init_rules(void);
/* The instruction at bci applied to V->cur; true if control cannot fall through. */
bool vfy_run_insn(Vfy *V, uint32_t bci, bool *this_uninit);
uint32_t vfy_insn_length_var(const uint8_t *code, uint32_t bci);      /* wide and the switches */
static inline uint32_t vfy_insn_length(const uint8_t *code, uint32_t bci) {
    int n = opcode_lengths[code[bci]];
    return n > 0 ? (uint32_t)n : vfy_insn_length_var(code, bci);
}
void vfy_initial_frame(Vfy *V);
void vfy_mark_instructions(Vfy *V);
/* Starts a class (thread, class, this type) and ends it (frees what it allocated). */
void vfy_begin_class(Vfy *V, Thread *t, Class *c);
void vfy_end_class(Vfy *V);
/* After each method: the method's allocations go, the arena's memory stays for the next. */
void vfy_arena_reset(Vfy *V);

/* ---- vfyinfer.c ---- */
/* Control flows from f to target (a branch of the inference verifier). */
void vfy_infer_jump(Vfy *V, const VFrame *f, int target);
/* A rule failed under the inference verifier: the old verifier's message. */
void vfy_infer_fail(Vfy *V, VFault fault, const VWhere *type, const VWhere *expected, const char *checker_msg)
    __attribute__((noreturn));
/* Verifies c by type inference (JVMS 4.10.2); as vfy_run. */
VResult vfy_infer_run(Thread *t, Class *c, char **msg);

static inline VWhere vw_frame(const VFrame *f) { return (VWhere){ VO_FRAME, 0, { VT_TOP, 0, NULL }, f }; }
static inline VWhere vw_implicit(VType t) { return (VWhere){ VO_IMPLICIT, 0, t, NULL }; }
static inline VWhere vw_stack_top(const VFrame *f) { return (VWhere){ VO_STACK, f->nstack, f->stack[f->nstack], f }; }

#endif
