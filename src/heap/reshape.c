/*
 * reshape.c — giving live objects a new layout in place of the old, with the world
 * stopped, whatever the collector (enhanced class redefinition: classfile/redefine.c).
 *
 * A redefinition that adds or removes fields changes the size and the field offsets of
 * every instance of the class and of its subclasses, and of the class's mirror (the
 * statics).  The objects cannot be changed where they lie: they may grow.  So, in two
 * steps around the caller's change of the classes:
 *
 *   take     one heap walk, while the classes still describe the old layout, finds the
 *            objects the caller wants; each one's bytes are copied aside (malloc) and its
 *            place in the heap becomes a filler of the same size, so that the heap stays
 *            walkable once the classes say otherwise.  The fillers are garbage from here:
 *            every collector reclaims filler ranges like any dead object.
 *   finish   each object is allocated again at the size its class now gives it, its
 *            header (class, lock state, identity hash) and fields are filled by the caller's
 *            copy function from the old bytes, and every reference to an old address is
 *            pointed at the new object: the roots (gc_visit_roots: frames, handles, mirrors,
 *            constant pools, VM globals), the weak roots (weak JNI references, hence JVMTI
 *            tags; interned strings; monitors' objects) and every reference slot of every
 *            object in the heap.  Stores into heap objects go through the write barrier, so
 *            a generational collector's cards and the reference counts stay right.
 *
 * So no collector knows about redefinition: it sees allocations, barriered stores and
 * dead fillers.  The heap events' listeners see each object move to its new place (its
 * old one a filler then) and the room's array freed when its memory is first carved.
 * The old addresses are found through a hash table from old to new address, consulted
 * for every reference in the VM once per reshape.
 *
 * Room.  No collection can run in the middle (the old objects exist only as copies aside),
 * and a collector may refuse memory until it collects (a full nursery, a reference count
 * reconciliation that is due).  So the caller reserves the room beforehand, with the world
 * running and collections allowed: heap_room_reserve allocates one ordinary array of the
 * estimated size, and finish carves the new objects out of it, one after the other, the
 * rest of it a filler each time (the heap stays walkable, as every collector requires).
 * Past the room, objects come straight from the collector (heap_alloc_stopped, which may
 * grow the heap); an allocation that fails even then ends the VM.
 */
#include "heap/gc.h"
#include "heap/handles.h"
#include "classfile/loader.h"
#include "runtime/vm.h"
#include <string.h>

volatile uint32_t heap_reshapes;

typedef struct Taken {
    Object *old;                    /* address before: a filler now */
    Object *copy;                   /* its bytes, aside */
    Object *now;                    /* its new address (finish) */
} Taken;

struct HeapReshape {
    Taken *v;
    size_t n, cap;
    size_t *table;                  /* open addressing: index + 1 into v, 0 = empty */
    size_t mask;
    bool (*wanted)(Object *o, void *ctx);
    void *ctx;
};

static void take_one(Object *o, void *ctx) {
    HeapReshape *r = ctx;
    if (!r->wanted(o, r->ctx)) return;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->v = vm_realloc(r->v, r->cap * sizeof *r->v);
    }
    size_t size = heap_object_size(o);
    Object *copy = vm_malloc(size);
    memcpy(copy, o, size);
    r->v[r->n++] = (Taken){ o, copy, NULL };
}

HeapReshape *heap_reshape_take(bool (*wanted)(Object *o, void *ctx), void *ctx) {
    HeapReshape *r = vm_calloc(1, sizeof *r);
    r->wanted = wanted;
    r->ctx = ctx;
    heap_walk(take_one, r);
    for (size_t i = 0; i < r->n; i++)
        heap_fill_gap((char *)r->v[i].old, (char *)r->v[i].old + heap_object_size(r->v[i].copy));
    return r;
}

size_t heap_reshape_count(const HeapReshape *r) { return r->n; }

static size_t hash_of(const Object *o) { return ((uintptr_t)o >> 3) * 0x9E3779B97F4A7C15u; }

static void index_all(HeapReshape *r) {
    size_t cap = 16;
    while (cap < 2 * r->n) cap *= 2;
    r->mask = cap - 1;
    r->table = vm_calloc(cap, sizeof *r->table);
    for (size_t i = 0; i < r->n; i++) {
        size_t h = hash_of(r->v[i].old) & r->mask;
        while (r->table[h]) h = (h + 1) & r->mask;
        r->table[h] = i + 1;
    }
}

static Object *new_address(const HeapReshape *r, Object *o) {
    for (size_t h = hash_of(o) & r->mask; r->table[h]; h = (h + 1) & r->mask)
        if (r->v[r->table[h] - 1].old == o) return r->v[r->table[h] - 1].now;
    return NULL;
}

static void forward_root(Object **slot, void *ctx) {
    Object *n = *slot ? new_address(ctx, *slot) : NULL;
    if (n) *slot = n;
}

typedef struct FieldPass {
    const HeapReshape *r;
    Object *holder;
} FieldPass;

static void forward_field(Object **slot, void *ctx) {
    FieldPass *p = ctx;
    Object *n = *slot ? new_address(p->r, *slot) : NULL;
    if (n) heap_store_ref(p->holder, slot, n);
}

static void forward_object(Object *o, void *ctx) {
    FieldPass p = { ctx, o };
    gc_visit_object(o, forward_field, &p);
}

static bool always_live(Object *o, void *ctx) {
    UNUSED(o), UNUSED(ctx);
    return true;
}

/* A fresh object's reference slots, filled by memcpy, stored again through the barrier. */
static void restore_field(Object **slot, void *ctx) {
    Object *v = *slot;
    *slot = NULL;
    heap_store_ref(ctx, slot, v);
}

struct HeapRoom {
    Object **h;                     /* the reserved array, until the first carve */
    HandleMark hm;
    char *next, *end;               /* what is left of it */
};

HeapRoom *heap_room_reserve(Thread *t, size_t bytes) {
    Class *ac = ld_array_of(t, VMC(Object));
    size_t n = bytes / sizeof(Object *);
    if (!ac) return NULL;
    HeapRoom *room = vm_calloc(1, sizeof *room);
    room->hm = hnd_mark(t);
    room->h = hnd_new(t, heap_alloc_array(t, ac, (jint)(n < INT32_MAX / 2 ? n : INT32_MAX / 2)));
    if (!*room->h) {
        hnd_release(t, room->hm);
        vm_free(room);
        return NULL;
    }
    return room;
}

void heap_room_release(Thread *t, HeapRoom *room) {
    if (!room) return;
    hnd_release(t, room->hm);
    vm_free(room);
}

static void *carve(HeapRoom *room, size_t size) {
    if (!room) return NULL;
    if (!room->next && *room->h) {
        /* the array is gone from here: its memory is the objects' */
        if (GC_EVENT_ON(GCE_OBJECT_FREE)) gc_event_object_free(*room->h);
        room->next = (char *)*room->h;
        room->end = room->next + heap_object_size(*room->h);
        *room->h = NULL;
    }
    if (!room->next || (size_t)(room->end - room->next) < size) return NULL;
    char *p = room->next;
    room->next += size;
    memset(p, 0, size);
    if (room->next < room->end) heap_fill_gap(room->next, room->end);
    return p;
}

static void rebuild(Thread *t, Taken *k, HeapRoom *room, void (*copy)(Object *to, const Object *from, void *ctx), void *ctx) {
    size_t size = heap_object_size(k->copy);
    k->now = carve(room, size);
    if (!k->now) k->now = heap_alloc_stopped(t, size);
    if (!k->now) vm_fatal("out of memory while re-laying out objects for a class redefinition");
    copy(k->now, k->copy, ctx);
    if (heap_barrier_active) gc_visit_object(k->now, restore_field, k->now);
    if (GC_EVENT_ON(GCE_OBJECT_MOVE)) gc_event_object_move(heap_arena_of(k->old), k->old, heap_arena_of(k->now), k->now);
}

void heap_reshape_finish(Thread *t, HeapReshape *r, HeapRoom *room, void (*copy)(Object *to, const Object *from, void *ctx),
                         void *ctx) {
    for (size_t i = 0; i < r->n; i++) rebuild(t, &r->v[i], room, copy, ctx);
    if (r->n) {
        index_all(r);
        gc_visit_roots(forward_root, r);
        gc_process_weak_roots(always_live, forward_root, r);
        heap_walk(forward_object, r);
        gc_after_move();
    }
    for (size_t i = 0; i < r->n; i++) vm_free(r->v[i].copy);
    if (r->n) __atomic_fetch_add(&heap_reshapes, 1, __ATOMIC_RELEASE);
    vm_free(r->v);
    vm_free(r->table);
    vm_free(r);
}
