/*
 * jvmti_heap.h — what the heap half of JVMTI shares among its files: the extension events'
 * numbering (jvmti_ext_events.def) and the switch that makes the heap event layer listen
 * only while some environment wants its events.
 */
#ifndef LOUPE_JVMTI_HEAP_H
#define LOUPE_JVMTI_HEAP_H

#include "jvmti/jvmti_internal.h"

enum {
#define JVMTI_EXT_EV(index, NAME, id, gce, desc) JVMTI_EXT_##NAME = index,
#define JVMTI_EXT_PARAM(NAME, name, kind, type, null_ok)
#include "jvmti/jvmti_ext_events.def"
#undef JVMTI_EXT_EV
#undef JVMTI_EXT_PARAM
    JVMTI_EXT_FIRST = JVMTI_EXT_OBJECT_ALLOC,
    JVMTI_EXT_COUNT = JVMTI_EXT_CLASS_UNLOAD - JVMTI_EXT_OBJECT_ALLOC + 1,    /* gaps included */
};

_Static_assert(JVMTI_EXT_COUNT == ARRAY_LEN(((JvmtiEnv *)0)->ext_callbacks), "one callback slot per index");

/* Env's callback for extension event `index`, or NULL. */
static inline void *jvmti_ext_callback(JvmtiEnv *env, int index) {
    if (!__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) return NULL;
    return __atomic_load_n(&env->ext_callbacks[index - JVMTI_EXT_FIRST], __ATOMIC_ACQUIRE);
}

/* Whether `index` names an extension event (one of the def's; not a gap). */
bool jvmti_ext_event_known(jint index);
/* An environment's ClassUnload callback or CompiledMethodUnload enablement changed: starts
 * the thread that posts them once one is wanted and the VM is live (jvmti_class_unload.c);
 * t: the calling thread or NULL (OnLoad). */
void jvmti_service_wanted(Thread *t);
/* VMInit: starts that thread if one was wanted before. */
void jvmti_service_vm_init(void);

/* Recomputes what the heap event layer must report (extension callbacks, allocation
 * events enabled, sampling) and (un)installs the listener; t: the calling thread or NULL
 * (OnLoad).  Called outside jvmti_lock. */
void jvmti_heap_listening_changed(Thread *t);
/* Some environment has a com.loupe.events.ObjectAlloc callback (jvmti_alloc.c posts it). */
extern volatile bool jvmti_ext_alloc_on;
static inline bool jvmti_ext_alloc_wanted(void) { return __atomic_load_n(&jvmti_ext_alloc_on, __ATOMIC_RELAXED); }
/* com.loupe.functions.GetStackTraceMarked (jvmti_stackmark.c). */
jvmtiError JNICALL jvmti_ext_GetStackTraceMarked(jvmtiEnv *e, ...);
/* Claims the frames' mark words for env (false: another environment has them). */
bool jvmti_marks_claim(JvmtiEnv *env);
/* com.loupe.functions.SetAllocationCounting and DrainAllocationCounts
 * (jvmti_alloc_counts.c): while counting, the allocation hook counts every object. */
extern volatile bool jvmti_counts_on;
static inline bool jvmti_counts_wanted(void) { return __atomic_load_n(&jvmti_counts_on, __ATOMIC_RELAXED); }
Object *jvmti_counts_add(Thread *t, Object *o, size_t size);   /* returns o */
jvmtiError JNICALL jvmti_ext_SetAllocationCounting(jvmtiEnv *e, ...);
jvmtiError JNICALL jvmti_ext_DrainAllocationCounts(jvmtiEnv *e, ...);
/* The JNI signature of an allocated class by its name, as GetClassSignature gives it. */
void jvmti_class_signature_of(const Symbol *name, char *buf, size_t cap);
/* com.loupe.functions.SetLifetimeCounting and DrainLifetimes (jvmti_lifetimes.c). */
jvmtiError JNICALL jvmti_ext_SetLifetimeCounting(jvmtiEnv *e, ...);
jvmtiError JNICALL jvmti_ext_DrainLifetimes(jvmtiEnv *e, ...);
/* The lifetimes' heap listener, and the allocation sink (heap/gc.h) that records a birth
 * and counts the object (jvmti_alloc_sink_count). */
struct GCEventListener;
const struct GCEventListener *jvmti_lifetimes_listener(void);
Object *jvmti_lifetimes_sink(Thread *t, int arena, Object *o, size_t size);
/* Sets the heap's allocation sink for what is wanted of allocations now: counting_alone
 * says the allocation hook has nothing but counting to do (jvmti_alloc.c). */
void jvmti_alloc_sink_choose(bool counting_alone);
/* The sink of counting alone: counts o (no mirror: it is counted once it knows its class). */
Object *jvmti_alloc_sink_count(Thread *t, int arena, Object *o, size_t size);
/* com.loupe.functions.GetObjectId, com.sun.hotspot.functions.IsClassUnloadingEnabled
 * (jvmti_extension.c). */
jvmtiError JNICALL jvmti_ext_GetObjectId(jvmtiEnv *e, ...);
jvmtiError JNICALL jvmti_ext_IsClassUnloadingEnabled(jvmtiEnv *e, ...);



/* ObjectFree for every environment's objects the collector freed (jvmti_tag.c). */
void jvmti_tags_post_freed(Thread *t);
/* ObjectFree for env's freed objects only (SetEventCallbacks, SetEventNotificationMode). */
void jvmti_tags_flush(Thread *t, JvmtiEnv *env);
/* Tags during a heap walk (jvmti_tag.c), world stopped: the env's tags indexed by address. */
typedef struct JvmtiTagWalk JvmtiTagWalk;
JvmtiTagWalk *jvmti_tag_walk_begin(JvmtiEnv *env);
jlong jvmti_tag_walk_get(const JvmtiTagWalk *w, Object *o);
void jvmti_tag_walk_set(JvmtiTagWalk *w, Object *o, jlong tag);
void jvmti_tag_walk_end(JvmtiTagWalk *w);
#endif
