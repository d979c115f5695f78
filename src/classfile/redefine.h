/*
 * redefine.h — swapping a class's method bodies for a new version's (see redefine.c).
 */
#ifndef LOUPE_REDEFINE_H
#define LOUPE_REDEFINE_H

#include "classfile/class.h"

/* What the swap needs resolved beforehand, outside the safepoint (the nest host, which the
 * old version shares). */
void rdf_prepare(Thread *t, Class *c);
/* With the world stopped: c takes n's code and constant pool; running frames keep the old
 * code on c's new old version (Class.previous).  n's memory now belongs to c. */
void rdf_swap(Class *c, Class *n);

#endif
