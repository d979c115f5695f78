// main: HeapClassRetag
/*
 * A class tag written during a heap walk is the class tag of every later report: the
 * callback of FollowReferences tags the Node class's mirror (through tag_ptr, at the
 * first reference from a Node to its class), and the references reported after it give
 * the Nodes that class tag, those before it none.  Walking from an array of 100 Nodes,
 * each linked to the next: the 100 array elements come before any Node is visited (class
 * tag 0), the 99 `next` fields after the first Node's class reference (class tag 7).
 * (Loupe's walk memoises class tags, and must forget them when a mirror's tag changes.)
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

enum { CLASS_TAG = 1, NODE_TAG = 3, NODE_CLASS_TAG = 7 };

static jvmtiEnv *jvmti;

typedef struct Counts {
    int elements_untagged, elements_tagged, fields_untagged, fields_tagged, class_refs;
} Counts;

static jint JNICALL on_ref(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *user_data) {
    Counts *c = user_data;
    int from_node = referrer_tag_ptr && *referrer_tag_ptr == NODE_TAG;
    if (class_tag == CLASS_TAG) {                     /* a class: tag it if it is a Node's, visit none */
        if (from_node && kind == JVMTI_HEAP_REFERENCE_CLASS) {
            *tag_ptr = NODE_CLASS_TAG;
            c->class_refs++;
        }
        return 0;
    }
    if (kind == JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT) class_tag ? c->elements_tagged++ : c->elements_untagged++;
    if (kind == JVMTI_HEAP_REFERENCE_FIELD && from_node) class_tag ? c->fields_tagged++ : c->fields_untagged++;
    return JVMTI_VISIT_OBJECTS;
}

JNIEXPORT void JNICALL Java_HeapClassRetag_walk(JNIEnv *jni, jclass self, jobjectArray nodes, jclass node) {
    jclass class_class = (*jni)->GetObjectClass(jni, node);
    printf("SetTag(Class.class) -> %d\n", (*jvmti)->SetTag(jvmti, class_class, CLASS_TAG));
    jsize n = (*jni)->GetArrayLength(jni, nodes);
    for (jsize i = 0; i < n; i++) {
        jobject o = (*jni)->GetObjectArrayElement(jni, nodes, i);
        (*jvmti)->SetTag(jvmti, o, NODE_TAG);
        (*jni)->DeleteLocalRef(jni, o);
    }
    Counts c;
    memset(&c, 0, sizeof c);
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_reference_callback = on_ref;
    printf("FollowReferences -> %d\n", (*jvmti)->FollowReferences(jvmti, 0, NULL, nodes, &cb, &c));
    printf("references from Nodes to their class: %d\n", c.class_refs);
    printf("array elements: class untagged %d, tagged %d\n", c.elements_untagged, c.elements_tagged);
    printf("next fields: class untagged %d, tagged %d\n", c.fields_untagged, c.fields_tagged);
    jlong tag = -1;
    (*jvmti)->GetTag(jvmti, node, &tag);
    printf("Node's class tag after the walk: %lld\n", (long long)tag);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    return agent_caps(jvmti, &(jvmtiCapabilities){ .can_tag_objects = 1 }) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
