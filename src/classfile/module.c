/*
 * module.c — the module graph (module.h) and the module part of class access checks.
 *
 * Entries are made by JVM_DefineModule (named modules), JVM_SetBootLoaderUnnamedModule
 * and on first use for other loaders' unnamed modules; java.lang.Module's natives add
 * reads and exports (jvm_module.c checks their arguments as HotSpot's Modules does).  A
 * class's module is found through its Package: the named module owning the package in
 * the class's defining loader, else that loader's unnamed module.  Classes loaded before
 * java.base is defined belong to java.base, whose packages are then linked to its entry;
 * until then nothing is checked.
 *
 * The rules are those of HotSpot's Reflection::verify_class_access for a public class in
 * another package: same module, or an unnamed target the accessor reads (unnamed and
 * "loose" modules read all unnamed ones); else the accessor must read the target's
 * module (unnamed modules read everything, everyone reads java.base), and the package
 * must be exported: the module is open, or the package is exported unqualified, to all
 * unnamed modules (the accessor being unnamed), or to the accessor's module by name.
 *
 * One mutex guards every mutable part.  It is never held across a point where the
 * collector could run (no Java allocation, no blocking in a safe state), so a thread
 * waiting for it never holds up a collection for long.
 */
#include "classfile/module.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include "heap/handles.h"
#include "classfile/classfile.h"
#include "interp/interp.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include <stdio.h>

static pthread_mutex_t mod_lock = PTHREAD_MUTEX_INITIALIZER;
static ModuleEntry *entries;            /* every entry, under mod_lock */
static ModuleEntry *forgotten;          /* entries of unloaded loaders, not yet freed */
static ModuleEntry *java_base;          /* published with release, once */
static uint32_t entry_off, loader_off, unnamed_off;

ModuleEntry *mod_java_base(void) { return __atomic_load_n(&java_base, __ATOMIC_ACQUIRE); }

void mod_foreach(void (*fn)(ModuleEntry *e, void *ctx), void *ctx) {
    pthread_mutex_lock(&mod_lock);
    for (ModuleEntry *e = entries; e; e = e->next) fn(e, ctx);
    pthread_mutex_unlock(&mod_lock);
}

/* ---- the link between a Module object and its entry ---- */

static jlong *entry_slot(Object *module) {
    uint32_t off = class_field_offset_cached(&entry_off, VMC(Module), "module_entry", "J");
    if (!off) vm_fatal("Module.module_entry not injected");
    return &OBJ_FIELD(module, off, jlong);
}

static ModuleEntry *entry_field(Object *module) {
    return (ModuleEntry *)(intptr_t)__atomic_load_n(entry_slot(module), __ATOMIC_ACQUIRE);
}

/* Under mod_lock.  An unloaded loader's entries leave the list (mod_forget_loader) and are
 * freed once no other entry reads them and no package exports to them (mod_free_forgotten,
 * after the collection that unloaded the loader).  The unnamed module
 * of a loader other than the boot loader is held weakly: its loader holds it, and a
 * strong handle would keep the loader (Module.loader) from being unloaded. */
static ModuleEntry *new_entry(Object *module, Symbol *name, LoaderData *ld, bool is_open) {
    ModuleEntry *e = vm_calloc(1, sizeof *e);
    e->module = !name && ld != ld_boot ? hnd_new_weak(module) : hnd_new_global(module);
    e->name = name;
    e->ld = ld;
    e->is_open = is_open;
    e->reads_all_unnamed = name == NULL;
    e->next = entries;
    entries = e;
    __atomic_store_n(entry_slot(module), (jlong)(intptr_t)e, __ATOMIC_RELEASE);
    return e;
}

void mod_forget_loader(LoaderData *ld) {
    pthread_mutex_lock(&mod_lock);
    for (ModuleEntry **link = &entries; *link;) {
        ModuleEntry *e = *link;
        if (e->ld != ld) {
            link = &e->next;
            continue;
        }
        *link = e->next;
        if ((uintptr_t)e->module & 1) hnd_delete_weak(e->module);
        else hnd_delete_global(e->module);
        e->module = NULL;
        e->forgotten = true;
        e->next = forgotten;
        forgotten = e;
    }
    pthread_mutex_unlock(&mod_lock);
}

static void drop_forgotten(ModuleEntry **l, uint32_t *n) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < *n; i++)
        if (!l[i]->forgotten) l[k++] = l[i];
    *n = k;
}

void mod_free_forgotten(void) {
    pthread_mutex_lock(&mod_lock);
    if (forgotten) {
        for (ModuleEntry *e = entries; e; e = e->next) drop_forgotten(e->reads, &e->nreads);
        for (LoaderData *ld = ld_all; ld; ld = ld->next)
            for (Package *p = ld->packages; p; p = p->next) drop_forgotten(p->qexports, &p->nqexports);
    }
    for (ModuleEntry *e = forgotten, *next; e; e = next) {
        next = e->next;
        vm_free(e->reads);
        vm_free(e);
    }
    forgotten = NULL;
    pthread_mutex_unlock(&mod_lock);
}

/* A loader's unnamed module entry, made from its unnamed Module on first use; NULL while
 * the Module does not exist yet (boot loader before initPhase2).  Under mod_lock. */
static ModuleEntry *unnamed_locked(LoaderData *ld) {
    if (ld->unnamed_entry) return ld->unnamed_entry;
    Object *m;
    if (ld == ld_boot) {
        m = ld_boot->unnamed_module;
    } else {
        uint32_t off = class_field_offset_cached(&unnamed_off, VMC(ClassLoader), "unnamedModule", "Ljava/lang/Module;");
        m = off && ld->loader ? OBJ_FIELD(ld->loader, off, Object *) : NULL;
    }
    if (!m) return NULL;
    ModuleEntry *known = entry_field(m);
    ld->unnamed_entry = known ? known : new_entry(m, NULL, ld, true);
    return ld->unnamed_entry;
}

ModuleEntry *mod_entry_of(Thread *t, Object *module) {
    ModuleEntry *e = entry_field(module);
    if (e) return e;
    uint32_t off = class_field_offset_cached(&loader_off, VMC(Module), "loader", "Ljava/lang/ClassLoader;");
    LoaderData *ld = ld_of(t, OBJ_FIELD(module, off, Object *));
    pthread_mutex_lock(&mod_lock);
    e = unnamed_locked(ld);
    pthread_mutex_unlock(&mod_lock);
    return e;
}

/* c: an instance class or a primitive type; p: its package (ld_package_of). */
static ModuleEntry *class_entry_locked(Class *c, Package *p) {
    if (class_is_primitive(c)) return java_base;
    if (p && p->entry) return p->entry;
    return unnamed_locked(c->ld ? c->ld : ld_boot);
}

static Class *bottom(Class *c) {
    while (class_is_array(c)) c = c->element;
    return c;
}

ModuleEntry *mod_entry_of_class(Thread *t, Class *c) {
    UNUSED(t);
    if (!mod_java_base()) return NULL;
    c = bottom(c);
    Package *p = ld_package_of(c);
    pthread_mutex_lock(&mod_lock);
    ModuleEntry *e = class_entry_locked(c, p);
    pthread_mutex_unlock(&mod_lock);
    return e;
}

/* ---- definitions ---- */

static ModuleEntry *find_named_locked(LoaderData *ld, Symbol *name) {
    for (ModuleEntry *e = entries; e; e = e->next)
        if (e->ld == ld && e->name == name) return e;
    return NULL;
}

/* The loader's packages of these names, made if new; *existing the first that was there
 * before (a class of it defined already, in the unnamed module unless its entry says). */
static Package **packages_of(LoaderData *ld, Symbol **names, int n, Package **existing) {
    Package **ps = vm_calloc(n ? (size_t)n : 1, sizeof *ps);
    if (existing) *existing = NULL;
    for (int i = 0; i < n; i++) {
        Package *old = existing && !*existing ? ld_find_package(ld, names[i], false) : NULL;
        if (old) *existing = old;
        ps[i] = old ? old : ld_find_package(ld, names[i], true);
    }
    return ps;
}

static void external_package(char *out, size_t n, Symbol *pkg) {
    snprintf(out, n, "%s", pkg->str);
    for (char *s = out; *s; s++)
        if (*s == '/') *s = '.';
}

bool mod_define(Thread *t, jobject module, Symbol *name, LoaderData *ld, bool is_open, Symbol **packages, int n) {
    Package *existing;
    Package **ps = packages_of(ld, packages, n, &existing);
    char why[1200] = "";
    pthread_mutex_lock(&mod_lock);
    Package *taken = NULL;
    for (int i = 0; i < n && !taken; i++)
        if (ps[i]->entry) taken = ps[i];
    if (!taken) taken = existing;      /* of the unnamed module: classes of it were defined */
    bool dup = find_named_locked(ld, name) != NULL;
    if (dup) {
        snprintf(why, sizeof why, "Module %s is already defined", name->str);
    } else if (taken && taken->entry && taken->entry->name) {
        snprintf(why, sizeof why, "Package %s for module %s is already in another module, %s, defined to the class loader",
                 taken->name->str, name->str, taken->entry->name->str);
    } else if (taken) {
        snprintf(why, sizeof why, "Package %s for module %s is already in the unnamed module defined to the class loader",
                 taken->name->str, name->str);
    } else {
        Object *m = hnd_get(module);
        ModuleEntry *e = new_entry(m, name, ld, is_open);
        for (int i = 0; i < n; i++) {
            ps[i]->entry = e;
            ps[i]->module = m;
        }
    }
    pthread_mutex_unlock(&mod_lock);
    vm_free(ps);
    if (why[0]) {
        exc_throw(t, VMC_IllegalStateException, "%s", why);
        return false;
    }
    return true;
}

bool mod_define_java_base(Thread *t, jobject module, Symbol **packages, int n) {
    Package **ps = packages_of(ld_boot, packages, n, NULL);
    pthread_mutex_lock(&mod_lock);
    bool dup = java_base != NULL;
    if (!dup) {
        Object *m = hnd_get(module);
        ModuleEntry *e = new_entry(m, sym_intern_cstr("java.base"), ld_boot, false);
        for (int i = 0; i < n; i++) {
            ps[i]->entry = e;
            ps[i]->module = m;
        }
        __atomic_store_n(&java_base, e, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&mod_lock);
    vm_free(ps);
    if (dup) {
        exc_throw(t, VMC_InternalError, "Module java.base is already defined");
        return false;
    }
    return true;
}

void mod_set_boot_unnamed(Thread *t, jobject module) {
    UNUSED(t);
    pthread_mutex_lock(&mod_lock);
    ld_boot->unnamed_module = hnd_get(module);
    if (!ld_boot->unnamed_entry) unnamed_locked(ld_boot);
    pthread_mutex_unlock(&mod_lock);
}

/* ---- reads and exports ---- */

static bool list_has(ModuleEntry **l, uint32_t n, const ModuleEntry *m) {
    for (uint32_t i = 0; i < n; i++)
        if (l[i] == m) return true;
    return false;
}

static void list_add(ModuleEntry ***l, uint32_t *n, uint32_t *cap, ModuleEntry *m) {
    if (list_has(*l, *n, m)) return;
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *l = vm_realloc(*l, *cap * sizeof **l);
    }
    (*l)[(*n)++] = m;
}

void mod_add_read(ModuleEntry *from, ModuleEntry *to) {
    if (!from->name || from == to) return;
    pthread_mutex_lock(&mod_lock);
    if (!to) from->reads_all_unnamed = true;
    else list_add(&from->reads, &from->nreads, &from->reads_cap, to);
    pthread_mutex_unlock(&mod_lock);
}

bool mod_add_export(ModuleEntry *from, Symbol *pkg, ModuleEntry *to, bool all_unnamed) {
    if (!from->name || from->is_open) return true;
    Package *p = ld_find_package(from->ld, pkg, false);
    pthread_mutex_lock(&mod_lock);
    bool found = p && p->entry == from;
    /* exports only widen: unqualified stays unqualified */
    if (found && p->exports != MOD_EXP_UNQUALIFIED) {
        if (all_unnamed) p->exports = MOD_EXP_ALL_UNNAMED;
        else if (!to) p->exports = MOD_EXP_UNQUALIFIED;
        else if (to != from) list_add(&p->qexports, &p->nqexports, &p->qexports_cap, to);
    }
    pthread_mutex_unlock(&mod_lock);
    return found;
}

/* ---- the access check ---- */

/* The boot loader's unnamed module, or the application loader's. */
static bool default_read_target(const ModuleEntry *to) {
    return !to->name && to->ld && (to->ld == ld_boot || (to->ld->cu_permanent && !ld_is_platform_loader(to->ld->loader)));
}

static bool can_read_locked(const ModuleEntry *from, const ModuleEntry *to) {
    if (!from->name || to == java_base || list_has(from->reads, from->nreads, to)) return true;
    return __atomic_load_n(&from->default_reads, __ATOMIC_ACQUIRE) && default_read_target(to);
}

static bool exported_to_locked(const Package *p, const ModuleEntry *m) {
    if (p->exports == MOD_EXP_ALL_UNNAMED && !m->name) return true;
    return list_has(p->qexports, p->nqexports, m);
}

ModAccess mod_check_access(Thread *t, Class *from, Class *to) {
    UNUSED(t);
    if (!mod_java_base()) return MOD_ACCESS_OK;
    from = bottom(from);
    to = bottom(to);
    Package *pf = ld_package_of(from), *pt = ld_package_of(to);
    ModAccess r = MOD_ACCESS_OK;
    pthread_mutex_lock(&mod_lock);
    ModuleEntry *mf = class_entry_locked(from, pf), *mt = class_entry_locked(to, pt);
    if (!mf || !mt || mf == mt) goto out;
    if (!mt->name && (mf->reads_all_unnamed || can_read_locked(mf, mt))) goto out;
    if (!can_read_locked(mf, mt)) {
        r = MOD_NOT_READABLE;
        goto out;
    }
    if (mt->is_open || !pt || pt->exports == MOD_EXP_UNQUALIFIED) goto out;
    if (!exported_to_locked(pt, mf)) r = MOD_NOT_EXPORTED;
out:
    pthread_mutex_unlock(&mod_lock);
    return r;
}

/* "module m" / "unnamed module @0x1b6d3586" (the Module's identity hash, as HotSpot). */
static void describe(Thread *t, char *out, size_t n, ModuleEntry *m) {
    if (m->name) snprintf(out, n, "module %s", m->name->str);
    else snprintf(out, n, "unnamed module @0x%x", (unsigned)mon_identity_hash(t, hnd_get(m->module)));
}

void mod_access_message(Thread *t, char *buf, size_t n, Class *from, Class *to, ModAccess r) {
    from = bottom(from);
    to = bottom(to);
    ModuleEntry *mf = mod_entry_of_class(t, from), *mt = mod_entry_of_class(t, to);
    char a[512], b[512], df[300], dt[300], pkg[512];
    class_external_name(from, a, sizeof a);
    class_external_name(to, b, sizeof b);
    describe(t, df, sizeof df, mf);
    describe(t, dt, sizeof dt, mt);
    if (r == MOD_NOT_READABLE) {
        snprintf(buf, n, "class %s (in %s) cannot access class %s (in %s) because %s does not read %s", a, df, b, dt, df, dt);
    } else {
        Package *p = ld_package_of(to);
        external_package(pkg, sizeof pkg, p->name);
        snprintf(buf, n, "class %s (in %s) cannot access class %s (in %s) because %s does not export %s to %s", a, df, b, dt,
                 dt, pkg, df);
    }
}

/* ---- modules whose classes agents changed ---- */

static void call_transformed_by_agent(Thread *t, ModuleEntry *e) {
    Class *k = ld_load(t, sym_intern_cstr("jdk/internal/module/Modules"), NULL, false);
    Method *m = k && class_init(t, k) ? class_find_declared_method(k, sym_intern_cstr("transformedByAgent"),
                                                                    sym_intern_cstr("(Ljava/lang/Module;)V"))
                                     : NULL;
    Slot arg = { .l = hnd_get(e->module) }, r;
    if (m) interp_call(t, m, &arg, &r);
    if (exc_pending(t)) exc_take(t);        /* as HotSpot: the VM's edges hold all the same */
}

void mod_transformed_by_agent(Thread *t, Class *c) {
    if (!c || !mod_java_base()) return;
    pthread_mutex_lock(&mod_lock);
    ModuleEntry *e = class_entry_locked(bottom(c), ld_package_of(bottom(c)));
    bool first = e && e->name && !e->default_reads;
    if (first) __atomic_store_n(&e->default_reads, true, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&mod_lock);
    if (first && vm_phase_now() == VM_PHASE_LIVE) call_transformed_by_agent(t, e);
}
