// main: AgentTags
/*
 * Object tags: SetTag, GetTag, GetObjectsWithTags (with the objects' identity kept across
 * a collection), ObjectFree for the tagged objects the collector freed (posted by the
 * next tag function at the latest), GarbageCollectionStart/Finish, and the errors.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti, *plain;
static volatile int freed, gc_starts, gc_finishes;
static long freed_sum;

static void JNICALL on_free(jvmtiEnv *e, jlong tag) {
    __atomic_fetch_add(&freed, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&freed_sum, (long)tag, __ATOMIC_SEQ_CST);
}
static void JNICALL on_gc_start(jvmtiEnv *e) { __atomic_fetch_add(&gc_starts, 1, __ATOMIC_SEQ_CST); }
static void JNICALL on_gc_finish(jvmtiEnv *e) { __atomic_fetch_add(&gc_finishes, 1, __ATOMIC_SEQ_CST); }

JNIEXPORT void JNICALL Java_AgentTags_tag(JNIEnv *jni, jclass c, jobject o, jlong tag) {
    jvmtiError err = (*jvmti)->SetTag(jvmti, o, tag);
    if (err) printf("SetTag -> %d\n", err);
}

JNIEXPORT void JNICALL Java_AgentTags_report(JNIEnv *jni, jclass c, jobject live) {
    jlong tag = -1;
    jvmtiError err = (*jvmti)->GetTag(jvmti, live, &tag);
    printf("GetTag(kept) -> %d, tag %ld\n", err, (long)tag);
    /* the tag pointer is checked before the object (nsk/jvmti/unit/FollowReferences/followref006) */
    printf("GetTag(NULL, NULL) -> %d\n", (*jvmti)->GetTag(jvmti, NULL, NULL));
    jlong wanted[] = { 1, 10, 11, 12, 20 };
    jint n = -1;
    jobject *objs;
    jlong *tags;
    printf("GetObjectsWithTags -> %d\n", (*jvmti)->GetObjectsWithTags(jvmti, 5, wanted, &n, &objs, &tags));
    for (int i = 0; i < n; i++)
        if (tags[i] == 1) printf("  tag 1 is the kept object: %d\n", (*jni)->IsSameObject(jni, objs[i], live));
    printf("  live tagged objects: %d\n", n);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)objs);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)tags);
    jint only;
    printf("GetObjectsWithTags(no results) -> %d\n", (*jvmti)->GetObjectsWithTags(jvmti, 1, wanted, &only, NULL, NULL));
    printf("SetTag(kept, 0) -> %d\n", (*jvmti)->SetTag(jvmti, live, 0));
    (*jvmti)->GetTag(jvmti, live, &tag);
    printf("GetTag(kept) after untagging: %ld\n", (long)tag);
    printf("GetTag(NULL) -> %d\n", (*jvmti)->GetTag(jvmti, NULL, &tag));
    printf("GetTag(kept, NULL) -> %d\n", (*jvmti)->GetTag(jvmti, live, NULL));
    printf("SetTag(NULL) -> %d\n", (*jvmti)->SetTag(jvmti, NULL, 5));
    printf("GetObjectsWithTags(-1) -> %d\n", (*jvmti)->GetObjectsWithTags(jvmti, -1, wanted, &n, NULL, NULL));
    jlong zero[] = { 0 };
    printf("GetObjectsWithTags(tag 0) -> %d\n", (*jvmti)->GetObjectsWithTags(jvmti, 1, zero, &n, NULL, NULL));
    printf("GetObjectsWithTags(NULL tags) -> %d\n", (*jvmti)->GetObjectsWithTags(jvmti, 1, NULL, &n, NULL, NULL));
    printf("GetObjectsWithTags(NULL count) -> %d\n", (*jvmti)->GetObjectsWithTags(jvmti, 1, wanted, NULL, NULL, NULL));
    printf("SetTag without the capability -> %d\n", (*plain)->SetTag(plain, live, 3));
    printf("GetTag without the capability -> %d\n", (*plain)->GetTag(plain, live, &tag));
    fflush(stdout);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    printf("ObjectFree: %d events, tags sum %ld\n", freed, freed_sum);
    printf("GC events: some %d, balanced %d\n", gc_starts > 0, gc_starts == gc_finishes);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    (*vm)->GetEnv(vm, (void **)&plain, JVMTI_VERSION);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    caps.can_generate_garbage_collection_events = 1;
    printf("AddCapabilities -> %d\n", (*jvmti)->AddCapabilities(jvmti, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ObjectFree = on_free;
    cb.GarbageCollectionStart = on_gc_start;
    cb.GarbageCollectionFinish = on_gc_finish;
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    static const jvmtiEvent events[] = { JVMTI_EVENT_OBJECT_FREE, JVMTI_EVENT_GARBAGE_COLLECTION_START,
                                         JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, JVMTI_EVENT_VM_DEATH };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL);
    fflush(stdout);
    return 0;
}
