// main: CheckJniAgent
// vm-options: -Xcheck:jni
/*
 * -Xcheck:jni reaches the JNIEnv a JVMTI callback receives: in the ClassPrepare callback
 * of CheckJniAgent$Late the agent calls a Java method and then another JNI function
 * without checking for an exception, which both VMs report with the program's stack; the
 * same calls with the check in between make no report.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

static void call_java(JNIEnv *jni, int check) {
    jclass sys = (*jni)->FindClass(jni, "java/lang/System");
    jmethodID sep = (*jni)->GetStaticMethodID(jni, sys, "lineSeparator", "()Ljava/lang/String;");
    jobject s = (*jni)->CallStaticObjectMethod(jni, sys, sep);
    if (check) (*jni)->ExceptionCheck(jni);
    printf("separator length %d\n", (int)(*jni)->GetStringLength(jni, s));
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
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    return 0;
}
