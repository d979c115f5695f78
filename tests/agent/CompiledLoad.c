// main: CmlMain
// vm-options: -Xbatch
/*
 * CompiledMethodLoad, GenerateEvents(COMPILED_METHOD_LOAD) and CompiledMethodUnload.  The
 * program calls CmlHot.work often enough that HotSpot's JIT compiles it (-Xbatch: the
 * caller waits for the compilation) and Loupe translates it at its first call, so both
 * post its load; the agent checks the event's map (entries, each location a bytecode
 * index of the method) and that GenerateEvents replays it to the environment.  Then a
 * class of a loader of its own, CmlVictim, gets its method compiled the same way, the
 * loader is dropped and collections run until the unload of that method's code is posted
 * (matched by the method id its load carried: an unloaded class's method id may no longer
 * be used), in the live phase, on a thread where JNI works.  Only facts that hold on both
 * VMs are printed: HotSpot compiles what it likes, Loupe every method it runs.
 */
#include "agent.h"
#include <stdio.h>
#include <string.h>

enum { MAX_IDS = 64 };

static jvmtiEnv *jvmti;
static volatile int hot_loads, map_ok = 1, map_nonempty, replaying, replayed;
static volatile int victim_loads, victim_unloads, unload_phase_ok = 1, unload_jni_ok = 1;
static jmethodID victim_ids[MAX_IDS];
static volatile int nvictim_ids;

/* "LClass;" and the method's name, or 0 when unavailable. */
static int names_of(jmethodID m, char *cls, size_t ncls, char *name, size_t nname) {
    jclass k = NULL;
    char *sig = NULL, *mname = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, m, &k) != JVMTI_ERROR_NONE) return 0;
    if ((*jvmti)->GetClassSignature(jvmti, k, &sig, NULL) != JVMTI_ERROR_NONE) return 0;
    if ((*jvmti)->GetMethodName(jvmti, m, &mname, NULL, NULL) != JVMTI_ERROR_NONE) return 0;
    snprintf(cls, ncls, "%s", sig);
    snprintf(name, nname, "%s", mname);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)mname);
    return 1;
}

static void check_map(jmethodID m, jint n, const jvmtiAddrLocationMap *map) {
    jlocation start = 0, end = -1;
    (*jvmti)->GetMethodLocation(jvmti, m, &start, &end);
    if (n > 0 && map) __atomic_store_n(&map_nonempty, 1, __ATOMIC_SEQ_CST);
    for (jint i = 0; i < n; i++)
        if (map[i].location < start || map[i].location > end) __atomic_store_n(&map_ok, 0, __ATOMIC_SEQ_CST);
}

static void note_victim(jmethodID m) {
    int i = __atomic_fetch_add(&nvictim_ids, 1, __ATOMIC_SEQ_CST);
    if (i < MAX_IDS) __atomic_store_n(&victim_ids[i], m, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&victim_loads, 1, __ATOMIC_SEQ_CST);
}

static void JNICALL on_load(jvmtiEnv *e, jmethodID m, jint size, const void *addr, jint n,
                            const jvmtiAddrLocationMap *map, const void *info) {
    char cls[256], name[256];
    if (!names_of(m, cls, sizeof cls, name, sizeof name)) return;
    if (!strcmp(cls, "LCmlHot;") && !strcmp(name, "work")) {
        __atomic_fetch_add(&hot_loads, 1, __ATOMIC_SEQ_CST);
        check_map(m, n, map);
        if (__atomic_load_n(&replaying, __ATOMIC_SEQ_CST)) __atomic_store_n(&replayed, 1, __ATOMIC_SEQ_CST);
    }
    if (!strcmp(cls, "LCmlVictim;") && !strcmp(name, "spin")) note_victim(m);
}

static int is_victim(jmethodID m) {
    int n = __atomic_load_n(&nvictim_ids, __ATOMIC_SEQ_CST);
    for (int i = 0; i < n && i < MAX_IDS; i++)
        if (__atomic_load_n(&victim_ids[i], __ATOMIC_SEQ_CST) == m) return 1;
    return 0;
}

static JavaVM *vm;

static void JNICALL on_unload(jvmtiEnv *e, jmethodID m, const void *addr) {
    if (!is_victim(m)) return;
    jvmtiPhase phase = 0;
    if ((*e)->GetPhase(e, &phase) != JVMTI_ERROR_NONE || phase != JVMTI_PHASE_LIVE)
        __atomic_store_n(&unload_phase_ok, 0, __ATOMIC_SEQ_CST);
    JNIEnv *jni = NULL;
    if ((*vm)->GetEnv(vm, (void **)&jni, JNI_VERSION_1_8) != JNI_OK || (*jni)->GetVersion(jni) < JNI_VERSION_1_8)
        __atomic_store_n(&unload_jni_ok, 0, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&victim_unloads, 1, __ATOMIC_SEQ_CST);
}

static const char *yes(int b) { return b ? "yes" : "no"; }

JNIEXPORT void JNICALL Java_CmlMain_reportHot(JNIEnv *jni, jclass c) {
    printf("CompiledMethodLoad for CmlHot.work: %s\n", yes(hot_loads > 0));
    printf("map has entries: %s\n", yes(map_nonempty));
    printf("map locations inside the method's bytecode: %s\n", yes(map_ok));
    __atomic_store_n(&replaying, 1, __ATOMIC_SEQ_CST);
    jvmtiError err = (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_COMPILED_METHOD_LOAD);
    __atomic_store_n(&replaying, 0, __ATOMIC_SEQ_CST);
    printf("GenerateEvents(COMPILED_METHOD_LOAD) -> %d, replays CmlHot.work: %s\n", err, yes(replayed));
    printf("GenerateEvents(DYNAMIC_CODE_GENERATED) -> %d\n",
           (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_DYNAMIC_CODE_GENERATED));
    printf("GenerateEvents(VM_INIT) -> %d\n", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_VM_INIT));
    fflush(stdout);
}

JNIEXPORT void JNICALL Java_CmlMain_reportVictim(JNIEnv *jni, jclass c) {
    printf("CompiledMethodLoad for CmlVictim.spin: %s\n", yes(victim_loads > 0));
    fflush(stdout);
}

JNIEXPORT jboolean JNICALL Java_CmlMain_unloaded(JNIEnv *jni, jclass c) {
    return __atomic_load_n(&victim_unloads, __ATOMIC_SEQ_CST) > 0;
}

JNIEXPORT void JNICALL Java_CmlMain_reportUnload(JNIEnv *jni, jclass c) {
    printf("CompiledMethodUnload for CmlVictim.spin: %s\n", yes(victim_unloads > 0));
    printf("  in the live phase: %s, JNI usable: %s\n", yes(unload_phase_ok), yes(unload_jni_ok));
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *javavm, char *options, void *reserved) {
    vm = javavm;
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    if (agent_caps(jvmti, &(jvmtiCapabilities){ .can_generate_compiled_method_load_events = 1 })) return JNI_ERR;
    jvmtiError err = agent_events(jvmti, &(jvmtiEventCallbacks){ .CompiledMethodLoad = on_load, .CompiledMethodUnload = on_unload },
                                  (jvmtiEvent[]){ JVMTI_EVENT_COMPILED_METHOD_LOAD, JVMTI_EVENT_COMPILED_METHOD_UNLOAD }, 2);
    return err ? JNI_ERR : JNI_OK;
}
