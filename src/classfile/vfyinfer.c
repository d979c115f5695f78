/*
 * vfyinfer.c — the type-inference bytecode verifier (JVMS 4.10.2) for class files older
 * than version 50, and for version-50 files the type checker rejects (HotSpot's
 * FailOverToOldVerifier, on by default, applies to version 50 only).
 *
 * A data-flow analysis over the method's basic blocks: each block start has a frame (types
 * of locals and operand stack, NULL until control reaches it; only the locals in use are
 * kept) and a "changed" bit.  Like HotSpot's old verifier (libverify's check_code.c), the
 * driver sweeps the code in order, again and again until no frame changes; a block whose
 * frame changed is run instruction by instruction through the type checker's rules
 * (verify.c's vfy_run_insn, the one source of truth for what each instruction pops and
 * pushes), each instruction's frame flowing to the handlers covering it, and the frame the
 * block leaves is merged into its successors: the next block, branch targets (stackmap.c's
 * vfy_check_jump sends them here when `V->infer` is set).  Merging at a join keeps equal
 * types, takes the least upper bound of two references (the first common superclass; an
 * interface counts as java.lang.Object, as in the old verifier) and makes anything else
 * unusable (top); operand stacks must have the same height and mergeable types.
 *
 * Subroutines: `jsr S` pushes returnAddress(S) and enters S with the caller's frame; each
 * frame remembers which locals were stored since its subroutine's entry (VFrame.mod).
 * `ret` of a returnAddress(S) returns to the instruction after every jsr to S that has been
 * reached, with the locals S stored taken from the ret's frame and all others from the
 * frame of that jsr, so locals a subroutine does not touch keep each caller's types.  The
 * frame at the rets of S is kept, so a jsr reached later returns at once.
 *
 * Errors: the rules fail through vfy_fail as in the type checker, which hands them here;
 * vfy_infer_fail words them as the old verifier does ("(class: Foo, method: bar signature:
 * ()V) Expecting to find integer on stack"), from the fault, the types involved and the
 * instruction.  The checks the old verifier makes before its data flow (branch targets,
 * exception table) come first, as there.
 */
#include "classfile/verify.h"
#include "classfile/vfy_internal.h"
#include "classfile/classfile.h"
#include "interp/opcodes.h"
#include "runtime/vm.h"

struct VInfer {
    uint8_t *leader;                /* per bci: starts a basic block (or is a jsr) */
    VFrame **in;                    /* per leader: frame on entry, NULL until reached */
    uint8_t *changed;
    VFrame **at_ret;                /* per subroutine entry: merged frame at its rets */
    uint32_t *jsrs;                 /* bcis of the jsr instructions */
    int njsrs;
    VFrame scratch;                 /* handler frames and returns from subroutines */
    size_t slots;                   /* types held by stored frames, against SLOT_BUDGET */
};

/* Stored frames keep only the locals in use, but a hostile method (thousands of locals
 * stored between thousands of branches) could still ask for gigabytes: past this many
 * types the method is rejected rather than the VM exhausted. */
enum { SLOT_BUDGET = 1 << 25 };

static unsigned u2(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }
static int32_t s4(const uint8_t *p) { return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]); }

/* ---------------------------------------------------------------- errors */

static void fail_as(Vfy *V, VResult kind, const char *fmt, va_list ap) __attribute__((noreturn));
static void fail_msg(Vfy *V, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void fail_format(Vfy *V, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));

/* The old verifier writes its message into a buffer of the class name's length plus
 * 1024 bytes, as HotSpot gives it: the "(class: ..., method: ... signature: ...) " prefix
 * first, cut to fit, and the rest only if the whole prefix fitted, cut to what is left. */
static void fail_as(Vfy *V, VResult kind, const char *fmt, va_list ap) {
    size_t size = V->c->name->len + 1024;
    char *b = vm_malloc(size);
    int n = snprintf(b, size, "(class: %s, method: %s signature: %s) ", V->c->name->str, V->m->name->str,
                     V->m->desc->str);
    if (n >= 0 && (size_t)n < size) vsnprintf(b + n, size - (size_t)n, fmt, ap);
    V->msg = b;
    V->result = kind;
    longjmp(V->fail, 1);
}

static void fail_msg(Vfy *V, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fail_as(V, VR_VERIFY_ERROR, fmt, ap);
}

/* The old verifier reports a malformed exception table as a ClassFormatError. */
static void fail_format(Vfy *V, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fail_as(V, VR_FORMAT_ERROR, fmt, ap);
}

/* The old verifier's register count: locals up to the last one holding a value. */
static int register_count(const VFrame *f, int max) {
    int n = 0;
    for (int i = 0; i < max && i < f->nlocals; i++)
        if (f->locals[i].k != VT_TOP) n = i + 1;
    return n;
}

static void local_fail(Vfy *V, const VWhere *w, VType want) {
    int count = register_count(w->frame, V->max_locals), i = w->index;
    if (vt_is_cat2(want) || vt_is_cat2_2nd(want)) {
        int base = vt_is_cat2_2nd(want) ? i - 1 : i;
        if (base + 1 >= count) fail_msg(V, "Accessing value from uninitialized register pair %d/%d", base, base + 1);
        fail_msg(V, "Register pair %d/%d contains wrong type", base, base + 1);
    }
    if (i >= count) fail_msg(V, "Accessing value from uninitialized register %d", i);
    if (w->frame->locals[i].k == VT_RETADDR) fail_msg(V, "Cannot load return address from register %d", i);
    fail_msg(V, "Register %d contains wrong type", i);
}

/* What an array instruction wants, as the old verifier names it. */
static const char *array_wanted(uint8_t op) {
    static const struct { uint8_t load, store; const char *what; } ARRAYS[] = {
        { OP_iaload, OP_iastore, "array of ints" }, { OP_laload, OP_lastore, "array of longs" },
        { OP_faload, OP_fastore, "array of floats" }, { OP_daload, OP_dastore, "array of doubles" },
        { OP_aaload, OP_aastore, "array of objects or arrays" }, { OP_baload, OP_bastore, "array of bytes or Booleans" },
        { OP_caload, OP_castore, "array of chars" }, { OP_saload, OP_sastore, "array of shorts" },
        { OP_arraylength, OP_arraylength, "array" },
    };
    for (size_t i = 0; i < ARRAY_LEN(ARRAYS); i++)
        if (op == ARRAYS[i].load || op == ARRAYS[i].store) return ARRAYS[i].what;
    return NULL;
}

/* Is stack slot `index` the receiver of the invocation at the current instruction? */
static bool is_receiver(Vfy *V, int index) {
    const uint8_t *p = V->m->code + V->cur.offset;
    Symbol *desc = cp_member_desc(&V->c->cp, (uint16_t)(p[1] << 8 | p[2]));
    return index == V->cur.mark - cf_method_arg_slots(desc->str, NULL) - 1;
}

/* A reference of the wrong class: the old verifier's message depends on the instruction. */
static const char *reference_mismatch(Vfy *V, uint8_t op, int index) {
    if (op >= OP_invokevirtual && op <= OP_invokeinterface)
        return is_receiver(V, index) ? "Incompatible object argument for function call" : "Incompatible argument to function";
    if (op == OP_getfield || op == OP_putfield) return "Incompatible type for getting or setting field";
    if (op == OP_putstatic) return "Bad type in putfield/putstatic";
    if (op == OP_athrow) return "Can only throw Throwable objects";
    if (op == OP_areturn) return "Wrong return type in function";
    return "Expecting to find object/array on stack";
}

static void stack_fail(Vfy *V, VType got, VType want, int index) {
    uint8_t op = V->m->code[V->cur.offset];
    const char *arr = array_wanted(op);
    bool stored_value = op == OP_aastore && index == V->cur.mark - 1;
    if (arr && (vt_is_ref(want) || want.k == VQ_REF) && !stored_value)
        fail_msg(V, "Expecting to find %s on stack", arr);
    switch (want.k) {
    case VT_INT: case VT_BOOL: case VT_BYTE: case VT_CHAR: case VT_SHORT:
        fail_msg(V, "Expecting to find integer on stack");
    case VT_FLOAT: fail_msg(V, "Expecting to find float on stack");
    case VT_LONG: case VT_LONG2: fail_msg(V, "Expecting to find long on stack");
    case VT_DOUBLE: case VT_DOUBLE2: fail_msg(V, "Expecting to find double on stack");
    case VQ_CAT1: case VQ_CAT2: case VQ_CAT2_2ND: fail_msg(V, "Attempt to split long or double on the stack");
    default: break;
    }
    fail_msg(V, "%s", vt_is_ref(got) ? reference_mismatch(V, op, index) : "Expecting to find object/array on stack");
}

/* The type checker's own words for a few faults, and the old verifier's for them. */
static const char *const RENAMED[][2] = {
    { "Method expects a return value", "Wrong return type in function" },
    { "Method does not expect a return value", "Wrong return type in function" },
    { "Bad return type", "Wrong return type in function" },
    { "Constructor must call super() or this() before return", "Constructor must call super() or this()" },
    { "Call to wrong <init> method", "Call to wrong initialization method" },
    { "Bad <init> method call", "Call to wrong initialization method" },
    { "Bad operand type when invoking <init>", "Expecting to find uninitialized object on stack" },
    { "Operand stack overflow", "Stack size too large" },
};

/* ... and those whose words go on with details the old verifier does not give. */
static const char *const RENAMED_PREFIX[][2] = {
    { "Bad access to protected", "Bad access to protected data" },
    { "Illegal constant pool index", "Illegal constant pool index" },
    { "Illegal type at constant pool entry", "Illegal type in constant pool" },
};

void vfy_infer_fail(Vfy *V, VFault fault, const VWhere *type, const VWhere *expected, const char *checker_msg) {
    size_t len = strlen(checker_msg);
    char *msg = vfy_alloc(V, len + 1);         /* the method's arena: freed after the longjmp too */
    memcpy(msg, checker_msg, len + 1);
    vm_free(V->msg);
    V->msg = NULL;
    uint8_t op = V->m->code[V->cur.offset];
    if (fault == VE_WRONG_TYPE && type && type->o == VO_STACK && vt_is_uninit(type->t) && op != OP_invokespecial)
        fail_msg(V, "Expecting to find object/array on stack");
    for (size_t i = 0; i < ARRAY_LEN(RENAMED); i++)
        if (!strcmp(msg, RENAMED[i][0])) fail_msg(V, "%s", RENAMED[i][1]);
    for (size_t i = 0; i < ARRAY_LEN(RENAMED_PREFIX); i++)
        if (!strncmp(msg, RENAMED_PREFIX[i][0], strlen(RENAMED_PREFIX[i][0]))) fail_msg(V, "%s", RENAMED_PREFIX[i][1]);
    if (fault == VE_UNDERFLOW) fail_msg(V, "Unable to pop operand off an empty stack");
    if (fault == VE_OVERFLOW) fail_msg(V, "Stack size too large");
    if (fault == VE_BAD_LOCAL && op >= OP_istore && op <= OP_astore_3) fail_msg(V, "Illegal local variable number");
    if (fault == VE_BAD_LOCAL && !strncmp(msg, "get long", 8))
        fail_msg(V, "Accessing value from uninitialized register pair %d/%d", type->index, type->index + 1);
    if (fault == VE_BAD_LOCAL) fail_msg(V, "Accessing value from uninitialized register %d", type->index);
    if (fault == VE_WRONG_TYPE && type && type->o == VO_LOCAL) local_fail(V, type, expected ? expected->t : vt_of(VT_TOP));
    if (fault == VE_WRONG_TYPE && type && type->o == VO_STACK)
        stack_fail(V, type->t, expected ? expected->t : vt_of(VQ_REF), type->index);
    fail_msg(V, "%s", msg);
}

/* ---------------------------------------------------------------- frames and merging */

/* A working frame: room for every local and the whole stack. */
static void full_frame(Vfy *V, VFrame *f) {
    vfy_frame_init(V, f);
    f->mod = vfy_alloc(V, V->max_locals + 1u);
    memset(f->mod, 0, V->max_locals + 1u);
}

/* The locals a stored frame keeps: up to the last one with a value or stored to. */
static int used_locals(Vfy *V, const VFrame *f) {
    int n = 0;
    for (int i = 0; i < f->nlocals && i < V->max_locals; i++)
        if (f->locals[i].k != VT_TOP || f->mod[i]) n = i + 1;
    return n;
}

static void charge(Vfy *V, int types) {
    V->infer->slots += (size_t)types;
    if (V->infer->slots > SLOT_BUDGET) fail_msg(V, "Out of memory");
}

/* Room for n locals in a stored frame (new ones top, not stored to). */
static void grow_locals(Vfy *V, VFrame *s, int n) {
    if (n <= s->nlocals) return;
    charge(V, n);
    VType *l = vfy_alloc(V, (size_t)n * sizeof(VType));
    uint8_t *mod = vfy_alloc(V, (size_t)n);
    for (int i = 0; i < n; i++) l[i] = i < s->nlocals ? s->locals[i] : vt_of(VT_TOP);
    memset(mod, 0, (size_t)n);
    if (s->nlocals) memcpy(mod, s->mod, (size_t)s->nlocals);
    s->locals = l;
    s->mod = mod;
    s->nlocals = n;
}

/* A stored copy of the working frame f. */
static VFrame *stored_copy(Vfy *V, const VFrame *f) {
    VFrame *s = vfy_alloc(V, sizeof *s);
    *s = (VFrame){ f->offset, f->flags, 0, f->nstack, -1, NULL, NULL, NULL };
    charge(V, f->nstack);
    s->stack = vfy_alloc(V, (size_t)(f->nstack + 1) * sizeof(VType));
    if (f->nstack) memcpy(s->stack, f->stack, (size_t)f->nstack * sizeof(VType));
    grow_locals(V, s, used_locals(V, f));
    for (int i = 0; i < s->nlocals; i++) {
        s->locals[i] = f->locals[i];
        s->mod[i] = f->mod[i];
    }
    return s;
}

/* The working frame dst becomes the stored frame s. */
static void load_frame(Vfy *V, VFrame *dst, const VFrame *s) {
    dst->offset = s->offset;
    dst->flags = s->flags;
    dst->nstack = s->nstack;
    dst->nlocals = V->max_locals;
    dst->mark = -1;
    for (int i = 0; i < V->max_locals; i++) {
        dst->locals[i] = i < s->nlocals ? s->locals[i] : vt_of(VT_TOP);
        dst->mod[i] = i < s->nlocals ? s->mod[i] : 0;
    }
    if (s->nstack) memcpy(dst->stack, s->stack, (size_t)s->nstack * sizeof(VType));
}

static VType array_of(VType elem) {
    const char *n = elem.name->str;
    size_t l = strlen(n);
    char *s = vm_malloc(l + 4);
    if (n[0] == '[') snprintf(s, l + 4, "[%s", n);
    else snprintf(s, l + 4, "[L%s;", n);
    VType t = vt_ref(sym_intern_cstr(s));
    vm_free(s);
    return t;
}

static Class *load_or_leave(Vfy *V, Symbol *name) {
    Class *k = vfy_load(V, name);
    if (!k) vfy_pending(V);
    return k;
}

static bool inherits(const Class *sub, const Class *sup) {
    for (; sub; sub = sub->super)
        if (sub == sup) return true;
    return false;
}

/* The least upper bound of two different references, as the old verifier merges them. */
static VType ref_lub(Vfy *V, VType a, VType b) {
    VType object = vt_ref(sym_java_lang_Object);
    if (a.k == VT_NULL) return b;
    if (b.k == VT_NULL) return a;
    if (vt_is_array(a) && vt_is_array(b)) {
        VType ca = vt_component(a), cb = vt_component(b);
        if (ca.k == VT_REF && cb.k == VT_REF) return array_of(vt_eq(ca, cb) ? ca : ref_lub(V, ca, cb));
        return object;
    }
    if (vt_is_array(a) || vt_is_array(b) || !V->t) return object;
    Class *ka = load_or_leave(V, a.name), *kb = load_or_leave(V, b.name);
    if (class_is_interface(ka) || class_is_interface(kb)) return object;
    for (Class *k = ka; k; k = k->super)
        if (inherits(kb, k)) return vt_ref(k->name);
    return object;
}

/* A local at a join: equal types stay, references meet at their bound, the rest is top. */
static VType merge_local(Vfy *V, VType have, VType in) {
    if (vt_eq(have, in)) return have;
    if (vt_is_ref(have) && vt_is_ref(in)) return ref_lub(V, have, in);
    return vt_of(VT_TOP);
}

static VType merge_stack(Vfy *V, VType have, VType in) {
    if (vt_eq(have, in)) return have;
    if (vt_is_ref(have) && vt_is_ref(in)) return ref_lub(V, have, in);
    fail_msg(V, "Mismatched stack types");
}

/* Merges the working frame `in` into the stored frame `have`; true if it changed. */
static bool merge_into(Vfy *V, VFrame *have, const VFrame *in) {
    bool changed = false;
    if (have->nstack != in->nstack) fail_msg(V, "Inconsistent stack height %d != %d", in->nstack, have->nstack);
    for (int i = 0; i < in->nstack; i++) {
        VType t = merge_stack(V, have->stack[i], in->stack[i]);
        changed |= !vt_eq(t, have->stack[i]);
        have->stack[i] = t;
    }
    grow_locals(V, have, used_locals(V, in));
    for (int i = 0; i < have->nlocals; i++) {
        bool there = i < in->nlocals;
        VType t = merge_local(V, have->locals[i], there ? in->locals[i] : vt_of(VT_TOP));
        changed |= !vt_eq(t, have->locals[i]) || (there && in->mod[i] && !have->mod[i]);
        have->locals[i] = t;
        have->mod[i] |= there && in->mod[i];
    }
    changed |= (in->flags & ~have->flags) != 0;
    have->flags |= in->flags;
    return changed;
}

/* Merges f into *slot (a copy if the slot is empty); true if the slot changed. */
static bool merge_slot(Vfy *V, VFrame **slot, const VFrame *f) {
    if (*slot) return merge_into(V, *slot, f);
    *slot = stored_copy(V, f);
    return true;
}

static void flow(Vfy *V, const VFrame *f, uint32_t target) {
    if (target >= V->m->code_len) fail_msg(V, "Falling off the end of the code");
    if (merge_slot(V, &V->infer->in[target], f)) V->infer->changed[target] = 1;
}

void vfy_infer_jump(Vfy *V, const VFrame *f, int target) {
    flow(V, f, (uint32_t)target);
}

/* ---------------------------------------------------------------- before the data flow */

static bool is_jump(uint8_t op) {
    return (op >= OP_ifeq && op <= OP_jsr) || op == OP_ifnull || op == OP_ifnonnull || op == OP_goto_w ||
           op == OP_jsr_w;
}

static void check_target(Vfy *V, uint32_t bci, int32_t off, const char *msg) {
    int64_t t = (int64_t)bci + off;
    if (t < 0 || t >= V->m->code_len || !V->cdata[t]) fail_msg(V, "%s", msg);
    V->infer->leader[t] = 1;
}

static bool ends_block(uint8_t op) {
    return is_jump(op) || op == OP_tableswitch || op == OP_lookupswitch || op == OP_ret || op == OP_athrow ||
           (op >= OP_ireturn && op <= OP_return);
}

/* Checks the targets of the instruction at bci and marks the blocks it starts and ends.
 * A jsr is a block of its own: its entry frame is the caller's when the subroutine returns. */
static void check_targets_at(Vfy *V, uint32_t bci) {
    const uint8_t *code = V->m->code;
    uint8_t op = code[bci];
    uint32_t next = bci + vfy_insn_length(code, bci);
    if (ends_block(op) && next < V->m->code_len) V->infer->leader[next] = 1;
    if (is_jump(op)) {
        check_target(V, bci, op == OP_goto_w || op == OP_jsr_w ? s4(code + bci + 1) : (int16_t)u2(code + bci + 1),
                     "Illegal target of jump or branch");
        if (op == OP_jsr || op == OP_jsr_w) {
            V->infer->jsrs[V->infer->njsrs++] = bci;
            V->infer->leader[bci] = 1;
        }
    }
    if (op != OP_tableswitch && op != OP_lookupswitch) return;
    uint32_t a = (bci + 4) & ~3u;
    int32_t keys = op == OP_tableswitch ? s4(code + a + 8) - s4(code + a + 4) + 1 : s4(code + a + 4);
    int32_t delta = op == OP_tableswitch ? 1 : 2;
    check_target(V, bci, s4(code + a), "Illegal default target in switch");
    for (int32_t i = 0; i < keys; i++)
        check_target(V, bci, s4(code + a + 4 * (uint32_t)(3 + i * delta)), "Illegal branch in tableswitch");
}

static void check_exception_table(Vfy *V) {
    Method *m = V->m;
    VType throwable = V->throwable;
    for (uint16_t i = 0; i < m->nexc; i++) {
        ExceptionEntry *x = &m->exc[i];
        if (x->start_pc >= m->code_len || !V->cdata[x->start_pc] || x->end_pc <= x->start_pc ||
            x->end_pc > m->code_len || (x->end_pc < m->code_len && !V->cdata[x->end_pc]))
            fail_format(V, "Illegal exception table range");
        if (x->handler_pc >= m->code_len || !V->cdata[x->handler_pc]) fail_format(V, "Illegal exception table handler");
        V->infer->leader[x->handler_pc] = 1;
        if (x->catch_type && (x->catch_type >= V->c->cp.count || V->c->cp.tags[x->catch_type] != JVM_CONSTANT_Class))
            fail_format(V, "Illegal exception table handler");
        if (x->catch_type && !vfy_assignable(V, throwable, vfy_class_type(V, x->catch_type), false))
            fail_msg(V, "catch_type not a subclass of Throwable");
    }
}

/* ---------------------------------------------------------------- the data flow */

static void flow_handlers(Vfy *V, uint32_t bci, const VFrame *f) {
    VFrame *h = &V->infer->scratch;
    for (uint16_t i = 0; i < V->m->nexc; i++) {
        ExceptionEntry *x = &V->m->exc[i];
        if (bci < x->start_pc || bci >= x->end_pc) continue;
        load_frame(V, h, f);
        h->nstack = 1;
        h->stack[0] = x->catch_type ? vfy_class_type(V, x->catch_type) : V->throwable;
        flow(V, h, x->handler_pc);
    }
}

/* Returns from subroutine `sub` to the instruction after the jsr at `jsr`, if reached. */
static void flow_return(Vfy *V, uint32_t jsr, uint32_t sub) {
    VInfer *I = V->infer;
    const VFrame *caller = I->in[jsr], *ret = I->at_ret[sub];
    if (!caller || !ret) return;
    VFrame *f = &I->scratch;
    load_frame(V, f, ret);
    for (int i = 0; i < V->max_locals; i++) {
        bool stored = f->mod[i], by_caller = i < caller->nlocals && caller->mod[i];
        if (!stored) f->locals[i] = i < caller->nlocals ? caller->locals[i] : vt_of(VT_TOP);
        f->mod[i] = stored || by_caller;
    }
    flow(V, f, jsr + vfy_insn_length(V->m->code, jsr));
}

static uint32_t jsr_target(const uint8_t *code, uint32_t bci) {
    return code[bci] == OP_jsr_w ? bci + (uint32_t)s4(code + bci + 1) : bci + (uint32_t)(int16_t)u2(code + bci + 1);
}

static void run_jsr(Vfy *V, uint32_t bci) {
    VFrame *f = &V->cur;
    uint32_t sub = jsr_target(V->m->code, bci);
    vfy_push(V, f, (VType){ VT_RETADDR, (uint16_t)sub, NULL });
    memset(f->mod, 0, V->max_locals);
    flow(V, f, sub);
    flow_return(V, bci, sub);
}

static void run_ret(Vfy *V, uint32_t bci) {
    const uint8_t *code = V->m->code;
    VFrame *f = &V->cur;
    int index = code[bci] == OP_wide ? (int)u2(code + bci + 2) : code[bci + 1];
    if (index >= register_count(f, V->max_locals)) fail_msg(V, "Accessing value from uninitialized register %d", index);
    if (f->locals[index].k != VT_RETADDR) fail_msg(V, "Register %d contains wrong type", index);
    uint32_t sub = f->locals[index].bci;
    merge_slot(V, &V->infer->at_ret[sub], f);
    for (int i = 0; i < V->infer->njsrs; i++)
        if (jsr_target(code, V->infer->jsrs[i]) == sub) flow_return(V, V->infer->jsrs[i], sub);
}

static bool is_astore(uint8_t op) { return op == OP_astore || (op >= OP_astore_0 && op <= OP_astore_3); }

/* astore also takes a return address (the type checker never sees one). */
static bool store_return_address(Vfy *V, uint32_t bci) {
    const uint8_t *p = V->m->code + bci;
    bool wide = p[0] == OP_wide;
    uint8_t op = wide ? p[1] : p[0];
    VFrame *f = &V->cur;
    if (!is_astore(op) || f->nstack == 0 || f->stack[f->nstack - 1].k != VT_RETADDR) return false;
    int index = op != OP_astore ? op - OP_astore_0 : wide ? (int)u2(p + 2) : p[1];
    vfy_set_local(V, f, index, vfy_pop_any(V, f));
    return true;
}

/* One instruction on the working frame, its handlers first; true if control cannot fall
 * through. */
static bool step(Vfy *V, uint32_t bci) {
    const uint8_t *code = V->m->code;
    V->cur.offset = (int)bci;
    V->cur.mark = V->cur.nstack;
    flow_handlers(V, bci, &V->cur);
    uint8_t op = code[bci] == OP_wide ? code[bci + 1] : code[bci];
    bool this_uninit = false, stop = true;
    if (op == OP_jsr || op == OP_jsr_w) run_jsr(V, bci);
    else if (op == OP_ret) run_ret(V, bci);
    else stop = !store_return_address(V, bci) && vfy_run_insn(V, bci, &this_uninit);
    if (op >= OP_istore && op <= OP_astore_3) flow_handlers(V, bci, &V->cur);
    return stop;
}

/* Runs the basic block at `start` from its entry frame and passes the result on. */
static void run_block(Vfy *V, uint32_t start) {
    VInfer *I = V->infer;
    load_frame(V, &V->cur, I->in[start]);
    for (uint32_t bci = start;;) {
        if (step(V, bci)) return;
        bci += vfy_insn_length(V->m->code, bci);
        if (bci >= V->m->code_len || I->leader[bci]) {
            flow(V, &V->cur, bci);
            return;
        }
    }
}

static bool sweep(Vfy *V) {
    bool any = false;
    for (uint32_t bci = 0; bci < V->m->code_len; bci += vfy_insn_length(V->m->code, bci)) {
        if (!V->infer->changed[bci]) continue;
        V->infer->changed[bci] = 0;
        any = true;
        run_block(V, bci);
    }
    return any;
}

static void infer_method(Vfy *V) {
    Method *m = V->m;
    V->max_locals = m->max_locals;
    V->max_stack = m->max_stack;
    V->ex_min = V->ex_max = 0;      /* no handler checks inside the shared rules */
    vfy_initial_frame(V);
    V->cur.mod = vfy_alloc(V, V->max_locals + 1u);
    memset(V->cur.mod, 0, V->max_locals + 1u);
    V->cur.nlocals = V->max_locals;
    vfy_mark_instructions(V);
    VInfer I = { 0 };
    I.in = vfy_alloc(V, m->code_len * sizeof(VFrame *));
    I.at_ret = vfy_alloc(V, m->code_len * sizeof(VFrame *));
    I.changed = vfy_alloc(V, m->code_len);
    I.leader = vfy_alloc(V, m->code_len);
    memset(I.leader, 0, m->code_len);
    I.leader[0] = 1;
    I.jsrs = vfy_alloc(V, m->code_len * sizeof(uint32_t));
    memset(I.in, 0, m->code_len * sizeof(VFrame *));
    memset(I.at_ret, 0, m->code_len * sizeof(VFrame *));
    memset(I.changed, 0, m->code_len);
    V->infer = &I;
    full_frame(V, &I.scratch);
    for (uint32_t bci = 0; bci < m->code_len; bci += vfy_insn_length(m->code, bci)) check_targets_at(V, bci);
    check_exception_table(V);
    VFrame *entry = &V->cur;
    flow(V, entry, 0);
    while (sweep(V)) {
    }
    V->infer = NULL;
}

static bool infer_one(Vfy *V, Method *m) {
    V->m = m;
    volatile bool ok = false;
    if (setjmp(V->fail) == 0) {
        infer_method(V);
        ok = true;
    }
    V->infer = NULL;
    vfy_arena_reset(V);
    return ok;
}

VResult vfy_infer_run(Thread *t, Class *c, char **msg) {
    Vfy V;
    vfy_begin_class(&V, t, c);
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *m = &c->methods[i];
        if (!m->code || method_is_native(m) || method_is_abstract(m)) continue;
        if (!infer_one(&V, m)) break;
    }
    vfy_end_class(&V);
    *msg = V.msg;
    return V.result;
}
