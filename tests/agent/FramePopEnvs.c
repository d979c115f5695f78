// main: FramePopEnvs
/*
 * FramePop goes only to the environments that asked for it: two environments both enable
 * FramePop; NotifyFramePop for a frame of work() through one of them, then the other, then
 * both.  Each frame's pop reaches exactly the environments that called NotifyFramePop for
 * it, once each.  (OpenJDK's nsk/jvmti/scenarios/multienv/MA05/ma05t001 checks this.)
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *envs[2];
static char seen[2][256];

static void JNICALL frame_pop(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc) {
    int which = e == envs[1];
    char *name = NULL;
    if ((*e)->GetMethodName(e, m, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;
    size_t len = strlen(seen[which]);
    snprintf(seen[which] + len, sizeof seen[which] - len, " %s", name);
    (*e)->Deallocate(e, (unsigned char *)name);
}

JNIEXPORT void JNICALL Java_FramePopEnvs_request(JNIEnv *jni, jclass c, jint env) {
    for (int i = 0; i < 2; i++) {
        if (env != i && env != 2) continue;
        jvmtiError err = (*envs[i])->NotifyFramePop(envs[i], NULL, 1);
        if (err) printf("NotifyFramePop(env %d) -> %d\n", i, err);
        size_t len = strlen(seen[i]);
        snprintf(seen[i] + len, sizeof seen[i] - len, " [asked]");
    }
}

JNIEXPORT void JNICALL Java_FramePopEnvs_report(JNIEnv *jni, jclass c) {
    for (int i = 0; i < 2; i++) printf("env %d:%s\n", i, seen[i]);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    for (int i = 0; i < 2; i++) {
        jvmtiEnv *e;
        if ((*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
        envs[i] = e;
        jvmtiCapabilities caps;
        memset(&caps, 0, sizeof caps);
        caps.can_generate_frame_pop_events = 1;
        if ((*e)->AddCapabilities(e, &caps) != JVMTI_ERROR_NONE) return JNI_ERR;
        jvmtiEventCallbacks cb;
        memset(&cb, 0, sizeof cb);
        cb.FramePop = frame_pop;
        (*e)->SetEventCallbacks(e, &cb, sizeof cb);
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_FRAME_POP, NULL);
    }
    return JNI_OK;
}
