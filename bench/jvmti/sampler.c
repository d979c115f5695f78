/*
 * sampler.c — a JVMTI agent that enables SampledObjectAlloc with a callback that only
 * counts, for bench/jvmti-heap.sh: what heap sampling costs an allocating program.
 *
 *   -agentpath:libsampler.so            the default interval (512 KB), as a profiler
 *                                       that leaves it alone has it
 *   -agentpath:libsampler.so=BYTES      SetHeapSamplingInterval(BYTES) first
 *
 * At the end it prints "samples N" to stderr, so that a run shows sampling was on.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long samples;

static void JNICALL on_sample(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size) {
    (void)env, (void)jni, (void)thread, (void)object, (void)klass, (void)size;
    __atomic_add_fetch(&samples, 1, __ATOMIC_RELAXED);
}

static void JNICALL on_death(jvmtiEnv *env, JNIEnv *jni) {
    (void)env, (void)jni;
    fprintf(stderr, "samples %ld\n", __atomic_load_n(&samples, __ATOMIC_RELAXED));
}

static int check(jvmtiError err, const char *what) {
    if (err != JVMTI_ERROR_NONE) fprintf(stderr, "sampler: %s: error %d\n", what, err);
    return err == JVMTI_ERROR_NONE;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (void)reserved;
    jvmtiEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_generate_sampled_object_alloc_events = 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.SampledObjectAlloc = on_sample;
    cb.VMDeath = on_death;
    int ok = check((*env)->AddCapabilities(env, &c), "AddCapabilities") &&
             check((*env)->SetEventCallbacks(env, &cb, sizeof cb), "SetEventCallbacks") &&
             (!options || !*options || check((*env)->SetHeapSamplingInterval(env, atoi(options)), "SetHeapSamplingInterval")) &&
             check((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL), "enable") &&
             check((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL), "enable VMDeath");
    return ok ? JNI_OK : JNI_ERR;
}
