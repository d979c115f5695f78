// main: MonitorEvents
/*
 * MonitorWait, MonitorWaited, MonitorContendedEnter and MonitorContendedEntered: posted
 * on the thread concerned, in the spec's order, with the timeout and timed_out values,
 * the thread's state at each, its contended and owned monitors; waits that throw before
 * waiting (not owner, negative timeout, interrupted).  As libjdwp does with suspend policy
 * "all", the contender's ContendedEnter callback suspends the main thread and itself;
 * an agent thread sees both suspended and resumes them.  Each thread's events are kept
 * apart and printed at VMDeath (their order across threads is the scheduler's).
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jclass lock_class;
static jrawMonitorID log_lock, agent_lock;
static jthread suspended[2];
static int request, agent_done;

#define THREADS 4
static const char *const thread_names[THREADS] = { "main", "me-notifier", "me-contender", "me-agent" };
static char logs[THREADS][4096];

static void log_line(const char *thread, const char *line) {
    (*jvmti)->RawMonitorEnter(jvmti, log_lock);
    for (int i = 0; i < THREADS; i++)
        if (strcmp(thread, thread_names[i]) == 0) {
            strncat(logs[i], line, sizeof logs[i] - strlen(logs[i]) - 2);
            strcat(logs[i], "\n");
        }
    (*jvmti)->RawMonitorExit(jvmti, log_lock);
}

static void name_of(jthread t, char *out, size_t n) {
    jvmtiThreadInfo ti;
    snprintf(out, n, "?");
    if ((*jvmti)->GetThreadInfo(jvmti, t, &ti) == JVMTI_ERROR_NONE) {
        snprintf(out, n, "%s", ti.name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ti.name);
    }
}

static void lock_name(JNIEnv *jni, jobject o, char *out, size_t n) {
    jfieldID f = (*jni)->GetFieldID(jni, lock_class, "name", "Ljava/lang/String;");
    jstring s = (*jni)->GetObjectField(jni, o, f);
    const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(out, n, "%s", c);
    (*jni)->ReleaseStringUTFChars(jni, s, c);
}

static int is_lock(JNIEnv *jni, jobject o) { return lock_class && (*jni)->IsInstanceOf(jni, o, lock_class); }

/* Logs "EVENT on LOCK extra, state S" for the thread the event is on. */
static void record(JNIEnv *jni, jthread t, jobject o, const char *event, const char *extra) {
    char thread[64], lock[16], line[256];
    jint st = 0;
    name_of(t, thread, sizeof thread);
    lock_name(jni, o, lock, sizeof lock);
    (*jvmti)->GetThreadState(jvmti, NULL, &st);
    snprintf(line, sizeof line, "%s on %s%s, state 0x%x", event, lock, extra, (unsigned)st);
    log_line(thread, line);
}

static void JNICALL on_wait(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jlong timeout) {
    if (!is_lock(jni, o)) return;
    char extra[64];
    snprintf(extra, sizeof extra, ", timeout %lld", (long long)timeout);
    record(jni, t, o, "MonitorWait", extra);
}

static void JNICALL on_waited(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jboolean timed_out) {
    if (!is_lock(jni, o)) return;
    jint n = -1;
    jobject *ms;
    (*jvmti)->GetOwnedMonitorInfo(jvmti, NULL, &n, &ms);
    char extra[64];
    snprintf(extra, sizeof extra, ", timed out %d, owns %d", timed_out, n);
    record(jni, t, o, "MonitorWaited", extra);
}

/* Suspends the main thread and this one; the agent thread resumes both. */
static void suspend_all(JNIEnv *jni, jthread self) {
    jint n;
    jthread *ts;
    (*jvmti)->GetAllThreads(jvmti, &n, &ts);
    for (jint i = 0; i < n; i++) {
        char name[64];
        name_of(ts[i], name, sizeof name);
        if (strcmp(name, "main") == 0) suspended[0] = (*jni)->NewGlobalRef(jni, ts[i]);
    }
    suspended[1] = (*jni)->NewGlobalRef(jni, self);
    (*jvmti)->RawMonitorEnter(jvmti, agent_lock);
    request = 1;
    (*jvmti)->RawMonitorNotifyAll(jvmti, agent_lock);
    (*jvmti)->RawMonitorExit(jvmti, agent_lock);
    jvmtiError r[2];
    jvmtiError e = (*jvmti)->SuspendThreadList(jvmti, 2, suspended, r);
    (*jvmti)->RawMonitorEnter(jvmti, agent_lock);
    while (!agent_done) (*jvmti)->RawMonitorWait(jvmti, agent_lock, 0);
    (*jvmti)->RawMonitorExit(jvmti, agent_lock);
    char line[128];
    snprintf(line, sizeof line, "SuspendThreadList(main, self) -> %d, results %d %d, returned once resumed", e, r[0], r[1]);
    log_line("me-contender", line);
}

static void JNICALL on_contended_enter(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o) {
    if (!is_lock(jni, o)) return;
    jobject m = NULL;
    (*jvmti)->GetCurrentContendedMonitor(jvmti, NULL, &m);
    record(jni, t, o, "MonitorContendedEnter", (*jni)->IsSameObject(jni, m, o) ? ", contending for it" : ", not contending?");
    char name[64];
    name_of(t, name, sizeof name);
    if (strcmp(name, "me-contender") == 0) suspend_all(jni, t);
}

static void JNICALL on_contended_entered(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o) {
    if (!is_lock(jni, o)) return;
    jobject m = (jobject)1;
    jvmtiMonitorUsage u;
    (*jvmti)->GetCurrentContendedMonitor(jvmti, NULL, &m);
    (*jvmti)->GetObjectMonitorUsage(jvmti, o, &u);
    char extra[96];
    snprintf(extra, sizeof extra, ", contending %s, owner is self %d, entries %d", m ? "still" : "no more",
             (*jni)->IsSameObject(jni, u.owner, t), u.entry_count);
    record(jni, t, o, "MonitorContendedEntered", extra);
}

static void JNICALL agent_proc(jvmtiEnv *e, JNIEnv *jni, void *arg) {
    (*e)->RawMonitorEnter(e, agent_lock);
    while (!request) (*e)->RawMonitorWait(e, agent_lock, 0);
    (*e)->RawMonitorExit(e, agent_lock);
    jint s0 = 0, s1 = 0;
    for (;;) {
        (*e)->GetThreadState(e, suspended[0], &s0);
        (*e)->GetThreadState(e, suspended[1], &s1);
        if ((s0 & s1 & JVMTI_THREAD_STATE_SUSPENDED) != 0) break;
        (*e)->RawMonitorEnter(e, agent_lock);
        (*e)->RawMonitorWait(e, agent_lock, 1);
        (*e)->RawMonitorExit(e, agent_lock);
    }
    log_line("me-agent", "main and me-contender are suspended");
    jvmtiError r[2];
    jvmtiError err = (*e)->ResumeThreadList(e, 2, suspended, r);
    char line[96];
    snprintf(line, sizeof line, "ResumeThreadList -> %d, results %d %d", err, r[0], r[1]);
    log_line("me-agent", line);
    (*e)->RawMonitorEnter(e, agent_lock);
    agent_done = 1;
    (*e)->RawMonitorNotifyAll(e, agent_lock);
    (*e)->RawMonitorExit(e, agent_lock);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID init = (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V");
    jthread at = (*jni)->NewObject(jni, tc, init, (*jni)->NewStringUTF(jni, "me-agent"));
    (*jvmti)->RunAgentThread(jvmti, at, agent_proc, NULL, JVMTI_THREAD_NORM_PRIORITY);
}

static void JNICALL on_class_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) {
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, k, &sig, NULL) == JVMTI_ERROR_NONE && strcmp(sig, "LMonitorEvents$Lock;") == 0)
        lock_class = (*jni)->NewGlobalRef(jni, k);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    for (int i = 0; i < THREADS; i++) printf("%s:\n%s", thread_names[i], logs[i]);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_monitor_events = 1;
    caps.can_suspend = 1;
    caps.can_get_owned_monitor_info = 1;
    caps.can_get_current_contended_monitor = 1;
    caps.can_get_monitor_info = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) printf("AddCapabilities failed\n");
    (*jvmti)->CreateRawMonitor(jvmti, "log", &log_lock);
    (*jvmti)->CreateRawMonitor(jvmti, "agent", &agent_lock);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.ClassPrepare = on_class_prepare;
    cb.MonitorWait = on_wait;
    cb.MonitorWaited = on_waited;
    cb.MonitorContendedEnter = on_contended_enter;
    cb.MonitorContendedEntered = on_contended_entered;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    jvmtiEvent evs[] = { JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_MONITOR_WAIT,
                         JVMTI_EVENT_MONITOR_WAITED, JVMTI_EVENT_MONITOR_CONTENDED_ENTER, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED };
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, evs[i], NULL);
    return JNI_OK;
}
