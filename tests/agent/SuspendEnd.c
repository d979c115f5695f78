// main: SuspendEnd
/*
 * A thread suspended while it ends stays alive until it is resumed: SuspendThread on an
 * ending thread either fails with THREAD_NOT_ALIVE or suspends it, and then ResumeThread
 * finds it (HotSpot's rule; the testbase's suspendthrd003 hammers the same window).  The
 * target threads are suspended and resumed in a loop until they have ended.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

/* Suspends and resumes t until it has ended; the number of cycles that went wrong. */
JNIEXPORT jint JNICALL Java_SuspendEnd_hammer(JNIEnv *jni, jclass c, jthread t) {
    for (;;) {
        jvmtiError e = (*jvmti)->SuspendThread(jvmti, t);
        if (e == JVMTI_ERROR_THREAD_NOT_ALIVE) return 0;
        if (e != JVMTI_ERROR_NONE) return 1;
        e = (*jvmti)->ResumeThread(jvmti, t);
        if (e != JVMTI_ERROR_NONE) return 1;
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    return (*jvmti)->AddCapabilities(jvmti, &caps) == JVMTI_ERROR_NONE ? 0 : 1;
}
