/*
 * jvmti_heap_walk.c — the engine under JVMTI's heap functions: the walk over every object
 * (IterateThroughHeap, IterateOverHeap, IterateOverInstancesOfClass) and the traversal of
 * the reference graph (FollowReferences, IterateOverReachableObjects,
 * IterateOverObjectsReachableFromObject).
 *
 * Both run with the world stopped by the calling thread, so addresses are stable: the
 * tags are indexed by address for the walk (jvmti_tag.c), visited objects are marked in
 * bitmaps by address, and the callbacks run right there, as the spec requires (they may not call
 * JNI, and JVMTI only for the few functions it lists).
 *
 * The traversal follows HotSpot's: roots first, each reported with its kind
 * (gc_visit_roots_kinds says which kind of root every slot is), then depth first from a
 * stack; an object is marked visited when it is popped, so each object's references are
 * reported once, but every reference to it is.  What an object refers to, in order:
 *   instance   its class, then its fields (HotSpot's field indices: the fields of every
 *              interface C implements first, then those of java.lang.Object ... C)
 *   array      its class, then each non-null element (with its index)
 *   class      superclass (not java.lang.Object), loader, protection domain, signers,
 *              resolved constant-pool classes and strings (with their CP index), direct
 *              interfaces, static fields
 * The primitive values (fields, array contents, strings) are reported to their callbacks
 * while the holding object is visited.  How a report reaches the agent is the mode's
 * business (HeapWalkMode): the JVMTI 1.1 callbacks with the heap filter and class filter,
 * or the JVMTI 1.0 ones (jvmti_heap10.c).
 */
#include "jvmti/jvmti_heap_walk.h"
#include "heap/gc.h"
#include "classfile/class.h"
#include "interp/frame.h"
#include "runtime/mirror.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include "runtime/jthread.h"
#include "runtime/vm.h"
#include <stdlib.h>

/* ---- visited set and stack (addresses: the world is stopped) ----
 * A mark bitmap per megabyte of address space that holds objects (one bit per 8-byte
 * word), found through a small open-addressed table of regions: the heap's objects sit in
 * few regions, and neighbours share cache lines, where a hash set of addresses misses the
 * cache on nearly every lookup. */

enum { REGION_SHIFT = 20, REGION_WORDS = (1 << REGION_SHIFT) / 8 / 64 };

static size_t region_home(const HeapWalk *w, uintptr_t key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 32)) & w->regions_mask;
}

static void regions_grow(HeapWalk *w);

/* The bitmap of o's region (made when `create`), or NULL. */
static uint64_t *region_bits(HeapWalk *w, Object *o, bool create) {
    uintptr_t key = (uintptr_t)o >> REGION_SHIFT;
    if (key == w->last_key && w->last_bits) return w->last_bits;
    size_t i = region_home(w, key);
    while (w->regions[i].bits && w->regions[i].key != key) i = (i + 1) & w->regions_mask;
    if (!w->regions[i].bits) {
        if (!create) return NULL;
        if ((w->nregions + 1) * 2 > w->regions_mask) {
            regions_grow(w);
            return region_bits(w, o, create);
        }
        w->regions[i] = (HeapWalkRegion){ key, calloc(REGION_WORDS, sizeof(uint64_t)) };
        w->nregions++;
    }
    w->last_key = key;
    return w->last_bits = w->regions[i].bits;
}

static void regions_grow(HeapWalk *w) {
    HeapWalkRegion *old = w->regions;
    size_t n = old ? w->regions_mask + 1 : 0;
    w->regions_mask = n ? n * 2 - 1 : 63;
    w->regions = calloc(w->regions_mask + 1, sizeof *w->regions);
    w->last_bits = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!old[i].bits) continue;
        size_t j = region_home(w, old[i].key);
        while (w->regions[j].bits) j = (j + 1) & w->regions_mask;
        w->regions[j] = old[i];
    }
    free(old);
}

static inline size_t bit_of(Object *o) { return ((uintptr_t)o & ((1u << REGION_SHIFT) - 1)) >> 3; }

/* Adds o; false if it was there already. */
static bool set_add(HeapWalk *w, Object *o) {
    uint64_t *bits = region_bits(w, o, true), b = bit_of(o), m = UINT64_C(1) << (b & 63);
    if (bits[b >> 6] & m) return false;
    bits[b >> 6] |= m;
    return true;
}

static bool set_has(HeapWalk *w, Object *o) {
    uint64_t *bits = region_bits(w, o, false), b = bit_of(o);
    return bits && (bits[b >> 6] >> (b & 63) & 1);
}

static void push(HeapWalk *w, Object *o) {
    if (set_has(w, o)) return;
    if (w->nstack == w->stack_cap) {
        w->stack_cap = w->stack_cap ? w->stack_cap * 2 : 1024;
        w->stack = realloc(w->stack, w->stack_cap * sizeof *w->stack);
    }
    w->stack[w->nstack++] = o;
}

/* ---- what the agent sees of objects ---- */

jlong hw_tag(const HeapWalk *w, Object *o) { return jvmti_tag_walk_get(w->tags, o); }
jint hw_length(Object *o) { return (o->klass->flags & CF_ARRAY) ? array_length(o) : -1; }

static size_t class_slot(const Class *c) { return ((uintptr_t)c * 0x9E3779B97F4A7C15ull) >> (64 - HW_CLASS_TAG_BITS); }

jlong hw_class_tag(HeapWalk *w, Object *o) {
    if (!o) return 0;
    Class *c = o->klass;
    size_t i = class_slot(c);
    if (w->class_tags[i].klass != c) {
        w->class_tags[i].klass = c;
        w->class_tags[i].tag = hw_tag(w, c->mirror);
    }
    return w->class_tags[i].tag;
}

void hw_retag(HeapWalk *w, Object *o, jlong before, jlong after) {
    if (after == before) return;
    jvmti_tag_walk_set(w->tags, o, after);
    if (o->klass->flags & CF_MIRROR) memset(w->class_tags, 0, sizeof w->class_tags);
}

/* The class a mirror stands for (NULL for other objects and primitive types' mirrors). */
static Class *class_of_mirror(Object *o) {
    if (!(o->klass->flags & CF_MIRROR)) return NULL;
    Class *c = mirror_class(o);
    return c && !class_is_primitive(c) ? c : NULL;
}

/* ---- field indices (the spec's numbering, which HotSpot follows) ---- */

static jint own_field_count(const Class *c) {
    jint n = 0;
    for (uint16_t i = 0; i < c->nfields; i++) n += !c->fields[i].injected;
    return n;
}

/* Adds c's superinterfaces (transitively) to seen[] once each. */
static void collect_interfaces(Class *c, Class **seen, int *n, int max) {
    for (uint16_t i = 0; i < c->ninterfaces && c->interfaces; i++) {
        Class *x = c->interfaces[i];
        bool dup = false;
        for (int k = 0; k < *n && !dup; k++) dup = seen[k] == x;
        if (dup || *n == max) continue;
        seen[(*n)++] = x;
        collect_interfaces(x, seen, n, max);
    }
}

/* The count of the fields of every interface c implements (or, for an interface, of its
 * superinterfaces): where c's own numbering starts. */
static jint interface_fields(Class *c) {
    Class *seen[256];
    int n = 0;
    if (class_is_interface(c)) collect_interfaces(c, seen, &n, 256);
    else
        for (Class *k = c; k; k = k->super) collect_interfaces(k, seen, &n, 256);
    jint count = 0;
    for (int i = 0; i < n; i++) count += own_field_count(seen[i]);
    return count;
}

/* The index of the first field of `holder` (c or one of its superclasses) in c's numbering. */
static jint first_index(Class *c, Class *holder) {
    jint n = interface_fields(c);
    if (class_is_interface(c)) return n;
    for (uint16_t d = 0; d < c->depth + 1u && c->supers[d] != holder; d++) n += own_field_count(c->supers[d]);
    return n;
}

/* ---- primitive values ---- */

static jvalue field_value(Object *o, const Field *f) {
    jvalue v;
    v.j = 0;
    switch (f->type) {
    case T_BOOLEAN: v.z = OBJ_FIELD(o, f->offset, jboolean); break;
    case T_BYTE: v.b = OBJ_FIELD(o, f->offset, jbyte); break;
    case T_CHAR: v.c = OBJ_FIELD(o, f->offset, jchar); break;
    case T_SHORT: v.s = OBJ_FIELD(o, f->offset, jshort); break;
    case T_INT: v.i = OBJ_FIELD(o, f->offset, jint); break;
    case T_FLOAT: v.f = OBJ_FIELD(o, f->offset, jfloat); break;
    case T_LONG: v.j = OBJ_FIELD(o, f->offset, jlong); break;
    case T_DOUBLE: v.d = OBJ_FIELD(o, f->offset, jdouble); break;
    }
    return v;
}

/* jvmtiPrimitiveType of a BasicType (its signature character). */
static jvmtiPrimitiveType prim_type(int bt) {
    static const char sig[T_LONG + 1] = { [T_BOOLEAN] = 'Z', [T_CHAR] = 'C', [T_FLOAT] = 'F', [T_DOUBLE] = 'D',
                                          [T_BYTE] = 'B', [T_SHORT] = 'S', [T_INT] = 'I', [T_LONG] = 'J' };
    return (jvmtiPrimitiveType)sig[bt];
}

/* ---- one object's references ---- */

/* Reports one reference and pushes the referee when the mode says to visit it. */
static bool ref(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *from, Object *to) {
    if (!to || w->aborted) return !w->aborted;
    jint r = w->mode->reference(w, kind, info, from, to);
    if (r & JVMTI_VISIT_ABORT) w->aborted = true;
    else if (r & JVMTI_VISIT_OBJECTS) push(w, to);
    return !w->aborted;
}

static bool indexed_ref(HeapWalk *w, jvmtiHeapReferenceKind kind, jint index, Object *from, Object *to) {
    jvmtiHeapReferenceInfo info;
    memset(&info, 0, sizeof info);
    info.field.index = index;           /* array and constant_pool share the layout */
    return ref(w, kind, &info, from, to);
}

static void primitive_field(HeapWalk *w, jvmtiHeapReferenceKind kind, jint index, Object *o, const Field *f) {
    if (!w->mode->primitive_field || w->aborted) return;
    jvmtiHeapReferenceInfo info;
    memset(&info, 0, sizeof info);
    info.field.index = index;
    if (w->mode->primitive_field(w, kind, &info, o, field_value(o, f), prim_type(f->type)) & JVMTI_VISIT_ABORT)
        w->aborted = true;
}

/* The fields of class `holder` in o with the given staticness, numbered from `base`. */
static void fields_of(HeapWalk *w, Object *o, Class *holder, bool statics, jint base) {
    jint index = base;
    for (uint16_t i = 0; i < holder->nfields && !w->aborted; i++) {
        const Field *f = &holder->fields[i];
        if (f->injected) continue;
        jint my = index++;
        if (((f->access & JVM_ACC_STATIC) != 0) != statics) continue;
        jvmtiHeapReferenceKind kind = statics ? JVMTI_HEAP_REFERENCE_STATIC_FIELD : JVMTI_HEAP_REFERENCE_FIELD;
        if (bt_is_ref(f->type)) indexed_ref(w, kind, my, o, OBJ_FIELD(o, f->offset, Object *));
        else primitive_field(w, kind, my, o, f);
    }
}

static void visit_string(HeapWalk *w, Object *o) {
    if (!w->mode->string_value || o->klass != VMC(String) || w->aborted) return;
    jint len = jstr_length(o);
    jchar *chars = malloc((size_t)(len ? len : 1) * sizeof(jchar));
    jstr_get_region(o, 0, len, chars);
    if (w->mode->string_value(w, o, chars, len) & JVMTI_VISIT_ABORT) w->aborted = true;
    free(chars);
}

static void visit_instance(HeapWalk *w, Object *o) {
    Class *c = o->klass;
    if (!ref(w, JVMTI_HEAP_REFERENCE_CLASS, NULL, o, c->mirror)) return;
    jint base = interface_fields(c);
    for (uint16_t d = 0; d <= c->depth && !w->aborted; d++) {
        fields_of(w, o, c->supers[d], false, base);
        base += own_field_count(c->supers[d]);
    }
    visit_string(w, o);
}

static void visit_array(HeapWalk *w, Object *o) {
    Class *c = o->klass;
    if (!ref(w, JVMTI_HEAP_REFERENCE_CLASS, NULL, o, c->mirror)) return;
    if (!bt_is_ref(c->elem_type)) {
        if (w->mode->array_values && !w->aborted &&
            (w->mode->array_values(w, o, array_length(o), prim_type(c->elem_type), array_data(o)) & JVMTI_VISIT_ABORT))
            w->aborted = true;
        return;
    }
    Object **e = ARRAY_ELEMS(o, Object *);
    for (jint i = 0, n = array_length(o); i < n && !w->aborted; i++) indexed_ref(w, JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT, i, o, e[i]);
}

/* The resolved classes and strings of c's constant pool, with their indices. */
static void visit_constant_pool(HeapWalk *w, Object *mirror, Class *c) {
    const ConstantPool *cp = &c->cp;
    for (uint16_t i = 1; i < cp->count && !w->aborted; i++) {
        Object *entry = NULL;
        if (cp->tags[i] == JVM_CONSTANT_String && cp->objs) entry = cp->objs[cp->e[i].obj];
        if (cp->tags[i] == JVM_CONSTANT_Class) {
            Class *k = __atomic_load_n((Class **)&cp->e[i].resolved, __ATOMIC_ACQUIRE);
            entry = k ? k->mirror : NULL;
        }
        if (entry) indexed_ref(w, JVMTI_HEAP_REFERENCE_CONSTANT_POOL, i, mirror, entry);
    }
}

static void visit_class(HeapWalk *w, Object *mirror, Class *c) {
    if (c->super && c->super != VMC(Object) && !ref(w, JVMTI_HEAP_REFERENCE_SUPERCLASS, NULL, mirror, c->super->mirror)) return;
    if (!ref(w, JVMTI_HEAP_REFERENCE_CLASS_LOADER, NULL, mirror, c->loader)) return;
    if (!ref(w, JVMTI_HEAP_REFERENCE_PROTECTION_DOMAIN, NULL, mirror, OBJ_FIELD(mirror, mirror_pd_off, Object *))) return;
    if (!ref(w, JVMTI_HEAP_REFERENCE_SIGNERS, NULL, mirror, OBJ_FIELD(mirror, mirror_signers_off, Object *))) return;
    visit_constant_pool(w, mirror, c);
    for (uint16_t i = 0; i < c->ninterfaces && c->interfaces && !w->aborted; i++)
        ref(w, JVMTI_HEAP_REFERENCE_INTERFACE, NULL, mirror, c->interfaces[i]->mirror);
    fields_of(w, mirror, c, true, first_index(c, c));
}

/* Reports everything o refers to (o is being visited). */
static void visit_object(HeapWalk *w, Object *o) {
    if (o->klass->flags & CF_MIRROR) {
        /* (a class still being loaded has no layout yet: HotSpot skips it too) */
        Class *c = class_of_mirror(o);
        if (c && !class_is_array(c) && class_state(c) >= CS_LINKED && c->supers) visit_class(w, o, c);
    } else if (o->klass->flags & CF_ARRAY) {
        visit_array(w, o);
    } else {
        visit_instance(w, o);
    }
}

/* ---- roots ---- */

static const jvmtiHeapReferenceKind root_kind[] = {
    [GCR_OTHER] = JVMTI_HEAP_REFERENCE_OTHER, [GCR_JNI_GLOBAL] = JVMTI_HEAP_REFERENCE_JNI_GLOBAL,
    [GCR_SYSTEM_CLASS] = JVMTI_HEAP_REFERENCE_SYSTEM_CLASS, [GCR_MONITOR] = JVMTI_HEAP_REFERENCE_MONITOR,
    [GCR_STACK_LOCAL] = JVMTI_HEAP_REFERENCE_STACK_LOCAL, [GCR_JNI_LOCAL] = JVMTI_HEAP_REFERENCE_JNI_LOCAL,
    [GCR_THREAD] = JVMTI_HEAP_REFERENCE_THREAD,
};

static jlong thread_id(Thread *t) { return t && t->jthread ? OBJ_FIELD(t->jthread, jthread_tid_off, jlong) : 0; }

static void root_info(HeapWalk *w, const GCRootInfo *r, jvmtiHeapReferenceInfo *info) {
    memset(info, 0, sizeof *info);
    Frame *f = r->frame;
    if (r->kind == GCR_STACK_LOCAL) {
        info->stack_local = (jvmtiHeapReferenceInfoStackLocal){
            hw_tag(w, r->thread ? r->thread->jthread : NULL), thread_id(r->thread), r->depth,
            f ? (jmethodID)f->method : NULL, f ? (jlocation)frame_bci(f) : -1, r->slot };
    } else if (r->kind == GCR_JNI_LOCAL) {
        info->jni_local = (jvmtiHeapReferenceInfoJniLocal){
            hw_tag(w, r->thread ? r->thread->jthread : NULL), thread_id(r->thread), r->depth, f ? (jmethodID)f->method : NULL };
    }
}

static void on_root(Object **slot, const GCRootInfo *r, void *ctx) {
    HeapWalk *w = ctx;
    if (w->aborted) return;
    /* a frame's monitor is a monitor root; a thread's other slots are "other" roots */
    jvmtiHeapReferenceInfo info;
    root_info(w, r, &info);
    bool has_info = r->kind == GCR_STACK_LOCAL || r->kind == GCR_JNI_LOCAL;
    ref(w, root_kind[r->kind], has_info ? &info : NULL, NULL, *slot);
}

/* Monitors held by some thread (the inflated ones; thin locks belong to frames). */
static void on_monitor(Object **slot, void *ctx) {
    HeapWalk *w = ctx;
    uintptr_t m = __atomic_load_n(&(*slot)->mark, __ATOMIC_RELAXED);
    if (!w->aborted && mark_is_inflated(m) && __atomic_load_n(&mark_monitor(m)->owner, __ATOMIC_RELAXED))
        ref(w, JVMTI_HEAP_REFERENCE_MONITOR, NULL, NULL, *slot);
}

/* ---- the two walks ---- */

void hw_follow(HeapWalk *w, Object *initial) {
    if (initial) {
        push(w, initial);
    } else {
        gc_visit_roots_kinds(on_root, w);
        mon_visit_objects(on_monitor, w);
    }
    while (w->nstack && !w->aborted) {
        Object *o = w->stack[--w->nstack];
        if (set_add(w, o)) visit_object(w, o);
    }
}

static void each_object(Object *o, void *ctx) {
    HeapWalk *w = ctx;
    if (w->aborted || heap_is_filler(o)) return;
    jint r = w->mode->object(w, o);
    if (r & JVMTI_VISIT_ABORT) {
        w->aborted = true;
        return;
    }
    if (!(r & HW_REPORT_VALUES)) return;
    /* the primitive values, as FollowReferences reports them, without the references */
    const HeapWalkMode *saved = w->mode;
    HeapWalkMode values = *saved;
    values.reference = hw_ignore_reference;
    w->mode = &values;
    visit_object(w, o);
    w->nstack = 0;
    w->mode = saved;
}

jint hw_ignore_reference(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *from, Object *to) {
    UNUSED(w), UNUSED(kind), UNUSED(info), UNUSED(from), UNUSED(to);
    return 0;
}

void hw_iterate(HeapWalk *w) { heap_walk(each_object, w); }

/* ---- set-up ---- */

void hw_begin(HeapWalk *w, JvmtiEnv *env, const HeapWalkMode *mode, const void *user_data) {
    memset(w, 0, sizeof *w);
    w->env = env;
    w->t = thread_current();
    w->mode = mode;
    w->user_data = user_data;
    safepoint_begin(w->t);
    heap_retire_tlabs();
    w->tags = jvmti_tag_walk_begin(env);
    regions_grow(w);
}

void hw_end(HeapWalk *w) {
    jvmti_tag_walk_end(w->tags);
    safepoint_end(w->t);
    for (size_t i = 0; i <= w->regions_mask; i++) free(w->regions[i].bits);
    free(w->regions);
    free(w->stack);
}
