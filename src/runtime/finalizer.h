/*
 * finalizer.h — registering objects whose classes override Object.finalize().
 */
#ifndef LOUPE_FINALIZER_H
#define LOUPE_FINALIZER_H

#include "loupe.h"

/* Registers o (whose class has CF_HAS_FINALIZER) with java.lang.ref.Finalizer.register, so
 * that finalize() runs once the object is unreachable.  Runs Java code: o may move, its
 * current address stays in *o.  Returns false with an exception pending on failure. */
bool fin_register(Thread *t, Object **o);

#endif
