// main: ThreadStates
/*
 * The Thread, Thread Group and monitor-information functions on threads in every state:
 * GetThreadState's bits, GetCurrentThread, GetAllThreads, GetThreadInfo, the thread
 * groups, owned and contended monitors, GetObjectMonitorUsage, suspension (single and
 * list), InterruptThread, StopThread, thread-local storage, CPU times, RunAgentThread,
 * and the errors each function returns for bad arguments or a missing capability.  The
 * Java side stops at checkpoints (a wait on ThreadStates.CHECK), where the MonitorWait
 * callback does the work on the main thread.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti, *bare;
static jclass target;
static jrawMonitorID agent_lock;
static int agent_go;
static char agent_info[256] = "agent thread: not run";

static void check(const char *what, jvmtiError got) {
    printf("%s -> %d\n", what, got);
    fflush(stdout);
}

static jobject field(JNIEnv *jni, const char *name, const char *sig) {
    jfieldID f = (*jni)->GetStaticFieldID(jni, target, name, sig);
    return (*jni)->GetStaticObjectField(jni, target, f);
}

static jthread thr(JNIEnv *jni, const char *name) { return field(jni, name, "Ljava/lang/Thread;"); }
static jobject obj(JNIEnv *jni, const char *name) { return field(jni, name, "Ljava/lang/Object;"); }

/* The name of a static Object field of ThreadStates that o is, or "?" / "null". */
static const char *which(JNIEnv *jni, jobject o) {
    static const char *names[] = { "CHECK", "LOCK", "WLOCK", "TLOCK" };
    if (!o) return "null";
    for (int i = 0; i < 4; i++)
        if ((*jni)->IsSameObject(jni, o, obj(jni, names[i]))) return names[i];
    return "?";
}

static void thread_name(jthread t, char *out, size_t n) {
    jvmtiThreadInfo info;
    if (!t) {
        snprintf(out, n, "null");
        return;
    }
    if ((*jvmti)->GetThreadInfo(jvmti, t, &info) != JVMTI_ERROR_NONE) {
        snprintf(out, n, "?");
        return;
    }
    snprintf(out, n, "%s", info.name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)info.name);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Prints the names of the threads (those named "st-..." or "main" when own_only), sorted. */
static void print_threads(const char *what, jint n, jthread *ts, int own_only) {
    char **names = calloc((size_t)n + 1, sizeof *names);
    int k = 0;
    for (jint i = 0; i < n; i++) {
        char buf[128];
        thread_name(ts[i], buf, sizeof buf);
        if (!own_only || strncmp(buf, "st-", 3) == 0 || strcmp(buf, "main") == 0) names[k++] = strdup(buf);
    }
    qsort(names, (size_t)k, sizeof *names, by_name);
    printf("%s:", what);
    for (int i = 0; i < k; i++) {
        printf(" %s", names[i]);
        free(names[i]);
    }
    printf("\n");
    free(names);
}

static void states(JNIEnv *jni) {
    static const char *names[] = { "fresh", "done", "sleeper", "waiter", "timedWaiter", "parker", "blocked", "runner", "accepting" };
    for (int i = 0; i < 9; i++) {
        jint st = -1;
        jvmtiError e = (*jvmti)->GetThreadState(jvmti, thr(jni, names[i]), &st);
        printf("state %s: 0x%x (%d)\n", names[i], (unsigned)st, e);
    }
    jint st = -1;
    jvmtiError e = (*jvmti)->GetThreadState(jvmti, NULL, &st);
    printf("state of the current thread, in its MonitorWait callback: 0x%x (%d)\n", (unsigned)st, e);
}

static void group_name(jthreadGroup g, char *out, size_t n) {
    jvmtiThreadGroupInfo gi;
    if (!g || (*jvmti)->GetThreadGroupInfo(jvmti, g, &gi) != JVMTI_ERROR_NONE) {
        snprintf(out, n, "null");
        return;
    }
    snprintf(out, n, "%s", gi.name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)gi.name);
}

static void info(JNIEnv *jni, const char *name) {
    jvmtiThreadInfo ti;
    jvmtiError e = (*jvmti)->GetThreadInfo(jvmti, thr(jni, name), &ti);
    if (e) {
        check(name, e);
        return;
    }
    char g[64];
    group_name(ti.thread_group, g, sizeof g);
    printf("info %s: name %s, priority %d, daemon %d, group %s, loader %s\n", name, ti.name, ti.priority, ti.is_daemon, g,
           ti.context_class_loader ? "set" : "null");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ti.name);
}

static void groups(void) {
    jint n;
    jthreadGroup *gs;
    check("GetTopThreadGroups", (*jvmti)->GetTopThreadGroups(jvmti, &n, &gs));
    jvmtiThreadGroupInfo gi;
    (*jvmti)->GetThreadGroupInfo(jvmti, gs[0], &gi);
    printf("top groups %d: %s, parent %s, max priority %d, daemon %d\n", n, gi.name, gi.parent ? "set" : "null", gi.max_priority,
           gi.is_daemon);
    jint nt, ng;
    jthread *ts;
    jthreadGroup *cg;
    check("GetThreadGroupChildren(system)", (*jvmti)->GetThreadGroupChildren(jvmti, gs[0], &nt, &ts, &ng, &cg));
    jthreadGroup main_group = NULL;
    for (jint i = 0; i < nt; i++) {
        char buf[64];
        thread_name(ts[i], buf, sizeof buf);
        if (!strcmp(buf, "Reference Handler") || !strcmp(buf, "Finalizer") || !strcmp(buf, "Signal Dispatcher"))
            printf("system group thread: %s\n", buf);
    }
    for (jint i = 0; i < ng; i++) {
        char buf[64];
        group_name(cg[i], buf, sizeof buf);
        printf("system child group: %s\n", buf);
        if (strcmp(buf, "main") == 0) main_group = cg[i];
    }
    (*jvmti)->GetThreadGroupInfo(jvmti, main_group, &gi);
    char parent[64];
    group_name(gi.parent, parent, sizeof parent);
    printf("group %s: parent %s, max priority %d, daemon %d\n", gi.name, parent, gi.max_priority, gi.is_daemon);
    check("GetThreadGroupChildren(main)", (*jvmti)->GetThreadGroupChildren(jvmti, main_group, &nt, &ts, &ng, &cg));
    print_threads("main group threads", nt, ts, 0);
    printf("main group child groups: %d\n", ng);
}

static void monitors(JNIEnv *jni) {
    static const char *names[] = { "blocked", "waiter", "timedWaiter", "runner", "sleeper" };
    for (int i = 0; i < 5; i++) {
        jobject m = NULL;
        jvmtiError e = (*jvmti)->GetCurrentContendedMonitor(jvmti, thr(jni, names[i]), &m);
        printf("contended monitor of %s: %s (%d)\n", names[i], which(jni, m), e);
    }
    jint n;
    jobject *ms;
    check("GetOwnedMonitorInfo(current)", (*jvmti)->GetOwnedMonitorInfo(jvmti, NULL, &n, &ms));
    for (jint i = 0; i < n; i++) printf("  owns %s\n", which(jni, ms[i]));
    jvmtiMonitorStackDepthInfo *di;
    check("GetOwnedMonitorStackDepthInfo(current)", (*jvmti)->GetOwnedMonitorStackDepthInfo(jvmti, NULL, &n, &di));
    for (jint i = 0; i < n; i++) printf("  owns %s at depth %d\n", which(jni, di[i].monitor), di[i].stack_depth);
    check("GetOwnedMonitorInfo(waiter)", (*jvmti)->GetOwnedMonitorInfo(jvmti, thr(jni, "waiter"), &n, &ms));
    printf("  waiter owns %d\n", n);
    static const char *objs[] = { "CHECK", "LOCK", "WLOCK", "TLOCK" };
    for (int i = 0; i < 4; i++) {
        jvmtiMonitorUsage u;
        jvmtiError e = (*jvmti)->GetObjectMonitorUsage(jvmti, obj(jni, objs[i]), &u);
        char owner[64];
        thread_name(u.owner, owner, sizeof owner);
        printf("usage %s (%d): owner %s, entries %d, waiters %d, notify waiters %d", objs[i], e, owner, u.entry_count,
               u.waiter_count, u.notify_waiter_count);
        for (jint k = 0; k < u.waiter_count; k++) {
            char w[64];
            thread_name(u.waiters[k], w, sizeof w);
            printf(" [%s]", w);
        }
        printf("\n");
    }
}

static void show_state(JNIEnv *jni, const char *name) {
    jint st = -1;
    (*jvmti)->GetThreadState(jvmti, thr(jni, name), &st);
    printf("  %s: 0x%x\n", name, (unsigned)st);
}

static void suspension(JNIEnv *jni) {
    jthread runner = thr(jni, "runner");
    check("SuspendThread(runner)", (*jvmti)->SuspendThread(jvmti, runner));
    show_state(jni, "runner");
    check("SuspendThread(runner) again", (*jvmti)->SuspendThread(jvmti, runner));
    check("ResumeThread(runner)", (*jvmti)->ResumeThread(jvmti, runner));
    check("ResumeThread(runner) again", (*jvmti)->ResumeThread(jvmti, runner));
    check("SuspendThread(sleeper)", (*jvmti)->SuspendThread(jvmti, thr(jni, "sleeper")));
    show_state(jni, "sleeper");
    check("ResumeThread(sleeper)", (*jvmti)->ResumeThread(jvmti, thr(jni, "sleeper")));
    check("SuspendThread(fresh)", (*jvmti)->SuspendThread(jvmti, thr(jni, "fresh")));
    check("SuspendThread(done)", (*jvmti)->SuspendThread(jvmti, thr(jni, "done")));
    check("SuspendThread(CHECK)", (*jvmti)->SuspendThread(jvmti, obj(jni, "CHECK")));
    check("ResumeThread(done)", (*jvmti)->ResumeThread(jvmti, thr(jni, "done")));
    jthread list[] = { runner, thr(jni, "parker"), thr(jni, "done"), obj(jni, "CHECK"), thr(jni, "fresh"), thr(jni, "blocked") };
    jvmtiError r[6];
    check("SuspendThreadList", (*jvmti)->SuspendThreadList(jvmti, 6, list, r));
    printf("  results %d %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4], r[5]);
    show_state(jni, "runner");
    show_state(jni, "parker");
    show_state(jni, "blocked");
    check("SuspendThreadList again", (*jvmti)->SuspendThreadList(jvmti, 2, list, r));
    printf("  results %d %d\n", r[0], r[1]);
    check("ResumeThreadList", (*jvmti)->ResumeThreadList(jvmti, 6, list, r));
    printf("  results %d %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4], r[5]);
    check("SuspendThreadList(-1)", (*jvmti)->SuspendThreadList(jvmti, -1, list, r));
    check("SuspendThreadList(NULL list)", (*jvmti)->SuspendThreadList(jvmti, 1, NULL, r));
    check("ResumeThreadList(NULL results)", (*jvmti)->ResumeThreadList(jvmti, 1, list, NULL));
}

static void signals(JNIEnv *jni) {
    jthread runner = thr(jni, "runner");
    check("InterruptThread(runner)", (*jvmti)->InterruptThread(jvmti, runner));
    show_state(jni, "runner");
    check("InterruptThread(sleeper)", (*jvmti)->InterruptThread(jvmti, thr(jni, "sleeper")));
    check("InterruptThread(done)", (*jvmti)->InterruptThread(jvmti, thr(jni, "done")));
    jclass ise = (*jni)->FindClass(jni, "java/lang/IllegalStateException");
    jmethodID init = (*jni)->GetMethodID(jni, ise, "<init>", "(Ljava/lang/String;)V");
    jobject exc = (*jni)->NewObject(jni, ise, init, (*jni)->NewStringUTF(jni, "stopped by the agent"));
    check("StopThread(runner, NULL)", (*jvmti)->StopThread(jvmti, runner, NULL));
    check("StopThread(fresh)", (*jvmti)->StopThread(jvmti, thr(jni, "fresh"), exc));
    check("StopThread(CHECK)", (*jvmti)->StopThread(jvmti, obj(jni, "CHECK"), exc));
    check("StopThread(runner)", (*jvmti)->StopThread(jvmti, runner, exc));
}

static void storage(JNIEnv *jni) {
    void *p = (void *)1;
    check("SetThreadLocalStorage(runner)", (*jvmti)->SetThreadLocalStorage(jvmti, thr(jni, "runner"), (void *)0x1234));
    check("GetThreadLocalStorage(runner)", (*jvmti)->GetThreadLocalStorage(jvmti, thr(jni, "runner"), &p));
    printf("  runner: %p\n", p);
    check("GetThreadLocalStorage(parker)", (*jvmti)->GetThreadLocalStorage(jvmti, thr(jni, "parker"), &p));
    printf("  parker: %s\n", p ? "set" : "null");
    check("SetThreadLocalStorage(current)", (*jvmti)->SetThreadLocalStorage(jvmti, NULL, (void *)0x99));
    check("GetThreadLocalStorage(current)", (*jvmti)->GetThreadLocalStorage(jvmti, NULL, &p));
    printf("  current: %p\n", p);
    check("GetThreadLocalStorage(bare env, current)", (*bare)->GetThreadLocalStorage(bare, NULL, &p));
    printf("  bare: %s\n", p ? "set" : "null");
    check("SetThreadLocalStorage(done)", (*jvmti)->SetThreadLocalStorage(jvmti, thr(jni, "done"), p));
    check("GetThreadLocalStorage(CHECK)", (*jvmti)->GetThreadLocalStorage(jvmti, obj(jni, "CHECK"), &p));
    check("GetThreadLocalStorage(runner, NULL)", (*jvmti)->GetThreadLocalStorage(jvmti, thr(jni, "runner"), NULL));
}

static void cpu(JNIEnv *jni) {
    jlong ns = -1;
    check("GetCurrentThreadCpuTime", (*jvmti)->GetCurrentThreadCpuTime(jvmti, &ns));
    printf("  positive: %d\n", ns > 0);
    check("GetThreadCpuTime(runner)", (*jvmti)->GetThreadCpuTime(jvmti, thr(jni, "runner"), &ns));
    printf("  positive: %d\n", ns > 0);
    check("GetThreadCpuTime(done)", (*jvmti)->GetThreadCpuTime(jvmti, thr(jni, "done"), &ns));
    check("GetThreadCpuTime(runner, NULL)", (*jvmti)->GetThreadCpuTime(jvmti, thr(jni, "runner"), NULL));
    jvmtiTimerInfo ti;
    check("GetCurrentThreadCpuTimerInfo", (*jvmti)->GetCurrentThreadCpuTimerInfo(jvmti, &ti));
    printf("  max %lld, skip forward %d, skip backward %d, kind %d\n", (long long)ti.max_value, ti.may_skip_forward,
           ti.may_skip_backward, ti.kind);
    check("GetThreadCpuTimerInfo", (*jvmti)->GetThreadCpuTimerInfo(jvmti, &ti));
    printf("  max %lld, skip forward %d, skip backward %d, kind %d\n", (long long)ti.max_value, ti.may_skip_forward,
           ti.may_skip_backward, ti.kind);
    check("GetCurrentThreadCpuTimerInfo(NULL)", (*jvmti)->GetCurrentThreadCpuTimerInfo(jvmti, NULL));
}

static void JNICALL agent_proc(jvmtiEnv *e, JNIEnv *jni, void *arg) {
    jvmtiThreadInfo ti;
    (*e)->GetThreadInfo(e, NULL, &ti);
    jint st = 0;
    (*e)->GetThreadState(e, NULL, &st);
    (*e)->RawMonitorEnter(e, agent_lock);
    snprintf(agent_info, sizeof agent_info, "agent thread: name %s, priority %d, daemon %d, arg %s, alive %d", ti.name,
             ti.priority, ti.is_daemon, arg == (void *)&agent_go ? "right" : "wrong", st & JVMTI_THREAD_STATE_ALIVE);
    while (!agent_go) (*e)->RawMonitorWait(e, agent_lock, 0);
    (*e)->RawMonitorExit(e, agent_lock);
}

static jthread new_thread(JNIEnv *jni, const char *name) {
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID init = (*jni)->GetMethodID(jni, tc, "<init>", "(Ljava/lang/String;)V");
    return (*jni)->NewObject(jni, tc, init, (*jni)->NewStringUTF(jni, name));
}

static void errors(JNIEnv *jni) {
    jint st;
    jvmtiThreadInfo ti;
    jobject m;
    jint n;
    jobject *ms;
    jvmtiMonitorUsage u;
    jthread *ts;
    jthreadGroup *gs;
    jvmtiThreadGroupInfo gi;
    check("GetThreadState(NULL ptr)", (*jvmti)->GetThreadState(jvmti, thr(jni, "runner"), NULL));
    check("GetThreadState(CHECK)", (*jvmti)->GetThreadState(jvmti, obj(jni, "CHECK"), &st));
    check("GetThreadState(CHECK, NULL ptr)", (*jvmti)->GetThreadState(jvmti, obj(jni, "CHECK"), NULL));
    check("GetCurrentThread(NULL)", (*jvmti)->GetCurrentThread(jvmti, NULL));
    check("GetAllThreads(NULL count)", (*jvmti)->GetAllThreads(jvmti, NULL, &ts));
    check("GetAllThreads(NULL threads)", (*jvmti)->GetAllThreads(jvmti, &n, NULL));
    check("GetThreadInfo(NULL ptr)", (*jvmti)->GetThreadInfo(jvmti, NULL, NULL));
    check("GetThreadInfo(CHECK)", (*jvmti)->GetThreadInfo(jvmti, obj(jni, "CHECK"), &ti));
    check("GetOwnedMonitorInfo(done)", (*jvmti)->GetOwnedMonitorInfo(jvmti, thr(jni, "done"), &n, &ms));
    check("GetOwnedMonitorInfo(fresh)", (*jvmti)->GetOwnedMonitorInfo(jvmti, thr(jni, "fresh"), &n, &ms));
    check("GetOwnedMonitorInfo(CHECK)", (*jvmti)->GetOwnedMonitorInfo(jvmti, obj(jni, "CHECK"), &n, &ms));
    check("GetOwnedMonitorInfo(NULL count)", (*jvmti)->GetOwnedMonitorInfo(jvmti, NULL, NULL, &ms));
    check("GetOwnedMonitorStackDepthInfo(NULL info)", (*jvmti)->GetOwnedMonitorStackDepthInfo(jvmti, NULL, &n, NULL));
    check("GetCurrentContendedMonitor(done)", (*jvmti)->GetCurrentContendedMonitor(jvmti, thr(jni, "done"), &m));
    check("GetCurrentContendedMonitor(NULL ptr)", (*jvmti)->GetCurrentContendedMonitor(jvmti, NULL, NULL));
    check("GetObjectMonitorUsage(NULL object)", (*jvmti)->GetObjectMonitorUsage(jvmti, NULL, &u));
    check("GetObjectMonitorUsage(NULL ptr)", (*jvmti)->GetObjectMonitorUsage(jvmti, obj(jni, "LOCK"), NULL));
    check("GetTopThreadGroups(NULL)", (*jvmti)->GetTopThreadGroups(jvmti, &n, NULL));
    check("GetThreadGroupInfo(NULL group)", (*jvmti)->GetThreadGroupInfo(jvmti, NULL, &gi));
    check("GetThreadGroupChildren(NULL group)", (*jvmti)->GetThreadGroupChildren(jvmti, NULL, &n, &ts, &n, &gs));
    check("GetThreadGroupChildren(NULL ptr)", (*jvmti)->GetThreadGroupChildren(jvmti, NULL, &n, &ts, &n, NULL));
    check("RunAgentThread(NULL proc)", (*jvmti)->RunAgentThread(jvmti, new_thread(jni, "x"), NULL, NULL, 5));
    check("RunAgentThread(priority 11)", (*jvmti)->RunAgentThread(jvmti, new_thread(jni, "x"), agent_proc, NULL, 11));
    check("RunAgentThread(priority 0)", (*jvmti)->RunAgentThread(jvmti, new_thread(jni, "x"), agent_proc, NULL, 0));
    check("RunAgentThread(CHECK)", (*jvmti)->RunAgentThread(jvmti, obj(jni, "CHECK"), agent_proc, NULL, 5));
    check("RunAgentThread(NULL thread)", (*jvmti)->RunAgentThread(jvmti, NULL, agent_proc, NULL, 5));
    jlong ns;
    jvmtiError r[1];
    jthread runner = thr(jni, "runner");
    check("bare SuspendThread", (*bare)->SuspendThread(bare, runner));
    check("bare ResumeThread", (*bare)->ResumeThread(bare, runner));
    check("bare SuspendThreadList", (*bare)->SuspendThreadList(bare, 1, &runner, r));
    check("bare StopThread", (*bare)->StopThread(bare, runner, NULL));
    check("bare InterruptThread", (*bare)->InterruptThread(bare, runner));
    check("bare GetOwnedMonitorInfo", (*bare)->GetOwnedMonitorInfo(bare, runner, &n, &ms));
    check("bare GetOwnedMonitorStackDepthInfo", (*bare)->GetOwnedMonitorStackDepthInfo(bare, runner, &n, NULL));
    check("bare GetCurrentContendedMonitor", (*bare)->GetCurrentContendedMonitor(bare, runner, &m));
    check("bare GetObjectMonitorUsage", (*bare)->GetObjectMonitorUsage(bare, runner, &u));
    check("bare GetCurrentThreadCpuTime", (*bare)->GetCurrentThreadCpuTime(bare, &ns));
    check("bare GetThreadCpuTime", (*bare)->GetThreadCpuTime(bare, runner, &ns));
    check("bare GetThreadState", (*bare)->GetThreadState(bare, runner, &st));
}

static void inspect(JNIEnv *jni) {
    states(jni);
    jthread cur;
    check("GetCurrentThread", (*jvmti)->GetCurrentThread(jvmti, &cur));
    char name[64];
    thread_name(cur, name, sizeof name);
    printf("  current: %s\n", name);
    jint n;
    jthread *all;
    check("GetAllThreads", (*jvmti)->GetAllThreads(jvmti, &n, &all));
    print_threads("  own threads", n, all, 1);
    printf("  in start order:");
    for (jint i = 0; i < n; i++) {
        char buf[64];
        thread_name(all[i], buf, sizeof buf);
        if (strncmp(buf, "st-", 3) == 0 || !strcmp(buf, "main") || !strcmp(buf, "Reference Handler") || !strcmp(buf, "Finalizer") ||
            !strcmp(buf, "Signal Dispatcher"))
            printf(" [%s]", buf);
    }
    printf("\n");
    info(jni, "sleeper");
    info(jni, "fresh");
    info(jni, "done");
    groups();
    monitors(jni);
    suspension(jni);
    storage(jni);
    cpu(jni);
    signals(jni);
    errors(jni);
}

static void JNICALL on_monitor_wait(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jlong timeout) {
    if (!target || !(*jni)->IsSameObject(jni, o, obj(jni, "CHECK"))) return;
    jstring s = field(jni, "stage", "Ljava/lang/String;");
    const char *stage = (*jni)->GetStringUTFChars(jni, s, NULL);
    printf("checkpoint %s (timeout %lld)\n", stage, (long long)timeout);
    if (strcmp(stage, "inspect") == 0) {
        inspect(jni);
    } else {
        (*jvmti)->RawMonitorEnter(jvmti, agent_lock);
        printf("%s\n", agent_info);
        agent_go = 1;
        (*jvmti)->RawMonitorNotifyAll(jvmti, agent_lock);
        (*jvmti)->RawMonitorExit(jvmti, agent_lock);
    }
    fflush(stdout);
    (*jni)->ReleaseStringUTFChars(jni, s, stage);
}

static void JNICALL on_class_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) {
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, k, &sig, NULL) == JVMTI_ERROR_NONE && strcmp(sig, "LThreadStates;") == 0)
        target = (*jni)->NewGlobalRef(jni, k);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    jthread at = new_thread(jni, "st-agent");
    check("RunAgentThread", (*jvmti)->RunAgentThread(jvmti, at, agent_proc, &agent_go, JVMTI_THREAD_MAX_PRIORITY));
    check("RunAgentThread again", (*jvmti)->RunAgentThread(jvmti, at, agent_proc, &agent_go, JVMTI_THREAD_MAX_PRIORITY));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11);
    (*vm)->GetEnv(vm, (void **)&bare, JVMTI_VERSION_11);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    caps.can_signal_thread = 1;
    caps.can_get_owned_monitor_info = 1;
    caps.can_get_owned_monitor_stack_depth_info = 1;
    caps.can_get_current_contended_monitor = 1;
    caps.can_get_monitor_info = 1;
    caps.can_get_current_thread_cpu_time = 1;
    caps.can_get_thread_cpu_time = 1;
    caps.can_generate_monitor_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    (*jvmti)->CreateRawMonitor(jvmti, "agent", &agent_lock);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.ClassPrepare = on_class_prepare;
    cb.MonitorWait = on_monitor_wait;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_MONITOR_WAIT, NULL);
    return JNI_OK;
}
