// main: AllocEvents
/*
 * VMObjectAlloc and SampledObjectAlloc.  VMObjectAlloc: the objects the VM allocates for
 * Java code that bytecode instrumentation cannot see (Object.clone, Constructor.newInstance,
 * Array.newInstance), and none for bytecode `new` nor, as in HotSpot, for JNI's
 * AllocObject/NewObject/NewObjectArray called by an agent's native method.
 * SampledObjectAlloc with SetHeapSamplingInterval(0): every allocation of a known loop
 * (100 objects, 50 arrays), nothing once disabled.  Also the errors and that a callback
 * may call JNI.  Only the test's own classes are counted.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static int vm_thing, vm_things, sampled_thing, sampled_things, jni_ok = 1, size_ok = 1, longs;

static void count(JNIEnv *jni, jobject object, jclass klass, jlong size, int *thing, int *things) {
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL) != JVMTI_ERROR_NONE) return;
    if (strcmp(sig, "LAllocEvents$Thing;") == 0) ++*thing;
    if (strcmp(sig, "[LAllocEvents$Thing;") == 0) ++*things;
    if (strcmp(sig, "[J") == 0 && (*jni)->GetArrayLength(jni, object) == 125) longs++;
    /* JNI works in the callback, and the object is of the class given */
    if (!(*jni)->IsInstanceOf(jni, object, klass)) jni_ok = 0;
    if (size <= 0) size_ok = 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_vm_alloc(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size) {
    count(jni, object, klass, size, &vm_thing, &vm_things);
}

static void JNICALL on_sampled(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size) {
    count(jni, object, klass, size, &sampled_thing, &sampled_things);
}

JNIEXPORT void JNICALL Java_AllocEvents_vmAllocs(JNIEnv *jni, jclass cls, jboolean on) {
    (*jvmti)->SetEventNotificationMode(jvmti, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_VM_OBJECT_ALLOC, NULL);
    if (!on) printf("VMObjectAlloc: Thing %d, Thing[] %d\n", vm_thing, vm_things);
    fflush(stdout);
}

JNIEXPORT void JNICALL Java_AllocEvents_jniAllocs(JNIEnv *jni, jclass cls, jclass thing) {
    jmethodID init = (*jni)->GetMethodID(jni, thing, "<init>", "()V");
    (*jni)->AllocObject(jni, thing);
    (*jni)->NewObject(jni, thing, init);
    (*jni)->NewObjectArray(jni, 4, thing, NULL);
}

JNIEXPORT void JNICALL Java_AllocEvents_sampling(JNIEnv *jni, jclass cls, jboolean on) {
    if (on) printf("SetHeapSamplingInterval(0) -> %d\n", (*jvmti)->SetHeapSamplingInterval(jvmti, 0));
    (*jvmti)->SetEventNotificationMode(jvmti, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL);
    if (!on) printf("SampledObjectAlloc: Thing %d, Thing[] %d\n", sampled_thing, sampled_things);
    fflush(stdout);
}

/* About 4 MB in 4000 arrays at a mean interval of 16 KB: some 250 samples (the sizes differ
 * a little between VMs); the bounds are more than six standard deviations wide. */
JNIEXPORT void JNICALL Java_AllocEvents_sampleEvery(JNIEnv *jni, jclass cls, jint interval, jboolean on) {
    if (on) {
        (*jvmti)->SetHeapSamplingInterval(jvmti, interval);
        longs = 0;
    }
    (*jvmti)->SetEventNotificationMode(jvmti, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL);
    if (!on) printf("SampledObjectAlloc at 16 KB: long[125] samples within 150..350: %d\n", longs >= 150 && longs <= 350);
    if (!on && getenv("ALLOC_EVENTS_VERBOSE")) fprintf(stderr, "long[125] samples: %d\n", longs);
    fflush(stdout);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    printf("after disabling: Thing %d, Thing[] %d; JNI in callbacks ok %d, sizes ok %d\n", sampled_thing, sampled_things,
           jni_ok, size_ok);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *plain;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    (*vm)->GetEnv(vm, (void **)&plain, JVMTI_VERSION);
    printf("SetHeapSamplingInterval without the capability -> %d\n", (*plain)->SetHeapSamplingInterval(plain, 100));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_vm_object_alloc_events = 1;
    caps.can_generate_sampled_object_alloc_events = 1;
    printf("AddCapabilities -> %d\n", (*jvmti)->AddCapabilities(jvmti, &caps));
    printf("SetHeapSamplingInterval(-1) -> %d\n", (*jvmti)->SetHeapSamplingInterval(jvmti, -1));
    printf("SetHeapSamplingInterval(1024) -> %d\n", (*jvmti)->SetHeapSamplingInterval(jvmti, 1024));
    printf("SampledObjectAlloc capability for a second environment -> %d\n", (*plain)->AddCapabilities(plain, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMObjectAlloc = on_vm_alloc;
    cb.SampledObjectAlloc = on_sampled;
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    fflush(stdout);
    return 0;
}
