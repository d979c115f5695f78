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
 * obsolete (IsMethodObsolete) unless the new body is the same bytecode over the same
 * constant pool (HotSpot's "equivalent modulo constant pool", taken strictly here).
 * Old versions are never freed: a frame may run an obsolete method for as long as it likes.
 */
#include "classfile/redefine.h"
#include "classfile/resolve.h"
#include "interp/frame.h"
#include "runtime/thread.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "heap/object.h"
#include <string.h>

static bool same_entry(const ConstantPool *a, const ConstantPool *b, uint16_t i) {
    const CPEntry *x = &a->e[i], *y = &b->e[i];
    switch (a->tags[i]) {
    case JVM_CONSTANT_Utf8: return x->utf8 == y->utf8;
    case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float: return x->i == y->i;
    case JVM_CONSTANT_Long: case JVM_CONSTANT_Double: return x->j == y->j;
    default: return x->ref.a == y->ref.a && x->ref.b == y->ref.b;
    }
}

/* The same constants at the same indices (Utf8 symbols are interned: same text, same pointer). */
static bool same_constant_pool(const Class *a, const Class *b) {
    if (a->cp.count != b->cp.count) return false;
    for (uint16_t i = 1; i < a->cp.count; i++)
        if (a->cp.tags[i] != b->cp.tags[i] || (a->cp.tags[i] && !same_entry(&a->cp, &b->cp, i))) return false;
    return true;
}

static bool same_body(const Method *old, const Method *new, bool same_cp) {
    return same_cp && old->code_len == new->code_len && (!old->code_len || memcmp(old->code, new->code, old->code_len) == 0);
}

/* The old version of c: a copy of its state now, with copies of its methods. */
Class *rdf_old_version(Class *c, Class *n) {
    Class *o = vm_malloc(sizeof *o);
    *o = *c;
    o->flags |= CF_OLD_VERSION;
    o->roots = NULL;
    o->next = NULL;
    o->arena = n->arena;            /* kept alive from here: the new code lives in it */
    o->hook_base = NULL;
    o->methods = vm_calloc(c->nmethods ? c->nmethods : 1, sizeof *o->methods);
    bool same_cp = same_constant_pool(c, n);
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *m = &o->methods[i];
        *m = c->methods[i];
        m->holder = o;
        m->jvmti_ext = NULL;
        Method *nm = class_find_declared_method(n, m->name, m->desc);
        if (!nm || !same_body(&c->methods[i], nm, same_cp)) m->flags |= MF_OBSOLETE;
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
    /* reflection caches in java.lang.Class are keyed on this count */
    uint32_t off = class_field_offset_cached(&redefined_count_off, VMC(Class), "classRedefinedCount", "I");
    if (off && c->mirror) OBJ_FIELD(c->mirror, off, jint)++;
}
