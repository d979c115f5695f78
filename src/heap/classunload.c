/*
 * classunload.c — unloading classes and class loaders, for every tracing collector.
 *
 * The unit.  Classes die together with their defining loader, as in HotSpot's class loader
 * data: a loader's classes can be found again by name through it, so while the loader
 * lives they all live.  The one exception is a hidden class defined without
 * ClassOption.STRONG, by any loader (the boot loader's spun LambdaForms too): it is a unit
 * of its own and dies when it is unreachable, whatever its loader does.  A call site linked
 * to a method of such a class holds its mirror among its caller's roots (callsite.c), since
 * a permanent caller's resolved methods are not followed.  The boot, platform and
 * application loaders are permanent: their other classes are roots as before.  An array
 * class belongs to the unit of its element class.
 *
 * Who finds a unit dead.  A collection whose GCTracer sets unload_classes (a full trace:
 * semispace, mark-sweep, mark-compact, a generational full collection, reference
 * counting's backup trace) arms this file in gc_refs_begin.  Then roots.c leaves out the
 * references held by unloadable classes and loaders (mirror, loader, resolved
 * constant-pool objects, call-site roots, packages' modules), and the trace marks a unit
 * live when it reaches an instance of one of its classes or a mirror (gc_trace_object),
 * or a frame runs one of its methods (roots.c).  A loader's unit is also live when its
 * loader object was reached.  cu_settle, called from gc_refs_process before any reference
 * is cleared, then repeats until nothing changes: each live unit not yet kept has its
 * references kept alive through the tracer (which may reach further units), and marks
 * live the units it refers to outside the heap: its supertypes, the classes, fields' and
 * methods' holders its constant pool resolved, its nest host, and for a loader the
 * classes its dictionary names (classes it initiated).  It runs again after finalizable
 * objects were kept alive, since they may hold the last instance of a class.  What is not
 * live then is dead: no instance, mirror, loader object, frame or live class refers to
 * it.
 *
 * What is done with it (cu_finish, still inside the collector, before weak roots and
 * before a compacting collector updates roots): its classes leave the class list (and
 * with it JVMTI's GetLoadedClasses, heap walks and roots), a dead loader leaves the loader
 * list and the module graph (its unnamed module's entry), an array of a dead hidden class
 * leaves its loader's dictionary, and the package-access cache forgets the classes.  When
 * the collector has returned (cu_release, from heap.c, the world still stopped, dead
 * objects never read again) listeners are told, "unloading class" is logged as HotSpot's
 * -Xlog:class+unload does, the counters of ClassLoadingMXBean move, and the memory goes:
 * prepared code, reference maps, dispatch tables, call-site roots and the parser's arena
 * (constant pool, methods, fields, the class itself).  A class some JNI or JVMTI id may
 * still name (cu_note_ids, or any JVMTI environment) keeps its arena and methods, so a
 * stale jmethodID or jfieldID reads a dead method, never freed memory, and pins its
 * loader's LoaderData; the other dead loaders' LoaderData and module entries are freed
 * (once no live entry reads them and no live package exports to them).
 */
#include "heap/classunload.h"
#include "classfile/loader.h"
#include "classfile/classfile.h"
#include "classfile/module.h"
#include "classfile/resolve.h"
#include "classfile/redefine.h"
#include "interp/prepare.h"
#include "interp/refmap.h"
#include "interp/callsite.h"
#include "runtime/mirror.h"
#include "runtime/security.h"
#include "runtime/exception.h"
#include "runtime/vm.h"
#include "jvmti/jvmti_export.h"

extern Object *vm_system_loader;

bool cu_armed;
static const GCTracer *tracer;

/* ---- units ---- */

static Class *bottom(Class *c) { return class_is_array(c) ? c->element : c; }
static bool is_own_unit(const Class *e) { return __atomic_load_n(&e->cu_own, __ATOMIC_RELAXED) != 0; }
static LoaderData *loader_of(const Class *c) { return c->ld ? c->ld : ld_boot; }

bool cu_loader_is_root(const LoaderData *ld) { return !cu_armed || ld->cu_permanent; }

bool cu_class_is_root(const Class *c) {
    if (!cu_armed) return true;
    Class *e = bottom((Class *)c);
    if (class_is_primitive(e)) return true;
    return !is_own_unit(e) && loader_of(e)->cu_permanent;
}

static bool unit_live(Class *c) {
    Class *e = bottom(c);
    if (class_is_primitive(e)) return true;
    return is_own_unit(e) ? e->cu_live : loader_of(e)->cu_live;
}

void cu_touch_class(Class *c) {
    if (!c) return;
    Class *e = bottom(c);
    if (class_is_primitive(e)) return;
    if (is_own_unit(e)) e->cu_live = 1;
    else if (!loader_of(e)->cu_permanent) loader_of(e)->cu_live = 1;
}

void cu_touch_object_slow(Object *o) {
    Class *k = o->klass;
    cu_touch_class(k);
    if (unlikely(k->flags & CF_MIRROR)) cu_touch_class(mirror_class(o));
    /* a backtrace names methods, whose classes must stay while it can be printed */
    else if (k->depth >= 1 && k->supers && k->supers[1] == VMC(Throwable)) exc_backtrace_classes(o, cu_touch_class);
}

void cu_mark_weak_hidden(Class *c) {
    __atomic_store_n(&c->cu_own, 1, __ATOMIC_RELAXED);
}

/* ---- one collection ---- */

static bool permanent_loader(LoaderData *ld) {
    return ld == ld_boot || !ld->loader || ld->loader == vm_system_loader || ld_is_system_loader(ld->loader);
}

void cu_begin(const GCTracer *tr) {
    cu_armed = false;
    if (!tr->unload_classes || !heap_options()->class_unloading || vm_phase_now() < VM_PHASE_LIVE) return;
    tracer = tr;
    for (LoaderData *ld = ld_all; ld; ld = ld->next) {
        ld->cu_permanent = permanent_loader(ld);
        ld->cu_live = ld->cu_kept = ld->cu_permanent;
    }
    for (Class *c = ld_class_list; c; c = c->next) c->cu_live = c->cu_kept = 0;
    cu_armed = true;
}

/* Marks live the units of the classes c's constant pool resolved. */
static void touch_resolved(Class *c) {
    ConstantPool *cp = &c->cp;
    for (uint16_t i = 1; i < cp->count; i++) {
        void *r = __atomic_load_n(&cp->e[i].resolved, __ATOMIC_ACQUIRE);
        if (!r) continue;
        switch (cp->tags[i]) {
        case JVM_CONSTANT_Class: cu_touch_class(r); break;
        case JVM_CONSTANT_Fieldref: cu_touch_class(((Field *)r)->holder); break;
        case JVM_CONSTANT_Methodref: case JVM_CONSTANT_InterfaceMethodref: cu_touch_class(((Method *)r)->holder); break;
        default: break;
        }
    }
}

/* c's unit is live: its references are kept, the units it refers to are live. */
static void keep_class(Class *c) {
    c->cu_kept = 1;
    gc_visit_class_roots(c, tracer->keep_alive, tracer->ctx);
    cu_touch_class(c->super);
    for (uint16_t i = 0; c->interfaces && i < c->ninterfaces; i++) cu_touch_class(c->interfaces[i]);
    for (uint32_t i = 0; i < c->nitable; i++) cu_touch_class(c->itable[i].iface);
    cu_touch_class(c->nest_host);
    if (class_is_array(c)) cu_touch_class(c->component);
    else touch_resolved(c);
    /* a hidden class of its own unit keeps its loader */
    LoaderData *ld = loader_of(c);
    if (is_own_unit(bottom(c)) && !ld->cu_permanent) ld->cu_live = 1;
}

static void keep_loader(LoaderData *ld) {
    ld->cu_kept = 1;
    gc_visit_loader_roots(ld, tracer->keep_alive, tracer->ctx);
    for (uint32_t i = 0; i < ld->size; i++) {
        Class *c = ld->table[i];
        /* an array of a hidden class of its own is recorded here but lives with it */
        if (c && !is_own_unit(bottom(c))) cu_touch_class(c);
    }
}

/* One pass over loaders and classes; true if anything new was kept. */
static bool settle_pass(void) {
    bool more = false;
    for (LoaderData *ld = ld_all; ld; ld = ld->next) {
        if (ld->cu_kept) continue;
            if (!ld->cu_live && ld->loader && tracer->is_live(ld->loader, tracer->ctx)) ld->cu_live = 1;
        if (ld->cu_live) {
            keep_loader(ld);
            more = true;
        }
    }
    for (Class *c = ld_class_list; c; c = c->next) {
        if (c->cu_kept || cu_class_is_root(c)) continue;
        Class *e = bottom(c);
        if (is_own_unit(e) && !e->cu_live && e->mirror && tracer->is_live(e->mirror, tracer->ctx)) e->cu_live = 1;
        if (unit_live(c)) {
            keep_class(c);
            more = true;
        }
    }
    return more;
}

void cu_settle(void) {
    if (!cu_armed) return;
    while (settle_pass()) tracer->drain(tracer->ctx);
}

/* ---- taking dead classes off the tables ---- */

typedef struct Vec {
    void **v;
    size_t n, cap;
} Vec;

static void vec_push(Vec *vec, void *p) {
    if (vec->n == vec->cap) {
        vec->cap = vec->cap ? vec->cap * 2 : 64;
        vec->v = vm_realloc(vec->v, vec->cap * sizeof *vec->v);
    }
    vec->v[vec->n++] = p;
}

static Vec dead_classes, dead_loaders;

static bool class_dead(Class *c, void *ctx) {
    UNUSED(ctx);
    return !cu_class_is_root(c) && !unit_live(c);
}

static void class_removed(Class *c, void *ctx) {
    UNUSED(ctx);
    vec_push(&dead_classes, c);
    __atomic_store_n(&c->cu_unloaded, 1, __ATOMIC_RELAXED);
    /* an array of a hidden class of its own sits in a loader's dictionary that lives on */
    if (class_is_array(c) && is_own_unit(c->element) && loader_of(c)->cu_live) ld_forget(loader_of(c), c);
    if (!class_is_array(c)) sec_class_unloaded(c);
}

static bool loader_dead(LoaderData *ld, void *ctx) {
    UNUSED(ctx);
    return !ld->cu_permanent && !ld->cu_live;
}

static void loader_removed(LoaderData *ld, void *ctx) {
    UNUSED(ctx);
    vec_push(&dead_loaders, ld);
    ld->cu_dead = true;
    mod_forget_loader(ld);
}

void cu_finish(void) {
    if (!cu_armed) return;
    ld_remove_classes(class_dead, class_removed, NULL);
    ld_remove_loaders(loader_dead, loader_removed, NULL);
    if (dead_loaders.n) sec_class_unloaded(NULL);
    cu_armed = false;
}

/* ---- after the collection ---- */

#define MAX_LISTENERS 8
static ClassUnloadHook listeners[MAX_LISTENERS];
static int nlisteners;
static pthread_mutex_t listeners_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t unloaded_count, unloaded_bytes;

bool cu_add_listener(ClassUnloadHook fn) {
    pthread_mutex_lock(&listeners_lock);
    bool ok = nlisteners < MAX_LISTENERS;
    if (ok) __atomic_store_n(&listeners[nlisteners++], fn, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&listeners_lock);
    return ok;
}

uint64_t cu_unloaded_count(void) { return __atomic_load_n(&unloaded_count, __ATOMIC_RELAXED); }
uint64_t cu_unloaded_bytes(void) { return __atomic_load_n(&unloaded_bytes, __ATOMIC_RELAXED); }

static void free_itable(Class *c) {
    for (uint32_t i = 0; i < c->nitable; i++) vm_free(c->itable[i].methods);
    vm_free(c->itable);
}

static void free_roots(Class *c) {
    for (RootBlock *b = c->roots, *next; b; b = next) {
        next = b->next;
        vm_free(b);
    }
}

/* The memory of a class nothing can name any more. */
static void free_class(Class *c) {
    vm_free(c->supers);
    vm_free(c->vtable);
    free_itable(c);
    vm_free(c->ref_offsets);
    vm_free(c->interfaces);
    free_roots(c);
    if (class_is_array(c)) {
        vm_free(c);
        return;
    }
    vm_free(c->static_ref_offsets);
    vm_free(c->nest_host_error);
    cp_free_class_errors(&c->cp);
    rdf_free_retired(c);
    for (uint16_t i = 0; i < c->nmethods; i++) {
        prep_free(&c->methods[i]);
        refmap_free(&c->methods[i]);
    }
    cf_free(c);
}

static void log_unload(Class *c) {
    char buf[1024];
    vm_log("class,unload", "unloading class %s 0x%016lx", class_external_name(c, buf, sizeof buf),
           (unsigned long)(uintptr_t)c);
}

/* Listeners, log and counters, before any dead class's memory goes (a listener may read
 * a class's supertypes, which may be dead too). */
static void report_class(Class *c) {
    if (class_is_array(c)) return;
    int n = __atomic_load_n(&nlisteners, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) __atomic_load_n(&listeners[i], __ATOMIC_ACQUIRE)(c);
    if (heap_options()->log_class_unload) log_unload(c);
    __atomic_fetch_add(&unloaded_count, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&unloaded_bytes, cf_footprint(c), __ATOMIC_RELAXED);
}

void cu_release(void) {
    bool keep_ids = jvmti_env_exists();
    for (size_t i = 0; i < dead_classes.n; i++) report_class(dead_classes.v[i]);
    for (size_t i = 0; i < dead_classes.n; i++) {
        Class *c = dead_classes.v[i];
        if (!keep_ids && !__atomic_load_n(&c->cu_ids, __ATOMIC_RELAXED)) free_class(c);
        else if (c->ld) c->ld->cu_pinned = true;
    }
    for (size_t i = 0; i < dead_loaders.n; i++) ld_release(dead_loaders.v[i]);
    mod_free_forgotten();
    dead_classes.n = dead_loaders.n = 0;
}
