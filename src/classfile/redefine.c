/*
 * redefine.c — replacing a loaded class's method bodies with those of a new version of its
 * class file (JVMTI RedefineClasses / RetransformClasses), with the world stopped.
 *
 * What stays: the Class and its Method structures themselves, because everything points
 * at them (jmethodIDs, vtables and itables, resolved constant-pool entries and quickened
 * call sites of other classes, reflection slots, the mirror).  So the new version's code
 * is moved into them in place: each Method gets the new bytecode, exception table, line
 * and local-variable tables, stack map and limits, and loses its translated code and GC
 * maps (made again on the next call, from the new bytecode); the Class gets the new
 * constant pool and the class attributes that index it (bootstrap methods, inner classes,
 * nest members, ...) and the new class file bytes (GetConstantPool, GetClassVersionNumbers
 * and later retransformations read those).  The field layout, the supertypes and the
 * method set do not change: the caller has checked that (jvmti_redefine.c).
 *
 * What goes: frames that are running a method of the class when it is redefined go on with
 * the old code.  Before the swap, the class's old state is copied into an "old version"
 * (a Class flagged CF_OLD_VERSION, linked from Class.previous, newest first) whose methods
 * are copies of the old Methods, old translated code included; every interpreter frame of
 * the class is pointed at its method's copy.  Its slow paths (resolution, exception
 * handlers, stack maps) then read the old constant pool through the old version, which
 * shares the class's name, loader, mirror, supertypes and nest host, so access checks come
 * out as for the class itself.  The old version's constant-pool objects and its copies of
 * the mirror and loader are GC roots (heap/roots.c walks Class.previous).  A copy is
 * obsolete (IsMethodObsolete) unless the new body is equivalent modulo constant pool (the
 * same instructions naming the same constants, as HotSpot's EMCP test): such a copy stands
 * for the current method in what a tool sees (rdf_current_method: the jmethodID of events
 * and frames) and gets the breakpoints set in it (rdf_version_method).
 * Old versions are never freed: a frame may run an obsolete method for as long as it likes.
 */
#include "classfile/redefine.h"
#include "classfile/resolve.h"
#include "interp/frame.h"
#include "interp/opcodes.h"
#include "runtime/thread.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "heap/object.h"
#include <string.h>

/* Constant i of pool a and constant k of pool b are the same by content: same tag and the
 * same text, value or (recursively) referenced constants.  Dynamic and InvokeDynamic
 * constants, whose bootstrap methods are not compared, never are. */
static bool same_constant(const ConstantPool *a, uint16_t i, const ConstantPool *b, uint16_t k) {
    if (!i || !k || i >= a->count || k >= b->count) return !i && !k;
    if (a->tags[i] != b->tags[k]) return false;
    const CPEntry *x = &a->e[i], *y = &b->e[k];
    switch (a->tags[i]) {
    case JVM_CONSTANT_Utf8: return x->utf8 == y->utf8;
    case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float: return x->i == y->i;
    case JVM_CONSTANT_Long: case JVM_CONSTANT_Double: return x->j == y->j;
    case JVM_CONSTANT_Class: case JVM_CONSTANT_String: case JVM_CONSTANT_MethodType:
        return same_constant(a, x->ref.a, b, y->ref.a);
    case JVM_CONSTANT_MethodHandle:
        return x->ref.a == y->ref.a && same_constant(a, x->ref.b, b, y->ref.b);
    case JVM_CONSTANT_NameAndType: case JVM_CONSTANT_Fieldref: case JVM_CONSTANT_Methodref:
    case JVM_CONSTANT_InterfaceMethodref:
        return same_constant(a, x->ref.a, b, y->ref.a) && same_constant(a, x->ref.b, b, y->ref.b);
    default: return false;
    }
}

static uint16_t u2_at(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static uint32_t u4_at(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* The length of the instruction at bci (0 when it runs past the end or is undefined). */
static uint32_t insn_length(const uint8_t *code, uint32_t bci, uint32_t len) {
    uint8_t op = code[bci];
    uint32_t n = opcode_lengths[op] > 0 ? (uint32_t)opcode_lengths[op] : 0, pad = 3 - bci % 4;
    if (op == OP_wide) n = bci + 1 < len && code[bci + 1] == OP_iinc ? 6 : 4;
    else if (op == OP_tableswitch && bci + pad + 13 <= len)
        n = 1 + pad + 12 + 4 * (u4_at(code + bci + pad + 9) - u4_at(code + bci + pad + 5) + 1);
    else if (op == OP_lookupswitch && bci + pad + 9 <= len) n = 1 + pad + 8 + 8 * u4_at(code + bci + pad + 5);
    return n && bci + n <= len ? n : 0;
}

/* Where an instruction's constant-pool index is (0: it has none), and its width. */
static int cp_operand(uint8_t op, int *width) {
    *width = op == OP_ldc ? 1 : 2;
    switch (op) {
    case OP_ldc: case OP_ldc_w: case OP_ldc2_w: case OP_getstatic: case OP_putstatic: case OP_getfield:
    case OP_putfield: case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic:
    case OP_invokeinterface: case OP_invokedynamic: case OP_new: case OP_anewarray: case OP_checkcast:
    case OP_instanceof: case OP_multianewarray:
        return 1;
    default:
        return 0;
    }
}

static bool same_insn(const Class *oc, const uint8_t *a, const Class *nc, const uint8_t *b, uint32_t n) {
    int width, at = cp_operand(a[0], &width);
    if (!at) return memcmp(a, b, n) == 0;
    uint16_t i = width == 1 ? a[at] : u2_at(a + at), k = width == 1 ? b[at] : u2_at(b + at);
    return a[0] == b[0] && same_constant(&oc->cp, i, &nc->cp, k) &&
           memcmp(a + at + width, b + at + width, n - (uint32_t)(at + width)) == 0;
}

/* HotSpot's "equivalent modulo constant pool": the same instructions and exception table,
 * the constants they name the same by content wherever each pool has them. */
static bool same_body(const Class *oc, const Method *old, const Class *nc, const Method *new) {
    if (old->code_len != new->code_len || old->nexc != new->nexc) return false;
    for (uint16_t i = 0; i < old->nexc; i++) {
        const ExceptionEntry *x = &old->exc[i], *y = &new->exc[i];
        if (x->start_pc != y->start_pc || x->end_pc != y->end_pc || x->handler_pc != y->handler_pc ||
            !same_constant(&oc->cp, x->catch_type, &nc->cp, y->catch_type))
            return false;
    }
    for (uint32_t bci = 0; bci < old->code_len;) {
        uint32_t n = insn_length(old->code, bci, old->code_len);
        if (!n || old->code[bci] != new->code[bci] || !same_insn(oc, old->code + bci, nc, new->code + bci, n)) return false;
        bci += n;
    }
    return true;
}

Method *rdf_current_method(Method *m) {
    Class *o = m->holder;
    if (!(o->flags & CF_OLD_VERSION) || (m->flags & MF_OBSOLETE) || !o->mirror) return m;
    Class *c = mirror_class(o->mirror);
    Method *cm = c ? class_find_declared_method(c, m->name, m->desc) : NULL;
    return cm ? cm : m;
}

Method *rdf_version_method(Class *v, const Method *m) {
    Method *vm = class_find_declared_method(v, m->name, m->desc);
    return vm && !(vm->flags & MF_OBSOLETE) ? vm : NULL;
}

/* The old version of c: a copy of its state now, with copies of its methods. */
Class *rdf_old_version(Class *c, Class *n) {
    Class *o = vm_malloc(sizeof *o);
    *o = *c;
    o->flags |= CF_OLD_VERSION;
    o->roots = NULL;
    o->retired_methods = NULL;      /* the class keeps them */
    o->next = NULL;
    o->arena = n->arena;            /* kept alive from here: the new code lives in it */
    o->hook_base = NULL;
    o->methods = vm_calloc(c->nmethods ? c->nmethods : 1, sizeof *o->methods);
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *m = &o->methods[i];
        *m = c->methods[i];
        m->holder = o;
        m->jvmti_ext = NULL;
        Method *nm = class_find_declared_method(n, m->name, m->desc);
        if (!nm || !same_body(c, &c->methods[i], n, nm)) m->flags |= MF_OBSOLETE;
    }
    return o;
}

/* Frames running c's methods go on with the old version's copies. */
void rdf_retarget_frames(Class *c, Class *o) {
    for (Thread *t = thread_list; t; t = t->next)
        for (Frame *f = t->top; f; f = f->prev)
            if (!(f->flags & FR_NATIVE) && f->method->holder == c) f->method = &o->methods[f->method->index];
}

static void take_code(Method *m, const Method *nm) {
    m->signature = nm->signature;
    m->max_stack = nm->max_stack;
    m->max_locals = nm->max_locals;
    m->flags = nm->flags | (m->flags & (MF_OVERPASS | MF_INTRINSIC));
    m->code = nm->code;
    m->code_len = nm->code_len;
    m->exc = nm->exc;
    m->nexc = nm->nexc;
    m->lines = nm->lines;
    m->nlines = nm->nlines;
    m->lvt = nm->lvt;
    m->nlvt = nm->nlvt;
    m->lvtt = nm->lvtt;
    m->nlvtt = nm->nlvtt;
    m->stack_map = nm->stack_map;
    m->throws = nm->throws;
    m->nthrows = nm->nthrows;
    m->annotations = nm->annotations;
    m->param_annotations = nm->param_annotations;
    m->annotation_default = nm->annotation_default;
    m->type_annotations = nm->type_annotations;
    m->method_parameters = nm->method_parameters;
    __atomic_store_n(&m->prepared, NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&m->refmaps, NULL, __ATOMIC_RELEASE);
}

static void take_fields(Class *c, const Class *n) {
    for (uint16_t i = 0; i < c->nfields && i < n->nfields; i++) {
        Field *f = &c->fields[i];
        const Field *nf = &n->fields[i];
        f->signature = nf->signature;
        f->const_index = nf->const_index;
        f->annotations = nf->annotations;
        f->type_annotations = nf->type_annotations;
    }
}

/* The class attributes that live in, or index, the constant pool. */
void rdf_take_class_attributes(Class *c, const Class *n) {
    c->major = n->major;
    c->minor = n->minor;
    c->cp = n->cp;
    c->this_class = n->this_class;
    c->source_file = n->source_file;
    c->signature = n->signature;
    c->source_debug_ext = n->source_debug_ext;
    c->inner = n->inner;
    c->ninner = n->ninner;
    c->enclosing_class = n->enclosing_class;
    c->enclosing_method = n->enclosing_method;
    c->has_enclosing = n->has_enclosing;
    c->nest_host_index = n->nest_host_index;
    c->nest_members = n->nest_members;
    c->nnest_members = n->nnest_members;
    c->permitted = n->permitted;
    c->npermitted = n->npermitted;
    c->record = n->record;
    c->nrecord = n->nrecord;
    c->bsms = n->bsms;
    c->nbsms = n->nbsms;
    c->annotations = n->annotations;
    c->type_annotations = n->type_annotations;
    c->classfile = n->classfile;
    c->classfile_len = n->classfile_len;
}

static uint32_t redefined_count_off;

void rdf_prepare(Thread *t, Class *c) {
    if (!c->nest_host && !class_nest_host(t, c)) exc_take(t);
}

void rdf_swap(Class *c, Class *n) {
    Class *o = rdf_old_version(c, n);
    rdf_retarget_frames(c, o);
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *nm = class_find_declared_method(n, c->methods[i].name, c->methods[i].desc);
        if (nm) take_code(&c->methods[i], nm);
    }
    take_fields(c, n);
    rdf_take_class_attributes(c, n);
    rdf_link_version(c, o);
}

void rdf_link_version(Class *c, Class *o) {
    c->previous = o;
    rdf_count_redefinition(c);
}

/* Reflection caches in java.lang.Class are keyed on this count. */
void rdf_count_redefinition(Class *c) {
    uint32_t off = class_field_offset_cached(&redefined_count_off, VMC(Class), "classRedefinedCount", "I");
    if (off && c->mirror) OBJ_FIELD(c->mirror, off, jint)++;
}
