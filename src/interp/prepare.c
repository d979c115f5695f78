/*
 * prepare.c — translating bytecode into the interpreter's direct-threaded form.
 *
 * One pass decodes every instruction into an Insn (prepare.h): the handler address comes
 * from the interpreter's label table, operands are decoded into native integers, `wide`
 * is folded into the instruction it widens, constants that need no resolution (int,
 * float, long, double ldc) become their quick forms at once.  A second pass turns branch
 * offsets into Insn pointers.  The code is checked as it is decoded — opcodes defined,
 * operands and branch targets inside the code and on instruction boundaries — so the
 * interpreter never runs off a malformed method (a VerifyError instead).
 *
 * Translation happens on a method's first call.  Two threads may translate the same
 * method at once; the first to publish wins and the other frees its copy.  The translated
 * code is Loupe's compiled code as JVMTI sees it: the winner posts CompiledMethodLoad
 * (jvmti/jvmti_compiled.c) after publishing, when an agent wants it, which costs one test
 * of the JVMTI event word per translation otherwise.
 */
#include "interp/prepare.h"
#include "classfile/link.h"
#include "classfile/verify.h"
#include "interp/opcodes.h"
#include "interp/interp.h"
#include "interp/debug.h"
#include "runtime/exception.h"
#include "jvmti/jvmti_export.h"
#include <stdio.h>

static inline int16_t rd_s2(const uint8_t *p) { return (int16_t)((p[0] << 8) | p[1]); }
static inline uint16_t rd_u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline int32_t rd_s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

/* Two threads may rewrite the same instruction at once (both resolved it): the lock keeps
 * their field stores from interleaving.  Executing threads see the new instruction
 * through its label, stored last with release. */
static pthread_mutex_t quicken_lock = PTHREAD_MUTEX_INITIALIZER;

void prep_quicken(Insn *pc, int opc, uint16_t u16, int32_t i32, void *x) {
    pthread_mutex_lock(&quicken_lock);
    pc->u16 = u16;
    pc->i32 = i32;
    pc->x.p = x;
    __atomic_store_n(&pc->opc, (uint16_t)opc, __ATOMIC_RELEASE);    /* read unlocked: linked_already */
    if (pc->label != interp_hook_label)     /* a debugger's hook stays (debug.h) */
        __atomic_store_n(&pc->label, interp_labels[opc], __ATOMIC_RELEASE);
    pthread_mutex_unlock(&quicken_lock);
}

void prep_hook(Insn *pc, bool hooked) {
    pthread_mutex_lock(&quicken_lock);
    __atomic_store_n(&pc->label, hooked ? interp_hook_label : interp_labels[pc->opc], __ATOMIC_RELEASE);
    pthread_mutex_unlock(&quicken_lock);
}

static const uint8_t *original(const Method *m, const Insn *pc) {
    const Prepared *p = method_prepared(m);
    return m->code + p->bci[pc - p->code];
}

int prep_original_op(const Method *m, const Insn *pc) {
    const uint8_t *c = original(m, pc);
    return c[0] == OP_wide ? c[1] : c[0];
}

uint16_t prep_cp_index(const Method *m, const Insn *pc) {
    const uint8_t *c = original(m, pc);
    return c[0] == OP_ldc ? c[1] : rd_u2(c + 1);
}

int prep_dimensions(const Method *m, const Insn *pc) { return original(m, pc)[3]; }

typedef struct Decoder {
    Thread *t;
    Method *m;
    const uint8_t *code;
    uint32_t len;
    Prepared *p;
    const char *error;
} Decoder;

/* Length of the instruction at bci (0 if malformed). */
static uint32_t insn_length(const uint8_t *code, uint32_t len, uint32_t bci) {
    uint8_t op = code[bci];
    int l = opcode_lengths[op];
    if (l > 0) return bci + (uint32_t)l <= len ? (uint32_t)l : 0;
    if (l < 0) return 0;
    if (op == OP_wide) {
        if (bci + 1 >= len) return 0;
        uint32_t n = code[bci + 1] == OP_iinc ? 6 : 4;
        return bci + n <= len ? n : 0;
    }
    uint32_t pad = (4 - ((bci + 1) & 3)) & 3;
    uint32_t base = bci + 1 + pad;
    if (op == OP_tableswitch) {
        if (base + 12 > len) return 0;
        int32_t lo = rd_s4(code + base + 4), hi = rd_s4(code + base + 8);
        if (hi < lo) return 0;
        uint64_t n = (uint64_t)((int64_t)hi - lo + 1);
        uint64_t end = base + 12 + n * 4;
        return end <= len ? (uint32_t)(end - bci) : 0;
    }
    /* lookupswitch */
    if (base + 8 > len) return 0;
    int32_t npairs = rd_s4(code + base + 4);
    if (npairs < 0) return 0;
    uint64_t end = base + 8 + (uint64_t)npairs * 8;
    return end <= len ? (uint32_t)(end - bci) : 0;
}

static bool is_branch(uint8_t op) {
    return (op >= OP_ifeq && op <= OP_jsr) || op == OP_ifnull || op == OP_ifnonnull || op == OP_goto_w || op == OP_jsr_w;
}

static void set(Insn *in, int opc, uint16_t u16, int32_t i32) {
    in->opc = (uint16_t)opc;
    in->label = interp_labels[opc];
    in->u16 = u16;
    in->i32 = i32;
}

/* Decodes one instruction.  Branch targets are left as absolute bcis in i32 (and in the
 * switch table's target slots), converted by link_branches. */
static bool decode(Decoder *d, uint32_t bci, Insn *in) {
    const uint8_t *c = d->code + bci;
    uint8_t op = c[0];
    ConstantPool *cp = &d->m->holder->cp;
    switch (op) {
    case OP_bipush: set(in, op, 0, (int8_t)c[1]); return true;
    case OP_sipush: set(in, op, 0, rd_s2(c + 1)); return true;
    case OP_ldc: case OP_ldc_w: case OP_ldc2_w: {
        uint16_t idx = op == OP_ldc ? c[1] : rd_u2(c + 1);
        if (idx == 0 || idx >= cp->count) {
            d->error = "bad constant pool index in ldc";
            return false;
        }
        uint8_t tag = cp->tags[idx];
        if (tag == JVM_CONSTANT_Integer) set(in, OP_ldc_i, 0, cp->e[idx].i);
        else if (tag == JVM_CONSTANT_Float) set(in, OP_ldc_i, 0, cp->e[idx].i);
        else if (tag == JVM_CONSTANT_Long || tag == JVM_CONSTANT_Double) {
            set(in, OP_ldc_j, 0, idx);
            in->x.j = cp->e[idx].j;
        } else set(in, OP_ldc, idx, idx);
        return true;
    }
    case OP_iload: case OP_lload: case OP_fload: case OP_dload: case OP_aload:
    case OP_istore: case OP_lstore: case OP_fstore: case OP_dstore: case OP_astore: case OP_ret:
        set(in, op, c[1], 0);
        return true;
    case OP_iinc: set(in, op, c[1], (int8_t)c[2]); return true;
    case OP_wide: {
        uint8_t op2 = c[1];
        uint16_t idx = rd_u2(c + 2);
        switch (op2) {
        case OP_iload: case OP_lload: case OP_fload: case OP_dload: case OP_aload:
        case OP_istore: case OP_lstore: case OP_fstore: case OP_dstore: case OP_astore: case OP_ret:
            set(in, op2, idx, 0);
            return true;
        case OP_iinc:
            set(in, op2, idx, rd_s2(c + 4));
            return true;
        default:
            d->error = "bad wide instruction";
            return false;
        }
    }
    case OP_tableswitch: case OP_lookupswitch: {
        uint32_t base = (bci + 1 + ((4 - ((bci + 1) & 3)) & 3)) - bci;
        int32_t dflt = rd_s4(c + base);
        SwitchTable *st;
        if (op == OP_tableswitch) {
            int32_t lo = rd_s4(c + base + 4), hi = rd_s4(c + base + 8);
            uint32_t n = (uint32_t)((int64_t)hi - lo + 1);
            st = vm_calloc(1, sizeof *st + n * sizeof(Insn *));
            st->low = lo;
            st->high = hi;
            for (uint32_t i = 0; i < n; i++) st->targets[i] = (Insn *)(intptr_t)(bci + rd_s4(c + base + 12 + 4 * i));
        } else {
            int32_t np = rd_s4(c + base + 4);
            st = vm_calloc(1, sizeof *st + (size_t)np * sizeof(Insn *));
            st->high = np;
            st->keys = vm_malloc((size_t)(np ? np : 1) * sizeof(int32_t));
            for (int32_t i = 0; i < np; i++) {
                st->keys[i] = rd_s4(c + base + 8 + 8 * i);
                st->targets[i] = (Insn *)(intptr_t)(bci + rd_s4(c + base + 12 + 8 * i));
                if (i > 0 && st->keys[i] <= st->keys[i - 1]) {
                    d->error = "unsorted lookupswitch";
                    return false;
                }
            }
        }
        st->dflt = (Insn *)(intptr_t)(bci + dflt);
        set(in, op, 0, 0);
        in->x.p = st;
        return true;
    }
    case OP_getstatic: case OP_putstatic: case OP_getfield: case OP_putfield:
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
    case OP_invokedynamic: case OP_new: case OP_anewarray: case OP_checkcast: case OP_instanceof: {
        uint16_t idx = rd_u2(c + 1);
        if (idx == 0 || idx >= cp->count) {
            d->error = "bad constant pool index";
            return false;
        }
        set(in, op, idx, idx);
        return true;
    }
    case OP_multianewarray: {
        uint16_t idx = rd_u2(c + 1);
        if (idx == 0 || idx >= cp->count || c[3] == 0) {
            d->error = "bad multianewarray";
            return false;
        }
        set(in, op, c[3], idx);
        return true;
    }
    case OP_newarray:
        if (c[1] < T_BOOLEAN || c[1] > T_LONG) {
            d->error = "bad newarray type";
            return false;
        }
        set(in, op, c[1], 0);
        return true;
    case OP_goto_w: case OP_jsr_w:
        set(in, op, 0, (int32_t)bci + rd_s4(c + 1));
        return true;
    default:
        if (is_branch(op)) {
            set(in, op, 0, (int32_t)bci + rd_s2(c + 1));
            return true;
        }
        if (op == OP_breakpoint) {
            d->error = "breakpoint opcode in class file";
            return false;
        }
        /* the return of Object.<init> is where finalizable objects are registered
         * (runtime/finalizer.c) */
        if (op == OP_return && d->m->name == sym_init && d->m->holder == VMC(Object)) {
            set(in, OP_return_register_finalizer, 0, 0);
            return true;
        }
        set(in, op, 0, 0);
        return true;
    }
}

static Insn *target_of(Decoder *d, intptr_t bci) {
    if (bci < 0 || (uint32_t)bci >= d->len || d->p->insn_at[bci] < 0) {
        d->error = "branch target not on an instruction";
        return NULL;
    }
    return &d->p->code[d->p->insn_at[bci]];
}

static bool link_branches(Decoder *d) {
    Prepared *p = d->p;
    for (uint32_t i = 0; i < p->n; i++) {
        Insn *in = &p->code[i];
        if (in->opc == OP_tableswitch || in->opc == OP_lookupswitch) {
            SwitchTable *st = in->x.p;
            uint32_t n = in->opc == OP_tableswitch ? (uint32_t)((int64_t)st->high - st->low + 1) : (uint32_t)st->high;
            if (!(st->dflt = target_of(d, (intptr_t)st->dflt))) return false;
            for (uint32_t k = 0; k < n; k++)
                if (!(st->targets[k] = target_of(d, (intptr_t)st->targets[k]))) return false;
        } else if (is_branch((uint8_t)in->opc) && in->opc < 256) {
            if (!(in->x.target = target_of(d, in->i32))) return false;
        }
    }
    return true;
}

static bool resolves_member(uint8_t op) {
    return (op >= OP_getstatic && op <= OP_invokeinterface) || op == OP_new;
}

void prep_unquicken(Method *m) {
    Prepared *p = method_prepared(m);
    for (uint32_t i = 0; p && i < p->n; i++) {
        const uint8_t *c = m->code + p->bci[i];
        if (!resolves_member(c[0])) continue;
        Insn *in = &p->code[i];
        bool hooked = in->label == interp_hook_label;
        set(in, c[0], rd_u2(c + 1), rd_u2(c + 1));
        in->x.p = NULL;
        if (hooked) in->label = interp_hook_label;
    }
}

static void free_prepared(Prepared *p) {
    if (!p) return;
    if (p->code)
        for (uint32_t i = 0; i < p->n; i++)
            if (p->code[i].opc == OP_tableswitch || p->code[i].opc == OP_lookupswitch) {
                SwitchTable *st = p->code[i].x.p;
                if (st) vm_free(st->keys);
                vm_free(st);
            }
    vm_free(p->code);
    vm_free(p->bci);
    vm_free(p->insn_at);
    vm_free(p);
}

void prep_free(Method *m) {
    free_prepared(m->prepared);
    m->prepared = NULL;
}

Prepared *prep_method_deferred(Thread *t, Method *m, bool *post) {
    *post = false;
    Prepared *p = method_prepared(m);
    if (p) return p;
    /* classes are verified before initialisation; this catches any other way in */
    if (!vfy_done(m->holder) && !link_verify(t, m->holder)) return NULL;
    Decoder d = { t, m, m->code, m->code_len, NULL, NULL };
    p = vm_calloc(1, sizeof *p);
    d.p = p;
    p->insn_at = vm_malloc((m->code_len ? m->code_len : 1) * sizeof(int32_t));
    for (uint32_t i = 0; i < m->code_len; i++) p->insn_at[i] = -1;
    uint32_t n = 0;
    for (uint32_t bci = 0; bci < m->code_len;) {
        uint32_t l = insn_length(m->code, m->code_len, bci);
        if (!l) {
            d.error = "truncated or undefined instruction";
            break;
        }
        p->insn_at[bci] = (int32_t)n++;
        bci += l;
    }
    if (!d.error && n == 0) d.error = "empty code";
    if (!d.error) {
        p->n = n;
        p->frame_slots = m->max_locals ? m->max_locals : 1;
        p->code = vm_calloc(n + 1, sizeof(Insn));
        p->bci = vm_malloc(n * sizeof(uint32_t));
        for (uint32_t bci = 0, i = 0; bci < m->code_len && !d.error; i++) {
            p->bci[i] = bci;
            if (!decode(&d, bci, &p->code[i])) break;
            bci += insn_length(m->code, m->code_len, bci);
        }
        /* a sentinel past the end: falling off the code is a VerifyError, not a crash */
        if (!d.error) set(&p->code[n], OP_breakpoint, 0, 0);
    }
    if (!d.error) link_branches(&d);
    if (d.error) {
        exc_throw(t, VMC_VerifyError, "(class: %s, method: %s signature: %s) %s",
                  m->holder->name->str, m->name->str, m->desc->str, d.error);
        free_prepared(p);
        return NULL;
    }
    Prepared *expected = NULL;
    if (!__atomic_compare_exchange_n(&m->prepared, &expected, p, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        free_prepared(p);
        return expected;
    }
    if (unlikely(__atomic_load_n(&dbg_watch_count, __ATOMIC_ACQUIRE))) dbg_method_prepared(m);
    *post = JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_COMPILED_METHOD_LOAD);
    return p;
}

void prep_post_load(Thread *t, Method *m, Prepared *p) { jvmti_post_CompiledMethodLoad(t, m, p); }

/* The event's callbacks may redefine m's class, which takes this code from m: the caller
 * then gets m's new code. */
Prepared *prep_method(Thread *t, Method *m) {
    bool post;
    Prepared *p = prep_method_deferred(t, m, &post);
    if (likely(!post)) return p;
    prep_post_load(t, m, p);
    return method_prepared(m) == p ? p : prep_method(t, m);
}
