/* profiler/agent/hashtab.c — the agent's open-addressing table (see hashtab.h). */
#include "hashtab.h"

#include <stdlib.h>
#include <string.h>

static char *lph_at(const lph_table *t, size_t i)
{
    return (char *)t->slots + i * t->esize;
}

uint64_t lph_ptr_hash(const void *e)
{
    return (uint64_t)(uintptr_t)*(void *const *)e * 0x9E3779B97F4A7C15ull >> 20;
}

int lph_ptr_same(const void *e, const void *probe)
{
    return *(void *const *)e == *(void *const *)probe;
}

int lph_ptr_used(const void *e)
{
    return *(void *const *)e != NULL;
}

void *lph_slot(const lph_table *t, const void *probe)
{
    if (!t->cap)
        return NULL;
    size_t i = (size_t)t->hash(probe) & (t->cap - 1);
    for (char *e; t->used(e = lph_at(t, i)); i = (i + 1) & (t->cap - 1))
        if (t->same(e, probe))
            return e;
    return lph_at(t, i);
}

/* lph_grow: twice the slots (first_cap the first time), every entry placed again. */
static int lph_grow(lph_table *t)
{
    lph_table old = *t;
    t->cap = old.cap ? old.cap * 2 : old.first_cap;
    t->slots = calloc(t->cap, t->esize);
    if (!t->slots) {
        *t = old;
        return 0;
    }
    for (size_t i = 0; i < old.cap; i++)
        if (t->used(lph_at(&old, i)))
            memcpy(lph_slot(t, lph_at(&old, i)), lph_at(&old, i), t->esize);
    free(old.slots);
    return 1;
}

void *lph_put(lph_table *t, const void *probe, int *fresh)
{
    if ((t->count + 1) * 2 > t->cap && !lph_grow(t))
        return NULL;
    char *e = lph_slot(t, probe);
    int added = !t->used(e);
    if (added) {
        memcpy(e, probe, t->esize);
        t->count++;
    }
    if (fresh)
        *fresh = added;
    return e;
}

void lph_clear(lph_table *t)
{
    free(t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}
