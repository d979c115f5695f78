/*
 * refmap.h — where the references are in an interpreter frame.
 *
 * For precise garbage collection the VM must know, at any instruction where a frame can
 * be stopped, which locals and operand-stack slots hold references.  refmap.c computes this
 * from the method's original bytecode by abstract interpretation (a small dataflow
 * analysis over the types reference / non-reference / return address, with jsr/ret handled
 * by following each subroutine's return points), once per method, on first need, and
 * caches a bit vector per instruction.
 */
#ifndef LOUPE_REFMAP_H
#define LOUPE_REFMAP_H

#include "loupe.h"
#include "classfile/class.h"

/* Bits for the state *before* the instruction at bci executes: bit i for local i
 * (i < max_locals), bit max_locals + j for operand-stack slot j.  Never NULL for a valid
 * instruction start; NULL if bci is not one. */
const uint8_t *refmap_at(Method *m, int bci);

static inline bool refmap_bit(const uint8_t *map, int i) { return (map[i >> 3] >> (i & 7)) & 1; }

/* Whether no path from the method's entry to the instruction at bci has stored into the
 * local (so a debugger finds nothing there); false when the analysis cannot tell. */
bool refmap_local_unset(Method *m, int bci, int local);

/* Releases a method's maps (class unloading, redefinition). */
void refmap_free(Method *m);

#endif
