/*
 * object.h — the layout of Java objects in the heap.
 *
 * Every object starts with a two-word header:
 *
 *     klass   the object's Class
 *     mark    lock state, identity hash, GC age / forwarding
 *
 * Instance fields follow at offset 16 (laid out by classfile/link.c).  Arrays add a 32-bit
 * length at offset 16 and their elements start at ARRAY_BASE (24) whatever the element type,
 * so Unsafe's arrayBaseOffset is one constant.  Objects are 8-byte aligned.
 *
 * The mark word (low two bits are the tag):
 *
 *   tag 00  neutral   bits 2..5 GC age, bit 6 "hash set", bits 7..37 identity hash,
 *                     bits 38..47 recursion count, bits 48..63 owner thread id (0 = unlocked)
 *   tag 01  (unused)
 *   tag 10  inflated  the rest is a Monitor* (the monitor keeps hash and age)
 *   tag 11  forwarded the rest is the object's new address (only while a copying GC runs)
 *
 * A thin lock is a neutral mark with a non-zero owner id; taking it is one CAS that keeps the
 * hash bits, so hashing never forces inflation.  Contention and wait/notify inflate to a
 * Monitor (runtime/monitor.c).  The identity hash is stable across moves because it lives in
 * the header, not in the address.
 */
#ifndef LOUPE_OBJECT_H
#define LOUPE_OBJECT_H

#include "loupe.h"

struct Object {
    Class *klass;
    volatile uintptr_t mark;
};

struct ArrayObject {
    Object hdr;
    jint length;
    jint pad_;
};

#define OBJECT_HEADER_SIZE 16
#define ARRAY_LENGTH_OFFSET 16
#define ARRAY_BASE 24

/* mark word */
#define MARK_TAG_MASK       ((uintptr_t)3)
#define MARK_TAG_NEUTRAL    ((uintptr_t)0)
#define MARK_TAG_INFLATED   ((uintptr_t)2)
#define MARK_TAG_FORWARDED  ((uintptr_t)3)
#define MARK_AGE_SHIFT      2
#define MARK_AGE_MASK       ((uintptr_t)0xF << MARK_AGE_SHIFT)
#define MARK_HASHED_BIT     ((uintptr_t)1 << 6)
#define MARK_HASH_SHIFT     7
#define MARK_HASH_MASK      ((uintptr_t)0x7FFFFFFF << MARK_HASH_SHIFT)
#define MARK_REC_SHIFT      38
#define MARK_REC_MASK       ((uintptr_t)0x3FF << MARK_REC_SHIFT)
#define MARK_REC_MAX        0x3FF
#define MARK_OWNER_SHIFT    48
#define MARK_OWNER_MASK     ((uintptr_t)0xFFFF << MARK_OWNER_SHIFT)

static inline bool mark_is_inflated(uintptr_t m) { return (m & MARK_TAG_MASK) == MARK_TAG_INFLATED; }
static inline bool mark_is_forwarded(uintptr_t m) { return (m & MARK_TAG_MASK) == MARK_TAG_FORWARDED; }
static inline Monitor *mark_monitor(uintptr_t m) { return (Monitor *)(m & ~MARK_TAG_MASK); }
static inline Object *mark_forwardee(uintptr_t m) { return (Object *)(m & ~MARK_TAG_MASK); }
static inline unsigned mark_owner(uintptr_t m) { return (unsigned)(m >> MARK_OWNER_SHIFT); }

/* field access by byte offset */
#define OBJ_FIELD(o, off, type) (*(type *)((char *)(o) + (off)))
static inline Object *obj_get_ref(Object *o, uint32_t off) { return OBJ_FIELD(o, off, Object *); }

/* arrays */
static inline jint array_length(const Object *a) { return ((const ArrayObject *)a)->length; }
static inline void *array_data(Object *a) { return (char *)a + ARRAY_BASE; }
#define ARRAY_ELEMS(a, type) ((type *)array_data(a))

#endif
