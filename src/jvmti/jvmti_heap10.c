/*
 * jvmti_heap10.c — the Heap functions of JVMTI 1.0: IterateOverHeap,
 * IterateOverInstancesOfClass, IterateOverReachableObjects and
 * IterateOverObjectsReachableFromObject.
 *
 * They are a second mode of the heap-walk engine (jvmti_heap_walk.c): the same walks and
 * references, reported through the 1.0 callbacks.  Their kinds are the 1.1 kinds under
 * other names (jvmtiHeapRootKind for roots, jvmtiObjectReferenceKind for references, with
 * the same numbers for the references); their jvmtiIterationControl answers map onto visit
 * control: CONTINUE visits the object's references, IGNORE does not, ABORT stops.  Stack
 * and JNI local roots go to the stack reference callback, the other roots to the heap
 * root callback; references from objects to the object reference callback with the
 * referrer's tag and the field, element or constant-pool index.
 */
#include "jvmti/jvmti_heap_walk.h"
#include "heap/heap.h"
#include "classfile/class.h"

typedef struct Basic {
    jvmtiHeapObjectFilter filter;       /* walks over objects */
    Class *klass;                       /* IterateOverInstancesOfClass: NULL otherwise */
    jvmtiHeapObjectCallback object;
    jvmtiHeapRootCallback root;
    jvmtiStackReferenceCallback stack;
    jvmtiObjectReferenceCallback reference;
} Basic;

static const Basic *basic(const HeapWalk *w) { return w->mode_data; }

static jint control(jvmtiIterationControl c) {
    return c == JVMTI_ITERATION_ABORT ? JVMTI_VISIT_ABORT : c == JVMTI_ITERATION_CONTINUE ? JVMTI_VISIT_OBJECTS : 0;
}

/* ---- reachable objects ---- */

static jvmtiHeapRootKind root_kind(jvmtiHeapReferenceKind k) {
    switch (k) {
    case JVMTI_HEAP_REFERENCE_JNI_GLOBAL: return JVMTI_HEAP_ROOT_JNI_GLOBAL;
    case JVMTI_HEAP_REFERENCE_SYSTEM_CLASS: return JVMTI_HEAP_ROOT_SYSTEM_CLASS;
    case JVMTI_HEAP_REFERENCE_MONITOR: return JVMTI_HEAP_ROOT_MONITOR;
    case JVMTI_HEAP_REFERENCE_STACK_LOCAL: return JVMTI_HEAP_ROOT_STACK_LOCAL;
    case JVMTI_HEAP_REFERENCE_JNI_LOCAL: return JVMTI_HEAP_ROOT_JNI_LOCAL;
    case JVMTI_HEAP_REFERENCE_THREAD: return JVMTI_HEAP_ROOT_THREAD;
    default: return JVMTI_HEAP_ROOT_OTHER;
    }
}

static jint stack_root(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *o, jlong *tag) {
    jvmtiStackReferenceCallback cb = basic(w)->stack;
    if (!cb) return JVMTI_VISIT_OBJECTS;
    bool local = kind == JVMTI_HEAP_REFERENCE_STACK_LOCAL;
    const jvmtiHeapReferenceInfoJniLocal *j = &info->jni_local;
    return control(cb(root_kind(kind), hw_class_tag(w, o), (jlong)heap_object_size(o), tag,
                      local ? info->stack_local.thread_tag : j->thread_tag, local ? info->stack_local.depth : j->depth,
                      local ? info->stack_local.method : j->method, local ? info->stack_local.slot : -1, (void *)w->user_data));
}

static jint root(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *o) {
    jlong before = hw_tag(w, o), tag = before;
    jint r = JVMTI_VISIT_OBJECTS;
    if (info) r = stack_root(w, kind, info, o, &tag);
    else if (basic(w)->root)
        r = control(basic(w)->root(root_kind(kind), hw_class_tag(w, o), (jlong)heap_object_size(o), &tag, (void *)w->user_data));
    hw_retag(w, o, before, tag);
    return r;
}

static jint on_reference(HeapWalk *w, jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, Object *from, Object *to) {
    if (!from) return root(w, kind, info, to);
    jvmtiObjectReferenceCallback cb = basic(w)->reference;
    if (!cb) return JVMTI_VISIT_OBJECTS;
    jlong before = hw_tag(w, to), tag = before;
    jint index = info ? info->field.index : -1;
    jint r = control(cb((jvmtiObjectReferenceKind)kind, hw_class_tag(w, to), (jlong)heap_object_size(to), &tag,
                        hw_tag(w, from), index, (void *)w->user_data));
    hw_retag(w, to, before, tag);
    return r;
}

/* ---- every object ---- */

static bool instance_of(Object *o, Class *k) {
    Class *c = o->klass;
    if (c == k) return true;
    if (class_is_interface(k)) {
        for (uint32_t i = 0; i < c->nitable; i++)
            if (c->itable[i].iface == k) return true;
        return false;
    }
    return !class_is_array(c) && c->depth > k->depth && c->supers[k->depth] == k;
}

static jint on_object(HeapWalk *w, Object *o) {
    const Basic *b = basic(w);
    if (b->klass && !instance_of(o, b->klass)) return 0;
    jlong before = hw_tag(w, o), tag = before;
    if ((b->filter == JVMTI_HEAP_OBJECT_TAGGED && !tag) || (b->filter == JVMTI_HEAP_OBJECT_UNTAGGED && tag)) return 0;
    jint r = control(b->object(hw_class_tag(w, o), (jlong)heap_object_size(o), &tag, (void *)w->user_data));
    hw_retag(w, o, before, tag);
    return r & JVMTI_VISIT_ABORT;
}

static const HeapWalkMode reachable_mode = { on_reference, NULL, NULL, NULL, NULL };
static const HeapWalkMode objects_mode = { hw_ignore_reference, on_object, NULL, NULL, NULL };

static void run(jvmtiEnv *env, const HeapWalkMode *mode, Basic *b, jobject initial, const void *user_data) {
    HeapWalk w;
    hw_begin(&w, jvmti_env(env), mode, user_data);
    w.mode_data = b;
    if (mode == &objects_mode) hw_iterate(&w);
    else hw_follow(&w, hnd_get(initial));
    hw_end(&w);
}

jvmtiError JNICALL jvmti_IterateOverHeap(jvmtiEnv *env, jvmtiHeapObjectFilter object_filter, jvmtiHeapObjectCallback heap_object_callback,
                                         const void *user_data) {
    /* (a filter that is none of the three acts as JVMTI_HEAP_OBJECT_EITHER, as in HotSpot) */
    if (!heap_object_callback) return JVMTI_ERROR_NULL_POINTER;
    Basic b = { .filter = object_filter, .object = heap_object_callback };
    run(env, &objects_mode, &b, NULL, user_data);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_IterateOverInstancesOfClass(jvmtiEnv *env, jclass klass, jvmtiHeapObjectFilter object_filter,
                                                     jvmtiHeapObjectCallback heap_object_callback, const void *user_data) {
    Basic b = { .filter = object_filter, .object = heap_object_callback };
    jvmtiError err = jvmti_class_of(klass, &b.klass);
    if (err) return err;
    if (!heap_object_callback) return JVMTI_ERROR_NULL_POINTER;
    /* primitive types have no instances */
    if (class_is_primitive(b.klass)) return JVMTI_ERROR_NONE;
    run(env, &objects_mode, &b, NULL, user_data);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_IterateOverReachableObjects(jvmtiEnv *env, jvmtiHeapRootCallback heap_root_callback,
                                                     jvmtiStackReferenceCallback stack_ref_callback,
                                                     jvmtiObjectReferenceCallback object_ref_callback, const void *user_data) {
    Basic b = { .root = heap_root_callback, .stack = stack_ref_callback, .reference = object_ref_callback };
    run(env, &reachable_mode, &b, NULL, user_data);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_IterateOverObjectsReachableFromObject(jvmtiEnv *env, jobject object,
                                                               jvmtiObjectReferenceCallback object_reference_callback,
                                                               const void *user_data) {
    if (!hnd_get(object)) return JVMTI_ERROR_INVALID_OBJECT;
    if (!object_reference_callback) return JVMTI_ERROR_NULL_POINTER;
    Basic b = { .reference = object_reference_callback };
    run(env, &reachable_mode, &b, object, user_data);
    return JVMTI_ERROR_NONE;
}
