/*
 * interp.c — the bytecode interpreter loop.
 *
 * Direct-threaded: each translated instruction (prepare.h) holds the address of its
 * handler, so dispatch is `goto *pc->label`.  The loop keeps pc, sp and locals in local
 * variables and writes pc/sp back to the frame (SAVE) before anything that can throw, run
 * Java code or collect; the collector reads frames only through those saved values.
 *
 * Calls between interpreted methods stay in this loop: the callee's frame is built on top
 * of the caller's arguments (frame.h), with no C recursion, so deep Java recursion only
 * costs Java stack and ends in StackOverflowError at the thread's stack limit.  Native
 * methods and anything the VM runs for the bytecode (class loading, <clinit>, exception
 * construction) re-enter through interp_call, which runs a nested loop for that call.
 *
 * Unresolved instructions run a slow path that resolves them and rewrites the instruction
 * into its quick form (quicken.c), then dispatch it again.
 *
 * Polling: the thread's `trap` word is tested on method entry and on taken branches; a
 * non-zero value (safepoint, suspension, an asynchronous exception, later debugger modes)
 * calls interp_trap, which may leave an exception to throw where the poll was.
 *
 * Arithmetic follows the JVMS exactly: wrapping int/long arithmetic done in unsigned C
 * types, shift counts masked, division by zero and MIN/-1 handled, NaN-aware float
 * comparisons, and saturating float-to-integer conversions.
 */
#include "interp/interp_internal.h"
#include "interp/callsite.h"
#include "native/mhn.h"
#include "interp/opcodes.h"
#include "interp/frame.h"
#include "interp/debug.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "native/natives.h"
#include "runtime/exception.h"
#include "runtime/monitor.h"
#include "runtime/finalizer.h"
#include "runtime/vm.h"
#include <math.h>

const void **interp_labels;

static inline jint f2i(jfloat f) {
    if (f != f) return 0;
    if (f >= 2147483648.0f) return INT32_MAX;
    if (f <= -2147483648.0f) return INT32_MIN;
    return (jint)f;
}
static inline jlong f2l(jfloat f) {
    if (f != f) return 0;
    if (f >= 9223372036854775808.0f) return INT64_MAX;
    if (f <= -9223372036854775808.0f) return INT64_MIN;
    return (jlong)f;
}
static inline jint d2i(jdouble d) {
    if (d != d) return 0;
    if (d >= 2147483648.0) return INT32_MAX;
    if (d <= -2147483648.0) return INT32_MIN;
    return (jint)d;
}
static inline jlong d2l(jdouble d) {
    if (d != d) return 0;
    if (d >= 9223372036854775808.0) return INT64_MAX;
    if (d <= -9223372036854775808.0) return INT64_MIN;
    return (jlong)d;
}
static inline jint fcmp(jfloat a, jfloat b, jint nan) { return a < b ? -1 : a > b ? 1 : a == b ? 0 : nan; }
static inline jint dcmp(jdouble a, jdouble b, jint nan) { return a < b ? -1 : a > b ? 1 : a == b ? 0 : nan; }

static bool throw_soe(Thread *t) {
    Slot *saved = t->stack_limit;
    t->stack_limit = t->stack_end;
    exc_throw(t, VMC_StackOverflowError, NULL);
    t->stack_limit = saved;
    if (!exc_pending(t)) exc_throw_soe(t);
    return false;
}

static bool throw_div0(Thread *t) {
    exc_throw(t, VMC_ArithmeticException, "/ by zero");
    return false;
}

/* A ThreadSanitizer build leaves the interpreter loop uninstrumented: its loads and stores
 * of Java fields and array elements race whenever the Java program races (which the Java
 * memory model allows; volatile accesses have their own instructions), so reports from
 * it would be about the program, not the VM.  Everything the loop calls is checked.  The
 * loop's own shared VM data is a rewritten instruction (published by a release store of
 * its label, read through that label) and a method's prepared code (a release CAS, read
 * with acquire). */
#ifdef __SANITIZE_THREAD__
#define RUN_ATTRS __attribute__((no_sanitize_thread))
#else
#define RUN_ATTRS
#endif

/* Runs frames from t->top until the entry frame (FR_ENTRY) returns.  Called with a NULL
 * thread once, to publish the label table. */
RUN_ATTRS static bool run(Thread *t) {
    static const void *labels[OP_COUNT + 1] = {     /* + the debugger's hook */
#define OP_LABEL(name, code, len, pops, pushes) [code] = &&L_##name,
        JVM_OPCODES(OP_LABEL)
#undef OP_LABEL
#define QOP_LABEL(name, base) [OP_##name] = &&L_##name,
        QUICK_OPCODES(QOP_LABEL)
#undef QOP_LABEL
        [OP_COUNT] = &&L_dbg_hook,
    };
    if (!t) {
        for (int i = 0; i < OP_COUNT; i++)
            if (!labels[i]) labels[i] = &&L_breakpoint;
        interp_labels = labels;
        interp_hook_label = labels[OP_COUNT];
        return true;
    }

    Frame *frame = t->top;
    const Insn *pc = frame->pc;
    Slot *sp = frame->sp;
    Slot *locals = frame->locals;
    Method *callee;
    Object *o;
    Class *k;
    jint ii;
    Slot ret;
    int rslots;

#define DISPATCH() goto *pc->label
#define NEXT() do { pc++; DISPATCH(); } while (0)
#define SAVE() do { frame->pc = pc; frame->sp = sp; } while (0)
#define THROW() goto handle_exception
#define NULL_CHECK(x) do { if (unlikely(!(x))) { SAVE(); exc_npe(t); THROW(); } } while (0)
#define POLL() do { if (unlikely(thread_trap(t))) { SAVE(); if (unlikely(!interp_trap(t))) THROW(); } } while (0)
#define BRANCH(target) do { pc = (target); POLL(); DISPATCH(); } while (0)
#define ARRAY_CHECK(a, i) do { \
        NULL_CHECK(a); \
        if (unlikely((uint32_t)(i) >= (uint32_t)array_length(a))) { SAVE(); exc_aioobe(t, (i), array_length(a)); THROW(); } \
    } while (0)

    DISPATCH();

    /* ---- constants ---- */
L_nop: NEXT();
L_aconst_null: sp->l = NULL; sp++; NEXT();
L_iconst_m1: sp->i = -1; sp++; NEXT();
L_iconst_0: sp->i = 0; sp++; NEXT();
L_iconst_1: sp->i = 1; sp++; NEXT();
L_iconst_2: sp->i = 2; sp++; NEXT();
L_iconst_3: sp->i = 3; sp++; NEXT();
L_iconst_4: sp->i = 4; sp++; NEXT();
L_iconst_5: sp->i = 5; sp++; NEXT();
L_lconst_0: sp->j = 0; sp += 2; NEXT();
L_lconst_1: sp->j = 1; sp += 2; NEXT();
L_fconst_0: sp->f = 0.0f; sp++; NEXT();
L_fconst_1: sp->f = 1.0f; sp++; NEXT();
L_fconst_2: sp->f = 2.0f; sp++; NEXT();
L_dconst_0: sp->d = 0.0; sp += 2; NEXT();
L_dconst_1: sp->d = 1.0; sp += 2; NEXT();
L_bipush: L_sipush: L_ldc_i: sp->i = pc->i32; sp++; NEXT();
L_ldc_j: sp->j = pc->x.j; sp += 2; NEXT();
L_ldc_ref: sp->l = *(Object **)pc->x.p; sp++; NEXT();
L_ldc: L_ldc_w: L_ldc2_w:
    SAVE();
    if (!qk_ldc(t, frame->method, (Insn *)pc)) THROW();
    DISPATCH();

    /* ---- locals ---- */
L_iload: L_fload: L_aload: sp->raw = locals[pc->u16].raw; sp++; NEXT();
L_lload: L_dload: sp->raw = locals[pc->u16].raw; sp += 2; NEXT();
L_iload_0: L_fload_0: L_aload_0: sp->raw = locals[0].raw; sp++; NEXT();
L_iload_1: L_fload_1: L_aload_1: sp->raw = locals[1].raw; sp++; NEXT();
L_iload_2: L_fload_2: L_aload_2: sp->raw = locals[2].raw; sp++; NEXT();
L_iload_3: L_fload_3: L_aload_3: sp->raw = locals[3].raw; sp++; NEXT();
L_lload_0: L_dload_0: sp->raw = locals[0].raw; sp += 2; NEXT();
L_lload_1: L_dload_1: sp->raw = locals[1].raw; sp += 2; NEXT();
L_lload_2: L_dload_2: sp->raw = locals[2].raw; sp += 2; NEXT();
L_lload_3: L_dload_3: sp->raw = locals[3].raw; sp += 2; NEXT();
L_istore: L_fstore: L_astore: sp--; locals[pc->u16].raw = sp->raw; NEXT();
L_lstore: L_dstore: sp -= 2; locals[pc->u16].raw = sp->raw; NEXT();
L_istore_0: L_fstore_0: L_astore_0: sp--; locals[0].raw = sp->raw; NEXT();
L_istore_1: L_fstore_1: L_astore_1: sp--; locals[1].raw = sp->raw; NEXT();
L_istore_2: L_fstore_2: L_astore_2: sp--; locals[2].raw = sp->raw; NEXT();
L_istore_3: L_fstore_3: L_astore_3: sp--; locals[3].raw = sp->raw; NEXT();
L_lstore_0: L_dstore_0: sp -= 2; locals[0].raw = sp->raw; NEXT();
L_lstore_1: L_dstore_1: sp -= 2; locals[1].raw = sp->raw; NEXT();
L_lstore_2: L_dstore_2: sp -= 2; locals[2].raw = sp->raw; NEXT();
L_lstore_3: L_dstore_3: sp -= 2; locals[3].raw = sp->raw; NEXT();
L_iinc: locals[pc->u16].i = (jint)((uint32_t)locals[pc->u16].i + (uint32_t)pc->i32); NEXT();

    /* ---- arrays ---- */
#define ARRAY_LOAD(type, field, width) \
    o = sp[-2].l; ii = sp[-1].i; ARRAY_CHECK(o, ii); \
    sp[-2].field = ARRAY_ELEMS(o, type)[ii]; sp += (width) - 2; NEXT();
L_iaload: ARRAY_LOAD(jint, i, 1)
L_laload: ARRAY_LOAD(jlong, j, 2)
L_faload: ARRAY_LOAD(jfloat, f, 1)
L_daload: ARRAY_LOAD(jdouble, d, 2)
L_aaload: ARRAY_LOAD(Object *, l, 1)
L_baload: ARRAY_LOAD(jbyte, i, 1)
L_caload: ARRAY_LOAD(jchar, i, 1)
L_saload: ARRAY_LOAD(jshort, i, 1)
#define ARRAY_STORE(type, field, width) \
    o = sp[-2 - (width)].l; ii = sp[-1 - (width)].i; ARRAY_CHECK(o, ii); \
    ARRAY_ELEMS(o, type)[ii] = (type)sp[-(width)].field; sp -= 2 + (width); NEXT();
L_iastore: ARRAY_STORE(jint, i, 1)
L_lastore: ARRAY_STORE(jlong, j, 2)
L_fastore: ARRAY_STORE(jfloat, f, 1)
L_dastore: ARRAY_STORE(jdouble, d, 2)
L_castore: ARRAY_STORE(jchar, i, 1)
L_sastore: ARRAY_STORE(jshort, i, 1)
L_bastore:
    o = sp[-3].l; ii = sp[-2].i; ARRAY_CHECK(o, ii);
    /* boolean arrays store value & 1 (JVMS 6.5 bastore) */
    ARRAY_ELEMS(o, jbyte)[ii] = o->klass->component == vm_primitive[T_BOOLEAN] ? (jbyte)(sp[-1].i & 1) : (jbyte)sp[-1].i;
    sp -= 3;
    NEXT();
L_aastore: {
    o = sp[-3].l; ii = sp[-2].i; ARRAY_CHECK(o, ii);
    Object *v = sp[-1].l;
    if (v) {
        Class *ec = o->klass->component;
        if (unlikely(v->klass != ec && !class_is_assignable(v->klass, ec))) {
            SAVE();
            exc_array_store(t, v->klass, o->klass);
            THROW();
        }
    }
    heap_store_ref(o, &ARRAY_ELEMS(o, Object *)[ii], v);
    sp -= 3;
    NEXT();
}
L_arraylength: o = sp[-1].l; NULL_CHECK(o); sp[-1].i = array_length(o); NEXT();

    /* ---- stack ---- */
L_pop: sp--; NEXT();
L_pop2: sp -= 2; NEXT();
L_dup: sp[0] = sp[-1]; sp++; NEXT();
L_dup_x1: sp[0] = sp[-1]; sp[-1] = sp[-2]; sp[-2] = sp[0]; sp++; NEXT();
L_dup_x2: sp[0] = sp[-1]; sp[-1] = sp[-2]; sp[-2] = sp[-3]; sp[-3] = sp[0]; sp++; NEXT();
L_dup2: sp[0] = sp[-2]; sp[1] = sp[-1]; sp += 2; NEXT();
L_dup2_x1: sp[1] = sp[-1]; sp[0] = sp[-2]; sp[-1] = sp[-3]; sp[-2] = sp[1]; sp[-3] = sp[0]; sp += 2; NEXT();
L_dup2_x2: sp[1] = sp[-1]; sp[0] = sp[-2]; sp[-1] = sp[-3]; sp[-2] = sp[-4]; sp[-3] = sp[1]; sp[-4] = sp[0]; sp += 2; NEXT();
L_swap: { Slot s = sp[-1]; sp[-1] = sp[-2]; sp[-2] = s; NEXT(); }

    /* ---- arithmetic ---- */
#define IBIN(expr) sp[-2].i = (expr); sp--; NEXT();
#define LBIN(expr) sp[-4].j = (expr); sp -= 2; NEXT();
#define FBIN(expr) sp[-2].f = (expr); sp--; NEXT();
#define DBIN(expr) sp[-4].d = (expr); sp -= 2; NEXT();
L_iadd: IBIN((jint)((uint32_t)sp[-2].i + (uint32_t)sp[-1].i))
L_isub: IBIN((jint)((uint32_t)sp[-2].i - (uint32_t)sp[-1].i))
L_imul: IBIN((jint)((uint32_t)sp[-2].i * (uint32_t)sp[-1].i))
L_ladd: LBIN((jlong)((uint64_t)sp[-4].j + (uint64_t)sp[-2].j))
L_lsub: LBIN((jlong)((uint64_t)sp[-4].j - (uint64_t)sp[-2].j))
L_lmul: LBIN((jlong)((uint64_t)sp[-4].j * (uint64_t)sp[-2].j))
L_fadd: FBIN(sp[-2].f + sp[-1].f)
L_fsub: FBIN(sp[-2].f - sp[-1].f)
L_fmul: FBIN(sp[-2].f * sp[-1].f)
L_fdiv: FBIN(sp[-2].f / sp[-1].f)
L_frem: FBIN(fmodf(sp[-2].f, sp[-1].f))
L_dadd: DBIN(sp[-4].d + sp[-2].d)
L_dsub: DBIN(sp[-4].d - sp[-2].d)
L_dmul: DBIN(sp[-4].d * sp[-2].d)
L_ddiv: DBIN(sp[-4].d / sp[-2].d)
L_drem: DBIN(fmod(sp[-4].d, sp[-2].d))
L_idiv:
    if (unlikely(sp[-1].i == 0)) { SAVE(); throw_div0(t); THROW(); }
    IBIN(sp[-1].i == -1 ? (jint)(0u - (uint32_t)sp[-2].i) : sp[-2].i / sp[-1].i)
L_irem:
    if (unlikely(sp[-1].i == 0)) { SAVE(); throw_div0(t); THROW(); }
    IBIN(sp[-1].i == -1 ? 0 : sp[-2].i % sp[-1].i)
L_ldiv:
    if (unlikely(sp[-2].j == 0)) { SAVE(); throw_div0(t); THROW(); }
    LBIN(sp[-2].j == -1 ? (jlong)(0ull - (uint64_t)sp[-4].j) : sp[-4].j / sp[-2].j)
L_lrem:
    if (unlikely(sp[-2].j == 0)) { SAVE(); throw_div0(t); THROW(); }
    LBIN(sp[-2].j == -1 ? 0 : sp[-4].j % sp[-2].j)
L_ineg: sp[-1].i = (jint)(0u - (uint32_t)sp[-1].i); NEXT();
L_lneg: sp[-2].j = (jlong)(0ull - (uint64_t)sp[-2].j); NEXT();
L_fneg: sp[-1].f = -sp[-1].f; NEXT();
L_dneg: sp[-2].d = -sp[-2].d; NEXT();
L_ishl: IBIN((jint)((uint32_t)sp[-2].i << (sp[-1].i & 31)))
L_ishr: IBIN(sp[-2].i >> (sp[-1].i & 31))
L_iushr: IBIN((jint)((uint32_t)sp[-2].i >> (sp[-1].i & 31)))
L_lshl: sp[-3].j = (jlong)((uint64_t)sp[-3].j << (sp[-1].i & 63)); sp--; NEXT();
L_lshr: sp[-3].j = sp[-3].j >> (sp[-1].i & 63); sp--; NEXT();
L_lushr: sp[-3].j = (jlong)((uint64_t)sp[-3].j >> (sp[-1].i & 63)); sp--; NEXT();
L_iand: IBIN(sp[-2].i & sp[-1].i)
L_ior: IBIN(sp[-2].i | sp[-1].i)
L_ixor: IBIN(sp[-2].i ^ sp[-1].i)
L_land: LBIN(sp[-4].j & sp[-2].j)
L_lor: LBIN(sp[-4].j | sp[-2].j)
L_lxor: LBIN(sp[-4].j ^ sp[-2].j)

    /* ---- conversions ---- */
L_i2l: sp[-1].j = (jlong)sp[-1].i; sp++; NEXT();
L_i2f: sp[-1].f = (jfloat)sp[-1].i; NEXT();
L_i2d: sp[-1].d = (jdouble)sp[-1].i; sp++; NEXT();
L_l2i: sp[-2].i = (jint)sp[-2].j; sp--; NEXT();
L_l2f: sp[-2].f = (jfloat)sp[-2].j; sp--; NEXT();
L_l2d: sp[-2].d = (jdouble)sp[-2].j; NEXT();
L_f2i: sp[-1].i = f2i(sp[-1].f); NEXT();
L_f2l: sp[-1].j = f2l(sp[-1].f); sp++; NEXT();
L_f2d: sp[-1].d = (jdouble)sp[-1].f; sp++; NEXT();
L_d2i: sp[-2].i = d2i(sp[-2].d); sp--; NEXT();
L_d2l: sp[-2].j = d2l(sp[-2].d); NEXT();
L_d2f: sp[-2].f = (jfloat)sp[-2].d; sp--; NEXT();
L_i2b: sp[-1].i = (jbyte)sp[-1].i; NEXT();
L_i2c: sp[-1].i = (jchar)sp[-1].i; NEXT();
L_i2s: sp[-1].i = (jshort)sp[-1].i; NEXT();

    /* ---- comparisons and branches ---- */
L_lcmp: sp[-4].i = sp[-4].j < sp[-2].j ? -1 : sp[-4].j > sp[-2].j ? 1 : 0; sp -= 3; NEXT();
L_fcmpl: sp[-2].i = fcmp(sp[-2].f, sp[-1].f, -1); sp--; NEXT();
L_fcmpg: sp[-2].i = fcmp(sp[-2].f, sp[-1].f, 1); sp--; NEXT();
L_dcmpl: sp[-4].i = dcmp(sp[-4].d, sp[-2].d, -1); sp -= 3; NEXT();
L_dcmpg: sp[-4].i = dcmp(sp[-4].d, sp[-2].d, 1); sp -= 3; NEXT();
#define IF1(cond) sp--; if (cond) BRANCH(pc->x.target); NEXT();
#define IF2(cond) sp -= 2; if (cond) BRANCH(pc->x.target); NEXT();
L_ifeq: IF1(sp[0].i == 0)
L_ifne: IF1(sp[0].i != 0)
L_iflt: IF1(sp[0].i < 0)
L_ifge: IF1(sp[0].i >= 0)
L_ifgt: IF1(sp[0].i > 0)
L_ifle: IF1(sp[0].i <= 0)
L_if_icmpeq: IF2(sp[0].i == sp[1].i)
L_if_icmpne: IF2(sp[0].i != sp[1].i)
L_if_icmplt: IF2(sp[0].i < sp[1].i)
L_if_icmpge: IF2(sp[0].i >= sp[1].i)
L_if_icmpgt: IF2(sp[0].i > sp[1].i)
L_if_icmple: IF2(sp[0].i <= sp[1].i)
L_if_acmpeq: IF2(sp[0].l == sp[1].l)
L_if_acmpne: IF2(sp[0].l != sp[1].l)
L_ifnull: IF1(sp[0].l == NULL)
L_ifnonnull: IF1(sp[0].l != NULL)
L_goto: L_goto_w: BRANCH(pc->x.target);
L_jsr: L_jsr_w: sp->p = (void *)(pc + 1); sp++; BRANCH(pc->x.target);
L_ret: BRANCH((const Insn *)locals[pc->u16].p);
L_tableswitch: {
    SwitchTable *st = pc->x.p;
    ii = (--sp)->i;
    if (ii < st->low || ii > st->high) BRANCH(st->dflt);
    BRANCH(st->targets[(uint32_t)((int64_t)ii - st->low)]);
}
L_lookupswitch: {
    SwitchTable *st = pc->x.p;
    ii = (--sp)->i;
    int32_t lo = 0, hi = st->high - 1;
    while (lo <= hi) {
        int32_t mid = (int32_t)(((uint32_t)lo + (uint32_t)hi) >> 1);
        if (st->keys[mid] < ii) lo = mid + 1;
        else if (st->keys[mid] > ii) hi = mid - 1;
        else BRANCH(st->targets[mid]);
    }
    BRANCH(st->dflt);
}

    /* ---- fields ---- */
L_getfield: L_putfield:
    SAVE();
    if (!qk_field(t, frame->method, (Insn *)pc)) THROW();
    DISPATCH();
L_getstatic: L_putstatic: {
    SAVE();
    Slot *nsp = sp;     /* a copy: taking sp's address would keep it out of a register */
    switch (qk_static(t, frame->method, (Insn *)pc, &nsp)) {
    case QK_FAIL: THROW();
    case QK_REDISPATCH: DISPATCH();
    default: sp = nsp; NEXT();
    }
}
#define GETF(type, field, width) \
    o = sp[-1].l; NULL_CHECK(o); sp[-1].field = OBJ_FIELD(o, pc->i32, type); sp += (width) - 1; NEXT();
L_getfield_b: GETF(jbyte, i, 1)
L_getfield_c: GETF(jchar, i, 1)
L_getfield_s: GETF(jshort, i, 1)
L_getfield_i: GETF(jint, i, 1)
L_getfield_j: GETF(jlong, j, 2)
L_getfield_a: GETF(Object *, l, 1)
#define PUTF(type, expr, width) \
    o = sp[-1 - (width)].l; NULL_CHECK(o); OBJ_FIELD(o, pc->i32, type) = (expr); sp -= 1 + (width); NEXT();
L_putfield_b: PUTF(jbyte, (jbyte)sp[-1].i, 1)
L_putfield_z: PUTF(jbyte, (jbyte)(sp[-1].i & 1), 1)
L_putfield_c: PUTF(jchar, (jchar)sp[-1].i, 1)
L_putfield_i: PUTF(jint, sp[-1].i, 1)
L_putfield_j: PUTF(jlong, sp[-2].j, 2)
L_putfield_a:
    o = sp[-2].l; NULL_CHECK(o);
    HEAP_SET_FIELD(o, (uint32_t)pc->i32, sp[-1].l);
    sp -= 2;
    NEXT();
L_getfield_vol: {
    const Field *f = pc->x.p;
    o = sp[-1].l; NULL_CHECK(o);
    field_load(f, o, &sp[-1]);
    sp += bt_is_wide((BasicType)f->type) ? 1 : 0;
    NEXT();
}
L_putfield_vol: {
    const Field *f = pc->x.p;
    int w = bt_is_wide((BasicType)f->type) ? 2 : 1;
    o = sp[-1 - w].l; NULL_CHECK(o);
    field_store(f, o, &sp[-w]);
    sp -= 1 + w;
    NEXT();
}
#define GETS(type, field, width) \
    k = pc->x.p; sp->field = OBJ_FIELD(k->mirror, pc->i32, type); sp += (width); NEXT();
L_getstatic_b: GETS(jbyte, i, 1)
L_getstatic_c: GETS(jchar, i, 1)
L_getstatic_s: GETS(jshort, i, 1)
L_getstatic_i: GETS(jint, i, 1)
L_getstatic_j: GETS(jlong, j, 2)
L_getstatic_a: GETS(Object *, l, 1)
#define PUTS(type, expr, width) \
    k = pc->x.p; OBJ_FIELD(k->mirror, pc->i32, type) = (expr); sp -= (width); NEXT();
L_putstatic_b: PUTS(jbyte, (jbyte)sp[-1].i, 1)
L_putstatic_z: PUTS(jbyte, (jbyte)(sp[-1].i & 1), 1)
L_putstatic_c: PUTS(jchar, (jchar)sp[-1].i, 1)
L_putstatic_i: PUTS(jint, sp[-1].i, 1)
L_putstatic_j: PUTS(jlong, sp[-2].j, 2)
L_putstatic_a:
    k = pc->x.p;
    HEAP_SET_FIELD(k->mirror, (uint32_t)pc->i32, sp[-1].l);
    sp--;
    NEXT();
L_getstatic_vol: {
    const Field *f = pc->x.p;
    field_load(f, f->holder->mirror, sp);
    sp += bt_is_wide((BasicType)f->type) ? 2 : 1;
    NEXT();
}
L_putstatic_vol: {
    const Field *f = pc->x.p;
    int w = bt_is_wide((BasicType)f->type) ? 2 : 1;
    field_store(f, f->holder->mirror, &sp[-w]);
    sp -= w;
    NEXT();
}

    /* ---- invocation ---- */
L_invokevirtual: L_invokespecial: L_invokestatic: L_invokeinterface:
    SAVE();
    switch (qk_invoke(t, frame->method, (Insn *)pc, &callee)) {
    case QK_FAIL: THROW();
    case QK_REDISPATCH: DISPATCH();
    default: goto invoke;
    }
L_invokedynamic:
    SAVE();
    if (!cs_link_invokedynamic(t, frame->method, (Insn *)pc)) THROW();
    DISPATCH();
L_invokedynamic_q: {
    CallSiteLink *l = pc->x.p;
    if (l->appendix) {
        sp->l = *l->appendix;
        sp++;
    }
    callee = l->target;
    goto invoke;
}
L_invokehandle_q: {
    CallSiteLink *l = pc->x.p;
    o = sp[-(int)pc->u16].l;
    NULL_CHECK(o);
    if (l->appendix) {
        sp->l = *l->appendix;
        sp++;
    }
    callee = l->target;
    goto invoke;
}
L_invokebasic_q:
    o = sp[-(int)pc->u16].l;
    NULL_CHECK(o);
    callee = mhn_method_of(OBJ_FIELD(OBJ_FIELD(o, cs_mh_form_off, Object *), cs_lf_vmentry_off, Object *));
    goto invoke;
L_linktostatic_q:
    /* the trailing MemberName names the target; linkToSpecial also null-checks the receiver */
    callee = mhn_method_of(sp[-1].l);
    sp--;
    if (pc->i32) {
        o = sp[-(int)(pc->u16 - 1)].l;
        NULL_CHECK(o);
    }
    goto invoke;
L_linktovirtual_q: {
    Method *m = mhn_method_of(sp[-1].l);
    sp--;
    o = sp[-(int)(pc->u16 - 1)].l;
    NULL_CHECK(o);
    if (likely(m->vtable_index >= 0)) {
        callee = o->klass->vtable[m->vtable_index];
    } else if (class_is_interface(m->holder) && !method_is_private(m)) {
        /* a default method named through a class (MethodHandleNatives.resolve) */
        SAVE();
        callee = itable_lookup(t, o->klass, m);
        if (!callee) THROW();
    } else {
        callee = m;
    }
    goto invoke;
}
L_linktointerface_q: {
    Method *m = mhn_method_of(sp[-1].l);
    sp--;
    o = sp[-(int)(pc->u16 - 1)].l;
    NULL_CHECK(o);
    if (method_is_private(m) || !class_is_interface(m->holder)) {
        callee = m->vtable_index >= 0 && !method_is_private(m) ? o->klass->vtable[m->vtable_index] : m;
    } else {
        SAVE();
        callee = itable_lookup(t, o->klass, m);
        if (!callee) THROW();
    }
    goto invoke;
}
L_rethrow_q:
    SAVE();
    exc_throw_like(t, *(Object **)pc->x.p, false);
    THROW();
L_invokevirtual_q:
    o = sp[-(int)pc->u16].l;
    NULL_CHECK(o);
    callee = o->klass->vtable[pc->i32];
    goto invoke;
L_invokefinal_q: L_invokespecial_q:
    callee = pc->x.p;
    o = sp[-(int)callee->arg_slots].l;
    NULL_CHECK(o);
    goto invoke;
L_invokestatic_q:
    callee = pc->x.p;
    goto invoke;
L_invokeinterface_q: {
    InvokeCache *ic = pc->x.p;
    o = sp[-(int)ic->method->arg_slots].l;
    NULL_CHECK(o);
    InvokeTarget *mono = ic->mono;
    if (likely(mono && mono->cls == o->klass)) {
        callee = mono->target;
    } else {
        k = o->klass;
        SAVE();
        callee = itable_lookup(t, k, ic->method);
        if (!callee) THROW();
        if (!mono) {
            InvokeTarget *nt = vm_malloc(sizeof *nt);
            nt->cls = k;
            nt->target = callee;
            InvokeTarget *expected = NULL;
            if (!__atomic_compare_exchange_n(&ic->mono, &expected, nt, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) vm_free(nt);
        }
    }
    goto invoke;
}

invoke:
    if (likely(callee->kind == MK_INTERPRETED)) {
        Prepared *p = method_prepared(callee);
        if (unlikely(!p)) {
            SAVE();
            p = prep_method(t, callee);
            if (!p) THROW();
        }
        Slot *args = sp - callee->arg_slots;
        Frame *nf = (Frame *)(args + p->frame_slots);
        Slot *nsp = (Slot *)(nf + 1);
        if (unlikely(nsp + callee->max_stack > t->stack_limit)) {
            SAVE();
            throw_soe(t);
            THROW();
        }
        frame->pc = pc;
        frame->sp = args;
        nf->method = callee;
        nf->locals = args;
        nf->prev = frame;
        nf->flags = 0;
        nf->mark = 0;
        nf->lock = NULL;
        nf->pc = p->code;
        nf->sp = nsp;
        frame = nf;
        t->top = nf;
        locals = args;
        sp = nsp;
        pc = p->code;
        if (unlikely(callee->access & JVM_ACC_SYNCHRONIZED)) {
            o = method_is_static(callee) ? callee->holder->mirror : locals[0].l;
            frame->lock = o;
            if (!mon_try_enter_fast(t, o)) {
                SAVE();
                mon_enter(t, &frame->lock);
            }
        }
        POLL();
        DISPATCH();
    }
    /* a native callee's frame owns its arguments (the collector scans them by descriptor),
     * as an interpreted callee's locals are its arguments */
    SAVE();
    frame->sp = sp - callee->arg_slots;
    if (!nat_invoke(t, callee, sp - callee->arg_slots)) THROW();
    sp -= callee->arg_slots;
    sp += callee->ret_type == T_VOID ? 0 : bt_is_wide((BasicType)callee->ret_type) ? 2 : 1;
    NEXT();

    /* ---- returns ---- */
L_ireturn: L_freturn: L_areturn: ret = sp[-1]; rslots = 1; goto do_return;
L_lreturn: L_dreturn: ret = sp[-2]; rslots = 2; goto do_return;
L_return: rslots = 0; goto do_return;
L_return_register_finalizer:
    rslots = 0;
    if (unlikely(locals[0].l->klass->flags & CF_HAS_FINALIZER)) {
        SAVE();
        if (!fin_register(t, &locals[0].l)) THROW();
    }
    goto do_return;
do_return: {
    if (unlikely(frame->lock != NULL)) {
        SAVE();
        Object *l = frame->lock;
        frame->lock = NULL;
        if (!mon_exit(t, l)) THROW();
    }
    Slot *dst = frame->locals;
    if (unlikely(frame->flags & (FR_ENTRY | FR_DBG_MASK))) {
        if (frame->flags & FR_DBG_MASK) {
            SAVE();
            ret = dbg_frame_return(t, frame, ret);
        }
        if (frame->flags & FR_ENTRY) {
            if (rslots) dst[0] = ret;
            t->top = frame->prev;
            return true;
        }
    }
    if (rslots) dst[0] = ret;
    frame = frame->prev;
    t->top = frame;
    sp = dst + rslots;
    locals = frame->locals;
    pc = frame->pc + 1;
    DISPATCH();
}

    /* ---- objects ---- */
    /* checkcast and instanceof of null resolve nothing, as in HotSpot: the class is asked
     * of its loader only when a value that is not null is checked (a loader whose loading
     * of C runs code casting null to C must not be asked for C again) */
L_checkcast:
    if (!sp[-1].l) NEXT();
    goto L_new;
L_instanceof:
    if (!sp[-1].l) {
        sp[-1].i = 0;
        NEXT();
    }
L_new: L_anewarray: L_multianewarray:
    SAVE();
    switch (qk_class(t, frame->method, (Insn *)pc, &k)) {
    case QK_FAIL: THROW();
    case QK_REDISPATCH: DISPATCH();
    default:
        /* `new` of a class still being initialised by this thread: allocate directly */
        o = heap_alloc_object(t, k);
        if (!o) THROW();
        sp->l = o;
        sp++;
        NEXT();
    }
L_new_q: {
    k = pc->x.p;
    size_t size = k->instance_size;
    o = heap_tlab_alloc(t, size);
    if (likely(o != NULL)) {
        o->klass = k;
    } else {
        SAVE();
        o = heap_alloc_sized(t, k, size);
        if (!o) THROW();
    }
    sp->l = o;
    sp++;
    NEXT();
}
L_newarray:
    k = interp_prim_array[pc->u16];
    goto new_array;
L_anewarray_q:
    k = pc->x.p;
new_array:
    ii = sp[-1].i;
    if (unlikely(ii < 0)) {
        SAVE();
        exc_throw(t, VMC_NegativeArraySizeException, "%d", (int)ii);
        THROW();
    }
    {
        size_t size = ALIGN_UP(ARRAY_BASE + ((size_t)ii << k->elem_shift), 8);
        ArrayObject *a = heap_tlab_alloc(t, size);
        if (likely(a != NULL)) {
            a->hdr.klass = k;
            a->length = ii;
            o = &a->hdr;
        } else {
            SAVE();
            o = heap_alloc_array(t, k, ii);
            if (!o) THROW();
        }
    }
    sp[-1].l = o;
    NEXT();
L_multianewarray_q:
    SAVE();
    o = interp_multianewarray(t, pc->x.p, pc->u16, sp - pc->u16);
    if (!o) THROW();
    sp -= pc->u16;
    sp->l = o;
    sp++;
    NEXT();
L_checkcast_q:
    o = sp[-1].l;
    k = pc->x.p;
    if (o && unlikely(o->klass != k) && !class_is_assignable(o->klass, k)) {
        SAVE();
        exc_class_cast(t, o->klass, k);
        THROW();
    }
    NEXT();
L_instanceof_q:
    o = sp[-1].l;
    k = pc->x.p;
    sp[-1].i = o && (o->klass == k || class_is_assignable(o->klass, k));
    NEXT();
L_athrow:
    o = sp[-1].l;
    NULL_CHECK(o);
    SAVE();
    exc_set(t, o);
    THROW();
L_monitorenter:
    o = sp[-1].l;
    NULL_CHECK(o);
    if (!mon_try_enter_fast(t, o)) {
        SAVE();
        mon_enter(t, &sp[-1].l);
    }
    sp--;
    NEXT();
L_monitorexit:
    o = sp[-1].l;
    NULL_CHECK(o);
    SAVE();
    if (!mon_exit(t, o)) THROW();
    sp--;
    NEXT();

    /* ---- debugger hooks (debug.h): a hooked instruction comes here first ---- */
L_dbg_hook:
    SAVE();
    ii = dbg_insn(t, pc);
    if (likely(ii == DBG_RUN)) goto *labels[pc->opc];
    if (ii == DBG_THROW) THROW();
    if (ii == DBG_RETURN) {
        rslots = dbg_return_slots(t);
        ret = dbg_return_value(t);
        goto do_return;
    }
    /* DBG_POP: the frame is gone and its caller's invoke runs again */
dbg_popped:
    frame = t->top;
    pc = frame->pc;
    sp = frame->sp;
    locals = frame->locals;
    DISPATCH();

L_wide:
L_breakpoint:
    SAVE();
    exc_throw(t, VMC_VerifyError, "Falling off the end of the code in %s.%s", frame->method->holder->name->str,
              frame->method->name->str);
    THROW();

handle_exception:
    if (unlikely(dbg_exc_enabled)) dbg_exception_thrown(t, frame);
    for (;;) {
        const Insn *h = find_handler(t, frame);
        if (h) {
            if (unlikely(dbg_exc_enabled)) dbg_exception_caught(t, frame, h);
            sp = frame_stack(frame);
            sp->l = exc_take(t);
            sp++;
            locals = frame->locals;
            pc = h;
            DISPATCH();
        }
        if (frame->lock) {
            Object *l = frame->lock;
            frame->lock = NULL;
            HandleMark hm = hnd_mark(t);
            Object **pending = hnd_new(t, exc_take(t));
            mon_exit(t, l);
            exc_set(t, *pending);
            hnd_release(t, hm);
        }
        if (frame->flags & (FR_ENTRY | FR_DBG_MASK)) {
            if (frame->flags & FR_DBG_MASK) {
                dbg_frame_unwind(t, frame);
                if (dbg_unwind_request(t, frame) == DBG_POP) goto dbg_popped;
            }
            if (frame->flags & FR_ENTRY) {
                t->top = frame->prev;
                return false;
            }
        }
        frame = frame->prev;
        t->top = frame;
    }
}

void interp_init(void) { run(NULL); }

/* ---- entry from C ---- */

Slot *interp_free_area(Thread *t) {
    Frame *top = t->top;
    if (!top) return t->stack_base;
    if (top->flags & FR_NATIVE) return (Slot *)(top + 1);
    return top->sp;
}

/* Pushes m's frame over base with its arguments and runs it.  Inlined twice: with `post`
 * constant false on the path of a method already prepared, so only a first call tests it.
 * The event's callbacks run once the arguments are in the frame, since they may collect. */
static inline __attribute__((always_inline)) bool enter(Thread *t, Method *m, Slot *base, const Slot *args,
                                                        Slot *result, Prepared *p, bool post) {
    Frame *nf = (Frame *)(base + p->frame_slots);
    Slot *nsp = (Slot *)(nf + 1);
    if (nsp + m->max_stack > t->stack_limit) return throw_soe(t);
    if (m->arg_slots) memcpy(base, args, m->arg_slots * sizeof(Slot));
    nf->method = m;
    nf->locals = base;
    nf->prev = t->top;
    nf->flags = FR_ENTRY;
    nf->mark = 0;
    nf->lock = NULL;
    nf->pc = p->code;
    nf->sp = nsp;
    t->top = nf;
    if (m->access & JVM_ACC_SYNCHRONIZED) {
        nf->lock = method_is_static(m) ? m->holder->mirror : base[0].l;
        mon_enter(t, &nf->lock);
    }
    if (post) prep_post_load(t, m, p);
    if (thread_trap(t)) interp_trap_entry(t);
    bool ok = run(t);
    if (ok && result) *result = base[0];
    return ok;
}

bool interp_call(Thread *t, Method *m, const Slot *args, Slot *result) {
    char probe;
    if (unlikely(&probe < t->c_stack_limit)) return throw_soe(t);
    Slot *base = interp_free_area(t);
    if (m->kind != MK_INTERPRETED) {
        if (base + m->arg_slots + FRAME_SLOTS > t->stack_limit) return throw_soe(t);
        if (m->arg_slots) memcpy(base, args, m->arg_slots * sizeof(Slot));
        if (!nat_invoke(t, m, base)) return false;
        if (result) *result = base[0];
        return true;
    }
    Prepared *p = method_prepared(m);
    if (likely(p)) return enter(t, m, base, args, result, p, false);
    bool post;
    p = prep_method_deferred(t, m, &post);
    return p && enter(t, m, base, args, result, p, post);
}

Method *interp_dispatch(Class *c, Method *m) {
    if (method_is_static(m) || method_is_private(m) || m->name == sym_init) return m;
    if (class_is_interface(m->holder) && m->itable_index >= 0) {
        for (uint32_t i = 0; i < c->nitable; i++)
            if (c->itable[i].iface == m->holder) {
                Method *impl = c->itable[i].methods ? c->itable[i].methods[m->itable_index] : NULL;
                return impl ? impl : m;
            }
        return m;
    }
    if (m->vtable_index >= 0 && (uint32_t)m->vtable_index < c->vtable_len) return c->vtable[m->vtable_index];
    return m;
}

bool interp_call_virtual(Thread *t, Method *m, const Slot *args, Slot *result) {
    Object *recv = args[0].l;
    if (!recv) {
        exc_npe(t);
        return false;
    }
    return interp_call(t, interp_dispatch(recv->klass, m), args, result);
}
