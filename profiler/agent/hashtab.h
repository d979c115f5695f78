/* profiler/agent/hashtab.h — the agent's one hash table (open addressing).
 *
 * Six tables of the agent (methods, stack nodes, line tables, the object table's
 * directory, prefix-tree edges, strings) are each an array of fixed-size entries, a power
 * of two long, probed linearly and doubled when half full.  This is that table once: the
 * entry type, its hash, its key comparison and its "slot in use" test are the table's
 * (the entries each have a field that is zero only in a free slot, and the calloc'ed
 * array starts all free).  A lookup takes a probe, an entry with its key fields set.
 * Entries are never removed; lph_clear frees the whole table.  No locking: each table's
 * owner holds its own lock where it needs one.
 */
#ifndef LOUPE_PROFILER_HASHTAB_H
#define LOUPE_PROFILER_HASHTAB_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    void *slots;
    size_t cap, count;
    size_t esize, first_cap;                    /* entry size; the first allocation's slots */
    uint64_t (*hash)(const void *e);            /* of e's key, spread over the low bits */
    int (*same)(const void *e, const void *probe);
    int (*used)(const void *e);
} lph_table;

/* An empty table of `type` entries, first_cap slots (a power of two) at its first use. */
#define LPH_TABLE(type, first_cap, hash, same, used) \
    {NULL, 0, 0, sizeof(type), (first_cap), (hash), (same), (used)}

/* The hash, comparison and use test of a table keyed by a pointer that is its entries'
 * first field (the method tables: a jmethodID, NULL in a free slot). */
uint64_t lph_ptr_hash(const void *e);
int lph_ptr_same(const void *e, const void *probe);
int lph_ptr_used(const void *e);

/* lph_slot: the slot holding probe's key, or the free slot where it would go; NULL while
 * the table has no slots. */
void *lph_slot(const lph_table *t, const void *probe);

/* lph_put: the slot of probe's key, the probe copied in and counted if it was not there
 * (*fresh set then, when fresh is not NULL); NULL when out of memory. */
void *lph_put(lph_table *t, const void *probe, int *fresh);

/* lph_clear: frees the slots; the table is empty and usable again. */
void lph_clear(lph_table *t);

#endif
