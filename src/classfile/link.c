/*
 * link.c — linking: field layout, statics, vtables and itables; subtyping; member lookup.
 *
 * Layout.  Instance fields follow the superclass's, largest first (8, 4, 2, 1 bytes) so
 * that alignment wastes little; references are 8 bytes.  Each class keeps the offsets of
 * all its reference fields, inherited ones included, for the collector.  Statics live in
 * the class's mirror after the java.lang.Class instance fields (mirror.h), laid out the
 * same way.  A few JDK classes get hidden fields the VM needs (INJECTED below).
 *
 * Dispatch.  The vtable is the superclass's with overriding entries replaced (JVMS 5.4.5
 * overriding: public/protected, or package-private within the same runtime package) and new
 * virtual methods appended.  Interface methods dispatch through itables: for each interface
 * a class implements (transitively), the selected implementation of each of the interface's
 * methods, found by JVMS 5.4.6 selection (class chain first, then the maximally specific
 * default method).  Interfaces number their methods once (Method.itable_index).
 *
 * Subtyping uses the superclass display (Class.supers, by depth) for classes and a scan of
 * the itable for interfaces.
 */
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "classfile/verify.h"
#include "jvmti/jvmti_export.h"
#include "runtime/vm.h"
#include "runtime/exception.h"

static const InjectedField INJECTED[] = {
    { "java/lang/Class", "klass", "J" },
    { "java/lang/Class", "protection_domain", "Ljava/lang/Object;" },
    { "java/lang/Class", "signers", "Ljava/lang/Object;" },
    { "java/lang/ClassLoader", "loader_data", "J" },
    { "java/lang/invoke/MemberName", "vmindex", "J" },
    { "java/lang/invoke/ResolvedMethodName", "vmtarget", "J" },
    { "java/lang/invoke/ResolvedMethodName", "vmholder", "Ljava/lang/Object;" },
    { "java/lang/Module", "module_entry", "J" },
};

static pthread_mutex_t link_lock;
static pthread_once_t link_once = PTHREAD_ONCE_INIT;

static void link_lock_init(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&link_lock, &a);
    pthread_mutexattr_destroy(&a);
}

static void add_injected_fields(Class *c) {
    int n = 0;
    for (size_t i = 0; i < ARRAY_LEN(INJECTED); i++)
        if (sym_eq_cstr(c->name, INJECTED[i].klass)) n++;
    if (!n) return;
    Field *nf = vm_calloc((size_t)c->nfields + (size_t)n, sizeof(Field));
    if (c->nfields) memcpy(nf, c->fields, c->nfields * sizeof(Field));
    uint16_t k = c->nfields;
    for (size_t i = 0; i < ARRAY_LEN(INJECTED); i++) {
        if (!sym_eq_cstr(c->name, INJECTED[i].klass)) continue;
        Field *f = &nf[k];
        f->holder = c;
        f->name = sym_intern_cstr(INJECTED[i].name);
        f->desc = sym_intern_cstr(INJECTED[i].desc);
        f->access = JVM_ACC_PRIVATE;
        f->type = (uint8_t)bt_from_char(INJECTED[i].desc[0]);
        f->injected = 1;
        f->index = k++;
    }
    c->fields = nf;
    c->nfields = k;
}

/* Places the fields selected by `statics` starting at *offset, largest first; collects
 * the reference offsets into refs/nrefs. */
static void layout_fields(Class *c, bool statics, uint32_t *offset, uint32_t **refs, uint32_t *nrefs) {
    static const int sizes[] = { 8, 4, 2, 1 };
    uint32_t off = *offset;
    for (size_t s = 0; s < ARRAY_LEN(sizes); s++) {
        for (uint16_t i = 0; i < c->nfields; i++) {
            Field *f = &c->fields[i];
            if (field_is_static(f) != statics || bt_size((BasicType)f->type) != sizes[s]) continue;
            off = (uint32_t)ALIGN_UP(off, (uint32_t)sizes[s]);
            f->offset = off;
            off += (uint32_t)sizes[s];
            if (bt_is_ref((BasicType)f->type)) {
                *refs = vm_realloc(*refs, (*nrefs + 1) * sizeof(uint32_t));
                (*refs)[(*nrefs)++] = f->offset;
            }
        }
    }
    *offset = off;
}

static void layout_instance(Class *c) {
    uint32_t off = c->super ? c->super->instance_size : OBJECT_HEADER_SIZE;
    uint32_t *refs = NULL, nrefs = 0;
    if (c->super && c->super->nrefs) {
        nrefs = c->super->nrefs;
        refs = vm_malloc(nrefs * sizeof(uint32_t));
        memcpy(refs, c->super->ref_offsets, nrefs * sizeof(uint32_t));
    }
    layout_fields(c, false, &off, &refs, &nrefs);
    c->instance_size = (uint32_t)ALIGN_UP(off, 8);
    c->ref_offsets = refs;
    c->nrefs = nrefs;
}

static void set_class_flags(Class *c);
static void build_supers(Class *c);

/* Instance layout needs only the superclasses' instance layouts, so it can be done ahead
 * of full linking (statics need java.lang.Class's instance size). */
static void layout_instance_chain(Class *c) {
    if (c->instance_size) return;
    if (c->super) layout_instance_chain(c->super);
    if (!class_is_array(c)) add_injected_fields(c);
    build_supers(c);
    set_class_flags(c);
    layout_instance(c);
}

static bool layout_statics(Thread *t, Class *c) {
    UNUSED(t);
    if (c->mirror_size) return true;        /* done early for the mirror (mirror.c) */
    Class *jlc = VMC(Class);
    if (jlc) layout_instance_chain(jlc);
    uint32_t base = jlc ? jlc->instance_size : OBJECT_HEADER_SIZE;
    uint32_t off = base;
    c->statics_offset = base;
    layout_fields(c, true, &off, &c->static_ref_offsets, &c->nstatic_refs);
    c->mirror_size = (uint32_t)ALIGN_UP(off, 8);
    return true;
}

/* Mirrors are made at load time, before linking, and hold the statics: lay them out now. */
void link_layout_statics_early(Thread *t, Class *c) {
    pthread_once(&link_once, link_lock_init);
    pthread_mutex_lock(&link_lock);
    layout_statics(t, c);
    pthread_mutex_unlock(&link_lock);
}

/* ---- subtyping ---- */

static void build_supers(Class *c) {
    c->depth = c->super ? (uint16_t)(c->super->depth + 1) : 0;
    c->supers = vm_malloc(((size_t)c->depth + 1) * sizeof(Class *));
    if (c->super) memcpy(c->supers, c->super->supers, c->depth * sizeof(Class *));
    c->supers[c->depth] = c;
}

bool class_is_subclass(const Class *sub, const Class *sup) {
    return sup->depth <= sub->depth && sub->supers && sub->supers[sup->depth] == sup;
}

bool class_implements(const Class *c, const Class *iface) {
    if (c == iface) return true;
    for (uint32_t i = 0; i < c->nitable; i++)
        if (c->itable[i].iface == iface) return true;
    return false;
}

bool class_is_assignable(const Class *from, const Class *to) {
    if (from == to) return true;
    if (class_is_array(from)) {
        if (!class_is_array(to)) {
            /* arrays are Objects, Cloneable and Serializable */
            return to == VMC(Object) || to == VMC(Cloneable) || to == VMC(Serializable);
        }
        const Class *fc = from->component, *tc = to->component;
        if (class_is_primitive(fc) || class_is_primitive(tc)) return fc == tc;
        return class_is_assignable(fc, tc);
    }
    if (class_is_primitive(from) || class_is_primitive(to)) return false;
    if (class_is_interface(to)) return class_implements(from, to);
    if (class_is_interface(from)) return to == VMC(Object);
    return class_is_subclass(from, to);
}

/* ---- method and field lookup ---- */

static bool is_sig_poly_holder(const Class *c) {
    return sym_eq_cstr(c->name, "java/lang/invoke/MethodHandle") || sym_eq_cstr(c->name, "java/lang/invoke/VarHandle");
}

static Method *find_in_class_chain(Class *c, Symbol *name, Symbol *desc) {
    for (; c; c = c->super) {
        Method *m = class_find_declared_method(c, name, desc);
        if (m) return m;
        if (is_sig_poly_holder(c)) {
            for (uint16_t i = 0; i < c->nmethods; i++)
                if (c->methods[i].name == name && (c->methods[i].flags & MF_SIG_POLY)) return &c->methods[i];
        }
    }
    return NULL;
}

/* Adds each superinterface of c (transitively) to *list, without duplicates. */
static void collect_interfaces(Class *c, Class ***list, uint32_t *n) {
    for (uint16_t i = 0; i < c->ninterfaces; i++) {
        Class *ic = c->interfaces[i];
        bool seen = false;
        for (uint32_t k = 0; k < *n; k++)
            if ((*list)[k] == ic) seen = true;
        if (!seen) {
            *list = vm_realloc(*list, (*n + 1) * sizeof(Class *));
            (*list)[(*n)++] = ic;
        }
        collect_interfaces(ic, list, n);
    }
}

static void collect_all_interfaces(Class *c, Class ***list, uint32_t *n) {
    for (Class *k = c; k; k = k->super) collect_interfaces(k, list, n);
}

/* The maximally specific superinterface methods of c named name/desc (JVMS 5.4.3.3):
 * prefers a unique non-abstract one; else any candidate. */
static Method *maximally_specific(Class *c, Symbol *name, Symbol *desc, bool want_default) {
    Class **ifs = NULL;
    uint32_t n = 0;
    collect_all_interfaces(c, &ifs, &n);
    Method *found = NULL, *any = NULL;
    int ndefaults = 0;
    for (uint32_t i = 0; i < n; i++) {
        Method *m = class_find_declared_method(ifs[i], name, desc);
        if (!m || method_is_static(m) || method_is_private(m)) continue;
        /* skip if a more specific interface (a subinterface of ifs[i]) also declares it */
        bool shadowed = false;
        for (uint32_t k = 0; k < n && !shadowed; k++) {
            if (k == i) continue;
            Method *m2 = class_find_declared_method(ifs[k], name, desc);
            if (m2 && !method_is_static(m2) && !method_is_private(m2) && class_implements(ifs[k], ifs[i])) shadowed = true;
        }
        if (shadowed) continue;
        if (!any) any = m;
        if (!method_is_abstract(m)) {
            if (!found) found = m;
            ndefaults++;
        }
    }
    vm_free(ifs);
    if (want_default) return ndefaults == 1 ? found : NULL;
    return found ? found : any;
}

Method *link_lookup_method(Class *c, Symbol *name, Symbol *desc) {
    Method *m = find_in_class_chain(c, name, desc);
    if (m) return m;
    return maximally_specific(c, name, desc, false);
}

Method *link_lookup_interface_method(Class *c, Symbol *name, Symbol *desc) {
    Method *m = class_find_declared_method(c, name, desc);
    if (m) return m;
    Method *om = class_find_declared_method(VMC(Object), name, desc);
    if (om && (om->access & JVM_ACC_PUBLIC) && !method_is_static(om)) return om;
    return maximally_specific(c, name, desc, false);
}

Field *link_lookup_field(Class *c, Symbol *name, Symbol *desc) {
    for (; c; c = c->super) {
        Field *f = class_find_declared_field(c, name, desc);
        if (f) return f;
        for (uint16_t i = 0; i < c->ninterfaces; i++) {
            f = link_lookup_field(c->interfaces[i], name, desc);
            if (f) return f;
        }
    }
    return NULL;
}

/* JVMS 5.4.6: the method an invocation of `resolved` on an object of class c selects. */
Method *link_select_method(Class *c, Method *resolved) {
    for (Class *k = c; k; k = k->super) {
        Method *m = class_find_declared_method(k, resolved->name, resolved->desc);
        if (m && !method_is_static(m) && !method_is_private(m)) return m;
    }
    return maximally_specific(c, resolved->name, resolved->desc, true);
}

/* ---- vtables ---- */

static bool can_override(Method *m, Method *sup) {
    if (sup->access & (JVM_ACC_PUBLIC | JVM_ACC_PROTECTED)) return true;
    if (sup->access & JVM_ACC_PRIVATE) return false;
    return class_same_package(m->holder, sup->holder);
}

static bool is_virtual(Method *m) {
    return !method_is_static(m) && !method_is_private(m) && m->name != sym_init && m->name != sym_clinit;
}

static void build_vtable(Class *c) {
    uint32_t n = c->super ? c->super->vtable_len : 0;
    uint32_t cap = n + c->nmethods;
    Method **vt = vm_malloc((cap ? cap : 1) * sizeof(Method *));
    if (n) memcpy(vt, c->super->vtable, n * sizeof(Method *));
    /* an interface keeps Object's vtable: its own methods dispatch through itables */
    for (uint16_t i = 0; i < (class_is_interface(c) ? 0 : c->nmethods); i++) {
        Method *m = &c->methods[i];
        if (!is_virtual(m)) continue;
        bool placed = false;
        for (uint32_t k = 0; k < (c->super ? c->super->vtable_len : 0); k++) {
            Method *s = vt[k];
            if (s->name == m->name && s->desc == m->desc && can_override(m, s)) {
                vt[k] = m;
                if (!placed) m->vtable_index = (int32_t)k;
                placed = true;
            }
        }
        if (!placed) {
            m->vtable_index = (int32_t)n;
            vt[n++] = m;
        }
    }
    c->vtable = vt;
    c->vtable_len = n;
}

/* ---- itables ---- */

static void number_interface_methods(Class *ic) {
    int32_t k = 0;
    for (uint16_t i = 0; i < ic->nmethods; i++) {
        Method *m = &ic->methods[i];
        if (!method_is_static(m) && m->name != sym_clinit && !method_is_private(m)) m->itable_index = k++;
    }
}

static void build_itable(Class *c) {
    Class **ifs = NULL;
    uint32_t n = 0;
    collect_all_interfaces(c, &ifs, &n);
    c->itable = n ? vm_calloc(n, sizeof(ItableEntry)) : NULL;
    c->nitable = n;
    for (uint32_t i = 0; i < n; i++) {
        Class *ic = ifs[i];
        c->itable[i].iface = ic;
        if (class_is_interface(c)) continue;
        c->itable[i].methods = vm_calloc(ic->nmethods ? ic->nmethods : 1, sizeof(Method *));
        for (uint16_t k = 0; k < ic->nmethods; k++) {
            Method *im = &ic->methods[k];
            if (im->itable_index < 0) continue;
            c->itable[i].methods[im->itable_index] = link_select_method(c, im);
        }
    }
    vm_free(ifs);
}

/* ---- flags ---- */

static void set_class_flags(Class *c) {
    if (c->super) c->flags |= c->super->flags & (CF_REF_ANY | CF_HAS_FINALIZER);
    const char *n = c->name->str;
    if (strcmp(n, "java/lang/Class") == 0) c->flags |= CF_MIRROR;
    else if (strcmp(n, "java/lang/ref/SoftReference") == 0) c->flags |= CF_REF_SOFT;
    else if (strcmp(n, "java/lang/ref/WeakReference") == 0) c->flags |= CF_REF_WEAK;
    else if (strcmp(n, "java/lang/ref/FinalReference") == 0) c->flags |= CF_REF_FINAL;
    else if (strcmp(n, "java/lang/ref/PhantomReference") == 0) c->flags |= CF_REF_PHANTOM;
    Method *fin = class_find_declared_method(c, sym_finalize, sym_void_sig);
    if (fin && c->super && !(fin->flags & MF_EMPTY) && !method_is_static(fin)) c->flags |= CF_HAS_FINALIZER;
    if (fin && c->super && (fin->flags & MF_EMPTY)) c->flags &= ~(uint32_t)CF_HAS_FINALIZER;
    /* VM annotations count only in classes of the boot and platform loaders; hidden
     * classes keep the hidden flag the parser gives all their methods */
    if (!ld_is_system_loader(c->loader) && !(c->flags & CF_HIDDEN)) {
        c->flags &= ~(uint32_t)CF_VALUE_BASED;
        for (uint16_t i = 0; i < c->nmethods; i++)
            c->methods[i].flags &= ~(uint32_t)(MF_CALLER_SENSITIVE | MF_HIDDEN | MF_FORCE_INLINE | MF_LF_COMPILED);
    }
}

bool link_class(Thread *t, Class *c) {
    if (class_state(c) >= CS_LINKED) return true;
    pthread_once(&link_once, link_lock_init);
    pthread_mutex_lock(&link_lock);
    bool ok = true;
    if (c->state < CS_LINKED) {
        if (c->super && !link_class(t, c->super)) ok = false;
        for (uint16_t i = 0; ok && i < c->ninterfaces; i++)
            if (!link_class(t, c->interfaces[i])) ok = false;
        if (ok) {
            layout_instance_chain(c);
            ok = class_is_array(c) || layout_statics(t, c);
        }
        if (ok) {
            if (class_is_interface(c)) number_interface_methods(c);
            build_vtable(c);
            build_itable(c);
            Method *fin = c->vtable_len ? link_lookup_method(c, sym_finalize, sym_void_sig) : NULL;
            c->finalizer = fin;
            __atomic_store_n(&c->state, CS_LINKED, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_unlock(&link_lock);
    return ok;
}

/* A redefinition changed c's members (own), those of a supertype or the supertypes
 * themselves: the superclass display, the layout and the dispatch tables are made again,
 * supertypes done first by the caller; world stopped.  The old display and tables are
 * left to whoever still reads them (an old version of the class). */
void link_relink(Class *c, bool own) {
    pthread_once(&link_once, link_lock_init);
    pthread_mutex_lock(&link_lock);
    build_supers(c);
    c->flags &= ~(uint32_t)CF_HAS_FINALIZER;
    set_class_flags(c);
    layout_instance(c);
    if (!own && class_state(c) < CS_LINKED) {      /* linking will build the rest */
        pthread_mutex_unlock(&link_lock);
        return;
    }
    if (own) {
        c->mirror_size = 0;
        c->static_ref_offsets = NULL;
        c->nstatic_refs = 0;
        layout_statics(NULL, c);
        if (class_is_interface(c)) number_interface_methods(c);
    }
    build_vtable(c);
    build_itable(c);
    c->finalizer = c->vtable_len ? link_lookup_method(c, sym_finalize, sym_void_sig) : NULL;
    pthread_mutex_unlock(&link_lock);
}

/* Verification comes after linking proper, outside the link lock (the verifier may load
 * classes through Java code), supertypes first, as HotSpot's link step does it.  That step
 * is the end of JVMTI's "preparation": the class's ClassPrepare event follows it, once,
 * from the thread that got there first (a class loaded and never linked, such as one the
 * verifier loads to check a catch type, has a ClassLoad event and no ClassPrepare yet). */
bool link_verify(Thread *t, Class *c) {
    if (!link_class(t, c)) return false;
    if (vfy_done(c)) return true;
    if (c->super && !link_verify(t, c->super)) return false;
    for (uint16_t i = 0; i < c->ninterfaces; i++)
        if (!link_verify(t, c->interfaces[i])) return false;
    if (!vfy_verify_class(t, c)) return false;
    if (JVMTI_CLASS_EVENTS_ENABLED(t) && !__atomic_exchange_n(&c->prepare_posted, 1, __ATOMIC_ACQ_REL))
        jvmti_class_prepared(t, c);
    return true;
}
