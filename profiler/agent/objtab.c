/* profiler/agent/objtab.c — the table of objects followed to their death (events=live,
 * heap.c), indexed by address.
 *
 * With `live` every object allocated while recording enters the table at its birth, is
 * re-keyed at each move and leaves it at its death: BinaryTrees makes millions of these
 * operations per second.  A hash table keyed by object id spread consecutive objects over
 * random slots of a table of millions of entries, one cache and TLB miss per operation
 * (a third of the exact mode's time).  On Loupe an object id is the object's address
 * (docs/JVMTI-EXTENSIONS.md), objects are 8-byte aligned and at least 16 bytes long (a
 * two-word header), so no two objects start in one 16-byte granule: the table is a
 * shadow of the heap, one entry per granule, in chunks of LPO_CHUNK_BYTES of address
 * space found through a small directory (a hash on the chunk's number, with the last
 * chunk used cached).  Objects allocated one after another, and copied one after another
 * by a collection, fill consecutive entries, so the table is written sequentially like
 * the heap itself and no entry is ever probed for.
 *
 * A chunk is made on the first object of its address range and kept until the recording
 * ends (a young generation reuses its addresses after each collection): the table takes
 * at most as much memory as the part of the heap that recorded objects have occupied.
 * Callers hold heap.c's lock.
 */
#include "objtab.h"
#include "hashtab.h"

#include <stdlib.h>
#include <string.h>

#define LPO_GRANULE_BITS 4
#define LPO_CHUNK_BITS 16
#define LPO_PER_CHUNK (1u << (LPO_CHUNK_BITS - LPO_GRANULE_BITS))

typedef struct {
    uint32_t live;          /* its entries in use */
    lpo_obj o[LPO_PER_CHUNK];
} lpo_chunk;

typedef struct {
    uint64_t key;           /* chunk number + 1; 0: a free slot */
    lpo_chunk *c;
} lpo_dirent;

static uint64_t lpo_last_key;
static lpo_chunk *lpo_last;

static uint64_t lpo_dhash(const void *e)
{
    return ((const lpo_dirent *)e)->key * 0x9E3779B97F4A7C15ull >> 40;
}

static int lpo_dsame(const void *e, const void *probe)
{
    return ((const lpo_dirent *)e)->key == ((const lpo_dirent *)probe)->key;
}

static int lpo_dused(const void *e)
{
    return ((const lpo_dirent *)e)->key != 0;
}

static lph_table lpo_dir = LPH_TABLE(lpo_dirent, 256, lpo_dhash, lpo_dsame, lpo_dused);

/* lpo_chunk_of: the chunk that holds id's entry; made when make is set (NULL: none, or
 * out of memory). */
static lpo_chunk *lpo_chunk_of(uint64_t id, int make)
{
    uint64_t key = (id >> LPO_CHUNK_BITS) + 1;
    if (key == lpo_last_key)
        return lpo_last;
    lpo_dirent *e = lph_slot(&lpo_dir, &(lpo_dirent){key, NULL});
    if (!e || !e->key) {
        lpo_chunk *c = make ? calloc(1, sizeof *c) : NULL;
        if (!c || !(e = lph_put(&lpo_dir, &(lpo_dirent){key, c}, NULL))) {
            free(c);
            return NULL;
        }
    }
    lpo_last_key = key, lpo_last = e->c;
    return e->c;
}

static lpo_obj *lpo_entry(lpo_chunk *c, uint64_t id)
{
    return &c->o[(id >> LPO_GRANULE_BITS) & (LPO_PER_CHUNK - 1)];
}

/* lpo_put: o is the object at id now (replacing what the table held there); 0 when out
 * of memory. */
int lpo_put(uint64_t id, const lpo_obj *o)
{
    lpo_chunk *c = lpo_chunk_of(id, 1);
    if (!c)
        return 0;
    lpo_obj *e = lpo_entry(c, id);
    c->live += !e->size;
    *e = *o;
    if (!e->size)
        e->size = 1;        /* size 0 marks a free entry */
    return 1;
}

/* lpo_take: removes the object at id into *out; 0 when the table has none there. */
int lpo_take(uint64_t id, lpo_obj *out)
{
    lpo_chunk *c = lpo_chunk_of(id, 0);
    if (!c)
        return 0;
    lpo_obj *e = lpo_entry(c, id);
    if (!e->size)
        return 0;
    *out = *e;
    e->size = 0;
    c->live--;
    return 1;
}

/* lpo_each: calls fn on every object in the table; an object for which fn returns
 * non-zero leaves the table. */
void lpo_each(int (*fn)(lpo_obj *o, void *ctx), void *ctx)
{
    lpo_dirent *dir = lpo_dir.slots;
    for (size_t i = 0; i < lpo_dir.cap; i++) {
        lpo_chunk *c = dir[i].key ? dir[i].c : NULL;
        for (uint32_t k = 0; c && c->live && k < LPO_PER_CHUNK; k++)
            if (c->o[k].size && fn(&c->o[k], ctx))
                c->o[k].size = 0, c->live--;
    }
}

/* lpo_reset: empties the table and frees its memory. */
void lpo_reset(void)
{
    lpo_dirent *dir = lpo_dir.slots;
    for (size_t i = 0; i < lpo_dir.cap; i++)
        free(dir[i].c);
    lph_clear(&lpo_dir);
    lpo_last_key = 0, lpo_last = NULL;
}
