/*
 * roots.c — enumerating roots and object references for every collector.
 *
 * Roots, each visited exactly once per collection:
 *   - VM globals registered with gc_register_root (preallocated exceptions, thread groups);
 *   - per thread: the java.lang.Thread, the pending exception, scratch result, every
 *     interpreter frame (locals and operand stack through the method's reference maps,
 *     the synchronized-method lock), and local handles (JNI locals and VM handles);
 *   - JNI global references;
 *   - per class: mirror (statics are inside it), defining loader, resolved constant-pool
 *     objects and recorded resolution errors;
 *   - per loader: the loader object, unnamed module, package modules.
 * In a collection that unloads classes, the last two only for the classes and loaders that
 * cannot be unloaded; classunload.c keeps the others' references alive once it finds
 * them live, and every frame's method marks its class live.
 * Weak roots (weak global references, which have phantom strength, and the string intern
 * table, whose strings live only while something else holds them) and monitors' back
 * pointers are processed after marking/copying and reference processing (refproc.c),
 * through gc_process_weak_roots and mon_sweep.
 */
#include "heap/gc.h"
#include "heap/handles.h"
#include "heap/classunload.h"
#include "classfile/loader.h"
#include "classfile/classfile.h"
#include "interp/frame.h"
#include "interp/refmap.h"
#include "interp/callsite.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"

#define MAX_VM_ROOTS 256
static Object **vm_roots[MAX_VM_ROOTS];
static int nvm_roots;

void gc_register_root(Object **slot) {
    if (nvm_roots == MAX_VM_ROOTS) vm_fatal("too many VM roots");
    vm_roots[nvm_roots++] = slot;
}

/* Roots are enumerated once, with their kinds (gc_visit_roots_kinds, for heap walks that
 * report them: JVMTI's FollowReferences); gc_visit_roots, what the collectors use, is the
 * same enumeration with the kinds dropped. */
typedef struct RootWalk {
    RootVisitor v;
    void *ctx;
    GCRootInfo info;            /* of the slots being visited now */
} RootWalk;

static inline void visit(Object **slot, RootWalk *w) {
    if (*slot) w->v(slot, &w->info, w->ctx);
}

static void visit_as(Object **slot, GCRootKind kind, RootWalk *w) {
    w->info.kind = kind;
    visit(slot, w);
}

/* A native frame's arguments, typed by the method's descriptor. */
static void visit_native_args(Frame *f, RootWalk *w) {
    Method *m = f->method;
    Slot *a = f->locals;
    int k = 0;
    if (!a) return;
    w->info.kind = GCR_JNI_LOCAL;
    if (!method_is_static(m)) visit(&a[k++].l, w);
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p)) {
        if (*p == 'L' || *p == '[') visit(&a[k].l, w);
        k += (*p == 'J' || *p == 'D') ? 2 : 1;
    }
}

static void visit_frame(Frame *f, RootWalk *w) {
    w->info.frame = f;
    w->info.slot = -1;
    visit_as(&f->lock, GCR_MONITOR, w);
    if (f->flags & FR_NATIVE) {
        visit_native_args(f, w);
        return;
    }
    Method *m = f->method;
    int bci = frame_bci(f);
    const uint8_t *map = refmap_at(m, bci);
    if (!map) vm_fatal("no reference map for %s.%s%s at bci %d", m->holder->name->str, m->name->str, m->desc->str, bci);
    w->info.kind = GCR_STACK_LOCAL;
    for (int i = 0; i < m->max_locals; i++) {
        w->info.slot = i;
        if (refmap_bit(map, i)) visit(&f->locals[i].l, w);
    }
    w->info.slot = -1;
    Slot *stack = frame_stack(f);
    int depth = (int)(f->sp - stack);
    if (depth > m->max_stack) vm_fatal("frame of %s.%s has stack depth %d > max %d", m->holder->name->str, m->name->str, depth, m->max_stack);
    /* operand stack entries count on from the locals, as HotSpot numbers them */
    for (int i = 0; i < depth; i++) {
        w->info.slot = m->max_locals + i;
        if (refmap_bit(map, m->max_locals + i)) visit(&stack[i].l, w);
    }
    w->info.slot = -1;
}

static void visit_local_handle(Object **slot, void *ctx) { visit(slot, ctx); }

/* The innermost native frame: the one JNI local references belong to (NULL: none). */
static Frame *native_frame(Thread *t, int *depth) {
    *depth = 0;
    for (Frame *f = t->top; f; f = f->prev, ++*depth)
        if (f->flags & FR_NATIVE) return f;
    *depth = -1;
    return NULL;
}

static void visit_thread(Thread *t, RootWalk *w) {
    w->info = (GCRootInfo){ GCR_THREAD, t, NULL, -1, -1 };
    visit(&t->jthread, w);
    visit_as(&t->exception, GCR_OTHER, w);
    visit_as(&t->vm_result, GCR_OTHER, w);
    visit_as(&t->async_exception, GCR_OTHER, w);
    w->info.depth = 0;
    for (Frame *f = t->top; f; f = f->prev, w->info.depth++) {
        if (unlikely(cu_armed)) cu_touch_class(f->method->holder);
        visit_frame(f, w);
    }
    w->info = (GCRootInfo){ GCR_JNI_LOCAL, t, NULL, -1, -1 };
    w->info.frame = native_frame(t, &w->info.depth);
    hnd_visit_locals(t, visit_local_handle, w);
}

static void visit_class_version(Class *c, RootWalk *w) {
    visit_as(&c->mirror, c->loader ? GCR_OTHER : GCR_SYSTEM_CLASS, w);
    w->info.kind = GCR_OTHER;
    visit(&c->loader, w);
    visit(&c->init_error, w);
    for (RootBlock *b = c->roots; b; b = b->next)
        for (uint32_t i = 0; i < b->used; i++) visit(&b->slots[i], w);
    for (uint16_t i = 0; i < c->cp.nobjs; i++) {
        if (c->cp.objs) visit(&c->cp.objs[i], w);
        if (c->cp.errors) visit(&c->cp.errors[i], w);
    }
}

/* A class and a redefined class's earlier versions, which its obsolete methods still run
 * on: each once (the chain grows by one per redefinition). */
static void visit_class(Class *c, RootWalk *w) {
    for (Class *v = c; v; v = v->previous) visit_class_version(v, w);
}

static void visit_loader(LoaderData *ld, RootWalk *w) {
    visit(&ld->loader, w);
    visit(&ld->unnamed_module, w);
    for (Package *p = ld->packages; p; p = p->next) visit(&p->module, w);
}

void gc_visit_roots_kinds(RootVisitor v, void *ctx) {
    RootWalk w = { v, ctx, { GCR_OTHER, NULL, NULL, -1, -1 } };
    for (int i = 0; i < nvm_roots; i++) visit(vm_roots[i], &w);
    for (Thread *t = thread_list; t; t = t->next) visit_thread(t, &w);
    w.info = (GCRootInfo){ GCR_JNI_GLOBAL, NULL, NULL, -1, -1 };
    hnd_visit_globals(visit_local_handle, &w);
    for (Class *c = ld_class_list; c; c = c->next)
        if (cu_class_is_root(c)) visit_class(c, &w);
    w.info.kind = GCR_SYSTEM_CLASS;
    for (int i = 0; i <= T_VOID; i++)
        if (vm_primitive[i]) visit(&vm_primitive[i]->mirror, &w);
    w.info.kind = GCR_OTHER;
    for (LoaderData *ld = ld_all; ld; ld = ld->next)
        if (cu_loader_is_root(ld)) visit_loader(ld, &w);
}

typedef struct PlainWalk {
    SlotVisitor v;
    void *ctx;
} PlainWalk;

static void drop_kind(Object **slot, const GCRootInfo *info, void *ctx) {
    UNUSED(info);
    PlainWalk *p = ctx;
    p->v(slot, p->ctx);
}

void gc_visit_roots(SlotVisitor v, void *ctx) {
    PlainWalk p = { v, ctx };
    gc_visit_roots_kinds(drop_kind, &p);
}

void gc_visit_class_roots(Class *c, SlotVisitor v, void *ctx) {
    PlainWalk p = { v, ctx };
    RootWalk w = { drop_kind, &p, { GCR_OTHER, NULL, NULL, -1, -1 } };
    visit_class(c, &w);
}

void gc_visit_loader_roots(LoaderData *ld, SlotVisitor v, void *ctx) {
    PlainWalk p = { v, ctx };
    RootWalk w = { drop_kind, &p, { GCR_OTHER, NULL, NULL, -1, -1 } };
    visit_loader(ld, &w);
}

void gc_visit_object(Object *o, SlotVisitor v, void *ctx) {
    Class *k = o->klass;
    if (k->flags & CF_ARRAY) {
        if (!bt_is_ref(k->elem_type)) return;
        Object **e = ARRAY_ELEMS(o, Object *);
        for (jint i = 0, n = array_length(o); i < n; i++)
            if (e[i]) v(&e[i], ctx);
        return;
    }
    for (uint32_t i = 0; i < k->nrefs; i++) {
        Object **slot = &OBJ_FIELD(o, k->ref_offsets[i], Object *);
        if (*slot) v(slot, ctx);
    }
    if (unlikely(k->flags & CF_MIRROR)) {
        Class *c = mirror_class(o);
        if (!c) return;
        for (uint32_t i = 0; i < c->nstatic_refs; i++) {
            Object **slot = &OBJ_FIELD(o, c->static_ref_offsets[i], Object *);
            if (*slot) v(slot, ctx);
        }
    }
}

void gc_process_weak_roots(bool (*is_live)(Object *o, void *ctx), SlotVisitor v, void *ctx) {
    hnd_process_weaks(is_live, v, ctx);
    jstr_process_interned(is_live, v, ctx);
    mon_sweep(is_live, v, ctx);
}

void gc_after_move(void) { jstr_after_gc(); }
