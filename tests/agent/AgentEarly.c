// main: AgentEarly
/*
 * The early start phase: an environment holding can_generate_early_vmstart gets VMStart
 * before the other, sees the start phase (and class loads) while the other still sees the
 * primordial phase; each environment gets VMStart once.  Capabilities of the OnLoad phase
 * cannot be added later.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *early, *late;
static int early_loads_before_late_start, late_started, early_starts, late_starts;

static const char *phase(jvmtiEnv *e) {
    jvmtiPhase p;
    (*e)->GetPhase(e, &p);
    return p == JVMTI_PHASE_PRIMORDIAL ? "PRIMORDIAL" : p == JVMTI_PHASE_START ? "START" : p == JVMTI_PHASE_LIVE ? "LIVE" : "?";
}

static void JNICALL early_start(jvmtiEnv *e, JNIEnv *jni) {
    early_starts++;
    printf("early env VMStart: early env sees %s, late env sees %s\n", phase(early), phase(late));
    fflush(stdout);
}

static void JNICALL late_start(jvmtiEnv *e, JNIEnv *jni) {
    late_starts++;
    late_started = 1;
    printf("late env VMStart: early env sees %s, late env sees %s\n", phase(early), phase(late));
    printf("early env saw class loads before: %d\n", early_loads_before_late_start > 0);
    fflush(stdout);
}

static void JNICALL early_load(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) {
    if (!late_started) early_loads_before_late_start++;
}

static void JNICALL init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    printf("VMInit (%s env): %s\n", e == early ? "early" : "late", phase(e));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_early_vmstart = 1;
    printf("  AddCapabilities(early vmstart) now -> %d\n", (*e)->AddCapabilities(e, &caps));
    printf("  VMStart events so far: early env %d, late env %d\n", early_starts, late_starts);
    fflush(stdout);
}

static void setup(jvmtiEnv *e, jvmtiEventVMStart start, jvmtiEventClassLoad load) {
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = start;
    cb.ClassLoad = load;
    cb.VMInit = init;
    (*e)->SetEventCallbacks(e, &cb, sizeof cb);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_START, NULL);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    if (load) (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (*vm)->GetEnv(vm, (void **)&early, JVMTI_VERSION);
    (*vm)->GetEnv(vm, (void **)&late, JVMTI_VERSION_9);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_early_vmstart = 1;
    caps.can_generate_early_class_hook_events = 1;
    printf("AddCapabilities(early) -> %d\n", (*early)->AddCapabilities(early, &caps));
    setup(early, early_start, early_load);
    setup(late, late_start, NULL);
    fflush(stdout);
    return 0;
}
