// main: AsgctTorture
/*
 * AsyncGetCallTrace from a signal handler, many thousand times a second, while the main
 * thread calls methods whose frames start where their result goes: a static method with
 * no locals returning a value, and System.nanoTime (a static native with no arguments).
 * A helper thread sends SIGPROF to the main thread every 20 microseconds; the handler
 * keeps every method id AsyncGetCallTrace returns.  At VMDeath each kept id must be one
 * of the methods of the loaded classes (GetClassMethods).  Loupe used to write a method's
 * result over its own frame's method word while that frame was still the thread's top,
 * and a signal in between read the result as the method (a crash in the profiler's
 * GetMethodName, 1 javac run in 20).  The ids are checked against the set, never
 * dereferenced, so a bad one is counted rather than followed.
 */
#include "agent.h"
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { jint lineno; jmethodID method_id; } CallFrame;
typedef struct { JNIEnv *env_id; jint num_frames; CallFrame *frames; } CallTrace;
typedef void (*AsgctFn)(CallTrace *, jint, void *);

enum { KEPT = 1 << 20, DEPTH = 4 };

static jvmtiEnv *jvmti;
static JavaVM *jvm;
static AsgctFn asgct;
static jmethodID kept[KEPT];
static atomic_int nkept, signals, traced, last_code;
static atomic_bool stop;
static pthread_t main_thread, sender;

static void on_prof(int sig, siginfo_t *si, void *uc) {
    JNIEnv *env = NULL;
    if ((*jvm)->GetEnv(jvm, (void **)&env, JNI_VERSION_1_6) != JNI_OK) return;
    CallFrame frames[DEPTH];
    CallTrace trace = { env, 0, frames };
    asgct(&trace, DEPTH, uc);
    atomic_fetch_add(&signals, 1);
    if (trace.num_frames > 0) atomic_fetch_add(&traced, 1);
    else atomic_store(&last_code, trace.num_frames);
    for (int i = 0; i < trace.num_frames; i++) {
        int k = atomic_fetch_add(&nkept, 1);
        if (k < KEPT) kept[k] = frames[i].method_id;
    }
}

static void *send_signals(void *arg) {
    struct timespec gap = { 0, 20000 };
    while (!atomic_load(&stop)) {
        pthread_kill(main_thread, SIGPROF);
        nanosleep(&gap, NULL);
    }
    return NULL;
}

/* HotSpot's AsyncGetCallTrace answers nothing unless ClassLoad events are on. */
static void JNICALL on_load(jvmtiEnv *e, JNIEnv *env, jthread thread, jclass klass) {}

/* Every method gets its id at once: HotSpot's AsyncGetCallTrace answers no id for a method
 * that has none yet. */
static void JNICALL on_prepare(jvmtiEnv *e, JNIEnv *env, jthread thread, jclass klass) {
    jint n = 0;
    jmethodID *ms = NULL;
    if ((*e)->GetClassMethods(e, klass, &n, &ms) == JVMTI_ERROR_NONE) (*e)->Deallocate(e, (unsigned char *)ms);
}

static void JNICALL on_init(jvmtiEnv *e, JNIEnv *env, jthread thread) {
    jint n = 0;
    jclass *classes = NULL;
    if ((*e)->GetLoadedClasses(e, &n, &classes) == JVMTI_ERROR_NONE) {
        for (jint i = 0; i < n; i++) on_prepare(e, env, thread, classes[i]);
        (*e)->Deallocate(e, (unsigned char *)classes);
    }
    main_thread = pthread_self();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_prof;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGPROF, &sa, NULL);
    pthread_create(&sender, NULL, send_signals, NULL);
}

static int cmp(const void *a, const void *b) {
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return (x > y) - (x < y);
}

static void JNICALL on_death(jvmtiEnv *e, JNIEnv *env) {
    atomic_store(&stop, true);
    pthread_join(sender, NULL);
    signal(SIGPROF, SIG_IGN);
    jint nc = 0;
    jclass *classes = NULL;
    size_t nm = 0, cap = 1 << 16;
    uintptr_t *known = malloc(cap * sizeof *known);
    (*e)->GetLoadedClasses(e, &nc, &classes);
    for (jint i = 0; i < nc; i++) {
        jint n = 0;
        jmethodID *ms = NULL;
        if ((*e)->GetClassMethods(e, classes[i], &n, &ms) != JVMTI_ERROR_NONE) continue;
        for (jint j = 0; j < n; j++) {
            if (nm == cap) known = realloc(known, (cap *= 2) * sizeof *known);
            known[nm++] = (uintptr_t)ms[j];
        }
        (*e)->Deallocate(e, (unsigned char *)ms);
    }
    (*e)->Deallocate(e, (unsigned char *)classes);
    qsort(known, nm, sizeof *known, cmp);
    int n = atomic_load(&nkept) < KEPT ? atomic_load(&nkept) : KEPT, unknown = 0;
    for (int i = 0; i < n; i++) {
        uintptr_t id = (uintptr_t)kept[i];
        if (id && !bsearch(&id, known, nm, sizeof *known, cmp)) unknown++;
    }
    free(known);
    printf("samples with Java frames: %s\n", atomic_load(&traced) >= 1000 ? "over 1000" : "too few");
    printf("method ids not of a loaded class: %d\n", unknown);
    if (atomic_load(&traced) < 1000) fprintf(stderr, "%d signals, %d traced, last code %d\n", atomic_load(&signals), atomic_load(&traced), atomic_load(&last_code));
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvm = vm;
    jvmti = agent_env(vm);
    asgct = (AsgctFn)dlsym(RTLD_DEFAULT, "AsyncGetCallTrace");
    if (!jvmti || !asgct) {
        fprintf(stderr, "no JVMTI or no AsyncGetCallTrace\n");
        return JNI_ERR;
    }
    agent_events(jvmti,
                 &(jvmtiEventCallbacks){ .VMInit = on_init, .VMDeath = on_death, .ClassLoad = on_load,
                                         .ClassPrepare = on_prepare },
                 (jvmtiEvent[]){ JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_CLASS_LOAD,
                                 JVMTI_EVENT_CLASS_PREPARE }, 4);
    return JNI_OK;
}
