/*
 * jvmti_redefine.c — RedefineClasses, RetransformClasses, IsModifiableClass and
 * IsMethodObsolete.
 *
 * A request goes in two halves, as in HotSpot.  First, for each class and without stopping
 * anything: the ClassFileLoadHook (every environment for a redefinition, the
 * retransformation-capable ones for a retransformation, which starts from the bytes the
 * class was defined with, before those environments transformed them), the parse of the
 * new bytes, the comparison with the loaded class (only method bodies may change: the
 * rules and error codes below are HotSpot's), and the verification of the new version with
 * the class's own loader and verification policy.  Any failure ends the request with
 * nothing changed.  Then, with the world stopped, classfile/redefine.c swaps the bodies in
 * and running frames go on with the old ones; the methods' prepared code, dropped, is
 * reported by CompiledMethodUnload (jvmti_compiled.c).  Breakpoints in the classes are
 * cleared first (HotSpot does the same).  One request runs at a time.
 *
 * Not supported, as in HotSpot: added or deleted methods (HotSpot accepts added or deleted
 * private static or private final methods; here they are refused too, because a Method
 * never moves), changed fields, supertypes, modifiers or nest/record/permitted-subclasses
 * attributes.  With -XX:+AllowEnhancedClassRedefinition (Loupe only) methods and fields
 * may be added and deleted and the superclass and interfaces may change:
 * classfile/enhredef.c does that swap.
 *
 * Supertypes.  A new version that names other supertypes has them loaded through the
 * class's loader and checked as a definition would (ld_resolve_supertypes), with or
 * without the option and before the comparison, as HotSpot's parse of the new version does:
 * a final or interface superclass, a class as interface or an inaccessible supertype fails
 * with the definition's exception mapped to HotSpot's error (mapped_error).  Then, with the
 * option, a hierarchy with a cycle (the class as its own superclass or as a subclass of one
 * of its subclasses; an interface extending one of its subinterfaces) is
 * CIRCULAR_CLASS_DEFINITION, and a change of the kind of reference object (a superclass
 * chain through java.lang.ref.Reference's subclasses, which the collectors treat apart)
 * stays HIERARCHY_CHANGED, and so does a change that a live reference's declared type would
 * not survive (a field or array element of a type the class loses holding one of the
 * objects that lose it: classfile/enhsound.c), checked with the world stopped before the
 * breakpoints are cleared and again in the swap's safepoint (a refusal there leaves the
 * breakpoints cleared).  New supertypes are initialised beforehand when the class is (the
 * superclass, the superinterfaces with default methods).
 */
#include "jvmti/jvmti_internal.h"
#include "classfile/class.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/redefine.h"
#include "classfile/verify.h"
#include "classfile/vfy_internal.h"
#include "interp/debug.h"
#include "heap/gc.h"
#include "runtime/exception.h"
#include <stdlib.h>
#include <string.h>

enum {
    CLASS_MODIFIERS = 0x7631,       /* JVM_RECOGNIZED_CLASS_MODIFIERS */
    FIELD_MODIFIERS = 0x50DF,       /* JVM_RECOGNIZED_FIELD_MODIFIERS */
    METHOD_MODIFIERS = 0x1DFF,      /* JVM_RECOGNIZED_METHOD_MODIFIERS */
};

static pthread_mutex_t redefine_lock = PTHREAD_MUTEX_INITIALIZER;

static bool modifiable(const Class *c) {
    return !class_is_array(c) && !class_is_primitive(c) && !(c->flags & CF_HIDDEN);
}

#define CLASS_OF(klass, c) \
    Class *c; \
    do { jvmtiError e_ = jvmti_class_of(klass, &c); if (e_ != JVMTI_ERROR_NONE) return e_; } while (0)
#define METHOD_OF(method, m) \
    Method *m; \
    do { jvmtiError e_ = jvmti_method_of(method, &m); if (e_ != JVMTI_ERROR_NONE) return e_; } while (0)

JVMTI_SIMPLE_QUERY(IsModifiableClass, jclass, klass, CLASS_OF, c, jboolean, modifiable(c))
JVMTI_SIMPLE_QUERY(IsMethodObsolete, jmethodID, method, METHOD_OF, m, jboolean, (m->flags & MF_OBSOLETE) != 0)

/* ---- comparing the new version with the loaded class ---- */

static bool same_names(Symbol *const *a, uint16_t na, Symbol *const *b, uint16_t nb) {
    if (na != nb) return false;
    for (uint16_t i = 0; i < na; i++)
        if (a[i] != b[i]) return false;
    return true;
}

static Symbol *class_index_name(const Class *c, uint16_t idx) { return idx ? cp_class_name(&c->cp, idx) : NULL; }

static bool lists_class(const Class *c, const uint16_t *ix, uint16_t n, const Symbol *name) {
    for (uint16_t i = 0; i < n; i++)
        if (class_index_name(c, ix[i]) == name) return true;
    return false;
}

/* NestMembers and PermittedSubclasses name the same classes, in any order (HotSpot). */
static bool same_class_set(const Class *a, const uint16_t *ia, uint16_t na, const Class *b, const uint16_t *ib, uint16_t nb) {
    if (na != nb) return false;
    for (uint16_t i = 0; i < na; i++)
        if (!lists_class(b, ib, nb, class_index_name(a, ia[i]))) return false;
    return true;
}

/* A component keeps its name, descriptor, generic signature and which attributes it has. */
static bool same_component(const RecordComponent *x, const RecordComponent *y) {
    return x->name == y->name && x->desc == y->desc && x->signature == y->signature &&
           !x->annotations.len == !y->annotations.len && !x->type_annotations.len == !y->type_annotations.len;
}

static bool same_records(const Class *a, const Class *b) {
    if ((a->flags & CF_HAS_RECORD_ATTR) != (b->flags & CF_HAS_RECORD_ATTR) || a->nrecord != b->nrecord) return false;
    for (uint16_t i = 0; i < a->nrecord; i++)
        if (!same_component(&a->record[i], &b->record[i])) return false;
    return true;
}

static bool same_class_attributes(const Class *c, const Class *n) {
    return class_index_name(c, c->nest_host_index) == class_index_name(n, n->nest_host_index) &&
           same_class_set(c, c->nest_members, c->nnest_members, n, n->nest_members, n->nnest_members) &&
           same_class_set(c, c->permitted, c->npermitted, n, n->permitted, n->npermitted) && same_records(c, n);
}

static bool same_fields(const Class *c, const Class *n) {
    uint16_t i = 0, j = 0;
    for (;; i++, j++) {
        while (i < c->nfields && c->fields[i].injected) i++;
        while (j < n->nfields && n->fields[j].injected) j++;
        if (i == c->nfields || j == n->nfields) return i == c->nfields && j == n->nfields;
        const Field *a = &c->fields[i], *b = &n->fields[j];
        if (a->name != b->name || a->desc != b->desc || ((a->access ^ b->access) & FIELD_MODIFIERS)) return false;
    }
}

/* With -XX:+AllowRedefinitionToAddDeleteMethods (HotSpot's compatibility flag) a
 * redefinition may add or delete a method that is private and static or final (no vtable
 * entry, no caller outside the class); enhredef.c then swaps the method sets, and a call
 * of a deleted one, direct or through a method handle, throws NoSuchMethodError.  Strict:
 * the method sets must be the same. */
static bool may_come_or_go(const Method *m, bool strict) {
    return !strict && vm_opts.redefine_add_delete && (m->access & JVM_ACC_PRIVATE) &&
           (m->access & (JVM_ACC_STATIC | JVM_ACC_FINAL));
}

static jvmtiError compare_methods(const Class *c, const Class *n, bool strict) {
    for (uint16_t i = 0; i < n->nmethods; i++)
        if (!class_find_declared_method(c, n->methods[i].name, n->methods[i].desc) && !may_come_or_go(&n->methods[i], strict))
            return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_ADDED;
    for (uint16_t i = 0; i < c->nmethods; i++) {
        const Method *m = &c->methods[i];
        if (m->flags & MF_OVERPASS) continue;
        const Method *nm = class_find_declared_method(n, m->name, m->desc);
        if (!nm && may_come_or_go(m, strict)) continue;
        if (!nm) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_DELETED;
        if ((m->access ^ nm->access) & METHOD_MODIFIERS) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED;
    }
    return JVMTI_ERROR_NONE;
}

/* With -XX:+AllowEnhancedClassRedefinition methods and fields may come and go
 * (classfile/enhredef.c); a method that stays keeps its modifiers. */
static jvmtiError compare_enhanced(const Class *c, const Class *n) {
    for (uint16_t i = 0; i < c->nmethods; i++) {
        const Method *m = &c->methods[i];
        const Method *nm = class_find_declared_method(n, m->name, m->desc);
        if (nm && ((m->access ^ nm->access) & METHOD_MODIFIERS)) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED;
    }
    return JVMTI_ERROR_NONE;
}

static bool hierarchy_changed(const Class *c, const Class *n) {
    return c->super_name != n->super_name || !same_names(c->interface_names, c->ninterfaces, n->interface_names, n->ninterfaces);
}

static bool extends_class(const Class *k, const Class *c) {
    for (; k; k = k->super)
        if (k == c) return true;
    return false;
}

/* With the option, n's supertypes (resolved) must not make a cycle with c, nor change the
 * kind of reference object its instances are. */
static jvmtiError compare_hierarchy(const Class *c, const Class *n) {
    if (n->super && extends_class(n->super, c)) return JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION;
    for (uint16_t i = 0; i < n->ninterfaces; i++)
        if (class_implements(n->interfaces[i], c)) return JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION;
    uint32_t was = c->super ? c->super->flags & CF_REF_ANY : 0, now = n->super ? n->super->flags & CF_REF_ANY : 0;
    return was == now ? JVMTI_ERROR_NONE : JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED;
}

/* Whether n may replace c, in HotSpot's order of checks. */
static jvmtiError compare(const Class *c, const Class *n) {
    if (hierarchy_changed(c, n) && !vm_opts.enhanced_redefinition) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED;
    if (hierarchy_changed(c, n)) {
        jvmtiError err = compare_hierarchy(c, n);
        if (err) return err;
    }
    if ((c->access ^ n->access) & CLASS_MODIFIERS) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_MODIFIERS_CHANGED;
    if (!same_class_attributes(c, n)) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED;
    if (vm_opts.enhanced_redefinition) return compare_enhanced(c, n);
    if (!same_fields(c, n)) return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED;
    return compare_methods(c, n, false);
}

/* ---- one class's new version ---- */

typedef struct Pending {
    Class *c;                       /* the loaded class */
    Class *n;                       /* its new version, parsed and checked */
    uint8_t *base;                  /* what later retransformations start from, or NULL */
    uint32_t base_len;
    bool enhanced;                  /* methods, fields or supertypes changed (enhanced redefinition) */
    bool reshape;                   /* fields added or deleted, or another superclass: instances change */
    bool supertypes;                /* n's supertypes resolved by name, not borrowed from c */
} Pending;

static jvmtiError parse_error(const CfError *e) {
    if (e->kind == CFE_VERSION) return JVMTI_ERROR_UNSUPPORTED_VERSION;
    if (e->kind == CFE_NO_CLASS_DEF) return JVMTI_ERROR_NAMES_DONT_MATCH;
    return JVMTI_ERROR_INVALID_CLASS_FORMAT;
}

/* The new version borrows the class's loading state for the verifier (its supertypes are
 * its own by now: resolve_supertypes); it sits on the class's list of versions meanwhile,
 * so that the collector keeps those references current. */
static jvmtiError verify(Thread *t, Class *c, Class *n) {
    if (!vfy_should_verify(c)) return JVMTI_ERROR_NONE;
    n->mirror = c->mirror;
    n->loader = c->loader;
    n->ld = c->ld;
    n->package = c->package;
    n->previous = c->previous;
    c->previous = n;
    char *msg = NULL;
    VResult r = vfy_run(t, n, &msg);
    c->previous = n->previous;
    n->previous = NULL;
    vm_free(msg);
    if (r == VR_PENDING) exc_take(t);
    return r == VR_OK ? JVMTI_ERROR_NONE : r == VR_FORMAT_ERROR ? JVMTI_ERROR_INVALID_CLASS_FORMAT : JVMTI_ERROR_FAILS_VERIFICATION;
}

/* HotSpot's error for the exception its definition of the new version threw. */
static jvmtiError mapped_error(Thread *t) {
    Object *e = exc_take(t);
    Class *k = e ? e->klass : NULL;
    if (k == VMC(UnsupportedClassVersionError)) return JVMTI_ERROR_UNSUPPORTED_VERSION;
    if (k == VMC(ClassFormatError)) return JVMTI_ERROR_INVALID_CLASS_FORMAT;
    if (k == VMC(ClassCircularityError)) return JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION;
    if (k == VMC(NoClassDefFoundError)) return JVMTI_ERROR_NAMES_DONT_MATCH;
    if (k == VMC(OutOfMemoryError)) return JVMTI_ERROR_OUT_OF_MEMORY;
    return JVMTI_ERROR_FAILS_VERIFICATION;
}

/* n's superclass and interfaces: c's when it names the same, else loaded and checked as
 * for a definition of n. */
static jvmtiError resolve_supertypes(Thread *t, Pending *p) {
    Class *c = p->c, *n = p->n;
    n->loader = c->loader;          /* for the access checks; verify() sets it again */
    n->ld = c->ld;
    n->package = c->package;
    if (!hierarchy_changed(c, n)) {
        n->super = c->super;
        n->interfaces = c->interfaces;
        return JVMTI_ERROR_NONE;
    }
    /* as HotSpot's definition of a new version: the loaded class is found, not a cycle */
    if (n->super_name == n->name)
        return vm_opts.enhanced_redefinition ? JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION
                                             : JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED;
    p->supertypes = true;
    n->interfaces = NULL;
    return ld_resolve_supertypes(t, n, c->loader ? &c->loader : NULL) ? JVMTI_ERROR_NONE : mapped_error(t);
}

/* The new supertypes of an initialised class are initialised (as its initialisation would
 * have) before the class takes them. */
static jvmtiError init_new_supertypes(Thread *t, const Pending *p) {
    if (!p->supertypes || class_state(p->c) != CS_INITIALIZED || class_init_supertypes(t, p->n)) return JVMTI_ERROR_NONE;
    exc_take(t);
    return JVMTI_ERROR_INVALID_CLASS;
}

static jvmtiError check_version(Thread *t, Pending *p) {
    if (p->n->name != p->c->name) return JVMTI_ERROR_NAMES_DONT_MATCH;
    jvmtiError err = resolve_supertypes(t, p);
    if (err) return err;
    err = compare(p->c, p->n);
    p->reshape = !same_fields(p->c, p->n) || p->n->super != p->c->super;
    p->enhanced = p->reshape || p->supertypes || compare_methods(p->c, p->n, true) != JVMTI_ERROR_NONE;
    if (!err) err = verify(t, p->c, p->n);
    return err ? err : init_new_supertypes(t, p);
}

static uint8_t *copy_bytes(const uint8_t *b, size_t n) {
    uint8_t *c = vm_malloc(n ? n : 1);
    memcpy(c, b, n);
    return c;
}

/* Hooks, parses and checks `bytes` as the new version of p->c; p->base becomes what a
 * later retransformation of the class starts from (NULL: its new class file bytes). */
static jvmtiError load_version(Thread *t, Pending *p, const uint8_t *bytes, size_t len, bool retransform) {
    JvmtiHook h = { .redefined = p->c, .loader = p->c->loader ? &p->c->loader : NULL, .name = p->c->name->str,
                    .bytes = bytes, .len = len, .retransform = retransform };
    if (JVMTI_CLASS_HOOK_ENABLED(t)) jvmti_class_file_hook(t, &h);
    else h.out = h.base = bytes, h.out_len = h.base_len = len;
    CfError e;
    p->n = cf_parse(h.out, h.out_len, NULL, 0, &e);
    jvmtiError err = p->n ? check_version(t, p) : parse_error(&e);
    if (!err && h.base != h.out) {
        p->base = copy_bytes(h.base, h.base_len);
        p->base_len = (uint32_t)h.base_len;
    } else if (!err && retransform && p->c->hook_base) {
        p->base = copy_bytes(p->c->hook_base, p->c->hook_base_len);
        p->base_len = p->c->hook_base_len;
    }
    jvmti_class_file_hook_free(&h);
    return err;
}

static void drop_versions(Pending *ps, jint n) {
    for (jint i = 0; i < n; i++) {
        if (ps[i].supertypes && ps[i].n) vm_free(ps[i].n->interfaces);
        cf_free(ps[i].n);
        vm_free(ps[i].base);
    }
    vm_free(ps);
}

/* Room in the heap for the objects that enhanced redefinitions re-lay out, reserved while
 * collections may still run. */
static jvmtiError reserve_room(Thread *t, Pending *ps, jint n, HeapRoom **room) {
    size_t need = 0;
    for (jint i = 0; i < n; i++)
        if (ps[i].reshape && ps[i].enhanced) need += rdf_enhanced_room(t, ps[i].c, ps[i].n);
    if (!need) return JVMTI_ERROR_NONE;
    *room = heap_room_reserve(t, need);
    if (*room) return JVMTI_ERROR_NONE;
    exc_take(t);
    return JVMTI_ERROR_OUT_OF_MEMORY;
}

/* World stopped: no live reference would hold an object of a type it no longer is. */
static bool heap_sound(const Pending *ps, jint n) {
    for (jint i = 0; i < n; i++)
        if (ps[i].supertypes && !rdf_supertypes_sound(ps[i].c, ps[i].n)) return false;
    return true;
}

static bool any_supertypes(const Pending *ps, jint n) {
    for (jint i = 0; i < n; i++)
        if (ps[i].supertypes) return true;
    return false;
}

static jvmtiError check_heap(Thread *t, const Pending *ps, jint n) {
    if (!any_supertypes(ps, n)) return JVMTI_ERROR_NONE;
    safepoint_begin(t);
    bool ok = heap_sound(ps, n);
    safepoint_end(t);
    return ok ? JVMTI_ERROR_NONE : JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED;
}

static jvmtiError install(Thread *t, Pending *ps, jint n, HeapRoom *room) {
    for (jint i = 0; i < n; i++) {
        dbg_clear_class_breakpoints(ps[i].c);
        rdf_prepare(t, ps[i].c);
    }
    safepoint_begin(t);
    if (!heap_sound(ps, n)) {
        safepoint_end(t);
        heap_room_release(t, room);
        drop_versions(ps, n);
        return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED;
    }
    for (jint i = 0; i < n; i++) {
        jvmti_class_code_unloaded(ps[i].c);     /* the old code goes to the old version */
        if (ps[i].enhanced) rdf_swap_enhanced(t, ps[i].c, ps[i].n, ps[i].reshape, room);
        else rdf_swap(ps[i].c, ps[i].n);
        vm_free(ps[i].c->hook_base);
        ps[i].c->hook_base = ps[i].base;
        ps[i].c->hook_base_len = ps[i].base_len;
    }
    safepoint_end(t);
    heap_room_release(t, room);
    vm_free(ps);
    return JVMTI_ERROR_NONE;
}

/* Either every class gets its new version or none does. */
typedef jvmtiError (*VersionFn)(Thread *t, Pending *p, jint i, const void *arg);

static jvmtiError redefine(jint count, VersionFn fn, const void *arg) {
    Thread *t = thread_current();
    int old = thread_block_begin(t);
    pthread_mutex_lock(&redefine_lock);
    thread_block_end(t, old);
    Pending *ps = vm_calloc(count ? (size_t)count : 1, sizeof *ps);
    jvmtiError err = JVMTI_ERROR_NONE;
    jint i = 0;
    for (; i < count && !err; i++) err = fn(t, &ps[i], i, arg);
    HeapRoom *room = NULL;
    if (!err) err = check_heap(t, ps, count);
    if (!err) err = reserve_room(t, ps, count, &room);
    if (err) drop_versions(ps, i);
    else err = install(t, ps, count, room);
    pthread_mutex_unlock(&redefine_lock);
    return err;
}

static jvmtiError class_arg(jclass klass, Class **out) {
    jvmtiError err = jvmti_class_of(klass, out);
    if (err) return err;
    return modifiable(*out) ? JVMTI_ERROR_NONE : JVMTI_ERROR_UNMODIFIABLE_CLASS;
}

static jvmtiError redefine_one(Thread *t, Pending *p, jint i, const void *arg) {
    const jvmtiClassDefinition *d = &((const jvmtiClassDefinition *)arg)[i];
    jvmtiError err = class_arg(d->klass, &p->c);
    if (err) return err;
    if (!d->class_bytes) return JVMTI_ERROR_NULL_POINTER;
    if (d->class_byte_count <= 0) return JVMTI_ERROR_INVALID_CLASS_FORMAT;
    return load_version(t, p, d->class_bytes, (size_t)d->class_byte_count, false);
}

static jvmtiError retransform_one(Thread *t, Pending *p, jint i, const void *arg) {
    jvmtiError err = class_arg(((const jclass *)arg)[i], &p->c);
    if (err) return err;
    Class *c = p->c;
    return c->hook_base ? load_version(t, p, c->hook_base, c->hook_base_len, true)
                        : load_version(t, p, c->classfile, c->classfile_len, true);
}

jvmtiError JNICALL jvmti_RedefineClasses(jvmtiEnv *env, jint class_count, const jvmtiClassDefinition *class_definitions) {
    if (class_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (class_count == 0) return JVMTI_ERROR_NONE;
    if (!class_definitions) return JVMTI_ERROR_NULL_POINTER;
    return redefine(class_count, redefine_one, class_definitions);
}

jvmtiError JNICALL jvmti_RetransformClasses(jvmtiEnv *env, jint class_count, const jclass *classes) {
    if (class_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (class_count == 0) return JVMTI_ERROR_NONE;
    if (!classes) return JVMTI_ERROR_NULL_POINTER;
    return redefine(class_count, retransform_one, classes);
}
