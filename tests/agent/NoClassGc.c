// main: MainThreadStart
// vm-options: -Xnoclassgc
/*
 * -Xnoclassgc turns class unloading off, as -XX:-ClassUnloading does, and HotSpot's
 * extension function com.sun.hotspot.functions.IsClassUnloadingEnabled says so (Loupe
 * accepted the option and ignored it: the function answered 1).
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

JNIEXPORT void JNICALL Java_MainThreadStart_report(JNIEnv *jni, jclass c) {
    jint n = 0;
    jvmtiExtensionFunctionInfo *f = NULL;
    (*jvmti)->GetExtensionFunctions(jvmti, &n, &f);
    for (jint i = 0; i < n; i++) {
        if (strcmp(f[i].id, "com.sun.hotspot.functions.IsClassUnloadingEnabled") != 0) continue;
        jboolean on = 7;
        jvmtiError err = f[i].func(jvmti, &on);
        printf("IsClassUnloadingEnabled -> %d, enabled %d\n", err, on);
    }
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    return jvmti ? JNI_OK : JNI_ERR;
}
