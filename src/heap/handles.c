/*
 * handles.c — local handle areas and the global/weak reference tables.
 *
 * Local handles are a stack of fixed-size chunks per thread; a HandleMark is a position
 * in it (chunk + fill).  Releasing to a mark keeps the chunks for reuse, so the steady
 * state of a native call costs no malloc.
 *
 * Global and weak references come from two tables of chunks with a free list threaded
 * through free slots (a free slot holds the next free slot's address with bit 1 set, so
 * a table walk can tell free from used).  Both tables are guarded by one mutex.
 */
#include "heap/handles.h"
#include "runtime/thread.h"

void hnd_area_init(HandleArea *a) {
    HandleChunk *c = vm_calloc(1, sizeof *c);
    a->cur = c;
}

void hnd_area_free(HandleArea *a) {
    HandleChunk *c = a->cur;
    if (!c) return;
    while (c->next) c = c->next;
    while (c) {
        HandleChunk *p = c->prev;
        vm_free(c);
        c = p;
    }
    a->cur = NULL;
}

Object **hnd_new(Thread *t, Object *o) {
    Object **slot = hnd_area_push(&t->handles, o);
    if (likely(slot != NULL)) return slot;
    HandleChunk *c = t->handles.cur, *n = c->next;
    if (!n) {
        n = vm_calloc(1, sizeof *n);
        n->prev = c;
        c->next = n;
    }
    n->used = 0;
    t->handles.cur = n;
    return hnd_area_push(&t->handles, o);
}

HandleMark hnd_mark(Thread *t) { return hnd_area_mark(&t->handles); }

void hnd_release(Thread *t, HandleMark m) { hnd_area_release(&t->handles, m); }

void hnd_visit_locals(Thread *t, void (*v)(Object **slot, void *ctx), void *ctx) {
    HandleChunk *c = t->handles.cur;
    for (; c; c = c->prev)
        for (uint32_t i = 0; i < c->used; i++)
            if (c->slots[i]) v(&c->slots[i], ctx);
}

/* ---- global and weak tables ---- */

#define TABLE_CHUNK 1024
#define FREE_TAG ((uintptr_t)2)

typedef struct RefChunk {
    struct RefChunk *next;
    Object *slots[TABLE_CHUNK];
} RefChunk;

typedef struct RefTable {
    RefChunk *chunks;
    Object **free;                  /* first free slot */
} RefTable;

static pthread_mutex_t ref_lock = PTHREAD_MUTEX_INITIALIZER;
static RefTable globals, weaks;

static bool slot_is_free(Object *o) { return ((uintptr_t)o & FREE_TAG) != 0; }

static Object **table_add(RefTable *tb, Object *o) {
    pthread_mutex_lock(&ref_lock);
    if (!tb->free) {
        RefChunk *c = vm_calloc(1, sizeof *c);
        c->next = tb->chunks;
        tb->chunks = c;
        for (int i = TABLE_CHUNK - 1; i >= 0; i--) {
            c->slots[i] = (Object *)((uintptr_t)tb->free | FREE_TAG);
            tb->free = &c->slots[i];
        }
    }
    Object **s = tb->free;
    tb->free = (Object **)((uintptr_t)*s & ~FREE_TAG);
    *s = o;
    pthread_mutex_unlock(&ref_lock);
    return s;
}

static void table_remove(RefTable *tb, Object **s) {
    pthread_mutex_lock(&ref_lock);
    *s = (Object *)((uintptr_t)tb->free | FREE_TAG);
    tb->free = s;
    pthread_mutex_unlock(&ref_lock);
}

static bool table_contains(RefTable *tb, void *p) {
    bool found = false;
    pthread_mutex_lock(&ref_lock);
    for (RefChunk *c = tb->chunks; c && !found; c = c->next)
        if ((char *)p >= (char *)c->slots && (char *)p < (char *)(c->slots + TABLE_CHUNK))
            found = !slot_is_free(*(Object **)p);
    pthread_mutex_unlock(&ref_lock);
    return found;
}

jobject hnd_new_global(Object *o) { return o ? (jobject)table_add(&globals, o) : NULL; }
void hnd_delete_global(jobject h) { if (h) table_remove(&globals, (Object **)h); }

jweak hnd_new_weak(Object *o) {
    if (!o) return NULL;
    return (jweak)((uintptr_t)table_add(&weaks, o) | 1);
}

void hnd_delete_weak(jweak h) {
    if (h) table_remove(&weaks, (Object **)((uintptr_t)h - 1));
}

HandleKind hnd_kind(Thread *t, jobject h) {
    if (!h) return HK_INVALID;
    if ((uintptr_t)h & 1)
        return table_contains(&weaks, (void *)((uintptr_t)h - 1)) ? HK_WEAK : HK_INVALID;
    if (table_contains(&globals, h)) return HK_GLOBAL;
    if (t) {
        for (HandleChunk *c = t->handles.cur; c; c = c->prev)
            if ((char *)h >= (char *)c->slots && (char *)h < (char *)(c->slots + c->used))
                return HK_LOCAL;
    }
    return HK_INVALID;
}

static void table_visit(RefTable *tb, void (*v)(Object **slot, void *ctx), void *ctx) {
    for (RefChunk *c = tb->chunks; c; c = c->next)
        for (int i = 0; i < TABLE_CHUNK; i++)
            if (c->slots[i] && !slot_is_free(c->slots[i])) v(&c->slots[i], ctx);
}

static int table_count(RefTable *tb) {
    int n = 0;
    for (RefChunk *c = tb->chunks; c; c = c->next)
        for (int i = 0; i < TABLE_CHUNK; i++)
            if (c->slots[i] && !slot_is_free(c->slots[i])) n++;
    return n;
}

/* Called with the world stopped: no lock needed. */
void hnd_count_globals(int *nglobals, int *nweaks) {
    *nglobals = table_count(&globals);
    *nweaks = table_count(&weaks);
}

/* Called with the world stopped: no lock needed. */
void hnd_visit_globals(void (*v)(Object **slot, void *ctx), void *ctx) { table_visit(&globals, v, ctx); }

void hnd_process_weaks(bool (*is_live)(Object *o, void *ctx), void (*v)(Object **slot, void *ctx), void *ctx) {
    for (RefChunk *c = weaks.chunks; c; c = c->next)
        for (int i = 0; i < TABLE_CHUNK; i++) {
            Object *o = c->slots[i];
            if (!o || slot_is_free(o)) continue;
            if (is_live(o, ctx)) v(&c->slots[i], ctx);
            else c->slots[i] = NULL;
        }
}
