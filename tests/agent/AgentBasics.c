// main: AgentBasics
// agent-options: hello
/*
 * Environments, phases, capabilities and the life-cycle events: GetEnv with every
 * version, several environments with their own local storage and capabilities, the
 * phase seen in Agent_OnLoad and in each event, argument errors of the General,
 * Capability and Event Management functions, and VMStart / VMInit / VMDeath /
 * ThreadStart / ThreadEnd / ClassLoad / ClassPrepare for the target's own threads and
 * classes.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static JavaVM *the_vm;
static int thread_starts, thread_ends, class_loads, class_prepares;
static jrawMonitorID lock;

static const char *phase_name(jvmtiPhase p) {
    switch (p) {
    case JVMTI_PHASE_ONLOAD: return "ONLOAD";
    case JVMTI_PHASE_PRIMORDIAL: return "PRIMORDIAL";
    case JVMTI_PHASE_START: return "START";
    case JVMTI_PHASE_LIVE: return "LIVE";
    case JVMTI_PHASE_DEAD: return "DEAD";
    }
    return "?";
}

static void say(const char *fmt, const char *a, long b) {
    printf(fmt, a, b);
    printf("\n");
    fflush(stdout);
}

static void show_phase(const char *where) {
    jvmtiPhase p;
    jvmtiError e = (*jvmti)->GetPhase(jvmti, &p);
    printf("%s: phase %s (error %d)\n", where, e ? "-" : phase_name(p), e);
    fflush(stdout);
}

static void check(const char *what, jvmtiError got) {
    printf("%s -> %d\n", what, got);
    fflush(stdout);
}

/* Whether the name of thread t starts with "agent-test-". */
static int own_thread(JNIEnv *jni, jthread t) {
    jclass c = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID m = (*jni)->GetMethodID(jni, c, "getName", "()Ljava/lang/String;");
    jstring s = (*jni)->CallObjectMethod(jni, t, m);
    const char *name = (*jni)->GetStringUTFChars(jni, s, NULL);
    int own = strncmp(name, "agent-test-", 11) == 0;
    (*jni)->ReleaseStringUTFChars(jni, s, name);
    return own;
}

static int own_class(jclass k) {
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, k, &sig, NULL) != JVMTI_ERROR_NONE) return 0;
    int own = strncmp(sig, "LAgentBasics", 12) == 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    return own;
}

static void count(int *n) {
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    (*n)++;
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

static void JNICALL on_vm_start(jvmtiEnv *e, JNIEnv *jni) { show_phase("VMStart"); }

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    show_phase("VMInit");
    check("VMInit: GetPotentialCapabilities(NULL)", (*jvmti)->GetPotentialCapabilities(jvmti, NULL));
    jthread cur = NULL;
    (void)cur;
    check("VMInit: SetEventNotificationMode(THREAD_START, thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, t));
    check("VMInit: SetEventNotificationMode(CLASS_PREPARE, not a thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, (jthread)(*jni)->FindClass(jni, "java/lang/Object")));
    check("VMInit: SetEventNotificationMode(CLASS_PREPARE, this thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, t));
    say("VMInit: own thread %s%ld", "", own_thread(jni, t));
    jvmtiEnv *live = NULL;
    jint rc = (*the_vm)->GetEnv(the_vm, (void **)&live, JVMTI_VERSION_11);
    printf("VMInit: GetEnv -> %d, %s\n", rc, live && live != jvmti ? "new env" : "no new env");
    show_phase("VMInit (new env)");
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_maintain_original_method_order = 1;
    check("VMInit: new env AddCapabilities(an OnLoad capability nobody took)", (*live)->AddCapabilities(live, &caps));
    memset(&caps, 0, sizeof caps);
    caps.can_get_line_numbers = 1;
    check("VMInit: new env AddCapabilities(line numbers)", (*live)->AddCapabilities(live, &caps));
    check("VMInit: SetSystemProperty", (*live)->SetSystemProperty(live, "java.class.path", "x"));
    check("VMInit: DisposeEnvironment(new env)", (*live)->DisposeEnvironment(live));
}

static void JNICALL on_thread_start(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    if (own_thread(jni, t)) count(&thread_starts);
}

static void JNICALL on_thread_end(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    if (own_thread(jni, t)) count(&thread_ends);
}

static void JNICALL on_class_load(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) {
    if (own_class(k)) count(&class_loads);
}

static void JNICALL on_class_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) {
    if (own_class(k)) count(&class_prepares);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    show_phase("VMDeath");
    printf("thread starts %d, ends %d; class loads %d, prepares %d\n", thread_starts, thread_ends, class_loads,
           class_prepares);
    fflush(stdout);
}

static void envs(JavaVM *vm) {
    static const jint versions[] = { JVMTI_VERSION_1_0, JVMTI_VERSION_1_1, JVMTI_VERSION_1_2, JVMTI_VERSION_9,
                                     JVMTI_VERSION_11, JVMTI_VERSION, 0x30020000, 0x300C0000, 0x30120000,
                                     0x300D0000, 0x30010300, JNI_VERSION_1_8 + 0x7000 };
    jvmtiEnv *prev = NULL;
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        jvmtiEnv *e = NULL;
        jint rc = (*vm)->GetEnv(vm, (void **)&e, versions[i]);
        printf("GetEnv(0x%x) -> %d, %s\n", (unsigned)versions[i], rc, !e ? "no env" : e == prev ? "same env" : "new env");
        if (e) prev = e;
    }
    jvmtiEnv *a, *b;
    (*vm)->GetEnv(vm, (void **)&a, JVMTI_VERSION);
    (*vm)->GetEnv(vm, (void **)&b, JVMTI_VERSION);
    (*a)->SetEnvironmentLocalStorage(a, "first");
    (*b)->SetEnvironmentLocalStorage(b, "second");
    char *sa, *sb;
    (*a)->GetEnvironmentLocalStorage(a, (void **)&sa);
    (*b)->GetEnvironmentLocalStorage(b, (void **)&sb);
    printf("local storage: %s %s\n", sa, sb);
    check("GetEnvironmentLocalStorage(NULL)", (*a)->GetEnvironmentLocalStorage(a, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_bytecodes = 1;
    check("AddCapabilities(a, bytecodes)", (*a)->AddCapabilities(a, &caps));
    jvmtiCapabilities got;
    (*b)->GetCapabilities(b, &got);
    printf("b has bytecodes: %d\n", got.can_get_bytecodes);
    (*a)->GetCapabilities(a, &got);
    printf("a has bytecodes: %d\n", got.can_get_bytecodes);
    check("RelinquishCapabilities(a, bytecodes)", (*a)->RelinquishCapabilities(a, &caps));
    (*a)->GetCapabilities(a, &got);
    printf("a has bytecodes: %d\n", got.can_get_bytecodes);
    check("DisposeEnvironment(b)", (*b)->DisposeEnvironment(b));
    fflush(stdout);
}

static void errors(void) {
    check("GetPhase(NULL)", (*jvmti)->GetPhase(jvmti, NULL));
    check("GetVersionNumber(NULL)", (*jvmti)->GetVersionNumber(jvmti, NULL));
    check("GetCapabilities(NULL)", (*jvmti)->GetCapabilities(jvmti, NULL));
    check("AddCapabilities(NULL)", (*jvmti)->AddCapabilities(jvmti, NULL));
    check("RelinquishCapabilities(NULL)", (*jvmti)->RelinquishCapabilities(jvmti, NULL));
    check("SetEventCallbacks(size -1)", (*jvmti)->SetEventCallbacks(jvmti, NULL, -1));
    check("SetEventNotificationMode(event 49)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, 49, NULL));
    check("SetEventNotificationMode(event 72)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, 72, NULL));
    check("SetEventNotificationMode(disable event 87)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, 87, NULL));
    check("SetEventNotificationMode(SINGLE_STEP without capability)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
    check("SetEventNotificationMode(disable SINGLE_STEP without capability)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
    check("GenerateEvents(VM_INIT)", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_VM_INIT));
    jint n;
    jclass *classes;
    check("GetLoadedClasses in OnLoad", (*jvmti)->GetLoadedClasses(jvmti, &n, &classes));
    jthread t;
    check("GetCurrentThread in OnLoad", (*jvmti)->GetCurrentThread(jvmti, &t));
    jlong nanos;
    check("GetTime in OnLoad", (*jvmti)->GetTime(jvmti, &nanos));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    printf("Agent_OnLoad(%s)\n", options ? options : "NULL");
    the_vm = vm;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return 1;
    show_phase("Agent_OnLoad");
    jint v;
    (*jvmti)->GetVersionNumber(jvmti, &v);
    printf("version 0x%x\n", (unsigned)v);
    JNIEnv *jni = NULL;
    printf("GetEnv(JNI) in OnLoad -> %d\n", (*vm)->GetEnv(vm, (void **)&jni, JNI_VERSION_1_8));
    envs(vm);
    errors();
    (*jvmti)->CreateRawMonitor(jvmti, "counts", &lock);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = on_vm_start;
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.ThreadStart = on_thread_start;
    cb.ThreadEnd = on_thread_end;
    cb.ClassLoad = on_class_load;
    cb.ClassPrepare = on_class_prepare;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb));
    static const jvmtiEvent events[] = { JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH,
                                         JVMTI_EVENT_THREAD_START, JVMTI_EVENT_THREAD_END, JVMTI_EVENT_CLASS_LOAD };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL);
    fflush(stdout);
    return 0;
}
