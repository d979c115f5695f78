/*
 * freelist.h — the size-class free-list arena (freelist.c) that the non-moving collectors
 * (mark-sweep, reference counting) allocate from.  One arena per process: only one
 * collector runs.
 */
#ifndef LOUPE_FREELIST_H
#define LOUPE_FREELIST_H

#include "heap/gc.h"

/* Reserves the arena for -Xmx and starts it empty, with the wilderness up to the initial
 * capacity (-Xms, at least 1 MB); with poison_freed, freed memory is overwritten (GC
 * stress), so that a stale reference shows.  False if the address space is not there. */
bool fl_reserve(const HeapOptions *o, bool poison_freed);
char *fl_base(void);
size_t fl_reserved(void);
size_t fl_capacity(void);
/* After a collection (lock held): the capacity doubles while the survivors fill more than
 * half of it, within the reservation. */
void fl_resize_after_gc(void);
/* Collector.grow, Collector.used (takes the lock) and the one pool's usage. */
bool fl_grow(size_t size);
size_t fl_used_now(void);
void fl_pool_usage(int pool, HeapUsage *u);
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
