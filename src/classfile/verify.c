/*
 * verify.c — the type-checking bytecode verifier (JVMS 4.10.1): driver, policy, errors and
 * the rule for each instruction.
 *
 * A class is verified once, at link time, before its first use (link_class calls
 * vfy_verify_class after linking its supertypes).  Each method with code is checked in one
 * linear pass as the JVMS describes and HotSpot implements it: the StackMapTable is decoded
 * into frames first; the current frame starts from the descriptor; at each instruction that
 * has a stack map the current frame must be assignable to it (unless control cannot fall
 * into it) and is replaced by it; every branch target and every exception handler covering
 * an instruction must have a stack map the frame is assignable to; control may not fall off
 * the end.  Instruction rules come from two sources: the arithmetic, conversion and
 * constant instructions take their operand types straight from the opcode table
 * (interp/opcodes.h, the same table the interpreter and the GC maps use), the rest have a
 * rule each below.
 *
 * Class files older than version 50 go to the type-inference verifier (vfyinfer.c), which
 * runs these same instruction rules; so do version-50 files this one rejects (vfy_run).
 * Which classes are verified, and what a failure throws, is vfypolicy.c's business.
 *
 * Errors are java.lang.VerifyError with HotSpot's message and its "Exception Details"
 * block, or ClassFormatError for the few structural faults HotSpot's verifier reports that
 * way.  A failure leaves through a longjmp to the method's driver; the verifier holds no
 * heap objects, so class loading during assignability checks (which may collect) is safe.
 */
#include "classfile/verify.h"
#include "classfile/vfy_internal.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/resolve.h"
#include "interp/opcodes.h"
#include "runtime/vm.h"
#include <limits.h>
#include <pthread.h>

/* ---------------------------------------------------------------- arena */

struct VArena {
    VArena *next;
    size_t used, cap;
    max_align_t data[];
};

static void *arena_alloc(VArena **head, size_t bytes) {
    bytes = (bytes + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
    VArena *a = *head;
    if (!a || a->used + bytes > a->cap) {
        size_t cap = bytes > 16384 ? bytes : 16384;
        VArena *n = vm_malloc(sizeof(VArena) + cap);
        n->next = a;
        n->used = 0;
        n->cap = cap;
        *head = a = n;
    }
    void *p = (char *)a->data + a->used;
    a->used += bytes;
    return p;
}

void *vfy_alloc(Vfy *V, size_t bytes) { return arena_alloc(&V->arena, bytes); }

static void arena_free(VArena *a) {
    for (VArena *n; a; a = n) {
        n = a->next;
        vm_free(a);
    }
}

/* Keeps the largest block, empty: most methods then allocate nothing from malloc. */
void vfy_arena_reset(Vfy *V) {
    VArena *keep = V->arena;
    if (!keep) return;
    for (VArena *a = keep->next; a; a = a->next)
        if (a->cap > keep->cap) keep = a;
    for (VArena *a = V->arena, *n; a; a = n) {
        n = a->next;
        if (a != keep) vm_free(a);
    }
    keep->next = NULL;
    keep->used = 0;
    V->arena = keep;
}

void vfy_begin_class(Vfy *V, Thread *t, Class *c) {
    vfy_init_rules();
    memset(V, 0, sizeof *V);
    V->t = t;
    V->c = c;
    V->this_type = vt_ref(c->name);
    V->throwable = vt_ref(sym_intern_cstr("java/lang/Throwable"));
}

void vfy_end_class(Vfy *V) {
    arena_free(V->arena);
    V->arena = NULL;
}

/* ---------------------------------------------------------------- messages */

/* HotSpot formats each print of its messages in a buffer of 2000 bytes (outputStream's
 * O_BUFLEN): what a format with a conversion makes is cut to 1999 characters, to 1998
 * and the newline for a line (print_cr); a plain "%s" is copied whole, unless it ends a
 * line.  With class, method or type names of thousands of characters the message and
 * its details are cut where HotSpot cuts them. */
enum { HS_PRINT_MAX = 1999 };

static void append_cut(char **buf, size_t *len, size_t max, const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int need = vsnprintf(NULL, 0, fmt, ap);
    size_t n = need < 0 ? 0 : (size_t)need;
    *buf = vm_realloc(*buf, *len + n + 1);
    vsnprintf(*buf + *len, n + 1, fmt, again);
    va_end(again);
    *len += n < max ? n : max;
    (*buf)[*len] = '\0';
}

static void vappendf(char **buf, size_t *len, const char *fmt, va_list ap) {
    bool whole = !strchr(fmt, '%') || !strcmp(fmt, "%s");
    append_cut(buf, len, whole ? SIZE_MAX : HS_PRINT_MAX, fmt, ap);
}

void vfy_appendf(char **buf, size_t *len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vappendf(buf, len, fmt, ap);
    va_end(ap);
}

/* One line as HotSpot's print_cr makes it (the newline is added here). */
static void append_line(char **buf, size_t *len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append_line(char **buf, size_t *len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    append_cut(buf, len, HS_PRINT_MAX - 1, fmt, ap);
    va_end(ap);
    vfy_appendf(buf, len, "\n");
}

static void where_details(char **b, size_t *n, const VWhere *w) {
    vfy_append_type(b, n, w->t);
    switch (w->o) {
    case VO_LOCAL: vfy_appendf(b, n, " (current frame, locals[%d])", w->index); break;
    case VO_STACK: vfy_appendf(b, n, " (current frame, stack[%d])", w->index); break;
    case VO_SM_LOCAL: vfy_appendf(b, n, " (stack map, locals[%d])", w->index); break;
    case VO_SM_STACK: vfy_appendf(b, n, " (stack map, stack[%d])", w->index); break;
    case VO_CP: vfy_appendf(b, n, " (constant pool %d)", w->index); break;
    case VO_SIG: vfy_appendf(b, n, " (from method signature)"); break;
    default: break;
    }
}

static void reason(char **b, size_t *n, VFault f, const VWhere *type, const VWhere *exp) {
    static const char *const TEXT[] = {
        [VE_BAD_CODE] = "Error exists in the bytecode",
        [VE_FLAGS] = "Current frame's flags are not assignable to stack map frame's.",
        [VE_LOCALS_SIZE] = "Current frame's local size doesn't match stackmap.",
        [VE_STACK_SIZE] = "Current frame's stack size doesn't match stackmap.",
        [VE_OVERFLOW] = "Exceeded max stack size.",
        [VE_UNDERFLOW] = "Attempt to pop empty stack.",
        [VE_MISSING_MAP] = "Expected stackmap frame at this location.",
        [VE_BAD_MAP] = "Invalid stackmap specification.",
    };
    vfy_appendf(b, n, "  Reason:\n    ");
    if (f == VE_WRONG_TYPE) {
        vfy_appendf(b, n, exp ? "Type " : "Invalid type: ");
        where_details(b, n, type);
        if (exp) {
            vfy_appendf(b, n, " is not assignable to ");
            where_details(b, n, exp);
        }
    } else if (f == VE_BAD_CP) {
        vfy_appendf(b, n, "Constant pool index %d is invalid", type->index);
    } else if (f == VE_BAD_LOCAL) {
        vfy_appendf(b, n, "Local index %d is invalid", type->index);
    } else if (f == VE_FLAGS && !exp) {
        vfy_appendf(b, n, "Current frame's flags are invalid in this context.");
    } else {
        vfy_appendf(b, n, "%s", TEXT[f]);
    }
    vfy_appendf(b, n, "\n");
}

/* The code as HotSpot's outputStream::print_data shows it: 16 bytes a line in pairs. */
static void bytecode_dump(char **b, size_t *n, const Method *m) {
    vfy_appendf(b, n, "  Bytecode:\n");
    size_t limit = (m->code_len + 16) / 16 * 16;
    for (size_t i = 0; i < limit; i++) {
        if (i % 16 == 0) vfy_appendf(b, n, "    %07zx:", i);
        if (i % 2 == 0) vfy_appendf(b, n, " ");
        if (i < m->code_len) vfy_appendf(b, n, "%02x", m->code[i]);
        else vfy_appendf(b, n, "  ");
        if ((i + 1) % 16 == 0) vfy_appendf(b, n, "\n");
    }
}

static void details(Vfy *V, char **b, size_t *n, VFault f, int bci, const VWhere *type, const VWhere *exp) {
    Method *m = V->m;
    vfy_appendf(b, n, "\nException Details:\n");
    if (bci != -1) {
        const char *op = bci >= 0 && (uint32_t)bci < m->code_len ? opcode_names[m->code[bci]] : "<invalid>";
        vfy_appendf(b, n, "  Location:\n    ");
        append_line(b, n, "%s.%s%s @%d: %s", V->c->name->str, m->name->str, m->desc->str, bci, op ? op : "<illegal>");
    }
    reason(b, n, f, type, exp);
    if (type && type->frame) {
        vfy_appendf(b, n, "  Current Frame:\n");
        vfy_print_frame(b, n, type->frame);
    }
    if (exp && exp->frame) {
        vfy_appendf(b, n, "  Stackmap Frame:\n");
        vfy_print_frame(b, n, exp->frame);
    }
    bytecode_dump(b, n, m);
    if (m->nexc) vfy_appendf(b, n, "  Exception Handler Table:\n");
    for (uint16_t i = 0; i < m->nexc; i++)
        vfy_appendf(b, n, "    bci [%d, %d] => handler: %d\n", m->exc[i].start_pc, m->exc[i].end_pc, m->exc[i].handler_pc);
    vfy_print_table(b, n, V);
}

void vfy_fail(Vfy *V, VFault fault, int bci, const VWhere *type, const VWhere *expected, const char *fmt, ...) {
    char *b = NULL;
    size_t n = 0;
    va_list ap;
    va_start(ap, fmt);
    vappendf(&b, &n, fmt, ap);
    va_end(ap);
    if (type && type->o == VO_NONE) type = NULL;
    if (expected && expected->o == VO_NONE) expected = NULL;
    if (V->infer) {
        V->msg = b;             /* freed by vfy_infer_fail, which leaves */
        vfy_infer_fail(V, fault, type, expected, b);
    }
    details(V, &b, &n, fault, bci, type, expected);
    V->msg = b;
    V->result = VR_VERIFY_ERROR;
    longjmp(V->fail, 1);
}

/* The method as HotSpot's print_external_name shows it: "void Foo.bar(int)". */
static void method_external(Vfy *V, char **b, size_t *n) {
    StrBuf d = { 0 };
    cp_describe_method(&d, V->c, V->m->name, V->m->desc);
    size_t l = d.s ? strlen(d.s) : 0;
    vfy_appendf(b, n, "%.*s", (int)(l >= 2 ? l - 2 : 0), l ? d.s + 1 : "");
    vm_free(d.s);
}

void vfy_format_error(Vfy *V, bool in_method, const char *fmt, ...) {
    char *b = NULL;
    size_t n = 0;
    va_list ap;
    va_start(ap, fmt);
    vappendf(&b, &n, fmt, ap);
    va_end(ap);
    if (in_method) {
        vfy_appendf(&b, &n, " in method '");
        method_external(V, &b, &n);
        vfy_appendf(&b, &n, "'");
    }
    V->msg = b;
    V->result = VR_FORMAT_ERROR;
    longjmp(V->fail, 1);
}

void vfy_pending(Vfy *V) {
    V->result = VR_PENDING;
    longjmp(V->fail, 1);
}

static void bad_code(Vfy *V, int bci, const char *msg) {
    vfy_fail(V, VE_BAD_CODE, bci, NULL, NULL, "%s", msg);
}

/* The class's name as Class.getName() shows it, in the method's arena (freed with it,
 * also when the error leaves through the longjmp); never longer than the internal name. */
static const char *external_class_name(Vfy *V) {
    size_t n = V->c->name->len + 1;
    return class_external_name(V->c, vfy_alloc(V, n), n);
}

/* ---------------------------------------------------------------- small helpers */

static unsigned u2at(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }
static int32_t s4at(const uint8_t *p) { return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]); }

/* Length of a variable-length instruction at bci (the parser has checked that the code
 * decodes). */
uint32_t vfy_insn_length_var(const uint8_t *code, uint32_t bci) {
    uint8_t op = code[bci];
    if (op == OP_wide) return code[bci + 1] == OP_iinc ? 6 : 4;
    uint32_t a = (bci + 4) & ~3u;
    if (op == OP_tableswitch) return a - bci + 12 + 4 * (uint32_t)(s4at(code + a + 8) - s4at(code + a + 4) + 1);
    return a - bci + 8 + 8 * (uint32_t)s4at(code + a + 4);
}

/* The failures apart, so that the checks, run for most instructions, stay small. */
static __attribute__((noreturn, noinline)) void bad_cp_entry(Vfy *V, int bci, unsigned idx, bool index_bad) {
    VWhere w = { VO_BAD_INDEX, (int)idx, { VT_TOP, 0, NULL }, NULL };
    if (index_bad)
        vfy_fail(V, VE_BAD_CP, bci, &w, NULL, "Illegal constant pool index %u in class %s", idx,
                 external_class_name(V));
    vfy_fail(V, VE_BAD_CP, bci, &w, NULL, "Illegal type at constant pool entry %u in class %s", idx,
             external_class_name(V));
}

static inline void check_cp_index(Vfy *V, int bci, unsigned idx) {
    if (idx == 0 || idx >= V->c->cp.count) bad_cp_entry(V, bci, idx, true);
}

static inline void check_cp_type(Vfy *V, int bci, unsigned idx, unsigned tags) {
    check_cp_index(V, bci, idx);
    if (!(tags & (1u << V->c->cp.tags[idx]))) bad_cp_entry(V, bci, idx, false);
}

static VType cp_class_checked(Vfy *V, int bci, unsigned idx) {
    check_cp_type(V, bci, idx, 1u << JVM_CONSTANT_Class);
    return vfy_class_type(V, (uint16_t)idx);
}

static bool name_in_supers(Vfy *V, Symbol *name) {
    for (Class *k = V->c->super; k; k = k->super)
        if (k->name == name) return true;
    return false;
}

static bool inherits(const Class *sub, const Class *sup) {
    for (; sub; sub = sub->super)
        if (sub == sup) return true;
    return false;
}

static Method *lookup_in_chain(Class *k, Symbol *name, Symbol *desc) {
    for (; k; k = k->super) {
        Method *m = class_find_declared_method(k, name, desc);
        if (m) return m;
    }
    return NULL;
}

/* JVMS 4.10.1.8: is `name:desc` in `ref` a protected member of a superclass of the current
 * class that lives in another run-time package? */
static bool protected_access(Vfy *V, Class *ref, Symbol *name, Symbol *desc, bool method) {
    if (!inherits(V->c, ref)) return false;
    if (method) {
        Method *m = lookup_in_chain(ref, name, desc);
        return m && (m->access & JVM_ACC_PROTECTED) && !class_same_package(V->c, m->holder);
    }
    Field *f = link_lookup_field(ref, name, desc);
    return f && (f->access & JVM_ACC_PROTECTED) && !class_same_package(V->c, f->holder);
}

/* ---------------------------------------------------------------- exception handlers */

static bool in_try(Vfy *V, int bci) { return bci >= V->ex_min && bci < V->ex_max; }

/* The frame at each instruction of a try block must suit its handlers' stack maps; the
 * check is the same as at the previous instruction if the locals and flags are. */
static void check_handlers(Vfy *V, int bci, bool this_uninit) {
    Method *m = V->m;
    VFrame h;
    h.stack = V->handler_stack;
    uint8_t flags = (uint8_t)(V->cur.flags | (this_uninit ? VF_THIS_UNINIT : 0));
    if (V->all_gen == V->locals_gen && V->all_flags == flags && bci < V->all_until) return;
    int until = INT_MAX;
    for (uint16_t i = 0; i < m->nexc; i++) {
        ExceptionEntry *x = &m->exc[i];
        if (x->start_pc > bci && x->start_pc < until) until = x->start_pc;
        if (x->end_pc > bci && x->end_pc < until) until = x->end_pc;
        if (bci < x->start_pc || bci >= x->end_pc) continue;
        if (V->handler_gen[i] == V->locals_gen && V->handler_flags[i] == flags) continue;
        h.offset = bci;
        h.flags = flags;
        h.nlocals = V->cur.nlocals;
        h.locals = V->cur.locals;
        h.nstack = 1;
        h.mark = -1;
        h.stack[0] = x->catch_type ? vfy_class_type(V, x->catch_type) : V->throwable;
        int idx = vfy_map_index(V, x->handler_pc);
        if (idx >= V->nmaps)
            vfy_fail(V, VE_MISSING_MAP, bci, NULL, NULL, "Expecting a stackmap frame at branch target %d", x->handler_pc);
        vfy_match(V, &h, idx, true, false, "Stack map does not match the one at exception handler %d", x->handler_pc);
        V->handler_gen[i] = V->locals_gen;
        V->handler_flags[i] = flags;
    }
    V->all_gen = V->locals_gen;
    V->all_flags = flags;
    V->all_until = until;
}

static void check_handler_table(Vfy *V) {
    Method *m = V->m;
    V->ex_min = (int)m->code_len;
    V->ex_max = -1;
    VType throwable = V->throwable;
    for (uint16_t i = 0; i < m->nexc; i++) {
        ExceptionEntry *x = &m->exc[i];
        if (x->start_pc >= m->code_len || !V->cdata[x->start_pc])
            vfy_format_error(V, true, "Illegal exception table start_pc %d", x->start_pc);
        if (x->end_pc != m->code_len && (x->end_pc > m->code_len || !V->cdata[x->end_pc]))
            vfy_format_error(V, true, "Illegal exception table end_pc %d", x->end_pc);
        if (x->handler_pc >= m->code_len || !V->cdata[x->handler_pc])
            vfy_format_error(V, true, "Illegal exception table handler_pc %d", x->handler_pc);
        if (x->catch_type) {
            VType ct = vfy_class_type(V, x->catch_type);
            if (!vfy_assignable(V, throwable, ct, false)) {
                VWhere a = { VO_CP, x->catch_type, ct, NULL }, b = vw_implicit(throwable);
                vfy_fail(V, VE_WRONG_TYPE, x->handler_pc, &a, &b,
                         "Catch type is not a subclass of Throwable in exception handler %d", x->handler_pc);
            }
        }
        if (x->start_pc < V->ex_min) V->ex_min = x->start_pc;
        if (x->end_pc > V->ex_max) V->ex_max = x->end_pc;
    }
}

static void check_local_variable_table(Vfy *V) {
    Method *m = V->m;
    for (uint16_t i = 0; i < m->nlvt; i++) {
        LocalVarEntry *e = &m->lvt[i];
        if (e->start_pc >= m->code_len || !V->cdata[e->start_pc])
            vfy_format_error(V, true, "Illegal local variable table start_pc %d", e->start_pc);
        uint32_t end = (uint32_t)e->start_pc + e->length;
        if (end != m->code_len && (end >= m->code_len || !V->cdata[end]))
            vfy_format_error(V, true, "Illegal local variable table length %d", e->length);
    }
}

/* ---------------------------------------------------------------- instruction rules */

/* The arithmetic, conversion, comparison and constant instructions: operand types from
 * the opcode table, nothing else to check. */
static bool table_driven(uint8_t op) {
    return op == OP_nop || (op >= OP_iconst_m1 && op <= OP_sipush) || (op >= OP_iadd && op <= OP_lxor) ||
           (op >= OP_i2l && op <= OP_dcmpg);
}

static VType of_letter(char c) {
    switch (c) {
    case 'J': return vt_of(VT_LONG);
    case 'F': return vt_of(VT_FLOAT);
    case 'D': return vt_of(VT_DOUBLE);
    default: return vt_of(VT_INT);
    }
}

static void run_table(Vfy *V, uint8_t op) {
    const char *pops = opcode_pops[op], *pushes = opcode_pushes[op];
    for (int i = (int)strlen(pops) - 1; i >= 0; i--) {
        VType t = of_letter(pops[i]);
        if (vt_is_cat2(t)) vfy_pop2(V, &V->cur, t);
        else vfy_pop(V, &V->cur, t);
    }
    for (const char *p = pushes; *p; p++) {
        VType t = of_letter(*p);
        if (vt_is_cat2(t)) vfy_push2(V, &V->cur, t);
        else vfy_push(V, &V->cur, t);
    }
}

/* Loads and stores of locals: kind by family, index from the operand or the opcode.  The
 * JVMS numbers each family in this order (i, l, f, d, a), xload_0..xload_3 four to a
 * kind, so an instruction's entry is found by arithmetic. */
typedef struct LocalOp {
    uint8_t kind;                   /* VT_INT, VT_LONG, VT_FLOAT, VT_DOUBLE or VQ_REF */
    bool store;
} LocalOp;

static const LocalOp LOCAL_OPS[] = {
    { VT_INT, false }, { VT_LONG, false }, { VT_FLOAT, false }, { VT_DOUBLE, false }, { VQ_REF, false },
    { VT_INT, true }, { VT_LONG, true }, { VT_FLOAT, true }, { VT_DOUBLE, true }, { VQ_REF, true },
};

static const LocalOp *local_op(uint8_t op, int *index, const uint8_t *p, bool wide) {
    static const uint8_t FIRST[2][2] = { { OP_iload, OP_iload_0 }, { OP_istore, OP_istore_0 } };
    for (unsigned g = 0; g < 2; g++) {
        unsigned base = FIRST[g][0], short_base = FIRST[g][1];
        if (op >= base && op < base + 5) {
            *index = wide ? (int)u2at(p + 2) : p[1];
            return &LOCAL_OPS[5 * g + op - base];
        }
        if (op >= short_base && op < short_base + 20) {
            *index = (op - short_base) % 4;
            return &LOCAL_OPS[5 * g + (op - short_base) / 4];
        }
    }
    return NULL;
}

static void run_local(Vfy *V, const LocalOp *l, int index) {
    VFrame *f = &V->cur;
    VType t = vt_of((VKind)l->kind);
    if (!l->store) {
        if (vt_is_cat2(t)) {
            vfy_get_local2(V, f, index, t);
            vfy_push2(V, f, t);
        } else {
            vfy_push(V, f, vfy_get_local(V, f, index, t));
        }
        return;
    }
    if (vt_is_cat2(t)) {
        vfy_pop2(V, f, t);
        vfy_set_local2(V, f, index, t);
    } else {
        vfy_set_local(V, f, index, vfy_pop(V, f, t));
    }
}

/* Array loads and stores: the element type pushed or popped, which arrays qualify (by the
 * component descriptor's first letter), and the array type named in the error. */
typedef struct ArrayOp {
    uint8_t op;
    uint8_t elem;                   /* VKind of the value */
    const char *comps;
    const char *expect;             /* NULL: the error names no expected type */
} ArrayOp;

static const ArrayOp ARRAY_OPS[] = {
    { OP_iaload, VT_INT, "I", "[I" }, { OP_laload, VT_LONG, "J", "[J" }, { OP_faload, VT_FLOAT, "F", "[F" },
    { OP_daload, VT_DOUBLE, "D", "[D" }, { OP_aaload, VT_REF, "L[", "" }, { OP_baload, VT_INT, "BZ", NULL },
    { OP_caload, VT_INT, "C", "[C" }, { OP_saload, VT_INT, "S", "[S" },
    { OP_iastore, VT_INT, "I", "[I" }, { OP_lastore, VT_LONG, "J", "[J" }, { OP_fastore, VT_FLOAT, "F", "[F" },
    { OP_dastore, VT_DOUBLE, "D", "[D" }, { OP_aastore, VT_REF, "L[", "" }, { OP_bastore, VT_INT, "BZ", NULL },
    { OP_castore, VT_INT, "C", "[C" }, { OP_sastore, VT_INT, "S", "[S" },
};

static void run_array(Vfy *V, const ArrayOp *a) {
    VFrame *f = &V->cur;
    bool store = a->op >= OP_iastore;
    VType elem = a->elem == VT_REF ? vt_ref(sym_java_lang_Object) : vt_of((VKind)a->elem);
    if (store) {
        if (vt_is_cat2(elem)) vfy_pop2(V, f, elem);
        else vfy_pop(V, f, elem);
    }
    vfy_pop(V, f, vt_of(VT_INT));
    VType arr = vfy_pop(V, f, vt_of(VQ_REF));
    if (!vt_is_array_of(arr, a->comps)) {
        VWhere w = vw_stack_top(f);
        VWhere e = !a->expect ? (VWhere){ VO_NONE, 0, { 0, 0, NULL }, NULL }
                   : *a->expect ? vw_implicit(vt_ref(sym_intern_cstr(a->expect))) : vw_implicit(vt_of(VQ_REF));
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &w, &e, "Bad type on operand stack in %s", opcode_names[a->op]);
    }
    if (store) return;
    if (vt_is_cat2(elem)) vfy_push2(V, f, elem);
    else if (a->elem != VT_REF) vfy_push(V, f, elem);
    else vfy_push(V, f, arr.k == VT_NULL ? arr : vt_component(arr));
}

/* Loads and stores are numbered in the table's order (i, l, f, d, a, b, c, s). */
static const ArrayOp *array_op(uint8_t op) {
    if (op >= OP_iaload && op <= OP_saload) return &ARRAY_OPS[op - OP_iaload];
    if (op >= OP_iastore && op <= OP_sastore) return &ARRAY_OPS[8 + op - OP_iastore];
    return NULL;
}

/* pop2, dup2 and friends take one category-2 value or two category-1 values. */
static VType pop_cat1_or_cat2(Vfy *V, VType *second, const char *opname) {
    VFrame *f = &V->cur;
    VType t = vfy_pop_any(V, f);
    if (vt_is_cat1(t)) *second = vfy_pop(V, f, vt_of(VQ_CAT1));
    else if (vt_is_cat2_2nd(t)) *second = vfy_pop(V, f, vt_of(VQ_CAT2));
    else {
        VWhere w = vw_stack_top(f);
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &w, NULL, "Bad type on operand stack in %s", opname);
    }
    return t;
}

static void run_stack_op(Vfy *V, uint8_t op) {
    VFrame *f = &V->cur;
    VType a, b, c, d;
    VType cat1 = vt_of(VQ_CAT1);
    switch (op) {
    case OP_pop: vfy_pop(V, f, cat1); return;
    case OP_pop2: pop_cat1_or_cat2(V, &b, "pop2"); return;
    case OP_dup: a = vfy_pop(V, f, cat1); vfy_push(V, f, a); vfy_push(V, f, a); return;
    case OP_dup_x1:
        a = vfy_pop(V, f, cat1);
        b = vfy_pop(V, f, cat1);
        vfy_push(V, f, a); vfy_push(V, f, b); vfy_push(V, f, a);
        return;
    case OP_dup_x2:
        a = vfy_pop(V, f, cat1);
        b = pop_cat1_or_cat2(V, &c, "dup_x2");
        vfy_push(V, f, a); vfy_push(V, f, c); vfy_push(V, f, b); vfy_push(V, f, a);
        return;
    case OP_dup2:
        a = pop_cat1_or_cat2(V, &b, "dup2");
        vfy_push(V, f, b); vfy_push(V, f, a); vfy_push(V, f, b); vfy_push(V, f, a);
        return;
    case OP_dup2_x1:
        a = pop_cat1_or_cat2(V, &b, "dup2_x1");
        c = vfy_pop(V, f, cat1);
        vfy_push(V, f, b); vfy_push(V, f, a); vfy_push(V, f, c); vfy_push(V, f, b); vfy_push(V, f, a);
        return;
    case OP_dup2_x2:
        a = pop_cat1_or_cat2(V, &b, "dup2_x2");
        c = pop_cat1_or_cat2(V, &d, "dup2_x2");
        vfy_push(V, f, b); vfy_push(V, f, a); vfy_push(V, f, d); vfy_push(V, f, c);
        vfy_push(V, f, b); vfy_push(V, f, a);
        return;
    default: /* swap */
        a = vfy_pop(V, f, cat1);
        b = vfy_pop(V, f, cat1);
        vfy_push(V, f, a); vfy_push(V, f, b);
        return;
    }
}

static void run_switch(Vfy *V, uint32_t bci) {
    const uint8_t *code = V->m->code;
    uint32_t a = (bci + 4) & ~3u;
    if (V->c->major < 51)
        for (uint32_t p = bci + 1; p < a; p++)
            if (code[p]) bad_code(V, (int)bci, "Nonzero padding byte in lookupswitch or tableswitch");
    int32_t dflt = s4at(code + a), keys, delta;
    vfy_pop(V, &V->cur, vt_of(VT_INT));
    if (code[bci] == OP_tableswitch) {
        keys = s4at(code + a + 8) - s4at(code + a + 4) + 1;
        delta = 1;
    } else {
        keys = s4at(code + a + 4);
        delta = 2;
        for (int32_t i = 0; i + 1 < keys; i++)
            if (s4at(code + a + 8 + 8 * (uint32_t)i) >= s4at(code + a + 16 + 8 * (uint32_t)i))
                bad_code(V, (int)bci, "Bad lookupswitch instruction");
    }
    vfy_check_jump(V, &V->cur, (int)bci, dflt);
    for (int32_t i = 0; i < keys; i++)
        vfy_check_jump(V, &V->cur, (int)bci, s4at(code + a + 4 * (uint32_t)(3 + i * delta)));
}

static void return_value(Vfy *V, VType t) {
    VFrame *f = &V->cur;
    VWhere a = vw_stack_top(f), b = { VO_SIG, 0, V->ret, NULL };
    if (V->ret.k == VT_TOP) vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Method does not expect a return value");
    if (!vfy_assignable(V, V->ret, t, false)) vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad return type");
}

static void run_return(Vfy *V, uint8_t op) {
    VFrame *f = &V->cur;
    if (op == OP_return) {
        if (V->ret.k != VT_TOP) bad_code(V, f->offset, "Method expects a return value");
        if (V->m->name == sym_init && (f->flags & VF_THIS_UNINIT))
            bad_code(V, f->offset, "Constructor must call super() or this() before return");
        return;
    }
    static const uint8_t KIND[] = { VT_INT, VT_LONG, VT_FLOAT, VT_DOUBLE, VQ_REF };
    VType t = vt_of((VKind)KIND[op - OP_ireturn]);
    if (vt_is_cat2(t)) {
        vfy_pop(V, f, vt_second_half(t));
        t = vfy_pop(V, f, t);
    } else {
        t = vfy_pop(V, f, t);
    }
    return_value(V, t);
}

/* ---- fields ---- */

static void check_protected(Vfy *V, unsigned idx, VType obj, bool get) {
    if (vt_eq(V->this_type, obj)) return;
    Symbol *ref = cp_class_name(&V->c->cp, V->c->cp.e[idx].ref.a);
    if (!name_in_supers(V, ref)) return;
    Class *rc = vfy_load(V, ref);
    if (!rc) vfy_pending(V);
    if (!protected_access(V, rc, cp_member_name(&V->c->cp, idx), cp_member_desc(&V->c->cp, idx), false)) return;
    if (!vfy_assignable(V, V->this_type, obj, true)) {
        VWhere a = vw_stack_top(&V->cur), b = vw_implicit(V->this_type);
        vfy_fail(V, VE_WRONG_TYPE, V->cur.offset, &a, &b, "Bad access to protected data in %s", get ? "getfield" : "putfield");
    }
}

static __attribute__((noreturn, noinline)) void field_not_in_class(Vfy *V, unsigned idx, VType cls) {
    VWhere w = { VO_CP, (int)idx, cls, NULL };
    vfy_fail(V, VE_WRONG_TYPE, V->cur.offset, &w, NULL, "Expecting reference to class in class %s at constant pool index %u",
             external_class_name(V), idx);
}

static void run_field(Vfy *V, uint8_t op, const uint8_t *p) {
    VFrame *f = &V->cur;
    unsigned idx = u2at(p + 1);
    check_cp_type(V, f->offset, idx, 1u << JVM_CONSTANT_Fieldref);
    VType cls = vfy_class_type(V, V->c->cp.e[idx].ref.a);
    bool statics = op == OP_getstatic || op == OP_putstatic;
    if (!vt_is_object(cls) && (!statics || !vt_is_array(cls))) field_not_in_class(V, idx, cls);
    const VSig *sig = vfy_sig(V, cp_member_desc(&V->c->cp, idx));
    const VType *ft = sig->ret;
    int n = sig->nret;
    if (op == OP_getstatic) {
        for (int i = 0; i < n; i++) vfy_push(V, f, ft[i]);
        return;
    }
    if (op != OP_getfield)
        for (int i = n - 1; i >= 0; i--) vfy_pop(V, f, ft[i]);
    if (op == OP_putstatic) return;
    VType obj;
    if (op == OP_getfield) {
        obj = vfy_pop(V, f, cls);
    } else {
        obj = vfy_pop_any(V, f);
        if (obj.k == VT_UNINIT_THIS && vt_eq(cls, V->this_type) &&
            class_find_declared_field(V->c, cp_member_name(&V->c->cp, idx), cp_member_desc(&V->c->cp, idx)))
            obj = V->this_type;
        if (!vfy_assignable(V, cls, obj, false)) {
            VWhere a = vw_stack_top(f), b = { VO_CP, (int)idx, cls, NULL };
            vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad type on operand stack in putfield");
        }
    }
    check_protected(V, idx, obj, op == OP_getfield);
    if (op == OP_getfield)
        for (int i = 0; i < n; i++) vfy_push(V, f, ft[i]);
}

/* ---- invocations ---- */

static bool is_branch(uint8_t op) {
    return (op >= OP_ifeq && op <= OP_goto) || op == OP_ifnull || op == OP_ifnonnull || op == OP_goto_w;
}

static void init_this(Vfy *V, VType ref, bool in_try_block, bool *this_uninit) {
    VFrame *f = &V->cur;
    if (ref.name != V->c->name && (!V->c->super || ref.name != V->c->super->name)) {
        VWhere a = vw_implicit(ref), b = vw_implicit(V->this_type);
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad <init> method call");
    }
    if (in_try_block) check_handlers(V, f->offset, true);
    vfy_initialize_object(V, f, vt_of(VT_UNINIT_THIS), V->this_type);
    *this_uninit = true;
}

static void init_new(Vfy *V, VType type, unsigned ref_idx, VType ref, bool in_try_block, bool this_uninit) {
    VFrame *f = &V->cur;
    const uint8_t *code = V->m->code;
    uint32_t at = type.bci;
    if (at + 3 > V->m->code_len || code[at] != OP_new) bad_code(V, (int)at, "Expecting new instruction");
    unsigned new_idx = u2at(code + at + 1);
    VType nt = cp_class_checked(V, f->offset, new_idx);
    if (!vt_eq(nt, ref)) {
        VWhere a = { VO_CP, (int)new_idx, nt, NULL }, b = { VO_CP, (int)ref_idx, ref, NULL };
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Call to wrong <init> method");
    }
    if (name_in_supers(V, ref.name)) {
        Class *rc = vfy_load(V, ref.name);
        if (!rc) vfy_pending(V);
        Method *m = lookup_in_chain(rc, sym_init, cp_member_desc(&V->c->cp, ref_idx));
        if (m && (m->access & JVM_ACC_PROTECTED) && !class_same_package(m->holder, V->c) &&
            !vfy_assignable(V, V->this_type, nt, true)) {
            VWhere a = { VO_CP, (int)new_idx, nt, NULL }, b = vw_implicit(V->this_type);
            vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad access to protected <init> method");
        }
    }
    if (in_try_block) check_handlers(V, f->offset, this_uninit);
    vfy_initialize_object(V, f, type, nt);
}

static void invoke_init(Vfy *V, unsigned idx, VType ref, bool in_try_block, bool *this_uninit) {
    VFrame *f = &V->cur;
    VType t = vfy_pop(V, f, vt_of(VQ_REF));
    if (t.k == VT_UNINIT_THIS) init_this(V, ref, in_try_block, this_uninit);
    else if (t.k == VT_UNINIT) init_new(V, t, idx, ref, in_try_block, *this_uninit);
    else {
        VWhere a = vw_stack_top(f);
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, NULL, "Bad operand type when invoking <init>");
    }
}

static bool same_or_direct_interface(Vfy *V, VType ref) {
    if (vt_eq(ref, V->this_type)) return true;
    for (uint16_t i = 0; i < V->c->ninterfaces; i++)
        if (V->c->interface_names[i] == ref.name) return true;
    return false;
}

static void check_invokespecial_target(Vfy *V, unsigned idx, VType ref) {
    if (same_or_direct_interface(V, ref) || (V->c->super && ref.k == VT_REF && ref.name == V->c->super->name)) return;
    if (!vfy_assignable(V, ref, V->this_type, false))
        bad_code(V, V->cur.offset, "Bad invokespecial instruction: current class isn't assignable to reference class.");
    if (V->c->cp.tags[idx] == JVM_CONSTANT_InterfaceMethodref)
        bad_code(V, V->cur.offset, "Bad invokespecial instruction: interface method reference is in an indirect superinterface.");
}

static void invokevirtual_receiver(Vfy *V, unsigned idx, VType ref, Symbol *name, Symbol *desc) {
    VFrame *f = &V->cur;
    VType obj = vfy_pop(V, f, ref);
    if (vt_eq(V->this_type, obj)) return;
    Symbol *rn = cp_class_name(&V->c->cp, V->c->cp.e[idx].ref.a);
    if (!name_in_supers(V, rn)) return;
    Class *rc = vfy_load(V, rn);
    if (!rc) vfy_pending(V);
    if (!protected_access(V, rc, name, desc, true)) return;
    if (ref.name == sym_java_lang_Object && vt_is_array(obj) && sym_eq_cstr(name, "clone")) return;
    if (!vfy_assignable(V, V->this_type, obj, true)) {
        VWhere a = vw_stack_top(f), b = vw_implicit(V->this_type);
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad access to protected data in invokevirtual");
    }
}

static void check_invoke_operands(Vfy *V, uint8_t op, const uint8_t *p, int nargs) {
    int bci = V->cur.offset;
    if (op == OP_invokeinterface) {
        if (p[3] != nargs + 1) bad_code(V, bci, "Inconsistent args count operand in invokeinterface");
        if (p[4] != 0) bad_code(V, bci, "Fourth operand byte of invokeinterface must be zero");
    }
    if (op == OP_invokedynamic && (p[3] || p[4]))
        bad_code(V, bci, "Third and fourth operand bytes of invokedynamic must be zero");
}

static unsigned invoke_tags(Vfy *V, uint8_t op) {
    switch (op) {
    case OP_invokeinterface: return 1u << JVM_CONSTANT_InterfaceMethodref;
    case OP_invokedynamic: return 1u << JVM_CONSTANT_InvokeDynamic;
    case OP_invokespecial:
    case OP_invokestatic:
        return V->c->major < 52 ? 1u << JVM_CONSTANT_Methodref
                                : (1u << JVM_CONSTANT_Methodref | 1u << JVM_CONSTANT_InterfaceMethodref);
    default: return 1u << JVM_CONSTANT_Methodref;
    }
}

static __attribute__((noreturn, noinline)) void indy_too_old(Vfy *V) {
    vfy_format_error(V, false, "invokedynamic instructions not supported by this class file version (%d), class %s",
                     V->c->major, external_class_name(V));
}

static void run_invoke(Vfy *V, uint8_t op, const uint8_t *p, bool *this_uninit) {
    VFrame *f = &V->cur;
    unsigned idx = u2at(p + 1);
    check_cp_type(V, f->offset, idx, invoke_tags(V, op));
    Symbol *name = cp_member_name(&V->c->cp, idx), *desc = cp_member_desc(&V->c->cp, idx);
    VType ref = vt_of(VT_TOP);
    if (op == OP_invokedynamic && V->c->major < 51) indy_too_old(V);
    if (op != OP_invokedynamic) ref = vfy_class_type(V, V->c->cp.e[idx].ref.a);
    const VSig *sig = vfy_sig(V, desc);
    const VType *args = sig->args, *rt = sig->ret;
    int nargs = sig->nargs, nret = sig->nret;
    check_invoke_operands(V, op, p, nargs);
    if (name->str[0] == '<') {
        if (op != OP_invokespecial || name != sym_init) bad_code(V, f->offset, "Illegal call to internal method");
    } else if (op == OP_invokespecial) {
        check_invokespecial_target(V, idx, ref);
    }
    for (int i = nargs - 1; i >= 0; i--) vfy_pop(V, f, args[i]);
    if (op == OP_invokespecial && name == sym_init) invoke_init(V, idx, ref, in_try(V, f->offset), this_uninit);
    else if (op == OP_invokespecial) vfy_pop(V, f, V->this_type);
    else if (op == OP_invokevirtual) invokevirtual_receiver(V, idx, ref, name, desc);
    else if (op == OP_invokeinterface) vfy_pop(V, f, ref);
    if (nret && name == sym_init) bad_code(V, f->offset, "Return type must be void in <init> method");
    for (int i = 0; i < nret; i++) vfy_push(V, f, rt[i]);
}

/* ---- constants and objects ---- */

static void run_ldc(Vfy *V, uint8_t op, unsigned idx) {
    VFrame *f = &V->cur;
    check_cp_index(V, f->offset, idx);
    uint8_t tag = V->c->cp.tags[idx];
    unsigned types = op == OP_ldc2_w ? (1u << JVM_CONSTANT_Double | 1u << JVM_CONSTANT_Long | 1u << JVM_CONSTANT_Dynamic)
                                     : (1u << JVM_CONSTANT_Integer | 1u << JVM_CONSTANT_Float | 1u << JVM_CONSTANT_String |
                                        1u << JVM_CONSTANT_Class | 1u << JVM_CONSTANT_MethodHandle |
                                        1u << JVM_CONSTANT_MethodType | 1u << JVM_CONSTANT_Dynamic);
    check_cp_type(V, f->offset, idx, types);
    switch (tag) {
    case JVM_CONSTANT_String: vfy_push(V, f, vt_ref(sym_java_lang_String)); return;
    case JVM_CONSTANT_Class: vfy_push(V, f, vt_ref(sym_java_lang_Class)); return;
    case JVM_CONSTANT_Integer: vfy_push(V, f, vt_of(VT_INT)); return;
    case JVM_CONSTANT_Float: vfy_push(V, f, vt_of(VT_FLOAT)); return;
    case JVM_CONSTANT_Double: vfy_push2(V, f, vt_of(VT_DOUBLE)); return;
    case JVM_CONSTANT_Long: vfy_push2(V, f, vt_of(VT_LONG)); return;
    case JVM_CONSTANT_MethodHandle: vfy_push(V, f, vt_ref(sym_intern_cstr("java/lang/invoke/MethodHandle"))); return;
    case JVM_CONSTANT_MethodType: vfy_push(V, f, vt_ref(sym_intern_cstr("java/lang/invoke/MethodType"))); return;
    default: break;
    }
    const VSig *sig = vfy_sig(V, cp_member_desc(&V->c->cp, idx));
    const VType *t = sig->ret;
    int n = sig->nret;
    if (n != (op == OP_ldc2_w ? 2 : 1)) check_cp_type(V, f->offset, idx, types & ~(1u << JVM_CONSTANT_Dynamic));
    for (int i = 0; i < n; i++) vfy_push(V, f, t[i]);
}

static void run_new(Vfy *V, unsigned idx) {
    VFrame *f = &V->cur;
    VType t = cp_class_checked(V, f->offset, idx);
    if (!vt_is_object(t)) {
        VWhere w = { VO_CP, (int)idx, t, NULL };
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &w, NULL, "Illegal new instruction");
    }
    vfy_push(V, f, vt_uninit((uint16_t)f->offset));
}

static void run_newarray(Vfy *V, unsigned atype) {
    static const char *const SIGS[] = { "[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J" };
    if (atype < 4 || atype > 11) bad_code(V, V->cur.offset, "Illegal newarray instruction");
    vfy_pop(V, &V->cur, vt_of(VT_INT));
    vfy_push(V, &V->cur, vt_ref(sym_intern_cstr(SIGS[atype - 4])));
}

static void run_anewarray(Vfy *V, unsigned idx) {
    VFrame *f = &V->cur;
    VType comp = cp_class_checked(V, f->offset, idx);
    vfy_pop(V, f, vt_of(VT_INT));
    const char *cn = comp.name->str;
    size_t l = comp.name->len, n = 0;
    char *s = vfy_alloc(V, l + 3);
    bool array = vt_is_array(comp);
    if (array && l > 255 && cn[254] == '[')
        bad_code(V, f->offset, "Illegal anewarray instruction, array has more than 255 dimensions");
    s[n++] = '[';
    if (!array) s[n++] = 'L';
    memcpy(s + n, cn, l);
    n += l;
    if (!array) s[n++] = ';';
    vfy_push(V, f, vt_ref(sym_intern(s, n)));
}

static void run_multianewarray(Vfy *V, const uint8_t *p) {
    VFrame *f = &V->cur;
    unsigned idx = u2at(p + 1), dim = p[3];
    VType t = cp_class_checked(V, f->offset, idx);
    if (!vt_is_array(t)) {
        VWhere w = { VO_CP, (int)idx, t, NULL };
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &w, NULL, "Illegal constant pool index in multianewarray instruction");
    }
    unsigned dims = 0;
    while (t.name->str[dims] == '[') dims++;
    if (dim < 1 || dims < dim)
        vfy_fail(V, VE_BAD_CODE, f->offset, NULL, NULL, "Illegal dimension in multianewarray instruction: %u", dim);
    for (unsigned i = 0; i < dim; i++) vfy_pop(V, f, vt_of(VT_INT));
    vfy_push(V, f, t);
}

static void run_object_op(Vfy *V, uint8_t op, const uint8_t *p) {
    VFrame *f = &V->cur;
    VType object = vt_ref(sym_java_lang_Object);
    switch (op) {
    case OP_new: run_new(V, u2at(p + 1)); return;
    case OP_newarray: run_newarray(V, p[1]); return;
    case OP_anewarray: run_anewarray(V, u2at(p + 1)); return;
    case OP_multianewarray: run_multianewarray(V, p); return;
    case OP_checkcast: {
        VType t = cp_class_checked(V, f->offset, u2at(p + 1));
        vfy_pop(V, f, object);
        vfy_push(V, f, t);
        return;
    }
    case OP_instanceof:
        cp_class_checked(V, f->offset, u2at(p + 1));
        vfy_pop(V, f, object);
        vfy_push(V, f, vt_of(VT_INT));
        return;
    case OP_arraylength: {
        VType t = vfy_pop(V, f, vt_of(VQ_REF));
        if (t.k != VT_NULL && !vt_is_array(t)) {
            VWhere w = vw_stack_top(f);
            vfy_fail(V, VE_WRONG_TYPE, f->offset, &w, NULL, "Bad type on operand stack in arraylength");
        }
        vfy_push(V, f, vt_of(VT_INT));
        return;
    }
    default: /* monitorenter, monitorexit */
        vfy_pop(V, f, vt_of(VQ_REF));
        return;
    }
}

static void run_branch(Vfy *V, uint8_t op, const uint8_t *p, uint32_t bci) {
    VFrame *f = &V->cur;
    if (op >= OP_if_icmpeq && op <= OP_if_icmple) vfy_pop(V, f, vt_of(VT_INT));
    if (op >= OP_ifeq && op <= OP_if_icmple) vfy_pop(V, f, vt_of(VT_INT));
    if (op == OP_if_acmpeq || op == OP_if_acmpne) vfy_pop(V, f, vt_of(VQ_REF));
    if (op == OP_if_acmpeq || op == OP_if_acmpne || op == OP_ifnull || op == OP_ifnonnull) vfy_pop(V, f, vt_of(VQ_REF));
    int32_t off = op == OP_goto_w ? s4at(p + 1) : (int16_t)u2at(p + 1);
    vfy_check_jump(V, f, (int)bci, off);
}

static bool is_store(uint8_t op) {
    return (op >= OP_istore && op <= OP_astore_3);
}

/* Which rule an opcode follows (the wide prefix aside): a table built once from the
 * families' own predicates above, so that each instruction costs one look-up. */
typedef enum InsnRule {
    IR_BAD, IR_LOCAL, IR_FIELD, IR_INVOKE, IR_TABLE, IR_ARRAY, IR_STACK, IR_BRANCH, IR_SWITCH, IR_RETURN,
    IR_ATHROW, IR_ACONST_NULL, IR_LDC, IR_LDC_W, IR_IINC, IR_OBJECT,
} InsnRule;

static uint8_t insn_rules[256];
/* for IR_LOCAL: the LOCAL_OPS entry, and the local's index if the opcode implies it (-1
 * when an operand gives it) */
static uint8_t local_entry[256];
static int8_t local_slot[256];
static pthread_once_t insn_rules_once = PTHREAD_ONCE_INIT;

static InsnRule classify(uint8_t op) {
    int index;
    static const uint8_t operand[4] = { 0 };
    if (local_op(op, &index, operand, false)) return IR_LOCAL;
    if (op >= OP_getstatic && op <= OP_putfield) return IR_FIELD;
    if (op >= OP_invokevirtual && op <= OP_invokedynamic) return IR_INVOKE;
    if (table_driven(op)) return IR_TABLE;
    if (array_op(op)) return IR_ARRAY;
    if (op >= OP_pop && op <= OP_swap) return IR_STACK;
    if (is_branch(op)) return IR_BRANCH;
    if (op == OP_tableswitch || op == OP_lookupswitch) return IR_SWITCH;
    if (op >= OP_ireturn && op <= OP_return) return IR_RETURN;
    if (op == OP_athrow) return IR_ATHROW;
    if (op == OP_aconst_null) return IR_ACONST_NULL;
    if (op == OP_ldc) return IR_LDC;
    if (op == OP_ldc_w || op == OP_ldc2_w) return IR_LDC_W;
    if (op == OP_iinc) return IR_IINC;
    if ((op >= OP_new && op <= OP_arraylength) || (op >= OP_checkcast && op <= OP_monitorexit) ||
        op == OP_multianewarray)
        return IR_OBJECT;
    return IR_BAD;
}

static void build_insn_rules(void) {
    for (unsigned op = 0; op < 256; op++) {
        insn_rules[op] = (uint8_t)classify((uint8_t)op);
        int index;
        const uint8_t operand[2] = { (uint8_t)op, 0xff };
        const LocalOp *l = local_op((uint8_t)op, &index, operand, false);
        if (!l) continue;
        local_entry[op] = (uint8_t)(l - LOCAL_OPS);
        local_slot[op] = (int8_t)(index == 0xff ? -1 : index);
    }
}

void vfy_init_rules(void) { pthread_once(&insn_rules_once, build_insn_rules); }

/* One instruction; returns true if control cannot fall through to the next. */
bool vfy_run_insn(Vfy *V, uint32_t bci, bool *this_uninit) {
    const uint8_t *p = V->m->code + bci;
    uint8_t op = p[0];
    bool wide = op == OP_wide;
    if (wide) op = p[1];
    int index;
    switch ((InsnRule)insn_rules[op]) {
    case IR_LOCAL:
        index = local_slot[op] >= 0 ? local_slot[op] : wide ? (int)u2at(p + 2) : p[1];
        run_local(V, &LOCAL_OPS[local_entry[op]], index);
        return false;
    case IR_FIELD: run_field(V, op, p); return false;
    case IR_INVOKE: run_invoke(V, op, p, this_uninit); return false;
    case IR_TABLE: run_table(V, op); return false;
    case IR_ARRAY: run_array(V, array_op(op)); return false;
    case IR_STACK: run_stack_op(V, op); return false;
    case IR_BRANCH:
        run_branch(V, op, p, bci);
        return op == OP_goto || op == OP_goto_w;
    case IR_SWITCH: run_switch(V, bci); return true;
    case IR_RETURN: run_return(V, op); return true;
    case IR_ATHROW: vfy_pop(V, &V->cur, V->throwable); return true;
    case IR_ACONST_NULL: vfy_push(V, &V->cur, vt_of(VT_NULL)); return false;
    case IR_LDC: run_ldc(V, op, p[1]); return false;
    case IR_LDC_W: run_ldc(V, op, u2at(p + 1)); return false;
    case IR_IINC:
        index = wide ? (int)u2at(p + 2) : p[1];
        vfy_set_local(V, &V->cur, index, vfy_get_local(V, &V->cur, index, vt_of(VT_INT)));
        return false;
    case IR_OBJECT: run_object_op(V, op, p); return false;
    case IR_BAD: break;
    }
    vfy_fail(V, VE_BAD_CODE, (int)bci, NULL, NULL, "Bad instruction: %02x", op);
}

/* ---------------------------------------------------------------- methods */

/* The frame at entry (JVMS 4.10.1.6): `this` (uninitialised in a constructor other than
 * Object's) and the parameters; also the return type. */
void vfy_initial_frame(Vfy *V) {
    Method *m = V->m;
    VFrame *f = &V->cur;
    vfy_frame_init(V, f);
    int n = 0;
    if (!method_is_static(m)) {
        if (m->name == sym_init && V->c->name != sym_java_lang_Object) {
            f->locals[n++] = vt_of(VT_UNINIT_THIS);
            f->flags |= VF_THIS_UNINIT;
        } else {
            f->locals[n++] = V->this_type;
        }
    }
    const VSig *sig = vfy_sig(V, m->desc);
    memcpy(f->locals + n, sig->args, (size_t)sig->nargs * sizeof(VType));
    f->nlocals = n + sig->nargs;
    const char *d = strchr(m->desc->str, ')') + 1;
    static const struct { char c; uint8_t k; } RET[] = {
        { 'V', VT_TOP }, { 'Z', VT_BOOL }, { 'B', VT_BYTE }, { 'C', VT_CHAR }, { 'S', VT_SHORT },
        { 'I', VT_INT }, { 'F', VT_FLOAT }, { 'J', VT_LONG }, { 'D', VT_DOUBLE },
    };
    V->ret = vt_of(VT_TOP);
    for (size_t i = 0; i < ARRAY_LEN(RET); i++)
        if (*d == RET[i].c) V->ret = vt_of((VKind)RET[i].k);
    if (*d == 'L' || *d == '[') V->ret = sig->ret[0];
}

void vfy_mark_instructions(Vfy *V) {
    Method *m = V->m;
    V->cdata = vfy_alloc(V, m->code_len + 1);
    memset(V->cdata, 0, m->code_len + 1);
    for (uint32_t bci = 0; bci < m->code_len; bci += vfy_insn_length(m->code, bci))
        V->cdata[bci] = m->code[bci] == OP_new ? 2 : 1;
}

/* Matches the current frame with the stack map at bci, if any (HotSpot's
 * verify_stackmap_table); returns the index of the next map. */
static int at_stackmap(Vfy *V, int mi, uint32_t bci, bool no_flow) {
    if (mi < V->nmaps) {
        int off = V->maps[mi].offset;
        if (no_flow && off > (int)bci) vfy_fail(V, VE_MISSING_MAP, (int)bci, NULL, NULL, "Expecting a stack map frame");
        if (off == (int)bci) {
            vfy_match(V, &V->cur, mi, !no_flow, true, "Instruction type does not match stack map", 0);
            return mi + 1;
        }
        if (off < (int)bci) vfy_format_error(V, true, "Bad stack map offset %d", off);
    } else if (no_flow) {
        bad_code(V, (int)bci, "Expecting a stack map frame");
    }
    return mi;
}

static void verify_method(Vfy *V) {
    Method *m = V->m;
    V->max_locals = m->max_locals;
    V->max_stack = m->max_stack;
    vfy_initial_frame(V);
    V->handler_stack = vfy_alloc(V, 2 * sizeof(VType));
    V->handler_gen = vfy_alloc(V, m->nexc * sizeof(uint32_t) + 1);
    V->handler_flags = vfy_alloc(V, m->nexc + 1u);
    memset(V->handler_gen, 0, m->nexc * sizeof(uint32_t));
    V->locals_gen = 1;
    V->all_gen = 0;
    vfy_mark_instructions(V);
    check_handler_table(V);
    check_local_variable_table(V);
    vfy_read_stackmaps(V);
    bool no_flow = false;
    int mi = 0;
    for (uint32_t bci = 0; bci < m->code_len; bci += vfy_insn_length(m->code, bci)) {
        V->cur.offset = (int)bci;
        V->cur.mark = V->cur.nstack;
        mi = at_stackmap(V, mi, bci, no_flow);
        bool this_uninit = false, handlers_done = false;
        uint8_t op = m->code[bci] == OP_wide ? m->code[bci + 1] : m->code[bci];
        if (is_store(op) && in_try(V, (int)bci)) {
            check_handlers(V, (int)bci, false);
            handlers_done = true;
        }
        no_flow = vfy_run_insn(V, bci, &this_uninit);
        if (!handlers_done && in_try(V, (int)bci)) check_handlers(V, (int)bci, this_uninit);
    }
    if (!no_flow) bad_code(V, (int)m->code_len, "Control flow falls through code end");
}

/* Verifies every method of c with code; the result and message are left in *V. */
static bool verify_one(Vfy *V, Method *m) {
    V->m = m;
    volatile bool ok = false;
    if (setjmp(V->fail) == 0) {
        verify_method(V);
        ok = true;
    }
    vfy_arena_reset(V);
    return ok;
}

static void verify_methods(Vfy *V) {
    for (uint16_t i = 0; i < V->c->nmethods; i++) {
        Method *m = &V->c->methods[i];
        if (!m->code || method_is_native(m) || method_is_abstract(m)) continue;
        if (!verify_one(V, m)) return;
    }
}

static VResult check_run(Thread *t, Class *c, char **msg) {
    Vfy V;
    vfy_begin_class(&V, t, c);
    verify_methods(&V);
    vfy_end_class(&V);
    *msg = V.msg;
    return V.result;
}

/* A version-50 class the type checker rejected: inference decides (HotSpot's fail-over to
 * its old verifier, for version 50 only), and if it rejects the class too, its exception
 * class goes with the type checker's message. */
static VResult fail_over(Thread *t, Class *c, char **msg) {
    char *again = NULL;
    VResult r = vfy_infer_run(t, c, &again);
    vm_free(again);
    if (r == VR_OK || r == VR_PENDING) {
        vm_free(*msg);
        *msg = NULL;
    }
    return r;
}

VResult vfy_run(Thread *t, Class *c, char **msg) {
    if (c->major < 50) return vfy_infer_run(t, c, msg);
    VResult r = check_run(t, c, msg);
    if ((r == VR_VERIFY_ERROR || r == VR_FORMAT_ERROR) && c->major == 50) r = fail_over(t, c, msg);
    return r;
}
