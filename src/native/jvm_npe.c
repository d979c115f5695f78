/*
 * jvm_npe.c — helpful NullPointerException messages (JEP 358): JVM_GetExtendedNPEMessage.
 *
 * NullPointerException.getMessage() asks the VM to describe an NPE that carries no message
 * of its own.  The description is computed from the top frame of the exception's backtrace
 * (the method and bci of the instruction that failed) and has to be HotSpot 17's text word
 * for word, so this file reproduces the observable behaviour of HotSpot's algorithm,
 * imprecisions included.  It works in three steps.
 *
 *  1. Which operand was null.  Only getfield, putfield, the array loads and stores,
 *     arraylength, athrow, monitorenter/exit and invokevirtual/special/interface fail with
 *     an implicit NPE; each tells which operand-stack entry held the null reference.  A
 *     failing call of <init> means the exception was made by `new NullPointerException()`
 *     in Java code.  In that case, for any other instruction and for native methods
 *     there is no message (NULL).
 *
 *  2. Where that value came from.  A data-flow pass over the method's original bytecode
 *     records, before each instruction, the bci of the instruction that pushed each
 *     operand-stack entry (NO_SOURCE where merging control-flow paths disagree) and the set
 *     of locals stored to so far (locals beyond 63 always count as stored).  checkcast
 *     passes its operand through unchanged.  As in HotSpot, the pass sweeps the code in
 *     address order, again and again until a sweep reaches no new instruction, and stops
 *     as soon as the failing instruction has a state.  Merging updates the working state in
 *     place before it goes on to the next successor, and the fall-through successor comes
 *     first (switches fall through too).  Since these details decide which sources are
 *     still known, they are kept exactly.  Past a million recorded entries the pass stops
 *     with what it has.
 *
 *  3. The sentence: "Cannot <action>", then, if the source is known,
 *     ` because "<expr>" is null` where <expr> describes the pushing instruction and,
 *     recursively (at most five levels deep), its own operands: local names from the
 *     LocalVariableTable (else `this`, `<parameterN>` while the parameter's slot has not
 *     been stored to, `<localN>`), int constants, `null`, Class.field for statics,
 *     expr.field, array[index]; a method result reads
 *     ` because the return value of "Class.method(ParamTypes)" is null`.  Class names are
 *     external, with java.lang.Object and java.lang.String shortened to Object and String.
 *
 * Bytecode that a verifier would reject (stack underflow or overflow, branches out of the
 * code, inconsistent merges, bad constant-pool operands) makes the analysis give up, and the
 * message stays NULL; HotSpot's behaviour is undefined there.
 *
 * Only class metadata is read, apart from the throwable's backtrace, which is read before
 * anything is allocated; the analysis runs in VM state, so no collection runs meanwhile.
 */
#include "native/jni_internal.h"
#include "classfile/classfile.h"
#include "heap/object.h"
#include "interp/opcodes.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include <stdio.h>

#define NO_SOURCE UINT32_MAX
#define MAX_ENTRIES 1000000         /* recorded stack entries before the analysis stops */
#define MAX_DETAIL 5                /* levels of a described expression */
#define MAX_NESTING 64              /* guards the description against cyclic sources */

/* ---------------------------------------------------------------- growing text */

typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void text_putn(Text *t, const char *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->s = vm_realloc(t->s, t->cap);
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void text_puts(Text *t, const char *s) { text_putn(t, s, strlen(s)); }

static void text_int(Text *t, long v) {
    char buf[24];
    snprintf(buf, sizeof buf, "%ld", v);
    text_puts(t, buf);
}

/* ---------------------------------------------------------------- bytecode reading */

static uint16_t rd_u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static int32_t rd_s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

/* Length of the instruction at bci, 0 if it is undefined or runs past the code. */
static uint32_t insn_length(const uint8_t *code, uint32_t len, uint32_t bci) {
    uint8_t op = code[bci];
    int l = opcode_lengths[op];
    if (l > 0) return bci + (uint32_t)l <= len ? (uint32_t)l : 0;
    if (l < 0) return 0;
    if (op == OP_wide) {
        if (bci + 1 >= len) return 0;
        uint8_t inner = code[bci + 1];
        bool local_op = (inner >= OP_iload && inner <= OP_aload) || (inner >= OP_istore && inner <= OP_astore) ||
                        inner == OP_ret || inner == OP_iinc;
        if (!local_op) return 0;
        uint32_t n = inner == OP_iinc ? 6 : 4;
        return bci + n <= len ? n : 0;
    }
    uint32_t base = (bci + 4) & ~3u;      /* switch operands are 4-byte aligned */
    if (base + 12 > len) return 0;
    uint64_t end;
    if (op == OP_tableswitch) {
        int64_t n = (int64_t)rd_s4(code + base + 8) - rd_s4(code + base + 4) + 1;
        if (n < 0) return 0;
        end = base + 12 + (uint64_t)n * 4;
    } else {
        int32_t n = rd_s4(code + base + 4);
        if (n < 0) return 0;
        end = base + 8 + (uint64_t)n * 8;
    }
    return end <= len ? (uint32_t)(end - bci) : 0;
}

/* The instruction at bci with `wide` looked through: its opcode, where its operands start,
 * and whether it is widened. */
typedef struct Decoded {
    uint8_t op;
    uint32_t operand;
    bool wide;
} Decoded;

static Decoded decode(const uint8_t *code, uint32_t bci) {
    Decoded d = { code[bci], bci + 1, false };
    if (d.op == OP_wide) d = (Decoded){ code[bci + 1], bci + 2, true };
    return d;
}

static bool is_store(uint8_t op) { return op >= OP_istore && op <= OP_astore_3; }
static bool is_array_load(uint8_t op) { return op >= OP_iaload && op <= OP_saload; }
static bool is_array_store(uint8_t op) { return op >= OP_iastore && op <= OP_sastore; }
static bool is_invoke(uint8_t op) { return op >= OP_invokevirtual && op <= OP_invokeinterface; }

/* The local variable a load or store instruction names. */
static uint32_t local_index(const uint8_t *code, Decoded d) {
    if (d.op >= OP_iload_0 && d.op <= OP_aload_3) return (uint32_t)(d.op - OP_iload_0) & 3;
    if (d.op >= OP_istore_0 && d.op <= OP_astore_3) return (uint32_t)(d.op - OP_istore_0) & 3;
    return d.wide ? rd_u2(code + d.operand) : code[d.operand];
}

/* Stack slots of a value of descriptor type c ('V': none). */
static int type_slots(char c) { return c == 'V' ? 0 : (c == 'J' || c == 'D') ? 2 : 1; }

/* ---------------------------------------------------------------- the data-flow pass */

/* The operand stack before one instruction, as far as the analysis knows it. */
typedef struct SimStack {
    uint32_t size;
    uint64_t written;               /* bit i: local i has been stored to */
    uint32_t src[];                 /* bottom first: bci of the pushing instruction or NO_SOURCE */
} SimStack;

typedef struct Analysis {
    const Method *m;
    const ConstantPool *cp;
    const uint8_t *code;
    uint32_t len;
    SimStack **at;                  /* state before each bci (len + 1 of them), NULL: none yet */
    SimStack *work;                 /* the instruction being simulated, capacity max_stack */
    uint32_t capacity;
    uint32_t entries;               /* entries recorded in `at` */
    bool added;                     /* this sweep gave some instruction its first state */
    bool complete;                  /* this sweep found no instruction without a state */
    bool failed;                    /* malformed code: no message */
    int nesting;                    /* depth of the description being printed */
} Analysis;

static SimStack *stack_new(uint32_t capacity) {
    SimStack *s = vm_malloc(sizeof *s + (size_t)capacity * sizeof s->src[0]);
    s->size = 0;
    s->written = 0;
    return s;
}

static void stack_copy(SimStack *to, const SimStack *from) {
    to->size = from->size;
    to->written = from->written;
    memcpy(to->src, from->src, (size_t)from->size * sizeof from->src[0]);
}

static void push(Analysis *a, uint32_t src) {
    if (a->work->size >= a->capacity) a->failed = true;
    else a->work->src[a->work->size++] = src;
}

/* Pushes a value of descriptor type c made by the instruction at bci. */
static void push_value(Analysis *a, uint32_t bci, char c) {
    for (int i = type_slots(c); i > 0; i--) push(a, bci);
}

static void pop(Analysis *a, uint32_t n) {
    if (a->work->size < n) a->failed = true;
    else a->work->size -= n;
}

/* Stack slots taken by a type string from the opcode table ("AIJ" = 4). */
static uint32_t types_slots(const char *types) {
    uint32_t n = 0;
    for (; *types; types++) n += (uint32_t)type_slots(*types);
    return n;
}

/* dup*, swap: takes the top n entries and pushes them back in `order`, a string of
 * positions counted from the former top (0). */
static void shuffle(Analysis *a, uint32_t n, const char *order) {
    if (a->work->size < n) {
        a->failed = true;
        return;
    }
    uint32_t top[4];
    for (uint32_t i = 0; i < n; i++) top[i] = a->work->src[a->work->size - 1 - i];
    a->work->size -= n;
    for (; *order; order++) push(a, top[*order - '0']);
}

/* The name, descriptor and class of the member reference at the u2 operand of d, if the
 * entry has one of the tags wanted (tag2 may repeat tag1). */
static bool member_ref(const Analysis *a, Decoded d, uint8_t tag1, uint8_t tag2, Symbol **name, Symbol **desc) {
    uint16_t i = rd_u2(a->code + d.operand);
    if (i == 0 || i >= a->cp->count || (a->cp->tags[i] != tag1 && a->cp->tags[i] != tag2)) return false;
    *name = cp_member_name(a->cp, i);
    *desc = cp_member_desc(a->cp, i);
    return true;
}

static bool field_ref(const Analysis *a, Decoded d, Symbol **name, Symbol **desc) {
    return member_ref(a, d, JVM_CONSTANT_Fieldref, JVM_CONSTANT_Fieldref, name, desc);
}

static bool method_ref(const Analysis *a, Decoded d, Symbol **name, Symbol **desc) {
    if (d.op == OP_invokedynamic)
        return member_ref(a, d, JVM_CONSTANT_InvokeDynamic, JVM_CONSTANT_InvokeDynamic, name, desc);
    return member_ref(a, d, JVM_CONSTANT_Methodref, JVM_CONSTANT_InterfaceMethodref, name, desc);
}

/* ldc, ldc_w, ldc2_w: the constant's type decides how many slots it takes. */
static void simulate_ldc(Analysis *a, uint32_t bci, Decoded d) {
    uint16_t i = d.op == OP_ldc ? a->code[d.operand] : rd_u2(a->code + d.operand);
    if (i == 0 || i >= a->cp->count) {
        a->failed = true;
        return;
    }
    switch (a->cp->tags[i]) {
    case JVM_CONSTANT_Integer: push_value(a, bci, 'I'); break;
    case JVM_CONSTANT_Float: push_value(a, bci, 'F'); break;
    case JVM_CONSTANT_Long: push_value(a, bci, 'J'); break;
    case JVM_CONSTANT_Double: push_value(a, bci, 'D'); break;
    case JVM_CONSTANT_Dynamic: push_value(a, bci, cp_member_desc(a->cp, i)->str[0]); break;
    case JVM_CONSTANT_Class: case JVM_CONSTANT_String:
    case JVM_CONSTANT_MethodType: case JVM_CONSTANT_MethodHandle: push_value(a, bci, 'L'); break;
    default: a->failed = true; break;
    }
}

static void simulate_field(Analysis *a, uint32_t bci, Decoded d) {
    Symbol *name, *desc;
    if (!field_ref(a, d, &name, &desc)) {
        a->failed = true;
        return;
    }
    uint32_t value = (uint32_t)type_slots(desc->str[0]);
    switch (d.op) {
    case OP_getstatic: push_value(a, bci, desc->str[0]); break;
    case OP_getfield: pop(a, 1); push_value(a, bci, desc->str[0]); break;
    case OP_putstatic: pop(a, value); break;
    default: pop(a, value + 1); break;
    }
}

static void simulate_invoke(Analysis *a, uint32_t bci, Decoded d) {
    Symbol *name, *desc;
    if (!method_ref(a, d, &name, &desc)) {
        a->failed = true;
        return;
    }
    bool receiver = d.op != OP_invokestatic && d.op != OP_invokedynamic;
    pop(a, (uint32_t)cf_method_arg_slots(desc->str, NULL) + receiver);
    push_value(a, bci, strchr(desc->str, ')')[1]);
}

/* Applies the stack effect of the instruction at bci to a->work. */
static void simulate(Analysis *a, uint32_t bci) {
    Decoded d = decode(a->code, bci);
    switch (d.op) {
    case OP_ldc: case OP_ldc_w: case OP_ldc2_w: simulate_ldc(a, bci, d); break;
    case OP_checkcast: break;
    case OP_pop: pop(a, 1); break;
    case OP_pop2: pop(a, 2); break;
    case OP_dup: shuffle(a, 1, "00"); break;
    case OP_dup_x1: shuffle(a, 2, "010"); break;
    case OP_dup_x2: shuffle(a, 3, "0210"); break;
    case OP_dup2: shuffle(a, 2, "1010"); break;
    case OP_dup2_x1: shuffle(a, 3, "10210"); break;
    case OP_dup2_x2: shuffle(a, 4, "103210"); break;
    case OP_swap: shuffle(a, 2, "01"); break;
    case OP_getstatic: case OP_putstatic: case OP_getfield: case OP_putfield: simulate_field(a, bci, d); break;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
    case OP_invokedynamic: simulate_invoke(a, bci, d); break;
    case OP_multianewarray: pop(a, a->code[d.operand + 2]); push(a, bci); break;
    default:
        if (is_store(d.op)) {
            uint32_t local = local_index(a->code, d);
            if (local < 64) a->work->written |= (uint64_t)1 << local;
        }
        /* astore's "*" stands for one slot: a reference or a return address */
        pop(a, opcode_pops[d.op][0] == '*' ? 1 : types_slots(opcode_pops[d.op]));
        for (const char *p = opcode_pushes[d.op]; *p; p++) push_value(a, bci, *p);
        break;
    }
}

/* Merges a->work into the state at `target`; the working state becomes the merge. */
static void merge_into(Analysis *a, int64_t target) {
    if (target < 0 || target > a->len) {
        a->failed = true;
        return;
    }
    SimStack *w = a->work, *old = a->at[target];
    if (!old) {
        a->added = true;
        a->entries += w->size;
        a->at[target] = stack_new(w->size);
        stack_copy(a->at[target], w);
        return;
    }
    if (old->size != w->size) {
        a->failed = true;
        return;
    }
    for (uint32_t i = 0; i < w->size; i++)
        if (w->src[i] != old->src[i]) w->src[i] = NO_SOURCE;
    w->written |= old->written;
    stack_copy(old, w);
}

static bool ends_flow(uint8_t op) {
    return op == OP_goto || op == OP_goto_w || op == OP_jsr || op == OP_jsr_w || op == OP_ret ||
           op == OP_athrow || (op >= OP_ireturn && op <= OP_return);
}

/* Passes a->work on to the successors of the instruction at bci: the next instruction
 * unless the flow ends, then the branch target or switch default, then switch cases. */
static void flow(Analysis *a, uint32_t bci, uint32_t len) {
    uint8_t op = decode(a->code, bci).op;             /* `wide ret` ends the flow too */
    const uint8_t *operands = a->code + bci + 1;
    if (!ends_flow(op)) merge_into(a, (int64_t)bci + len);
    if ((op >= OP_ifeq && op <= OP_jsr) || op == OP_ifnull || op == OP_ifnonnull)
        merge_into(a, (int64_t)bci + (int16_t)rd_u2(operands));
    else if (op == OP_goto_w || op == OP_jsr_w)
        merge_into(a, (int64_t)bci + rd_s4(operands));
    else if (op == OP_tableswitch || op == OP_lookupswitch) {
        const uint8_t *table = a->code + ((bci + 4) & ~3u);
        merge_into(a, (int64_t)bci + rd_s4(table));
        int64_t n = op == OP_tableswitch ? (int64_t)rd_s4(table + 8) - rd_s4(table + 4) + 1 : rd_s4(table + 4);
        uint32_t stride = op == OP_tableswitch ? 4 : 8;     /* lookupswitch: (match, offset) pairs */
        for (int64_t i = 0; i < n && !a->failed; i++)
            merge_into(a, (int64_t)bci + rd_s4(table + 12 + i * stride));
    }
}

/* Simulates the instruction at bci if it has a state yet; returns its length (0: bad). */
static uint32_t step(Analysis *a, uint32_t bci) {
    uint32_t len = insn_length(a->code, a->len, bci);
    if (!len) {
        a->failed = true;
        return 0;
    }
    if (!a->at[bci]) {
        a->complete = false;
        return len;
    }
    stack_copy(a->work, a->at[bci]);
    simulate(a, bci);
    if (!a->failed) flow(a, bci, len);
    return len;
}

/* Runs the pass far enough to know the state before `bci`. */
static void analyse(Analysis *a, uint32_t bci) {
    a->at[0] = stack_new(0);
    for (uint16_t i = 0; i < a->m->nexc; i++) {
        uint16_t h = a->m->exc[i].handler_pc;
        if (h >= a->len || a->at[h]) continue;
        a->at[h] = stack_new(1);
        a->at[h]->src[a->at[h]->size++] = h;      /* the caught exception */
    }
    a->added = true;
    a->complete = false;
    while (!a->complete && a->added && !a->failed) {
        a->complete = true;
        a->added = false;
        for (uint32_t i = 0; i < a->len && !a->failed;) {
            i += step(a, i);
            if (i == bci && a->at[i]) {
                a->complete = true;
                break;
            }
            if (a->entries > MAX_ENTRIES) return;
        }
    }
}

/* ---------------------------------------------------------------- the message */

/* Which operand-stack entry (0 = top) the instruction at bci dereferences, or -1 if it
 * cannot throw an implicit NPE (a failing <init> call: one created by `new` in Java). */
static int null_slot(const Analysis *a, uint32_t bci) {
    Decoded d = decode(a->code, bci);
    Symbol *name, *desc;
    switch (d.op) {
    case OP_arraylength: case OP_athrow: case OP_monitorenter: case OP_monitorexit:
        return 0;
    case OP_getfield:
        return field_ref(a, d, &name, &desc) ? 0 : -1;
    case OP_putfield:
        return field_ref(a, d, &name, &desc) ? type_slots(desc->str[0]) : -1;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokeinterface:
        if (!method_ref(a, d, &name, &desc) || name == sym_init) return -1;
        return cf_method_arg_slots(desc->str, NULL);
    default:
        if (is_array_load(d.op)) return 1;
        if (is_array_store(d.op)) return d.op == OP_lastore || d.op == OP_dastore ? 3 : 2;
        return -1;
    }
}

/* A class name from the constant pool in external form; Object and String go short. */
static void print_class_name(Text *out, const Symbol *name) {
    if (sym_eq_cstr(name, "java/lang/Object")) text_puts(out, "Object");
    else if (sym_eq_cstr(name, "java/lang/String")) text_puts(out, "String");
    else
        for (const char *p = name->str; *p; p++) text_putn(out, *p == '/' ? "." : p, 1);
}

/* One parameter type of a descriptor in Java form ("int", "java.util.List[]"); names
 * starting with java.lang.Object or java.lang.String (as a prefix, like HotSpot) lose
 * their package.  Returns the position after the type. */
static const char *print_param_type(Text *out, const char *p) {
    int dims = 0;
    while (*p == '[') p++, dims++;
    if (*p == 'L') {
        const char *name = ++p;
        while (*p != ';') p++;
        size_t n = (size_t)(p++ - name);
        if (n >= 16 && (strncmp(name, "java/lang/Object", 16) == 0 || strncmp(name, "java/lang/String", 16) == 0)) {
            name += 10;
            n -= 10;
        }
        for (size_t i = 0; i < n; i++) text_putn(out, name[i] == '/' ? "." : &name[i], 1);
    } else {
        text_puts(out, bt_name(bt_from_char(*p++)));
    }
    while (dims-- > 0) text_puts(out, "[]");
    return p;
}

/* "Class.name(ParamTypes)" of the method reference that the invoke at bci names. */
static void print_method(const Analysis *a, Text *out, uint32_t bci) {
    uint16_t i = rd_u2(a->code + decode(a->code, bci).operand);
    print_class_name(out, cp_class_name(a->cp, a->cp->e[i].ref.a));
    text_puts(out, ".");
    text_puts(out, cp_member_name(a->cp, i)->str);
    text_puts(out, "(");
    const char *p = cp_member_desc(a->cp, i)->str + 1;
    for (bool first = true; *p != ')'; first = false) {
        if (!first) text_puts(out, ", ");
        p = print_param_type(out, p);
    }
    text_puts(out, ")");
}

static const char *field_name(const Analysis *a, uint32_t bci) {
    return cp_member_name(a->cp, rd_u2(a->code + decode(a->code, bci).operand))->str;
}

/* Local `slot` as read at bci: its name in the LocalVariableTable, else `this` or
 * `<parameterN>` if it still holds the argument (`is_param`), else `<localN>`. */
static void print_local(Text *out, const Method *m, uint32_t bci, uint32_t slot, bool is_param) {
    for (uint16_t i = 0; i < m->nlvt; i++) {
        const LocalVarEntry *e = &m->lvt[i];
        if (e->slot == slot && bci >= e->start_pc && bci < (uint32_t)e->start_pc + e->length) {
            text_puts(out, e->name->str);
            return;
        }
    }
    if (is_param && slot == 0 && !method_is_static(m)) {
        text_puts(out, "this");
        return;
    }
    uint32_t first = method_is_static(m) ? 0 : 1;
    int index = 1;
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p), index++) {
        uint32_t size = (uint32_t)type_slots(*p);
        if (is_param && slot >= first && slot < first + size) {
            text_puts(out, "<parameter");
            text_int(out, index);
            text_puts(out, ">");
            return;
        }
        first += size;
    }
    text_puts(out, "<local");
    text_int(out, slot);
    text_puts(out, ">");
}

static bool describe_source(Analysis *a, Text *out, uint32_t bci, uint32_t slot, int detail, bool inner,
                            const char *prefix);

/* The expression that pushed the operand-stack entry `slot` (0 = top) live before bci.
 * `detail` limits how deep operands are described; `inner` is set inside array indices;
 * `prefix` starts the top-level clause unless the source is a method result.  Returns
 * false if nothing could be said (possibly after printing the prefix). */
static bool describe(Analysis *a, Text *out, uint32_t bci, uint32_t slot, int detail, bool inner,
                     const char *prefix) {
    const SimStack *s = a->at[bci];
    if (detail <= 0 || !s || slot >= s->size || s->src[s->size - 1 - slot] == NO_SOURCE) return false;
    uint32_t src = s->src[s->size - 1 - slot];
    Decoded d = decode(a->code, src);
    bool top = detail == MAX_DETAIL;
    if (top && prefix && !is_invoke(d.op)) text_puts(out, prefix);
    switch (d.op) {
    case OP_iload: case OP_aload:
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3: {
        uint32_t local = local_index(a->code, d);
        bool written = local >= 64 || ((s->written >> local) & 1);
        print_local(out, a->m, src, local, !written);
        return true;
    }
    case OP_aconst_null: text_puts(out, "null"); return true;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
    case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        text_int(out, d.op - OP_iconst_0);
        return true;
    case OP_bipush: text_int(out, (int8_t)a->code[d.operand]); return true;
    case OP_sipush: text_int(out, rd_u2(a->code + d.operand)); return true;   /* unsigned, as HotSpot */
    case OP_iaload: case OP_aaload:
        if (!describe_source(a, out, src, 1, detail - 1, inner, NULL)) text_puts(out, "<array>");
        text_puts(out, "[");
        if (!describe_source(a, out, src, 0, detail, true, NULL)) text_puts(out, "...");
        text_puts(out, "]");
        return true;
    case OP_getstatic: {
        uint16_t i = rd_u2(a->code + d.operand);
        print_class_name(out, cp_class_name(a->cp, a->cp->e[i].ref.a));
        text_puts(out, ".");
        text_puts(out, cp_member_name(a->cp, i)->str);
        return true;
    }
    case OP_getfield:
        if (describe_source(a, out, src, 0, detail - 1, inner, NULL)) text_puts(out, ".");
        text_puts(out, field_name(a, src));
        return true;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
        if (top && !inner) text_puts(out, " because the return value of \"");
        print_method(a, out, src);
        return true;
    default:
        return false;
    }
}

static bool describe_source(Analysis *a, Text *out, uint32_t bci, uint32_t slot, int detail, bool inner,
                            const char *prefix) {
    if (a->nesting >= MAX_NESTING) return false;
    a->nesting++;
    bool r = describe(a, out, bci, slot, detail, inner, prefix);
    a->nesting--;
    return r;
}

/* "Cannot ..." for the instruction at bci (one for which null_slot gave a slot). */
static void print_failed_action(const Analysis *a, Text *out, uint32_t bci) {
    static const char *const kinds[] = { "int", "long", "float", "double", "object", "byte/boolean", "char", "short" };
    Decoded d = decode(a->code, bci);
    switch (d.op) {
    case OP_arraylength: text_puts(out, "Cannot read the array length"); break;
    case OP_athrow: text_puts(out, "Cannot throw exception"); break;
    case OP_monitorenter: text_puts(out, "Cannot enter synchronized block"); break;
    case OP_monitorexit: text_puts(out, "Cannot exit synchronized block"); break;
    case OP_getfield: case OP_putfield:
        text_puts(out, d.op == OP_getfield ? "Cannot read field \"" : "Cannot assign field \"");
        text_puts(out, field_name(a, bci));
        text_puts(out, "\"");
        break;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokeinterface:
        text_puts(out, "Cannot invoke \"");
        print_method(a, out, bci);
        text_puts(out, "\"");
        break;
    default:
        if (is_array_load(d.op)) text_puts(out, "Cannot load from ");
        else text_puts(out, "Cannot store to ");
        text_puts(out, kinds[is_array_load(d.op) ? d.op - OP_iaload : d.op - OP_iastore]);
        text_puts(out, " array");
        break;
    }
}

/* The message for an NPE raised at bci of m (malloc'd), or NULL for none. */
static char *npe_message(const Method *m, uint32_t bci) {
    if (method_is_native(m) || !m->code || bci >= m->code_len || !insn_length(m->code, m->code_len, bci))
        return NULL;
    Analysis a = {
        .m = m, .cp = &m->holder->cp, .code = m->code, .len = m->code_len,
        .capacity = m->max_stack,
    };
    int slot = null_slot(&a, bci);
    if (slot < 0) return NULL;
    a.at = vm_calloc(a.len + 1, sizeof a.at[0]);
    a.work = stack_new(a.capacity);
    analyse(&a, bci);
    Text out = { 0 };
    if (!a.failed) {
        print_failed_action(&a, &out, bci);
        if (describe_source(&a, &out, bci, (uint32_t)slot, MAX_DETAIL, false, " because \""))
            text_puts(&out, "\" is null");
    }
    for (uint32_t i = 0; i <= a.len; i++) vm_free(a.at[i]);
    vm_free(a.at);
    vm_free(a.work);
    return out.s;
}

/* ---------------------------------------------------------------- the JVM entry */

/* Offsets of Throwable.backtrace and Throwable.depth; published once, backtrace last. */
static uint32_t backtrace_off, depth_off;

static void throwable_offsets(void) {
    if (__atomic_load_n(&backtrace_off, __ATOMIC_ACQUIRE)) return;
    Class *c = VMC(Throwable);
    depth_off = class_find_declared_field(c, sym_intern_cstr("depth"), sym_intern_cstr("I"))->offset;
    Field *bt = class_find_declared_field(c, sym_intern_cstr("backtrace"), sym_intern_cstr("Ljava/lang/Object;"));
    __atomic_store_n(&backtrace_off, bt->offset, __ATOMIC_RELEASE);
}

/* The method and bci of the top frame of a throwable's backtrace: a long[] of (Method *,
 * bci) pairs, top frame first (exc_fill_backtrace).  NULL if it has none, or if the
 * exception came from a hidden frame (odd length), which has no message, as on HotSpot. */
static const Method *top_frame(Object *throwable, uint32_t *bci) {
    throwable_offsets();
    Object *bt = OBJ_FIELD(throwable, backtrace_off, Object *);
    if (!bt || OBJ_FIELD(throwable, depth_off, jint) < 1 || array_length(bt) < 2 || (array_length(bt) & 1)) return NULL;
    const jlong *e = ARRAY_ELEMS(bt, jlong);
    if (e[1] < 0) return NULL;
    *bci = (uint32_t)e[1];
    return (const Method *)(intptr_t)e[0];
}

JNIEXPORT jstring JNICALL JVM_GetExtendedNPEMessage(JNIEnv *env, jthrowable throwable) {
    JNI_ENTER(env);
    Object *th = hnd_get(throwable);
    uint32_t bci = 0;
    const Method *m = th ? top_frame(th, &bci) : NULL;
    char *msg = m ? npe_message(m, bci) : NULL;
    jstring r = NULL;
    if (msg) {
        r = hnd_local(t, jstr_new_utf8(t, msg));
        vm_free(msg);
    }
    JNI_RETURN(r);
}
