/*
 * refmap.c — reference maps for precise GC of interpreter frames.
 *
 * An abstract interpretation of the method's original bytecode over the types
 *   TOP (unknown / conflicting), VAL (a primitive), REF (a reference, initialised or not),
 *   UNSET (a local no path from the entry has stored into yet), RET+k (a return address
 *   into subroutine k),
 * run to a fixpoint with a worklist.  The state at each instruction start (locals, operand
 * stack) is kept; its REF slots become the instruction's map.  Where two paths disagree a
 * slot becomes TOP, which is safe: such a slot is never read as a reference again on any
 * path (the code would not verify), so the collector may ignore it.  UNSET only matters to
 * a debugger: a local that is UNSET where a frame stands holds nothing it may read
 * (refmap_local_unset, asked without caching since debuggers ask seldom).
 *
 * Stack effects come from the opcode table (opcodes.h); the few instructions whose effect
 * depends on the constant pool (field and method access, ldc) or shuffles the stack (dup
 * family) are handled here.  Exception handlers receive the locals of every instruction
 * they cover and a stack holding one reference.
 *
 * Subroutines (jsr/ret, only in class files older than version 50): each jsr target is a
 * subroutine; a `ret` returns to the instruction after every jsr to its subroutine, with
 * the locals the subroutine may write taken from the ret's state and all others from the
 * state at that jsr — so values a caller keeps across the call keep their types.
 */
#include "interp/refmap.h"
#include "interp/opcodes.h"
#include "classfile/classfile.h"
#include <stdio.h>

enum { VT_TOP = 0, VT_VAL = 1, VT_REF = 2, VT_UNSET = 3, VT_RET = 4 };

typedef struct RefMaps {
    uint32_t bytes_per;             /* bytes per map */
    int32_t *index;                 /* map index per bci, -1 if not an instruction start */
    uint8_t *bits;
} RefMaps;

typedef struct State {
    uint16_t depth;
    bool valid;
    uint8_t *t;                     /* locals then stack */
} State;

typedef struct Analysis {
    Method *m;
    const uint8_t *code;
    uint32_t len;
    uint32_t nslots;                /* max_locals + max_stack */
    uint32_t ninsn;
    uint32_t *starts;               /* bci of each instruction */
    int32_t *index;                 /* instruction index per bci */
    State *in;
    uint32_t *work;
    uint8_t *queued;
    uint32_t nwork;
    /* subroutines */
    uint32_t nsubs;
    uint32_t *sub_entry;            /* bci of each subroutine */
    uint8_t **sub_writes;           /* per subroutine: locals it may write */
    bool failed;
} Analysis;

static inline int16_t rd_s2(const uint8_t *p) { return (int16_t)((p[0] << 8) | p[1]); }
static inline uint16_t rd_u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline int32_t rd_s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

static uint32_t insn_len(const uint8_t *code, uint32_t len, uint32_t bci) {
    uint8_t op = code[bci];
    int l = opcode_lengths[op];
    if (l > 0) return bci + (uint32_t)l <= len ? (uint32_t)l : 0;
    if (l < 0) return 0;
    if (op == OP_wide) return bci + 1 < len ? (code[bci + 1] == OP_iinc ? 6 : 4) : 0;
    uint32_t base = bci + 1 + ((4 - ((bci + 1) & 3)) & 3);
    if (base + 12 > len) return 0;
    if (op == OP_tableswitch) {
        int64_t n = (int64_t)rd_s4(code + base + 8) - rd_s4(code + base + 4) + 1;
        return n < 0 ? 0 : (uint32_t)(base + 12 + (uint64_t)n * 4 - bci);
    }
    int32_t np = rd_s4(code + base + 4);
    return np < 0 ? 0 : (uint32_t)(base + 8 + (uint64_t)np * 8 - bci);
}

/* ---- worklist and merging ---- */

static void enqueue(Analysis *a, uint32_t i) {
    if (a->queued[i]) return;
    a->queued[i] = 1;
    a->work[a->nwork++] = i;
}

static uint8_t merge_type(uint8_t x, uint8_t y) { return x == y ? x : VT_TOP; }

static void merge_into(Analysis *a, uint32_t bci, const uint8_t *t, uint16_t depth) {
    if (bci >= a->len || a->index[bci] < 0) {
        a->failed = true;
        return;
    }
    uint32_t i = (uint32_t)a->index[bci];
    State *s = &a->in[i];
    uint32_t n = a->m->max_locals + depth;
    if (!s->valid) {
        s->t = vm_malloc(a->nslots ? a->nslots : 1);
        memcpy(s->t, t, n);
        s->depth = depth;
        s->valid = true;
        enqueue(a, i);
        return;
    }
    if (s->depth != depth) {
        a->failed = true;
        return;
    }
    bool changed = false;
    for (uint32_t k = 0; k < n; k++) {
        uint8_t m = merge_type(s->t[k], t[k]);
        if (m != s->t[k]) {
            s->t[k] = m;
            changed = true;
        }
    }
    if (changed) enqueue(a, i);
}

/* ---- types from descriptors ---- */

static uint8_t type_of_desc(char c) { return (c == 'L' || c == '[') ? VT_REF : VT_VAL; }
static int slots_of_desc(char c) { return (c == 'J' || c == 'D') ? 2 : c == 'V' ? 0 : 1; }

static int method_arg_slots(const char *desc) {
    int n = 0;
    for (const char *p = desc + 1; *p && *p != ')';) {
        n += slots_of_desc(*p);
        p = cf_skip_field_desc(p);
        if (!p) return -1;
    }
    return n;
}

static char return_char(const char *desc) {
    const char *r = strchr(desc, ')');
    return r ? r[1] : 'V';
}

/* ---- the transfer function ---- */

typedef struct Exec {
    uint8_t *t;                     /* working state: locals then stack */
    uint16_t depth;
    uint16_t max_locals;
    uint16_t max_stack;
    bool bad;
} Exec;

static inline void push(Exec *x, uint8_t v) {
    if (x->depth >= x->max_stack) {
        x->bad = true;
        return;
    }
    x->t[x->max_locals + x->depth++] = v;
}
static inline uint8_t pop(Exec *x) {
    if (x->depth == 0) {
        x->bad = true;
        return VT_TOP;
    }
    return x->t[x->max_locals + --x->depth];
}
static inline void pop_n(Exec *x, int n) { while (n-- > 0) pop(x); }
static inline void push_desc(Exec *x, char c) {
    int n = slots_of_desc(c);
    for (int i = 0; i < n; i++) push(x, type_of_desc(c));
}
static inline void set_local(Exec *x, uint32_t i, uint8_t v) {
    if (i >= x->max_locals) {
        x->bad = true;
        return;
    }
    x->t[i] = v;
}

static void push_types(Exec *x, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case 'A': push(x, VT_REF); break;
        case 'J': case 'D': push(x, VT_VAL); push(x, VT_VAL); break;
        default: push(x, VT_VAL); break;
        }
    }
}

static void pop_types(Exec *x, const char *s) {
    for (; *s; s++) pop_n(x, (*s == 'J' || *s == 'D') ? 2 : 1);
}

static void exec_dup(Exec *x, uint8_t op) {
    uint8_t a, b, c, d;
    switch (op) {
    case OP_pop: pop(x); break;
    case OP_pop2: pop_n(x, 2); break;
    case OP_dup: a = pop(x); push(x, a); push(x, a); break;
    case OP_dup_x1: a = pop(x); b = pop(x); push(x, a); push(x, b); push(x, a); break;
    case OP_dup_x2: a = pop(x); b = pop(x); c = pop(x); push(x, a); push(x, c); push(x, b); push(x, a); break;
    case OP_dup2: a = pop(x); b = pop(x); push(x, b); push(x, a); push(x, b); push(x, a); break;
    case OP_dup2_x1: a = pop(x); b = pop(x); c = pop(x); push(x, b); push(x, a); push(x, c); push(x, b); push(x, a); break;
    case OP_dup2_x2:
        a = pop(x); b = pop(x); c = pop(x); d = pop(x);
        push(x, b); push(x, a); push(x, d); push(x, c); push(x, b); push(x, a);
        break;
    case OP_swap: a = pop(x); b = pop(x); push(x, a); push(x, b); break;
    }
}

static void exec_ldc(Analysis *a, Exec *x, uint16_t idx, bool wide_val) {
    ConstantPool *cp = &a->m->holder->cp;
    if (idx == 0 || idx >= cp->count) {
        x->bad = true;
        return;
    }
    switch (cp->tags[idx]) {
    case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float: push(x, VT_VAL); break;
    case JVM_CONSTANT_Long: case JVM_CONSTANT_Double: push(x, VT_VAL); push(x, VT_VAL); break;
    case JVM_CONSTANT_Dynamic: push_desc(x, cp_member_desc(cp, idx)->str[0]); break;
    default: push(x, VT_REF); break;
    }
    UNUSED(wide_val);
}

/* Applies the instruction at bci to x.  Returns false if the analysis must give up. */
static void exec(Analysis *a, Exec *x, uint32_t bci, uint32_t sub_of_jsr) {
    const uint8_t *c = a->code + bci;
    uint8_t op = c[0];
    ConstantPool *cp = &a->m->holder->cp;
    bool wide = false;
    uint32_t local = 0;
    if (op == OP_wide) {
        wide = true;
        op = c[1];
        local = rd_u2(c + 2);
    } else if (opcode_lengths[op] == 2) {
        local = c[1];
    }
    switch (op) {
    case OP_iload: case OP_fload: push(x, VT_VAL); return;
    case OP_lload: case OP_dload: push(x, VT_VAL); push(x, VT_VAL); return;
    case OP_aload: push(x, VT_REF); return;
    case OP_istore: case OP_fstore: pop(x); set_local(x, local, VT_VAL); return;
    case OP_lstore: case OP_dstore: pop_n(x, 2); set_local(x, local, VT_VAL); set_local(x, local + 1, VT_VAL); return;
    case OP_astore: set_local(x, local, pop(x)); return;
    case OP_iinc: case OP_ret: return;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        set_local(x, (uint32_t)(op - OP_astore_0), pop(x));
        return;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        pop(x); set_local(x, (uint32_t)(op - OP_istore_0), VT_VAL); return;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        pop(x); set_local(x, (uint32_t)(op - OP_fstore_0), VT_VAL); return;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        pop_n(x, 2); set_local(x, (uint32_t)(op - OP_lstore_0), VT_VAL); set_local(x, (uint32_t)(op - OP_lstore_0) + 1, VT_VAL); return;
    case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
        pop_n(x, 2); set_local(x, (uint32_t)(op - OP_dstore_0), VT_VAL); set_local(x, (uint32_t)(op - OP_dstore_0) + 1, VT_VAL); return;
    case OP_ldc: exec_ldc(a, x, c[1], false); return;
    case OP_ldc_w: case OP_ldc2_w: exec_ldc(a, x, rd_u2(c + 1), true); return;
    case OP_pop: case OP_pop2: case OP_dup: case OP_dup_x1: case OP_dup_x2:
    case OP_dup2: case OP_dup2_x1: case OP_dup2_x2: case OP_swap:
        exec_dup(x, op);
        return;
    case OP_getstatic: case OP_putstatic: case OP_getfield: case OP_putfield: {
        uint16_t idx = rd_u2(c + 1);
        if (idx == 0 || idx >= cp->count || cp->tags[idx] != JVM_CONSTANT_Fieldref) {
            x->bad = true;
            return;
        }
        char d = cp_member_desc(cp, idx)->str[0];
        if (op == OP_putstatic || op == OP_putfield) pop_n(x, slots_of_desc(d));
        if (op == OP_getfield || op == OP_putfield) pop(x);
        if (op == OP_getstatic || op == OP_getfield) push_desc(x, d);
        return;
    }
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface: case OP_invokedynamic: {
        uint16_t idx = rd_u2(c + 1);
        if (idx == 0 || idx >= cp->count) {
            x->bad = true;
            return;
        }
        const char *desc = cp_member_desc(cp, idx)->str;
        int n = method_arg_slots(desc);
        if (n < 0) {
            x->bad = true;
            return;
        }
        pop_n(x, n + ((op == OP_invokestatic || op == OP_invokedynamic) ? 0 : 1));
        push_desc(x, return_char(desc));
        return;
    }
    case OP_multianewarray: pop_n(x, c[3]); push(x, VT_REF); return;
    case OP_jsr: case OP_jsr_w: push(x, (uint8_t)(VT_RET + sub_of_jsr)); return;
    default:
        break;
    }
    if (wide) {
        x->bad = true;
        return;
    }
    const char *pops = opcode_pops[op], *pushes = opcode_pushes[op];
    if (!pops || !pushes || strchr(pops, '*') || strchr(pushes, '*')) {
        x->bad = true;
        return;
    }
    pop_types(x, pops);
    /* loads of locals by the _n forms: aload_n pushes a reference, others values */
    push_types(x, pushes);
}

/* ---- successors ---- */

static bool ends_flow(uint8_t op) {
    return op == OP_goto || op == OP_goto_w || op == OP_jsr || op == OP_jsr_w || op == OP_ret || op == OP_athrow ||
           op == OP_tableswitch || op == OP_lookupswitch || (op >= OP_ireturn && op <= OP_return);
}

static uint32_t sub_index(Analysis *a, uint32_t entry) {
    for (uint32_t i = 0; i < a->nsubs; i++)
        if (a->sub_entry[i] == entry) return i;
    return UINT32_MAX;
}

static void flow_ret(Analysis *a, Exec *x, uint32_t bci) {
    const uint8_t *c = a->code + bci;
    uint32_t local = c[0] == OP_wide ? rd_u2(c + 2) : c[1];
    if (local >= a->m->max_locals || x->t[local] < VT_RET) {
        a->failed = true;
        return;
    }
    uint32_t sub = x->t[local] - VT_RET;
    uint8_t *merged = vm_malloc(a->nslots ? a->nslots : 1);
    for (uint32_t i = 0; i < a->ninsn; i++) {
        uint32_t jb = a->starts[i];
        uint8_t op = a->code[jb];
        if (op != OP_jsr && op != OP_jsr_w) continue;
        int32_t target = (int32_t)jb + (op == OP_jsr ? rd_s2(a->code + jb + 1) : rd_s4(a->code + jb + 1));
        if ((uint32_t)target != a->sub_entry[sub] || !a->in[i].valid) continue;
        State *site = &a->in[i];
        for (uint32_t k = 0; k < a->m->max_locals; k++)
            merged[k] = a->sub_writes[sub][k] ? x->t[k] : site->t[k];
        memcpy(merged + a->m->max_locals, x->t + a->m->max_locals, x->depth);
        merge_into(a, jb + insn_len(a->code, a->len, jb), merged, x->depth);
    }
    vm_free(merged);
}

static void flow(Analysis *a, Exec *x, uint32_t bci) {
    const uint8_t *c = a->code + bci;
    uint8_t op = c[0];
    uint32_t l = insn_len(a->code, a->len, bci);
    if ((op >= OP_ifeq && op <= OP_if_acmpne) || op == OP_ifnull || op == OP_ifnonnull || op == OP_goto || op == OP_jsr)
        merge_into(a, (uint32_t)((int32_t)bci + rd_s2(c + 1)), x->t, x->depth);
    else if (op == OP_goto_w || op == OP_jsr_w)
        merge_into(a, (uint32_t)((int32_t)bci + rd_s4(c + 1)), x->t, x->depth);
    else if (op == OP_tableswitch || op == OP_lookupswitch) {
        uint32_t base = bci + 1 + ((4 - ((bci + 1) & 3)) & 3);
        merge_into(a, (uint32_t)((int32_t)bci + rd_s4(a->code + base)), x->t, x->depth);
        if (op == OP_tableswitch) {
            int64_t n = (int64_t)rd_s4(a->code + base + 8) - rd_s4(a->code + base + 4) + 1;
            for (int64_t k = 0; k < n; k++)
                merge_into(a, (uint32_t)((int32_t)bci + rd_s4(a->code + base + 12 + 4 * k)), x->t, x->depth);
        } else {
            int32_t np = rd_s4(a->code + base + 4);
            for (int32_t k = 0; k < np; k++)
                merge_into(a, (uint32_t)((int32_t)bci + rd_s4(a->code + base + 12 + 8 * k)), x->t, x->depth);
        }
    } else if (op == OP_ret || (op == OP_wide && c[1] == OP_ret)) {
        flow_ret(a, x, bci);
    }
    if (op == OP_wide ? c[1] != OP_ret : !ends_flow(op)) merge_into(a, bci + l, x->t, x->depth);
    if (op == OP_jsr || op == OP_jsr_w) {
        /* the return points of this subroutine may depend on the state here */
        for (uint32_t i = 0; i < a->ninsn; i++) {
            uint8_t o = a->code[a->starts[i]];
            if ((o == OP_ret || (o == OP_wide && a->code[a->starts[i] + 1] == OP_ret)) && a->in[i].valid) enqueue(a, i);
        }
    }
}

static void flow_handlers(Analysis *a, const State *s, uint32_t bci) {
    Method *m = a->m;
    for (uint16_t k = 0; k < m->nexc; k++) {
        ExceptionEntry *e = &m->exc[k];
        if (bci < e->start_pc || bci >= e->end_pc) continue;
        uint8_t *t = vm_malloc(a->nslots ? a->nslots : 1);
        memcpy(t, s->t, m->max_locals);
        t[m->max_locals] = VT_REF;
        merge_into(a, e->handler_pc, t, 1);
        vm_free(t);
    }
}

/* ---- subroutines ---- */

static void find_subroutines(Analysis *a) {
    for (uint32_t i = 0; i < a->ninsn; i++) {
        uint32_t b = a->starts[i];
        uint8_t op = a->code[b];
        if (op != OP_jsr && op != OP_jsr_w) continue;
        uint32_t target = (uint32_t)((int32_t)b + (op == OP_jsr ? rd_s2(a->code + b + 1) : rd_s4(a->code + b + 1)));
        if (sub_index(a, target) != UINT32_MAX) continue;
        a->sub_entry = vm_realloc(a->sub_entry, (a->nsubs + 1) * sizeof(uint32_t));
        a->sub_entry[a->nsubs++] = target;
    }
    if (a->nsubs > 250) a->failed = true;
    a->sub_writes = vm_calloc(a->nsubs ? a->nsubs : 1, sizeof(uint8_t *));
    /* locals written anywhere reachable from the entry before a ret (nested subroutines'
     * writes included, since reachability goes through their bodies) */
    uint8_t *seen = vm_malloc(a->len ? a->len : 1);
    uint32_t *stack = vm_malloc((a->ninsn + 1) * sizeof(uint32_t));
    for (uint32_t s = 0; s < a->nsubs && !a->failed; s++) {
        uint8_t *w = a->sub_writes[s] = vm_calloc(a->m->max_locals ? a->m->max_locals : 1, 1);
        memset(seen, 0, a->len);
        uint32_t sp = 0;
        stack[sp++] = a->sub_entry[s];
        while (sp) {
            uint32_t b = stack[--sp];
            if (b >= a->len || seen[b] || a->index[b] < 0) continue;
            seen[b] = 1;
            const uint8_t *c = a->code + b;
            uint8_t op = c[0];
            uint32_t local = UINT32_MAX, width = 1;
            if (op == OP_wide) {
                uint8_t o2 = c[1];
                if ((o2 >= OP_istore && o2 <= OP_astore) || o2 == OP_iinc) local = rd_u2(c + 2);
                if (o2 == OP_lstore || o2 == OP_dstore) width = 2;
                if (o2 == OP_ret) continue;
            } else if (op >= OP_istore && op <= OP_astore) {
                local = c[1];
                if (op == OP_lstore || op == OP_dstore) width = 2;
            } else if (op >= OP_istore_0 && op <= OP_astore_3) {
                local = (uint32_t)(op - OP_istore_0) % 4;
                uint32_t fam = (uint32_t)(op - OP_istore_0) / 4;
                if (fam == 1 || fam == 3) width = 2;
            } else if (op == OP_iinc) {
                local = c[1];
            } else if (op == OP_ret) {
                continue;
            }
            for (uint32_t k = 0; local != UINT32_MAX && k < width; k++)
                if (local + k < a->m->max_locals) w[local + k] = 1;
            uint32_t l = insn_len(a->code, a->len, b);
            if ((op >= OP_ifeq && op <= OP_jsr) || op == OP_ifnull || op == OP_ifnonnull)
                stack[sp++] = (uint32_t)((int32_t)b + rd_s2(c + 1));
            else if (op == OP_goto_w || op == OP_jsr_w)
                stack[sp++] = (uint32_t)((int32_t)b + rd_s4(c + 1));
            if (op == OP_tableswitch || op == OP_lookupswitch) {
                uint32_t base = b + 1 + ((4 - ((b + 1) & 3)) & 3);
                stack[sp++] = (uint32_t)((int32_t)b + rd_s4(a->code + base));
                /* the case targets are rare inside subroutines; take them all */
                int64_t n = op == OP_tableswitch ? (int64_t)rd_s4(a->code + base + 8) - rd_s4(a->code + base + 4) + 1
                                                 : rd_s4(a->code + base + 4);
                for (int64_t k = 0; k < n && sp < a->ninsn; k++)
                    stack[sp++] = (uint32_t)((int32_t)b + rd_s4(a->code + base + (op == OP_tableswitch ? 12 + 4 * k : 12 + 8 * k)));
            }
            for (uint16_t k = 0; k < a->m->nexc; k++)
                if (b >= a->m->exc[k].start_pc && b < a->m->exc[k].end_pc && sp < a->ninsn) stack[sp++] = a->m->exc[k].handler_pc;
            if (!ends_flow(op) || op == OP_jsr || op == OP_jsr_w)
                if (sp < a->ninsn) stack[sp++] = b + l;
            if (sp >= a->ninsn) sp = a->ninsn - 1;
        }
    }
    vm_free(seen);
    vm_free(stack);
}

/* ---- driver ---- */

static void initial_state(Analysis *a, uint8_t *t) {
    Method *m = a->m;
    memset(t, VT_TOP, a->nslots);
    memset(t, VT_UNSET, m->max_locals);
    uint32_t k = 0;
    if (!method_is_static(m) && k < m->max_locals) t[k++] = VT_REF;
    for (const char *p = m->desc->str + 1; *p && *p != ')' && k < m->max_locals;) {
        int n = slots_of_desc(*p);
        for (int i = 0; i < n && k < m->max_locals; i++) t[k++] = type_of_desc(*p);
        p = cf_skip_field_desc(p);
        if (!p) break;
    }
}

/* Runs the analysis to its fixpoint: a->in holds the state at each instruction start. */
static bool run(Analysis *a_out, Method *m) {
    Analysis a = { .m = m, .code = m->code, .len = m->code_len };
    a.nslots = (uint32_t)m->max_locals + m->max_stack;
    a.index = vm_malloc((m->code_len ? m->code_len : 1) * sizeof(int32_t));
    for (uint32_t i = 0; i < m->code_len; i++) a.index[i] = -1;
    a.starts = vm_malloc((m->code_len ? m->code_len : 1) * sizeof(uint32_t));
    for (uint32_t b = 0; b < m->code_len;) {
        uint32_t l = insn_len(m->code, m->code_len, b);
        if (!l) {
            a.failed = true;
            break;
        }
        a.index[b] = (int32_t)a.ninsn;
        a.starts[a.ninsn++] = b;
        b += l;
    }
    a.in = vm_calloc(a.ninsn ? a.ninsn : 1, sizeof(State));
    a.work = vm_malloc((a.ninsn ? a.ninsn : 1) * sizeof(uint32_t));
    a.queued = vm_calloc(a.ninsn ? a.ninsn : 1, 1);
    if (!a.failed && (m->flags & MF_HAS_JSR)) find_subroutines(&a);

    uint8_t *t = vm_malloc(a.nslots ? a.nslots : 1);
    if (!a.failed && a.ninsn) {
        initial_state(&a, t);
        merge_into(&a, 0, t, 0);
    }
    while (a.nwork && !a.failed) {
        uint32_t i = a.work[--a.nwork];
        a.queued[i] = 0;
        State *s = &a.in[i];
        uint32_t bci = a.starts[i];
        flow_handlers(&a, s, bci);
        Exec x = { t, s->depth, m->max_locals, m->max_stack, false };
        memcpy(t, s->t, a.nslots);
        uint32_t sub = 0;
        uint8_t op = m->code[bci];
        if (op == OP_jsr || op == OP_jsr_w) {
            uint32_t target = (uint32_t)((int32_t)bci + (op == OP_jsr ? rd_s2(m->code + bci + 1) : rd_s4(m->code + bci + 1)));
            sub = sub_index(&a, target);
        }
        exec(&a, &x, bci, sub);
        if (x.bad) {
            a.failed = true;
            break;
        }
        flow(&a, &x, bci);
    }
    vm_free(t);
    *a_out = a;
    return !a.failed;
}

static void release(Analysis *a) {
    for (uint32_t i = 0; i < a->ninsn; i++) vm_free(a->in[i].t);
    for (uint32_t i = 0; i < a->nsubs; i++) vm_free(a->sub_writes[i]);
    vm_free(a->sub_writes);
    vm_free(a->sub_entry);
    vm_free(a->in);
    vm_free(a->work);
    vm_free(a->queued);
    vm_free(a->starts);
    vm_free(a->index);
}

static RefMaps *analyse(Method *m) {
    Analysis a;
    RefMaps *r = NULL;
    if (run(&a, m)) {
        r = vm_calloc(1, sizeof *r);
        r->bytes_per = (a.nslots + 7) / 8;
        if (!r->bytes_per) r->bytes_per = 1;
        r->index = a.index;
        a.index = NULL;
        r->bits = vm_calloc(a.ninsn ? a.ninsn : 1, r->bytes_per);
        for (uint32_t i = 0; i < a.ninsn; i++) {
            State *s = &a.in[i];
            if (!s->valid) continue;
            uint8_t *bits = r->bits + (size_t)i * r->bytes_per;
            for (uint32_t k = 0; k < (uint32_t)m->max_locals + s->depth; k++)
                if (s->t[k] == VT_REF) bits[k >> 3] |= (uint8_t)(1 << (k & 7));
        }
    } else {
        fprintf(stderr, "Loupe: cannot compute reference maps for %s.%s%s\n", m->holder->name->str, m->name->str, m->desc->str);
    }
    release(&a);
    return r;
}

bool refmap_local_unset(Method *m, int bci, int local) {
    Analysis a;
    bool unset = false;
    if (run(&a, m) && bci >= 0 && (uint32_t)bci < m->code_len && a.index[bci] >= 0 && local >= 0 && local < m->max_locals) {
        const State *s = &a.in[a.index[bci]];
        unset = !s->valid || s->t[local] == VT_UNSET;
    }
    release(&a);
    return unset;
}

const uint8_t *refmap_at(Method *m, int bci) {
    RefMaps *r = __atomic_load_n(&m->refmaps, __ATOMIC_ACQUIRE);
    if (!r) {
        r = analyse(m);
        if (!r) return NULL;
        RefMaps *expected = NULL;
        if (!__atomic_compare_exchange_n(&m->refmaps, &expected, r, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            vm_free(r->index);
            vm_free(r->bits);
            vm_free(r);
            r = expected;
        }
    }
    if (bci < 0 || (uint32_t)bci >= m->code_len || r->index[bci] < 0) return NULL;
    return r->bits + (size_t)r->index[bci] * r->bytes_per;
}

void refmap_free(Method *m) {
    RefMaps *r = m->refmaps;
    if (!r) return;
    m->refmaps = NULL;
    vm_free(r->index);
    vm_free(r->bits);
    vm_free(r);
}
