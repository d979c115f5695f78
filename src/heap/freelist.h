/*
 * freelist.h — the size-class free-list arena (freelist.c) that the non-moving collectors
 * (mark-sweep, reference counting) allocate from.  One arena per process: only one
 * collector runs.
 */
#ifndef LOUPE_FREELIST_H
#define LOUPE_FREELIST_H

#include "heap/gc.h"

/* The arena starts empty at b, with the wilderness up to lim; with poison_freed, freed
 * memory is overwritten (GC stress), so that a stale reference shows. */
void fl_init(char *b, char *lim, bool poison_freed);
void fl_set_limit(char *lim);
/* The end of the used part: the heap walk and the sweep stop there. */
char *fl_top(void);
/* Allocations from any thread take the lock; the world stopped needs none. */
void fl_lock(void);
void fl_unlock(void);
/* `size` bytes (or, for a TLAB, possibly a different amount: *granted), NULL if nothing
 * fits.  Lock held. */
void *fl_alloc_locked(size_t size, bool tlab, size_t *granted);
/* Makes [c, c + size) a free chunk (a filler, listed if 16 bytes or more). */
void fl_free(char *c, size_t size);
/* After mark_heap: a free event for every unmarked object, and the lists rebuilt from the
 * unmarked runs. */
void fl_report_dead(void);
void fl_sweep(void);
/* Puts every list in address order and merges adjacent chunks (after frees one by one). */
void fl_sort(void);
/* Bytes in objects (and the fillers too small to list). */
size_t fl_used(void);
/* Calls fn on every object (not on free chunks). */
void fl_walk(void (*fn)(Object *o, void *ctx), void *ctx);

#endif
