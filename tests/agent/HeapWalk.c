// main: HeapWalk
/*
 * The heap functions on a known object graph (three nodes in a cycle, one of a subclass,
 * an int[] and a String as payloads, an Object[] holding two nodes and a char[]):
 * FollowReferences (reference kinds and their indices, primitive field, array and string
 * callbacks, tags set through tag_ptr and referrer_tag_ptr, visit control, abort),
 * IterateThroughHeap with the class and heap filters, the JVMTI 1.0 functions, and the
 * error codes.  Everything printed is what the spec fixes, so HotSpot prints the same.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti, *plain;
enum { NODE_TAG = 100, SUB_TAG = 101, KIND_MAX = 30 };

/* ---- counting references by kind ---- */

typedef struct Count {
    int kinds[KIND_MAX];
    int node_field[8];          /* FIELD references to nodes, by field index */
    int node_elements[8];       /* ARRAY_ELEMENT references to nodes, by index */
    int static_to_node, roots_to_node, total;
    int to_node_class[KIND_MAX];   /* references to the class Node, by kind */
    long prim_sum;
    int prims, arrays, array_len, strings, string_len, calls, abort_after, visit;
    jlong set_tag, set_referrer_tag;
} Count;

static int is_node(jlong class_tag) { return class_tag == NODE_TAG || class_tag == SUB_TAG; }

static jint JNICALL on_ref(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *user_data) {
    Count *c = user_data;
    c->calls++;
    if ((int)kind < KIND_MAX && (is_node(class_tag) || is_node(referrer_class_tag))) c->kinds[kind]++;
    if (is_node(class_tag)) {
        if (kind == JVMTI_HEAP_REFERENCE_FIELD && info->field.index < 8) c->node_field[info->field.index]++;
        if (kind == JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT && info->array.index < 8) c->node_elements[info->array.index]++;
        if (kind == JVMTI_HEAP_REFERENCE_STATIC_FIELD) c->static_to_node++;
        if (!referrer_tag_ptr) c->roots_to_node++;
        if (c->set_tag) *tag_ptr = c->set_tag;
        if (c->set_referrer_tag && kind == JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT) *referrer_tag_ptr = c->set_referrer_tag;
    }
    if (*tag_ptr == NODE_TAG && (int)kind < KIND_MAX) c->to_node_class[kind]++;
    if (c->abort_after && c->calls >= c->abort_after) return JVMTI_VISIT_ABORT;
    return c->visit;
}

static jint JNICALL on_prim(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong object_class_tag,
                            jlong *object_tag_ptr, jvalue value, jvmtiPrimitiveType value_type, void *user_data) {
    Count *c = user_data;
    if (!is_node(object_class_tag)) return 0;
    c->prims++;
    if (value_type == JVMTI_PRIMITIVE_TYPE_INT && info->field.index == 2) c->prim_sum += value.i;
    if (value_type == JVMTI_PRIMITIVE_TYPE_LONG && info->field.index == 3) c->prim_sum += value.j;
    return 0;
}

static jint JNICALL on_array(jlong class_tag, jlong size, jlong *tag_ptr, jint element_count,
                             jvmtiPrimitiveType element_type, const void *elements, void *user_data) {
    Count *c = user_data;
    if (element_type == JVMTI_PRIMITIVE_TYPE_INT && element_count == 3 && ((const jint *)elements)[2] == 3) c->arrays++;
    if (element_type == JVMTI_PRIMITIVE_TYPE_CHAR && element_count == 2 && ((const jchar *)elements)[1] == 'y') c->arrays++;
    return 0;
}

static jint JNICALL on_string(jlong class_tag, jlong size, jlong *tag_ptr, const jchar *value, jint value_length,
                              void *user_data) {
    Count *c = user_data;
    if (value_length == 5 && value[0] == 'h' && value[4] == 'o') c->strings++;
    return 0;
}

static jint JNICALL on_iter(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data) {
    Count *c = user_data;
    c->calls++;
    if (is_node(class_tag)) c->total++;
    if (c->set_tag && is_node(class_tag)) *tag_ptr = c->set_tag;
    if (c->abort_after && c->calls >= c->abort_after) return JVMTI_VISIT_ABORT;
    return 0;
}

/* The references from or to nodes, by kind (static fields aside: whether the graph reaches
 * the class holding one depends on the class library's bookkeeping). */
static void print_kinds(const char *what, const Count *c) {
    printf("%s: class %d field %d array_element %d", what, c->kinds[JVMTI_HEAP_REFERENCE_CLASS],
           c->kinds[JVMTI_HEAP_REFERENCE_FIELD], c->kinds[JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT]);
    printf("; to nodes: field[0] %d field[1] %d elements[0] %d elements[2] %d\n", c->node_field[0], c->node_field[1],
           c->node_elements[0], c->node_elements[2]);
}

static jint tagged(jlong tag) {
    jint n = -1;
    (*jvmti)->GetObjectsWithTags(jvmti, 1, &tag, &n, NULL, NULL);
    return n;
}

/* ---- JVMTI 1.0 ---- */

static int old_objects, old_refs_to_nodes, old_field_index_sum, old_stack_roots;

static jvmtiIterationControl JNICALL old_object(jlong class_tag, jlong size, jlong *tag_ptr, void *user_data) {
    if (is_node(class_tag)) old_objects++;
    return JVMTI_ITERATION_CONTINUE;
}

static jvmtiIterationControl JNICALL old_ref(jvmtiObjectReferenceKind kind, jlong class_tag, jlong size, jlong *tag_ptr,
                                             jlong referrer_tag, jint referrer_index, void *user_data) {
    if (is_node(class_tag) && kind == JVMTI_REFERENCE_FIELD) {
        old_refs_to_nodes++;
        old_field_index_sum += referrer_index;
    }
    return JVMTI_ITERATION_CONTINUE;
}

static jvmtiIterationControl JNICALL old_root(jvmtiHeapRootKind kind, jlong class_tag, jlong size, jlong *tag_ptr,
                                              void *user_data) {
    return JVMTI_ITERATION_CONTINUE;
}

static jvmtiIterationControl JNICALL old_stack(jvmtiHeapRootKind kind, jlong class_tag, jlong size, jlong *tag_ptr,
                                               jlong thread_tag, jint depth, jmethodID method, jint slot, void *user_data) {
    if (is_node(class_tag) && kind == JVMTI_HEAP_ROOT_STACK_LOCAL) old_stack_roots++;
    return JVMTI_ITERATION_CONTINUE;
}

static void old_functions(jobject graph, jclass node) {
    jvmtiError err;
    err = (*jvmti)->IterateOverInstancesOfClass(jvmti, node, JVMTI_HEAP_OBJECT_EITHER, old_object, NULL);
    printf("IterateOverInstancesOfClass(Node) -> %d, %d (subclasses included)\n", err, old_objects);
    old_objects = 0;
    err = (*jvmti)->IterateOverHeap(jvmti, JVMTI_HEAP_OBJECT_TAGGED, old_object, NULL);
    printf("IterateOverHeap(tagged) -> %d, nodes %d\n", err, old_objects);
    err = (*jvmti)->IterateOverObjectsReachableFromObject(jvmti, graph, old_ref, NULL);
    printf("IterateOverObjectsReachableFromObject -> %d, field refs to nodes %d, index sum %d\n", err, old_refs_to_nodes, old_field_index_sum);
    old_refs_to_nodes = old_field_index_sum = 0;
    err = (*jvmti)->IterateOverReachableObjects(jvmti, old_root, old_stack, old_ref, NULL);
    printf("IterateOverReachableObjects -> %d, field refs to nodes %d, stack roots to nodes > 0: %d\n", err, old_refs_to_nodes, old_stack_roots > 0);
    printf("IterateOverHeap(bad filter) -> %d\n", (*jvmti)->IterateOverHeap(jvmti, 7, old_object, NULL));
    printf("IterateOverHeap(NULL) -> %d\n", (*jvmti)->IterateOverHeap(jvmti, JVMTI_HEAP_OBJECT_EITHER, NULL, NULL));
    printf("IterateOverInstancesOfClass(not a class) -> %d\n",
           (*jvmti)->IterateOverInstancesOfClass(jvmti, graph, JVMTI_HEAP_OBJECT_EITHER, old_object, NULL));
}

/* ---- the walks ---- */

JNIEXPORT void JNICALL Java_HeapWalk_walk(JNIEnv *jni, jclass cls, jobject graph, jobjectArray array, jclass node, jclass sub) {
    (*jvmti)->SetTag(jvmti, node, NODE_TAG);
    (*jvmti)->SetTag(jvmti, sub, SUB_TAG);
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_reference_callback = on_ref;
    cb.primitive_field_callback = on_prim;
    cb.array_primitive_value_callback = on_array;
    cb.string_primitive_value_callback = on_string;
    Count c;
    jvmtiError err;

    memset(&c, 0, sizeof c);
    c.visit = JVMTI_VISIT_OBJECTS;
    c.set_tag = 50;
    c.set_referrer_tag = 77;
    printf("FollowReferences(from graph) -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, NULL, graph, &cb, &c));
    print_kinds("  kinds", &c);
    printf("  node primitive fields %d, value+big sum %ld, arrays %d, strings %d\n", c.prims, c.prim_sum, c.arrays, c.strings);
    printf("  nodes tagged 50 through tag_ptr: %d\n", tagged(50));

    memset(&c, 0, sizeof c);
    c.visit = JVMTI_VISIT_OBJECTS;
    c.set_referrer_tag = 77;
    printf("FollowReferences(from array) -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, NULL, array, &cb, &c));
    print_kinds("  kinds", &c);
    printf("  arrays tagged 77 through referrer_tag_ptr: %d\n", tagged(77));

    memset(&c, 0, sizeof c);
    printf("FollowReferences(from graph, no visits) -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, NULL, graph, &cb, &c));
    print_kinds("  kinds", &c);

    memset(&c, 0, sizeof c);
    c.visit = JVMTI_VISIT_OBJECTS;
    printf("FollowReferences(roots, class Node) -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, node, NULL, &cb, &c));
    print_kinds("  kinds", &c);
    printf("  static field refs to nodes %d, roots to nodes > 0: %d, stack locals > 0: %d\n", c.static_to_node,
           c.roots_to_node > 0, c.kinds[JVMTI_HEAP_REFERENCE_STACK_LOCAL] > 0);

    memset(&c, 0, sizeof c);
    c.visit = JVMTI_VISIT_OBJECTS;
    err = (*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, &cb, &c);
    /* (references from objects only: which roots hold a class differs, Loupe keeping every
     * class as a root where HotSpot reaches them through their loaders) */
    printf("FollowReferences(roots) -> %d; to the class Node:", err);
    for (int k = 0; k < JVMTI_HEAP_REFERENCE_JNI_GLOBAL; k++)
        if (c.to_node_class[k]) printf(" kind %d: %d", k, c.to_node_class[k]);
    printf("\n");

    memset(&c, 0, sizeof c);
    c.visit = JVMTI_VISIT_OBJECTS;
    printf("FollowReferences(roots, untagged objects only) -> %d\n",
           (*jvmti)->FollowReferences(jvmti, JVMTI_HEAP_FILTER_TAGGED, node, NULL, &cb, &c));
    printf("  references reported %d\n", c.calls);

    memset(&c, 0, sizeof c);
    c.visit = JVMTI_VISIT_OBJECTS;
    c.abort_after = 3;
    err = (*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, &cb, &c);
    /* (HotSpot may deliver one more root report before it stops) */
    printf("FollowReferences(abort after 3) -> %d, stopped early: %d\n", err, c.calls >= 3 && c.calls <= 4);

    jvmtiHeapCallbacks it;
    memset(&it, 0, sizeof it);
    it.heap_iteration_callback = on_iter;
    it.primitive_field_callback = on_prim;
    memset(&c, 0, sizeof c);
    err = (*jvmti)->IterateThroughHeap(jvmti, 0, node, &it, &c);
    printf("IterateThroughHeap(class Node) -> %d, nodes %d, calls %d, primitive fields %d\n", err, c.total, c.calls, c.prims);
    memset(&c, 0, sizeof c);
    err = (*jvmti)->IterateThroughHeap(jvmti, 0, sub, &it, &c);
    printf("IterateThroughHeap(class SubNode) -> %d, nodes %d\n", err, c.total);
    memset(&c, 0, sizeof c);
    c.set_tag = 60;
    err = (*jvmti)->IterateThroughHeap(jvmti, JVMTI_HEAP_FILTER_CLASS_UNTAGGED, NULL, &it, &c);
    printf("IterateThroughHeap(tagged classes, set tags) -> %d, nodes %d, tagged 60: %d\n", err, c.total, tagged(60));
    memset(&c, 0, sizeof c);
    err = (*jvmti)->IterateThroughHeap(jvmti, JVMTI_HEAP_FILTER_TAGGED, node, &it, &c);
    printf("IterateThroughHeap(untagged objects, class Node) -> %d, nodes %d\n", err, c.total);
    memset(&c, 0, sizeof c);
    err = (*jvmti)->IterateThroughHeap(jvmti, JVMTI_HEAP_FILTER_CLASS_TAGGED, NULL, &it, &c);
    printf("IterateThroughHeap(untagged classes) -> %d, nodes %d\n", err, c.total);
    memset(&c, 0, sizeof c);
    c.abort_after = 5;
    err = (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &it, &c);
    printf("IterateThroughHeap(abort after 5) -> %d, calls %d\n", err, c.calls);

    printf("FollowReferences(NULL callbacks) -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, NULL, NULL));
    printf("FollowReferences(klass not a class) -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, graph, NULL, &cb, &c));
    printf("IterateThroughHeap(NULL callbacks) -> %d\n", (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, NULL, NULL));
    printf("IterateThroughHeap(klass not a class) -> %d\n", (*jvmti)->IterateThroughHeap(jvmti, 0, array, &it, &c));
    printf("FollowReferences without the capability -> %d\n", (*plain)->FollowReferences(plain, 0, NULL, NULL, &cb, &c));
    printf("IterateThroughHeap without the capability -> %d\n", (*plain)->IterateThroughHeap(plain, 0, NULL, &it, &c));
    printf("IterateOverHeap without the capability -> %d\n",
           (*plain)->IterateOverHeap(plain, JVMTI_HEAP_OBJECT_EITHER, old_object, NULL));
    printf("ForceGarbageCollection -> %d\n", (*jvmti)->ForceGarbageCollection(jvmti));
    printf("after the collection, nodes tagged 60: %d\n", tagged(60));
    old_functions(graph, node);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    (*vm)->GetEnv(vm, (void **)&plain, JVMTI_VERSION);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    printf("AddCapabilities -> %d\n", (*jvmti)->AddCapabilities(jvmti, &caps));
    fflush(stdout);
    return 0;
}
