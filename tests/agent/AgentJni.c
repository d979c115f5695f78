// main: AgentJni
/*
 * JNI Function Interception: the agent replaces GetVersion in VMInit; every thread's
 * calls go through the replacement, which calls the original.  Errors of both functions.
 * FindClass with names in the L...; envelope (HotSpot takes them as the class inside).
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>

static jvmtiEnv *jvmti;
static jniNativeInterface *original;
static int intercepted;

static jint JNICALL my_GetVersion(JNIEnv *env) {
    __atomic_fetch_add(&intercepted, 1, __ATOMIC_SEQ_CST);
    return original->GetVersion(env) + 0x100000;
}

JNIEXPORT jint JNICALL Java_AgentJni_version(JNIEnv *jni, jclass c) { return (*jni)->GetVersion(jni); }

JNIEXPORT jclass JNICALL Java_AgentJni_findClass(JNIEnv *jni, jclass c, jstring name) {
    const char *n = (*jni)->GetStringUTFChars(jni, name, NULL);
    jclass k = (*jni)->FindClass(jni, n);
    (*jni)->ReleaseStringUTFChars(jni, name, n);
    return k;
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    jniNativeInterface *table;
    printf("GetJNIFunctionTable -> %d\n", (*jvmti)->GetJNIFunctionTable(jvmti, &original));
    (*jvmti)->GetJNIFunctionTable(jvmti, &table);
    table->GetVersion = my_GetVersion;
    printf("SetJNIFunctionTable -> %d\n", (*jvmti)->SetJNIFunctionTable(jvmti, table));
    (*jvmti)->Deallocate(jvmti, (unsigned char *)table);
    printf("GetJNIFunctionTable(NULL) -> %d\n", (*jvmti)->GetJNIFunctionTable(jvmti, NULL));
    printf("SetJNIFunctionTable(NULL) -> %d\n", (*jvmti)->SetJNIFunctionTable(jvmti, NULL));
    fflush(stdout);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    printf("intercepted %d calls\n", intercepted);
    (*jvmti)->SetJNIFunctionTable(jvmti, original);
    printf("restored: 0x%x\n", (*jni)->GetVersion(jni));
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jniNativeInterface *table;
    printf("GetJNIFunctionTable in OnLoad -> %d\n", (*jvmti)->GetJNIFunctionTable(jvmti, &table));
    jvmtiEventCallbacks cb = { 0 };
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    fflush(stdout);
    return 0;
}
