/*
 * redefine.h — swapping a class's method bodies for a new version's (see redefine.c).
 */
#ifndef LOUPE_REDEFINE_H
#define LOUPE_REDEFINE_H

#include "classfile/class.h"

struct HeapRoom;

/* What the swap needs resolved beforehand, outside the safepoint (the nest host, which the
 * old version shares). */
void rdf_prepare(Thread *t, Class *c);
/* With the world stopped: c takes n's code and constant pool; running frames keep the old
 * code on c's new old version (Class.previous).  n's memory now belongs to c. */
void rdf_swap(Class *c, Class *n);
/* The same, with -XX:+AllowEnhancedClassRedefinition, for a version that adds or deletes
 * methods or fields (classfile/enhredef.c): `reshape` when the fields changed, which gives
 * live instances and the mirror the new layout. */
void rdf_swap_enhanced(Thread *t, Class *c, Class *n, bool reshape, struct HeapRoom *room);
/* Frees the records of the method arrays enhanced redefinitions replaced (the class's
 * memory is going). */
void rdf_free_retired(Class *c);
/* With the world stopped, for a version n of c with other supertypes: false if a field or
 * an array element declared with a type c loses holds an object that would lose it
 * (classfile/enhsound.c); nothing changes. */
bool rdf_supertypes_sound(Class *c, Class *n);
/* The heap room that swap may need for c's objects (an estimate, with margin), counted with
 * the world stopped for a moment; reserve it (heap_room_reserve) before the swap's
 * safepoint. */
size_t rdf_enhanced_room(Thread *t, Class *c, Class *n);

/* Pieces of the swap shared by both (redefine.c): the old version of c (copies of its
 * methods, obsolete where n changes them), the frames that go on running it, the class
 * attributes taken from n, and the old version put on c's list of versions. */
Class *rdf_old_version(Class *c, Class *n);
void rdf_retarget_frames(Class *c, Class *o);
void rdf_take_class_attributes(Class *c, const Class *n);
void rdf_link_version(Class *c, Class *o);
/* c's classRedefinedCount grows: reflection drops what it cached about c. */
void rdf_count_redefinition(Class *c);
/* What a tool sees of an old version's method: the current method for a copy that is not
 * obsolete (its body was equivalent modulo constant pool), else m itself. */
Method *rdf_current_method(Method *m);
/* The copy of m in old version v that is not obsolete, or NULL. */
Method *rdf_version_method(Class *v, const Method *m);

#endif
