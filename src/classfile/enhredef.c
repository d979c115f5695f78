/*
 * enhredef.c — enhanced class redefinition (-XX:+AllowEnhancedClassRedefinition, the
 * JetBrains Runtime's option for the DCEVM idea; Loupe-only, HotSpot rejects the option):
 * a new version may add and delete methods and fields and change its superclass and
 * interfaces, with instances alive, so that hot reload works for real edits.  The class
 * modifiers still may not change (jvmti/jvmti_redefine.c keeps those errors and checks the
 * new supertypes: loaded, no cycle).  World stopped.
 *
 * Methods.  The class takes the new version's Method array.  Frames running the class's
 * methods go on with the old version's copies, as in an ordinary redefinition
 * (redefine.c).  The Methods of the old array stay where they are, because jmethodIDs,
 * method handles and tools point at them: a method that survives becomes a twin of its new
 * Method (same code, holder, indices), a deleted one becomes its old version's copy of
 * kind MK_DELETED, so that a call through a method handle or jmethodID still naming it
 * throws NoSuchMethodError, as HotSpot's do (frames running it go on in the old version's
 * copy); the arrays earlier redefinitions replaced (Class.retired_methods) follow each
 * new version the same way.  The
 * class, its subclasses and, for an interface, its implementors are linked again
 * (link_relink: layout, vtables, itables, interface method numbers).  Every resolved
 * field and method reference whose target's holder is one of those classes is forgotten,
 * in every constant pool (old versions' included), and every translated instruction that
 * resolved a member or a `new` goes back to its unresolved form (prep_unquicken), so each
 * resolves again: a call of a deleted method then throws NoSuchMethodError, a field access
 * gets the new offset, a virtual call the new vtable index.
 *
 * Fields.  Before the classes change, the old layout (each field's holder, name,
 * descriptor and offset) is noted and heap/reshape.c takes the class's instances, its
 * subclasses' and the class's mirror (which holds the statics) out of the heap.  Once the
 * classes are linked again, a copy plan per class says which bytes move where: the fields
 * above the class keep their bytes, a field of the class or of a subclass is copied from
 * the old field of the same holder, name and descriptor, a new field stays zero (null),
 * and the mirror keeps java.lang.Class's fields and takes the statics the same way.
 * reshape.c then makes the objects again with the new layout and points every reference
 * at them, whichever collector runs.  A new static field is not initialised (no <clinit>
 * runs again), as in DCEVM.
 *
 * Supertypes.  When the new version names another superclass or other interfaces, the
 * class takes the resolved ones (the old version keeps the old, with the old superclass
 * display) and every class concerned is linked again, the superclass display (Class.supers,
 * which instanceof, checkcast and every subtype test read) first, then layout, vtable and
 * itable, so instanceof and interface dispatch answer the new hierarchy at once.  Another
 * superclass changes the layout of the class and of its subclasses: the copy plan then
 * walks each class's new superclass chain, and a field takes the bytes of the old field of
 * the same holder, name and descriptor, or else of a field of the same name and
 * descriptor declared by an old superclass that is no longer one (moved up or down the
 * hierarchy, its value goes with it); the rest is zero (null).  Resolved references
 * naming one of the classes concerned are forgotten too (a call through the class to an
 * inherited method must find the new superclass's), and each concerned class's
 * classRedefinedCount grows, so reflection (getSuperclass and getInterfaces read the
 * class; getMethods caches) sees the new hierarchy; the class's parsed generic signature
 * is dropped (getGenericSuperclass, getGenericInterfaces).
 *
 * Static types.  A reference declared with a type the class stops being (a field declared
 * A or an A[] element holding an instance, when the class no longer extends A) would make
 * code apply A's offsets to an object laid out otherwise: such a redefinition is refused
 * before anything changes (classfile/enhsound.c looks at the heap and the statics).  Locals
 * and operand stacks of running frames are not looked at, and code verified against the old
 * hierarchy is not verified again: there, as in DCEVM, the user takes the risk.
 *
 * Not covered: reflective Field and Method objects made before the change keep their slot
 * numbers; offsets a program obtained from Unsafe or a VarHandle made before keep the old
 * layout; a thread stopped inside the resolution of a member of the class may install the
 * old resolution once it resumes.
 */
#include "classfile/redefine.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/prepare.h"
#include "native/checkjni.h"
#include "heap/gc.h"
#include "runtime/mirror.h"
#include "runtime/thread.h"
#include "runtime/vm.h"
#include <stdlib.h>
#include <string.h>

typedef struct OldField {
    Class *holder;
    Symbol *name, *desc;
    bool is_static;
    uint32_t offset;
} OldField;

typedef struct Move {
    uint32_t from, to, size;
} Move;

typedef struct Plan {
    Class *k;                       /* NULL: the mirror's plan */
    Move *moves;
    uint32_t n;
} Plan;

typedef struct Enh {
    Class *c;
    bool moved;                     /* the superclass or the interfaces change */
    Class **old_supers;             /* c's superclasses before, Object first (moved) */
    uint16_t nold_supers;
    Class **relink;                 /* c, subclasses, implementors; supertypes first */
    uint32_t nrelink;
    Class **shaped;                 /* the classes whose instances change: c, subclasses */
    uint32_t nshaped;
    Object *mirror;
    OldField *old;
    uint32_t nold;
    Plan *plans;                    /* one per shaped class, then the mirror's */
} Enh;

/* ---- the classes concerned ---- */

static bool concerned(const Class *k, const Class *c) {
    if (k == c) return true;
    if (class_is_array(k) || (k->flags & CF_OLD_VERSION) || !k->supers) return false;
    if (class_is_interface(c)) return class_state(k) >= CS_LINKED && class_implements(k, c);
    return class_is_subclass(k, c);
}

static void push(Class ***v, uint32_t *n, Class *k) {
    *v = vm_realloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = k;
}

/* Interfaces first (an implementor's itable asks which of its interfaces extends which),
 * then classes by depth, superclasses before subclasses. */
static int rank(const Class *k) { return class_is_interface(k) ? 0 : 1 + (int)k->depth; }

static int by_depth(const void *a, const void *b) { return rank(*(Class *const *)a) - rank(*(Class *const *)b); }

static void find_classes(Enh *e) {
    push(&e->relink, &e->nrelink, e->c);
    for (Class *k = ld_class_list; k; k = k->next)
        if (k != e->c && concerned(k, e->c)) push(&e->relink, &e->nrelink, k);
    qsort(e->relink, e->nrelink, sizeof *e->relink, by_depth);
    for (uint32_t i = 0; i < e->nrelink && !class_is_interface(e->c); i++)
        if (!class_is_interface(e->relink[i])) push(&e->shaped, &e->nshaped, e->relink[i]);
}

static bool in_set(Class *const *v, uint32_t n, const Class *k) {
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == k) return true;
    return false;
}

/* ---- the old layout, and copy plans from it to the new ---- */

static void note_fields(Enh *e, Class *k) {
    for (uint16_t i = 0; i < k->nfields; i++) {
        const Field *f = &k->fields[i];
        if (field_is_static(f) && k != e->c) continue;
        e->old = vm_realloc(e->old, (e->nold + 1) * sizeof *e->old);
        e->old[e->nold++] = (OldField){ k, f->name, f->desc, field_is_static(f), f->offset };
    }
}

/* c's old superclasses' instance fields, for a change of superclass. */
static void note_old_supers(Enh *e) {
    Class *c = e->c;
    e->nold_supers = c->depth;
    e->old_supers = vm_malloc(((size_t)c->depth + 1) * sizeof *e->old_supers);
    memcpy(e->old_supers, c->supers, (size_t)c->depth * sizeof *e->old_supers);
    for (uint16_t d = 0; d < c->depth; d++) {
        Class *k = c->supers[d];
        for (uint16_t i = 0; i < k->nfields; i++)
            if (!field_is_static(&k->fields[i])) {
                e->old = vm_realloc(e->old, (e->nold + 1) * sizeof *e->old);
                e->old[e->nold++] = (OldField){ k, k->fields[i].name, k->fields[i].desc, false, k->fields[i].offset };
            }
    }
}

static const OldField *old_field(const Enh *e, const Field *f, Class *holder) {
    for (uint32_t i = 0; i < e->nold; i++) {
        const OldField *o = &e->old[i];
        if (o->holder == holder && o->name == f->name && o->desc == f->desc && o->is_static == field_is_static(f))
            return o;
    }
    return NULL;
}

/* After a change of superclass: a field of k's new chain that had no old field of its own
 * takes the one of the same name and descriptor of an old superclass that k no longer
 * has, the nearest to k first. */
static const OldField *moved_field(const Enh *e, const Field *f, Class *k) {
    for (uint32_t i = e->nold; i-- > 0;) {
        const OldField *o = &e->old[i];
        if (o->is_static || o->name != f->name || o->desc != f->desc) continue;
        bool left = false;
        for (uint16_t d = 0; d < e->nold_supers; d++) left |= e->old_supers[d] == o->holder;
        if (left && !class_is_subclass(k, o->holder)) return o;
    }
    return NULL;
}

static void add_move(Plan *p, uint32_t from, uint32_t to, uint32_t size) {
    if (!size) return;
    p->moves = vm_realloc(p->moves, (p->n + 1) * sizeof *p->moves);
    p->moves[p->n++] = (Move){ from, to, size };
}

static void plan_fields(const Enh *e, Plan *p, Class *holder, bool statics, Class *k) {
    for (uint16_t i = 0; i < holder->nfields; i++) {
        const Field *f = &holder->fields[i];
        if (field_is_static(f) != statics) continue;
        const OldField *o = old_field(e, f, holder);
        if (!o && k) o = moved_field(e, f, k);
        if (o) add_move(p, o->offset, f->offset, (uint32_t)bt_size((BasicType)f->type));
    }
}

/* Bytes above c stay, unless c has another superclass: then every class of k's chain is
 * planned; each class from c down to k, field by field. */
static void plan_instance(const Enh *e, Plan *p, Class *k) {
    p->k = k;
    Class *top = e->c->super;
    uint16_t from = e->moved ? 1 : e->c->depth;
    if (!e->moved)
        add_move(p, OBJECT_HEADER_SIZE, OBJECT_HEADER_SIZE, (top ? top->instance_size : OBJECT_HEADER_SIZE) - OBJECT_HEADER_SIZE);
    for (uint16_t d = from; d <= k->depth; d++) plan_fields(e, p, k->supers[d], false, e->moved ? k : NULL);
}

static void plan_mirror(const Enh *e, Plan *p) {
    add_move(p, OBJECT_HEADER_SIZE, OBJECT_HEADER_SIZE, VMC(Class)->instance_size - OBJECT_HEADER_SIZE);
    plan_fields(e, p, e->c, true, NULL);
}

static void make_plans(Enh *e) {
    e->plans = vm_calloc((size_t)e->nshaped + 1, sizeof *e->plans);
    for (uint32_t i = 0; i < e->nshaped; i++) plan_instance(e, &e->plans[i], e->shaped[i]);
    plan_mirror(e, &e->plans[e->nshaped]);
}

static bool wanted(Object *o, void *ctx) {
    const Enh *e = ctx;
    return o == e->mirror || in_set(e->shaped, e->nshaped, o->klass);
}

static void copy_object(Object *to, const Object *from, void *ctx) {
    const Enh *e = ctx;
    const Plan *p = &e->plans[e->nshaped];
    for (uint32_t i = 0; i < e->nshaped && !(from->klass->flags & CF_MIRROR); i++)
        if (e->plans[i].k == from->klass) p = &e->plans[i];
    memcpy(to, from, OBJECT_HEADER_SIZE);
    for (uint32_t i = 0; i < p->n; i++)
        memcpy((char *)to + p->moves[i].to, (const char *)from + p->moves[i].from, p->moves[i].size);
}

/* ---- methods and fields ---- */

static void carry_native(Method *nm, const Method *om) {
    nm->native_fn = om->native_fn;
    nm->fast_fn = om->fast_fn;
    nm->native_cif = om->native_cif;
    nm->flags |= om->flags & (MF_OVERPASS | MF_INTRINSIC);
}

typedef struct RetiredMethods {
    struct RetiredMethods *next;
    Method *v;
    uint16_t n;
} RetiredMethods;

static void retire_methods(Class *c, Method *v, uint16_t n) {
    RetiredMethods *r = vm_malloc(sizeof *r);
    *r = (RetiredMethods){ c->retired_methods, v, n };
    c->retired_methods = r;
    cj_ids_retired(v, n, CJ_ID_METHOD);
}

/* m, of an array replaced by an earlier redefinition, follows the class's current methods:
 * a twin of the method of its name and descriptor, or deleted for good. */
static void follow_current(Class *c, Method *m) {
    if (m->kind == MK_DELETED) return;
    Method *nm = class_find_declared_method(c, m->name, m->desc);
    if (nm) {
        *m = *nm;
        return;
    }
    m->vtable_index = m->itable_index = -1;
    m->kind = MK_DELETED;
}

void rdf_free_retired(Class *c) {
    for (RetiredMethods *r = c->retired_methods, *next; r; r = next) {
        next = r->next;
        vm_free(r);
    }
    c->retired_methods = NULL;
}

static void take_methods(Class *c, Class *n, Class *o) {
    Method *old = c->methods;
    uint16_t nold = c->nmethods;
    for (uint16_t i = 0; i < n->nmethods; i++) {
        Method *nm = &n->methods[i];
        nm->holder = c;
        const Method *om = class_find_declared_method(c, nm->name, nm->desc);
        if (om) carry_native(nm, om);
    }
    c->methods = n->methods;
    c->nmethods = n->nmethods;
    for (RetiredMethods *r = c->retired_methods; r; r = r->next)
        for (uint16_t i = 0; i < r->n; i++) follow_current(c, &r->v[i]);
    retire_methods(c, old, nold);
    for (uint16_t i = 0; i < nold; i++) {
        Method *nm = class_find_declared_method(c, old[i].name, old[i].desc);
        old[i] = nm ? *nm : o->methods[i];
        if (!nm) {
            old[i].vtable_index = old[i].itable_index = -1;
            old[i].kind = MK_DELETED;
        }
    }
}

/* Old jfieldIDs of fields that stay follow them to their new offsets. */
static void take_fields(Class *c, Class *n) {
    Field *old = c->fields;
    uint16_t nold = c->nfields;
    for (uint16_t i = 0; i < n->nfields; i++) n->fields[i].holder = c;
    c->fields = n->fields;
    c->nfields = n->nfields;
    cj_ids_retired(old, nold, CJ_ID_FIELD);
    link_relink(c, true);
    for (uint16_t i = 0; i < nold; i++)
        for (uint16_t j = 0; j < c->nfields; j++)
            if (c->fields[j].name == old[i].name && c->fields[j].desc == old[i].desc &&
                field_is_static(&c->fields[j]) == field_is_static(&old[i]))
                old[i].offset = c->fields[j].offset;
}

/* ---- resolutions made against the old members ---- */

static Class *member_holder(const ConstantPool *cp, uint16_t i) {
    void *r = cp->e[i].resolved;
    if (!r) return NULL;
    if (cp->tags[i] == JVM_CONSTANT_Fieldref) return ((Field *)r)->holder;
    if (cp->tags[i] == JVM_CONSTANT_Methodref || cp->tags[i] == JVM_CONSTANT_InterfaceMethodref) return ((Method *)r)->holder;
    return NULL;
}

/* The class a resolved member reference names (NULL: not resolved). */
static Class *member_class(const ConstantPool *cp, uint16_t i) {
    uint16_t k = cp->e[i].ref.a;
    return k && k < cp->count && cp->tags[k] == JVM_CONSTANT_Class ? cp->e[k].resolved : NULL;
}

static void forget_in(Class *k, const Enh *e) {
    ConstantPool *cp = &k->cp;
    for (uint16_t i = 1; i < cp->count; i++) {
        Class *h = member_holder(cp, i);
        if (h && ((h->flags & CF_OLD_VERSION) || in_set(e->relink, e->nrelink, h) ||
                  (e->moved && in_set(e->relink, e->nrelink, member_class(cp, i)))))
            cp->e[i].resolved = NULL;
    }
    for (uint16_t i = 0; i < k->nmethods; i++) prep_unquicken(&k->methods[i]);
}

static void forget_resolutions(const Enh *e) {
    for (Class *k = ld_class_list; k; k = k->next)
        for (Class *v = k; v; v = v->previous) forget_in(v, e);
}

static void free_enh(Enh *e) {
    for (uint32_t i = 0; e->plans && i <= e->nshaped; i++) vm_free(e->plans[i].moves);
    vm_free(e->plans);
    vm_free(e->relink);
    vm_free(e->shaped);
    vm_free(e->old);
    vm_free(e->old_supers);
}

typedef struct Count {
    const Enh *e;
    size_t extra;                   /* the most an object can grow */
    size_t bytes;
} Count;

static void count_one(Object *o, void *ctx) {
    Count *k = ctx;
    if (wanted(o, (void *)k->e)) k->bytes += heap_object_size(o) + k->extra;
}

size_t rdf_enhanced_room(Thread *t, Class *c, Class *n) {
    Enh e = { .c = c, .mirror = c->mirror };
    Count k = { &e, 8 * (size_t)n->nfields + 8 + (n->super ? n->super->instance_size : 0), 0 };
    safepoint_begin(t);
    find_classes(&e);
    heap_walk(count_one, &k);
    safepoint_end(t);
    free_enh(&e);
    return k.bytes + k.bytes / 4 + 4096;      /* objects made meanwhile */
}

/* The resolved supertypes of n (jvmti_redefine.c); c's old ones stay with its old version. */
static void take_supertypes(Class *c, const Class *n) {
    c->super_name = n->super_name;
    c->interface_names = n->interface_names;
    c->ninterfaces = n->ninterfaces;
    c->super = n->super;
    c->interfaces = n->interfaces;
}

/* java.lang.Class keeps the parsed Signature attribute (getGenericSuperclass,
 * getGenericInterfaces) without looking at classRedefinedCount: the new one is parsed
 * again. */
static uint32_t generic_info_off;

static void forget_generic_info(Class *c) {
    uint32_t off = class_field_offset_cached(&generic_info_off, VMC(Class), "genericInfo",
                                             "Lsun/reflect/generics/repository/ClassRepository;");
    if (off && c->mirror) HEAP_SET_FIELD(c->mirror, off, NULL);
}

/* Reflection's caches of every class linked again are dropped (rdf_link_version does c's). */
static void count_relinked(const Enh *e) {
    for (uint32_t i = 0; i < e->nrelink; i++)
        if (e->relink[i] != e->c) rdf_count_redefinition(e->relink[i]);
}

void rdf_swap_enhanced(Thread *t, Class *c, Class *n, bool reshape, HeapRoom *room) {
    Enh e = { .c = c, .mirror = c->mirror, .moved = n->super != c->super || n->interfaces != c->interfaces };
    find_classes(&e);
    HeapReshape *r = NULL;
    if (reshape) {
        for (uint32_t i = 0; i < e.nshaped; i++) note_fields(&e, e.shaped[i]);
        if (class_is_interface(c)) note_fields(&e, c);
        if (e.moved) note_old_supers(&e);
        r = heap_reshape_take(wanted, &e);
    }
    Class *o = rdf_old_version(c, n);
    rdf_retarget_frames(c, o);
    c->previous = o;                /* its references are roots from here on */
    take_methods(c, n, o);
    rdf_take_class_attributes(c, n);
    take_supertypes(c, n);
    take_fields(c, n);
    for (uint32_t i = 0; i < e.nrelink; i++)
        if (e.relink[i] != c) link_relink(e.relink[i], false);
    if (r) {
        make_plans(&e);
        heap_reshape_finish(t, r, room, copy_object, &e);
    }
    forget_resolutions(&e);
    if (e.moved) count_relinked(&e);
    forget_generic_info(c);
    rdf_link_version(c, o);
    free_enh(&e);
}
