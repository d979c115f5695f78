/*
 * jvmti_heap.c — the Heap functions of JVMTI 1.1 (FollowReferences, IterateThroughHeap)
 * and ForceGarbageCollection.
 *
 * Both walks go through the engine (jvmti_heap_walk.c) with the world stopped; this file
 * is the mode that turns its reports into the agent's jvmtiHeapCallbacks: the heap filter
 * (tagged / untagged objects, tagged / untagged classes) and the class filter decide
 * which objects are reported, filtered objects are still traversed (as in HotSpot), and a
 * tag the callback writes through tag_ptr or referrer_tag_ptr becomes the object's tag.
 */
#include "jvmti/jvmti_heap_walk.h"
#include "heap/heap.h"
#include "classfile/class.h"

typedef struct Filter {
    jint heap_filter;
    Class *klass;                   /* NULL: every class */
    const jvmtiHeapCallbacks *cb;
} Filter;

static const Filter *filter_of(const HeapWalk *w) { return w->mode_data; }

/* Does the filter keep o (with tag and class tag as given)? */
static bool kept(const HeapWalk *w, Object *o, jlong tag, jlong class_tag) {
    const Filter *f = filter_of(w);
    if (f->klass && o->klass != f->klass) return false;
    if ((f->heap_filter & JVMTI_HEAP_FILTER_TAGGED) && tag) return false;
    if ((f->heap_filter & JVMTI_HEAP_FILTER_UNTAGGED) && !tag) return false;
    if ((f->heap_filter & JVMTI_HEAP_FILTER_CLASS_TAGGED) && class_tag) return false;
    if ((f->heap_filter & JVMTI_HEAP_FILTER_CLASS_UNTAGGED) && !class_tag) return false;
    return true;
}

/* ---- FollowReferences ---- */

static jint on_reference(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *from, Object *to) {
    jvmtiHeapReferenceCallback cb = filter_of(w)->cb->heap_reference_callback;
    jlong tag = hw_tag(w, to), class_tag = hw_class_tag(w, to);
    if (!kept(w, to, tag, class_tag)) return JVMTI_VISIT_OBJECTS;
    if (!cb) return JVMTI_VISIT_OBJECTS;
    jlong new_tag = tag, from_tag = from ? hw_tag(w, from) : 0, new_from_tag = from_tag;
    jlong *from_ptr = !from ? NULL : from == to ? &new_tag : &new_from_tag;
    jint r = cb(kind, info, class_tag, from ? hw_class_tag(w, from) : 0, (jlong)heap_object_size(to), &new_tag, from_ptr,
                hw_length(to), (void *)w->user_data);
    hw_retag(w, to, tag, new_tag);
    if (from && from != to) hw_retag(w, from, from_tag, new_from_tag);
    return r;
}

static jint on_primitive_field(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *o,
                               jvalue value, jvmtiPrimitiveType type) {
    jvmtiPrimitiveFieldCallback cb = filter_of(w)->cb->primitive_field_callback;
    jlong tag = hw_tag(w, o), class_tag = hw_class_tag(w, o), new_tag = tag;
    if (!cb || !kept(w, o, tag, class_tag)) return 0;
    jint r = cb(kind, info, class_tag, &new_tag, value, type, (void *)w->user_data);
    hw_retag(w, o, tag, new_tag);
    return r;
}

static jint on_array_values(HeapWalk *w, Object *o, jint count, jvmtiPrimitiveType type, const void *elements) {
    jvmtiArrayPrimitiveValueCallback cb = filter_of(w)->cb->array_primitive_value_callback;
    jlong tag = hw_tag(w, o), class_tag = hw_class_tag(w, o), new_tag = tag;
    if (!cb || !kept(w, o, tag, class_tag)) return 0;
    jint r = cb(class_tag, (jlong)heap_object_size(o), &new_tag, count, type, elements, (void *)w->user_data);
    hw_retag(w, o, tag, new_tag);
    return r;
}

static jint on_string(HeapWalk *w, Object *o, const jchar *chars, jint length) {
    jvmtiStringPrimitiveValueCallback cb = filter_of(w)->cb->string_primitive_value_callback;
    jlong tag = hw_tag(w, o), class_tag = hw_class_tag(w, o), new_tag = tag;
    if (!cb || !kept(w, o, tag, class_tag)) return 0;
    jint r = cb(class_tag, (jlong)heap_object_size(o), &new_tag, chars, length, (void *)w->user_data);
    hw_retag(w, o, tag, new_tag);
    return r;
}

/* ---- IterateThroughHeap ---- */

static jint on_object(HeapWalk *w, Object *o) {
    jvmtiHeapIterationCallback cb = filter_of(w)->cb->heap_iteration_callback;
    jlong tag = hw_tag(w, o), class_tag = hw_class_tag(w, o), new_tag = tag;
    if (!kept(w, o, tag, class_tag)) return 0;
    jint r = 0;
    if (cb) {
        r = cb(class_tag, (jlong)heap_object_size(o), &new_tag, hw_length(o), (void *)w->user_data);
        hw_retag(w, o, tag, new_tag);
    }
    const jvmtiHeapCallbacks *all = filter_of(w)->cb;
    bool values = all->primitive_field_callback || all->array_primitive_value_callback || all->string_primitive_value_callback;
    return (r & JVMTI_VISIT_ABORT) || !values ? r : r | HW_REPORT_VALUES;
}

static const HeapWalkMode follow_mode = { on_reference, NULL, on_primitive_field, on_array_values, on_string };
static const HeapWalkMode iterate_mode = { hw_ignore_reference, on_object, on_primitive_field, on_array_values, on_string };

/* The class filter: NULL or a class.  As in HotSpot, a reference to no object is
 * INVALID_CLASS, and an object that is no class (or a primitive type) has no instances:
 * *empty says there is nothing to report. */
static jvmtiError class_filter(jclass klass, Class **out, bool *empty) {
    *out = NULL;
    *empty = false;
    if (!klass) return JVMTI_ERROR_NONE;
    Object *o = hnd_get(klass);
    if (!o) return JVMTI_ERROR_INVALID_CLASS;
    *empty = jvmti_class_of(klass, out) != JVMTI_ERROR_NONE || class_is_primitive(*out) || class_is_interface(*out);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_FollowReferences(jvmtiEnv *env, jint heap_filter, jclass klass, jobject initial_object,
                                          const jvmtiHeapCallbacks *callbacks, const void *user_data) {
    if (!callbacks) return JVMTI_ERROR_NULL_POINTER;
    Filter f = { heap_filter, NULL, callbacks };
    bool empty;
    jvmtiError err = class_filter(klass, &f.klass, &empty);
    if (err || empty) return err;
    if (initial_object && !hnd_get(initial_object)) return JVMTI_ERROR_INVALID_OBJECT;
    HeapWalk w;
    hw_begin(&w, jvmti_env(env), &follow_mode, user_data);
    w.mode_data = &f;
    hw_follow(&w, initial_object ? hnd_get(initial_object) : NULL);
    hw_end(&w);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_IterateThroughHeap(jvmtiEnv *env, jint heap_filter, jclass klass, const jvmtiHeapCallbacks *callbacks,
                                            const void *user_data) {
    if (!callbacks) return JVMTI_ERROR_NULL_POINTER;
    Filter f = { heap_filter, NULL, callbacks };
    bool empty;
    jvmtiError err = class_filter(klass, &f.klass, &empty);
    if (err || empty) return err;
    HeapWalk w;
    hw_begin(&w, jvmti_env(env), &iterate_mode, user_data);
    w.mode_data = &f;
    hw_iterate(&w);
    hw_end(&w);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_ForceGarbageCollection(jvmtiEnv *env) {
    Thread *t = thread_current();
    heap_collect(t, GC_JVMTI);
    jvmti_tags_post_freed(t);
    return JVMTI_ERROR_NONE;
}
