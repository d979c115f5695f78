/*
 * refproc.h — java.lang.ref on the VM side: what the rest of the VM sees of reference
 * processing (the collectors' side is in gc.h).
 *
 * The collector finds references whose referents have become unreachable and links them
 * into the pending list through Reference.discovered.  The Reference Handler thread takes
 * the list with JVM_WaitForReferencePendingList / JVM_GetAndClearReferencePendingList
 * (native/jvm_thread.c), which are thin wrappers over refs_wait_pending / refs_take_pending.
 */
#ifndef LOUPE_REFPROC_H
#define LOUPE_REFPROC_H

#include "heap/heap.h"

/* Looks up the fields of Reference and SoftReference and registers the pending list as a
 * root.  Called at start-up once the well-known classes are linked, before any Java code. */
bool refs_init(Thread *t);

/* Offset of Reference.referent (for refersTo0, clear0). */
extern uint32_t refs_referent_off;

/* Called by heap.c around every collection, with the world stopped: the soft-reference
 * policy for this cause (GC_LAST_DITCH clears them all), then the soft-reference clock
 * and a wake-up for the Reference Handler if references became pending. */
void refs_before_gc(GCCause cause);
void refs_after_gc(void);
/* Whether the last collection may have kept the referent of a soft reference it could have
 * cleared: it did not trace (reference counting's reconciliation), or it kept one (counting
 * those not reached when it was discovered). */
bool refs_soft_kept(void);

/* The pending list (JDK 17 protocol).  refs_wait_pending blocks (a safe state) until the
 * list is non-empty; refs_take_pending returns the list and empties it. */
bool refs_has_pending(void);
void refs_wait_pending(Thread *t);
Object *refs_take_pending(Thread *t);

#endif
