// main: AgentEvents
// vm-options: -Xmx24m
// normalize: s/^\[[0-9.]*s\]/[N.NNNs]/
/*
 * NativeMethodBind (for RegisterNatives, redirected by the agent, and for a native of the
 * JDK bound on first call) and ResourceExhausted (the heap, an array too large for the VM).
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static int binds_answer, binds_processors;

static jint JNICALL answer_registered(JNIEnv *env, jclass c) { return 1; }
static jint JNICALL answer_redirected(JNIEnv *env, jclass c) { return 42; }

static void JNICALL on_bind(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, void *address, void **new_address) {
    char *name = NULL, *cname = NULL;
    jclass k;
    /* (binds happen from the primordial phase on, when these functions are not allowed) */
    if ((*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;
    (*jvmti)->GetMethodDeclaringClass(jvmti, m, &k);
    (*jvmti)->GetClassSignature(jvmti, k, &cname, NULL);
    if (strcmp(name, "answer") == 0) {
        binds_answer++;
        printf("NativeMethodBind %s.%s: address is the registered one %d, thread %s\n", cname, name,
               address == (void *)answer_registered, t ? "set" : "NULL");
        *new_address = (void *)answer_redirected;
    }
    if (strcmp(name, "availableProcessors") == 0 && strcmp(cname, "Ljava/lang/Runtime;") == 0) binds_processors++;
    fflush(stdout);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)cname);
}

static void JNICALL on_exhausted(jvmtiEnv *e, JNIEnv *jni, jint flags, const void *reserved, const char *description) {
    printf("ResourceExhausted flags 0x%x: %s\n", flags, description);
    fflush(stdout);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    jclass c = (*jni)->FindClass(jni, "AgentEvents");
    JNINativeMethod m = { "answer", "()I", (void *)answer_registered };
    printf("RegisterNatives -> %d\n", (*jni)->RegisterNatives(jni, c, &m, 1));
    fflush(stdout);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    printf("binds: answer %d, Runtime.availableProcessors %d\n", binds_answer, binds_processors);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    printf("NativeMethodBind without capability -> %d\n",
           (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_NATIVE_METHOD_BIND, NULL));
    caps.can_generate_native_method_bind_events = 1;
    caps.can_generate_resource_exhaustion_heap_events = 1;
    caps.can_generate_resource_exhaustion_threads_events = 1;
    printf("AddCapabilities -> %d\n", (*jvmti)->AddCapabilities(jvmti, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.NativeMethodBind = on_bind;
    cb.ResourceExhausted = on_exhausted;
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    static const jvmtiEvent events[] = { JVMTI_EVENT_NATIVE_METHOD_BIND, JVMTI_EVENT_RESOURCE_EXHAUSTED, JVMTI_EVENT_VM_INIT,
                                         JVMTI_EVENT_VM_DEATH };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL);
    fflush(stdout);
    return 0;
}
