/*
 * jvmti_heap_walk.h — the heap-walk engine (jvmti_heap_walk.c) and the modes that report
 * through it (jvmti_heap.c: JVMTI 1.1 callbacks; jvmti_heap10.c: JVMTI 1.0 callbacks).
 */
#ifndef LOUPE_JVMTI_HEAP_WALK_H
#define LOUPE_JVMTI_HEAP_WALK_H

#include "jvmti/jvmti_heap.h"

typedef struct HeapWalk HeapWalk;
typedef struct HeapWalkRegion {
    uintptr_t key;                  /* address >> 20 */
    uint64_t *bits;                 /* a mark bit per 8-byte word of that megabyte */
} HeapWalkRegion;

/* How the reports reach the agent.  Each returns visit-control bits (JVMTI_VISIT_OBJECTS,
 * JVMTI_VISIT_ABORT); `object` (walks over every object) may add HW_REPORT_VALUES to have
 * the object's primitive values reported.  NULL members report nothing. */
enum { HW_REPORT_VALUES = 0x10000, HW_CLASS_TAG_BITS = 6, HW_CLASS_TAGS = 1 << HW_CLASS_TAG_BITS };
typedef struct HeapWalkMode {
    /* a reference (from NULL: a root) */
    jint (*reference)(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *from, Object *to);
    jint (*object)(HeapWalk *w, Object *o);
    jint (*primitive_field)(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *o,
                            jvalue value, jvmtiPrimitiveType type);
    jint (*array_values)(HeapWalk *w, Object *o, jint count, jvmtiPrimitiveType type, const void *elements);
    jint (*string_value)(HeapWalk *w, Object *o, const jchar *chars, jint length);
} HeapWalkMode;

struct HeapWalk {
    JvmtiEnv *env;
    Thread *t;
    const HeapWalkMode *mode;
    const void *user_data;
    void *mode_data;                /* the mode's own state */
    JvmtiTagWalk *tags;
    bool aborted;
    HeapWalkRegion *regions;        /* visited objects: open-addressed by key */
    size_t regions_mask, nregions;
    uintptr_t last_key;             /* the last region looked up */
    uint64_t *last_bits;
    Object **stack;
    size_t nstack, stack_cap;
    /* the tags of classes' mirrors looked up so far, direct-mapped by class: every
     * reference reports the class tags of both ends, which are few and seldom change */
    struct { Class *klass; jlong tag; } class_tags[HW_CLASS_TAGS];
};

/* Stops the world and indexes env's tags; hw_end undoes both. */
void hw_begin(HeapWalk *w, JvmtiEnv *env, const HeapWalkMode *mode, const void *user_data);
void hw_end(HeapWalk *w);
/* Reports the references reachable from the roots (initial NULL) or from initial. */
void hw_follow(HeapWalk *w, Object *initial);
/* Reports every object in the heap. */
void hw_iterate(HeapWalk *w);

jlong hw_tag(const HeapWalk *w, Object *o);
jlong hw_class_tag(HeapWalk *w, Object *o);           /* the tag of o's class */
jint hw_length(Object *o);                            /* array length, or -1 */
/* A callback changed o's tag from `before` to `after`. */
void hw_retag(HeapWalk *w, Object *o, jlong before, jlong after);
jint hw_ignore_reference(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *from, Object *to);

#endif
