/*
 * enhsound.c — whether an enhanced redefinition that changes a class's supertypes leaves
 * the references in the heap well typed (classfile/enhredef.c does the change).  World
 * stopped; nothing is changed here.
 *
 * A class that loses a supertype T (a superclass or an interface it had and no longer has)
 * makes every reference declared T that holds one of its instances (or a subclass's, or for
 * an interface an implementor's) wrong: code reading such a field or array element as a T
 * would apply T's field offsets and dispatch tables to an object that has others, and could
 * take a number for a reference.  So before anything changes, each field declared with a
 * lost type is looked at (statics in the mirrors, instance fields in a heap walk), and so is
 * each element of an array whose component type is lost: one that holds an object that
 * loses the type refuses the redefinition (UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED).
 * An object keeps an interface it also reaches through another of its declared interfaces.
 *
 * Not looked at: locals and operand stacks of running frames (their static types are not
 * kept at run time), arrays of arrays (a T[][] holding the class's arrays), and method
 * handles or lambdas bound to the old types; code verified against the old hierarchy is
 * not verified again.  Those are the user's risk, as in DCEVM.  A field's type is matched
 * by its descriptor's name, so a class of the same name in another loader refuses too.
 */
#include "classfile/redefine.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/gc.h"
#include "heap/object.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <string.h>

typedef struct Watched {
    Class *holder;                  /* the class declaring the field */
    uint32_t offset;
    Class *type;                    /* the lost type the field is declared with */
} Watched;

typedef struct Sound {
    Class *c;
    Class **old, **now;             /* the types c is before and after */
    uint32_t nold, nnow;
    Class **lost;                   /* old minus now */
    Symbol **lost_desc;             /* their field descriptors (NULL: none interned) */
    uint32_t nlost;
    Watched *w;                     /* instance fields declared with a lost type */
    uint32_t nw;
    bool ok;
} Sound;

static bool in(Class *const *v, uint32_t n, const Class *k) {
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == k) return true;
    return false;
}

static void add(Class ***v, uint32_t *n, Class *k) {
    if (in(*v, *n, k)) return;
    *v = vm_realloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = k;
}

/* k's superclasses (k included) and every interface it implements. */
static void add_types(Class ***v, uint32_t *n, Class *k) {
    if (!k) return;
    for (uint16_t d = 0; k->supers && d <= k->depth; d++) add(v, n, k->supers[d]);
    for (uint32_t i = 0; i < k->nitable; i++) add(v, n, k->itable[i].iface);
    add(v, n, k);
}

static Symbol *descriptor_of(const Class *k) {
    char buf[1024];
    int len = snprintf(buf, sizeof buf, "L%s;", k->name->str);
    return len > 0 && (size_t)len < sizeof buf ? sym_lookup(buf, (size_t)len) : NULL;
}

static void find_lost(Sound *s, Class *n) {
    Class *c = s->c;
    add_types(&s->old, &s->nold, c);
    add_types(&s->now, &s->nnow, n->super);
    for (uint16_t i = 0; i < n->ninterfaces; i++) add_types(&s->now, &s->nnow, n->interfaces[i]);
    add(&s->now, &s->nnow, c);
    for (uint32_t i = 0; i < s->nold; i++)
        if (!in(s->now, s->nnow, s->old[i])) add(&s->lost, &s->nlost, s->old[i]);
    s->lost_desc = vm_calloc(s->nlost ? s->nlost : 1, sizeof *s->lost_desc);
    for (uint32_t i = 0; i < s->nlost; i++) s->lost_desc[i] = descriptor_of(s->lost[i]);
}

/* Whether an object of class k stops being a T: k is the class, below it or (for an
 * interface) an implementor, and reaches T through no declared interface of its own. */
static bool loses(const Sound *s, Class *k, Class *T) {
    Class *c = s->c;
    if (class_is_array(k) || !(class_is_interface(c) ? class_implements(k, c) : class_is_subclass(k, c))) return false;
    if (!class_is_interface(T)) return true;
    for (Class *x = k; x && x != c; x = x->super)
        for (uint16_t i = 0; x->interfaces && i < x->ninterfaces; i++) {
            Class *j = x->interfaces[i];
            if (j != c && !class_implements(j, c) && class_implements(j, T)) return false;
        }
    return true;
}

static void check_value(Sound *s, Object *v, Class *T) {
    if (v && s->ok && loses(s, v->klass, T)) s->ok = false;
}

static Class *lost_type(const Sound *s, const Field *f) {
    for (uint32_t i = 0; i < s->nlost; i++)
        if (s->lost_desc[i] && f->desc == s->lost_desc[i]) return s->lost[i];
    return NULL;
}

/* Statics are read at once; instance fields are noted for the heap walk. */
static void watch_class(Sound *s, Class *h) {
    for (uint16_t i = 0; i < h->nfields; i++) {
        const Field *f = &h->fields[i];
        Class *T = bt_is_ref((BasicType)f->type) ? lost_type(s, f) : NULL;
        if (!T) continue;
        if (!field_is_static(f)) {
            s->w = vm_realloc(s->w, (s->nw + 1) * sizeof *s->w);
            s->w[s->nw++] = (Watched){ h, f->offset, T };
        } else if (h->mirror && h->mirror_size) {
            check_value(s, obj_get_ref(h->mirror, f->offset), T);
        }
    }
}

static void check_object(Object *o, void *ctx) {
    Sound *s = ctx;
    Class *k = o->klass;
    if (!s->ok || (k->flags & CF_MIRROR)) return;
    if (class_is_array(k)) {
        if (!in(s->lost, s->nlost, k->component)) return;
        Object **e = ARRAY_ELEMS(o, Object *);
        for (jint i = 0; i < array_length(o); i++) check_value(s, e[i], k->component);
        return;
    }
    for (uint32_t i = 0; i < s->nw; i++)
        if (class_is_subclass(k, s->w[i].holder)) check_value(s, obj_get_ref(o, s->w[i].offset), s->w[i].type);
}

bool rdf_supertypes_sound(Class *c, Class *n) {
    Sound s = { .c = c, .ok = true };
    find_lost(&s, n);
    if (s.nlost) {
        for (Class *k = ld_class_list; k && s.ok; k = k->next)
            if (!class_is_array(k) && !(k->flags & CF_OLD_VERSION) && class_state(k) >= CS_LINKED) watch_class(&s, k);
        if (s.ok) heap_walk(check_object, &s);
    }
    vm_free(s.old);
    vm_free(s.now);
    vm_free(s.lost);
    vm_free(s.lost_desc);
    vm_free(s.w);
    return s.ok;
}
