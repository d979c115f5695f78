// main: HeapStackSlots
/*
 * The stack-local roots FollowReferences reports for an interpreted frame: a local
 * variable with its slot, and an operand stack entry with the slot after the frame's
 * locals plus its depth in the stack, as HotSpot numbers them (nsk/jvmti/unit/
 * FollowReferences/followref003 checks that every stack local has a slot from 0 up; Loupe
 * reported operand stack entries as slot -1).
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

enum { MARKER_TAG = 11, LOCAL_TAG = 12 };

static jvmtiEnv *jvmti;

static jint JNICALL on_ref(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *user_data) {
    if (kind == JVMTI_HEAP_REFERENCE_STACK_LOCAL && (class_tag == MARKER_TAG || class_tag == LOCAL_TAG))
        printf("%s: stack local, depth %d, slot %d\n", class_tag == MARKER_TAG ? "Marker" : "Local",
               info->stack_local.depth, info->stack_local.slot);
    return 0;
}

JNIEXPORT jint JNICALL Java_HeapStackSlots_probe(JNIEnv *jni, jclass self, jclass marker, jclass local) {
    (*jvmti)->SetTag(jvmti, marker, MARKER_TAG);
    (*jvmti)->SetTag(jvmti, local, LOCAL_TAG);
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_reference_callback = on_ref;
    jvmtiError err = (*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, &cb, NULL);
    printf("FollowReferences -> %d\n", err);
    fflush(stdout);
    return 7;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    return agent_caps(jvmti, &(jvmtiCapabilities){ .can_tag_objects = 1 }) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
