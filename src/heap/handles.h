/*
 * handles.h — references held outside the heap: JNI local, global and weak global
 * references, and the VM's own handles.
 *
 * A handle is a slot the collector knows about; code holds a pointer to the slot (an
 * Object **, which is exactly what a jobject is) and reads the current address through it.
 *
 *   local   per-thread chunked stack of slots.  JNI local references and VM handles are the
 *           same thing.  A HandleMark taken before and released after a region frees every
 *           handle made in between: each native call, PushLocalFrame/PopLocalFrame, and VM
 *           code that makes temporary handles.
 *   global  one process-wide table with a free list (NewGlobalRef).
 *   weak    a second table (NewWeakGlobalRef); its jobjects carry tag bit 0 so that they
 *           can be told apart and dereferenced without a table lookup.  Cleared by the
 *           collector when the target dies.
 */
#ifndef LOUPE_HANDLES_H
#define LOUPE_HANDLES_H

#include "loupe.h"

#define HANDLE_CHUNK_SLOTS 254

typedef struct HandleChunk {
    struct HandleChunk *prev;
    struct HandleChunk *next;      /* kept for reuse after release */
    uint32_t used;
    Object *slots[HANDLE_CHUNK_SLOTS];
} HandleChunk;

typedef struct HandleArea {
    HandleChunk *cur;
} HandleArea;

typedef struct HandleMark {
    HandleChunk *chunk;
    uint32_t used;
} HandleMark;

void hnd_area_init(HandleArea *a);
void hnd_area_free(HandleArea *a);

/* A new local handle holding o (o may be NULL: the slot exists and can be set later). */
Object **hnd_new(Thread *t, Object *o);
/* JNI flavour: NULL for a NULL object. */
static inline jobject hnd_local(Thread *t, Object *o) { return o ? (jobject)hnd_new(t, o) : NULL; }

HandleMark hnd_mark(Thread *t);
void hnd_release(Thread *t, HandleMark m);

/* The same on a thread's area, inline, for paths that run per allocation (JVMTI's
 * allocation events): a mark, a release, and a slot from the current chunk (NULL when it
 * is full: hnd_new then moves to the next). */
static inline HandleMark hnd_area_mark(HandleArea *a) { return (HandleMark){ a->cur, a->cur->used }; }
static inline void hnd_area_release(HandleArea *a, HandleMark m) {
    a->cur = m.chunk;
    m.chunk->used = m.used;
}
/* n consecutive slots from the current chunk, set to NULL by the caller's stores (NULL
 * when the chunk has not room for n). */
static inline Object **hnd_area_reserve(HandleArea *a, uint32_t n) {
    HandleChunk *c = a->cur;
    if (unlikely(c->used + n > HANDLE_CHUNK_SLOTS)) return NULL;
    Object **slots = &c->slots[c->used];
    c->used += n;
    return slots;
}
static inline Object **hnd_area_push(HandleArea *a, Object *o) {
    HandleChunk *c = a->cur;
    if (unlikely(c->used == HANDLE_CHUNK_SLOTS)) return NULL;
    Object **slot = &c->slots[c->used++];
    *slot = o;
    return slot;
}

/* Dereferences any handle (local, global or weak). */
static inline Object *hnd_get(jobject h) {
    if (!h) return NULL;
    if ((uintptr_t)h & 1) return *(Object **)((uintptr_t)h - 1);
    return *(Object **)h;
}
static inline void hnd_set(jobject h, Object *o) {
    if ((uintptr_t)h & 1) *(Object **)((uintptr_t)h - 1) = o;
    else *(Object **)h = o;
}

jobject hnd_new_global(Object *o);
void hnd_delete_global(jobject h);
jweak hnd_new_weak(Object *o);
void hnd_delete_weak(jweak h);

typedef enum HandleKind { HK_INVALID, HK_LOCAL, HK_GLOBAL, HK_WEAK } HandleKind;
HandleKind hnd_kind(Thread *t, jobject h);

/* Collector entry points (heap/roots.c). */
void hnd_visit_locals(Thread *t, void (*v)(Object **slot, void *ctx), void *ctx);
/* Numbers of live global and weak global references (thread dumps). */
void hnd_count_globals(int *globals, int *weaks);
void hnd_visit_globals(void (*v)(Object **slot, void *ctx), void *ctx);
void hnd_process_weaks(bool (*is_live)(Object *o, void *ctx), void (*v)(Object **slot, void *ctx), void *ctx);

#endif
