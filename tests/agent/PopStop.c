// main: PopStop
/*
 * PopFrame, ResumeThread and at once InterruptThread and StopThread, as
 * nsk/jvmti/scenarios/capability/CM03/cm03t001 does: the popped frame goes first (its
 * caller invokes spin again) and the ThreadDeath is thrown after, in the method invoked
 * again, where the program catches it.  The agent asks for the spinning frame's FramePop
 * first, as cm03t001's breakpoint does.  Loupe's resumed thread once met the ThreadDeath at
 * its first poll, before the pop (the agent's calls come before the woken thread runs), and
 * the frame's unwinding took the pop and discarded the exception with it, so the thread
 * spun for ever: every run here, and cm03t001 hung in 1 run of 10 to 40.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

static void check(const char *what, jvmtiError e) {
    if (e != JVMTI_ERROR_NONE) printf("%s: error %d\n", what, e);
}

JNIEXPORT void JNICALL Java_PopStop_popAndStop(JNIEnv *jni, jclass cls, jthread t) {
    jclass td = (*jni)->FindClass(jni, "java/lang/ThreadDeath");
    jobject death = (*jni)->NewObject(jni, td, (*jni)->GetMethodID(jni, td, "<init>", "()V"));
    check("SuspendThread", (*jvmti)->SuspendThread(jvmti, t));
    check("NotifyFramePop", (*jvmti)->NotifyFramePop(jvmti, t, 0));
    check("PopFrame", (*jvmti)->PopFrame(jvmti, t));
    check("ResumeThread", (*jvmti)->ResumeThread(jvmti, t));
    check("InterruptThread", (*jvmti)->InterruptThread(jvmti, t));
    check("StopThread", (*jvmti)->StopThread(jvmti, t, death));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    caps.can_pop_frame = 1;
    caps.can_signal_thread = 1;
    caps.can_generate_frame_pop_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    return 0;
}
