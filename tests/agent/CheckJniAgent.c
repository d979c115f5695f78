// main: CheckJniAgent
// vm-options: -Xcheck:jni
/*
 * -Xcheck:jni reaches the JNIEnv a JVMTI callback receives: in the ClassPrepare callback
 * of CheckJniAgent$Late the agent calls a Java method and then another JNI function
 * without checking for an exception, which both VMs report with the program's stack; the
 * same calls with the check in between make no report.  At VMInit the agent interposes
 * on GetStringLength with JVMTI's Get/SetJNIFunctionTable (a function that says so, then
 * calls the one it replaced): under -Xcheck:jni the table it gets and sets is the
 * checking one, so the interposer runs before the check that reports the unchecked call.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jsize (JNICALL *real_length)(JNIEnv *env, jstring s);
static __thread int armed;          /* only the agent's own calls say so */

static jsize JNICALL interposed_length(JNIEnv *env, jstring s) {
    if (armed) {
        printf("interposed GetStringLength\n");
        fflush(stdout);
    }
    return real_length(env, s);
}

static void JNICALL on_init(jvmtiEnv *env, JNIEnv *jni, jthread thread) {
    jniNativeInterface *table;
    if ((*jvmti)->GetJNIFunctionTable(jvmti, &table) != JVMTI_ERROR_NONE) return;
    real_length = table->GetStringLength;
    table->GetStringLength = interposed_length;
    printf("SetJNIFunctionTable %d\n", (*jvmti)->SetJNIFunctionTable(jvmti, table));
    fflush(stdout);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)table);
}

static void call_java(JNIEnv *jni, int check) {
    jclass sys = (*jni)->FindClass(jni, "java/lang/System");
    jmethodID sep = (*jni)->GetStaticMethodID(jni, sys, "lineSeparator", "()Ljava/lang/String;");
    jobject s = (*jni)->CallStaticObjectMethod(jni, sys, sep);
    if (check) (*jni)->ExceptionCheck(jni);
    armed = 1;
    jsize n = (*jni)->GetStringLength(jni, s);
    armed = 0;
    printf("separator length %d\n", (int)n);
    fflush(stdout);
}

static void JNICALL on_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass) {
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL) != JVMTI_ERROR_NONE) return;
    if (strcmp(sig, "LCheckJniAgent$Checked;") == 0) call_java(jni, 1);
    if (strcmp(sig, "LCheckJniAgent$Unchecked;") == 0) call_java(jni, 0);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassPrepare = on_prepare;
    cb.VMInit = on_init;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    return 0;
}
