// main: AllocSink
/*
 * The allocation sink (heap/gc.h): while the VM's exact counting (and perhaps its
 * lifetimes) is all that wants allocations, the heap hands each object to one function in
 * place of the heap listeners and JVMTI's allocation hook; as soon as anything else wants
 * them the sink must go, and come back when it leaves.  The program
 * (agent/java/AllocSink.java) allocates the objects of one class per phase (by `new`, as
 * arrays and by reflection), and before each phase the agent switches:
 *   1. SetAllocationCounting on (the sink of counting alone);
 *   2. com.loupe.events.ObjectAlloc on as well (no sink: every object an event);
 *   3. ObjectAlloc off, SetLifetimeCounting on (the sink of lifetimes and counting), and
 *      the program collects;
 *   4. SampledObjectAlloc on, every allocation sampled (no sink);
 *   5. sampling off (the sink again).
 * At the end both countings are switched off and drained: each phase's class must have
 * been counted exactly, announced by exactly the events on in its phase, and followed by
 * the lifetimes from phase 3 on.
 *
 * On a VM without the functions (HotSpot) it prints what a passing run prints.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

typedef jvmtiError (JNICALL *ext_fn)(jvmtiEnv *, ...);

enum { PHASES = 5, OBJECTS = 3000 + 30, ARRAYS = 300 };
enum { COUNTED, EVENTS, SAMPLED, FOLLOWED, KINDS };

static jvmtiEnv *jvmti;
static ext_fn set_counting, drain_counts, set_lifetimes, drain_lifetimes;
static jint alloc_index = -1;
static jrawMonitorID lock;
static long seen[KINDS][PHASES + 1][2];     /* [kind][phase][0 instances, 1 arrays] */

/* Counts n objects of class signature sig under kind (only the phases' classes). */
static void note(int kind, const char *sig, jlong n) {
    int array = sig[0] == '[';
    const char *p = strstr(sig, "LAllocSink$P");
    if (!p || p != sig + array || strlen(p) != strlen("LAllocSink$P1;")) return;
    int phase = p[12] - '0';
    if (phase < 1 || phase > PHASES) return;
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    seen[kind][phase][array] += (long)n;
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

static void note_class(int kind, jclass klass) {
    char *sig = NULL;
    if (klass && (*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL) == JVMTI_ERROR_NONE) note(kind, sig, 1);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_alloc(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size,
                             jint arena) {
    note_class(EVENTS, klass);
}

static void JNICALL on_sampled(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size) {
    note_class(SAMPLED, klass);
}

static void JNICALL on_ctx(void *data, jlong thread, jint c, jint parent, jmethodID m, jlocation loc) { }

static void JNICALL on_site(void *data, jlong thread, jint c, jmethodID m, jlocation loc, const char *sig,
                            jlong objects, jlong bytes) {
    note(COUNTED, sig, objects);
}

static void JNICALL on_death(void *data, jint alive, jint arena, const char *sig, jint age, jlong objects,
                             jlong bytes) {
    note(FOLLOWED, sig, objects);
}

static void JNICALL on_live(void *data, const char *sig, jlong objects, jlong bytes) { }

static void sampling(jboolean on) {
    (*jvmti)->SetHeapSamplingInterval(jvmti, 0);
    (*jvmti)->SetEventNotificationMode(jvmti, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC,
                                       NULL);
}

JNIEXPORT void JNICALL Java_AllocSink_phase(JNIEnv *jni, jclass cls, jint n) {
    if (!set_counting) return;
    switch (n) {
    case 1: set_counting(jvmti, (jboolean)JNI_TRUE); break;
    case 2: (*jvmti)->SetExtensionEventCallback(jvmti, alloc_index, (jvmtiExtensionEvent)on_alloc); break;
    case 3:
        (*jvmti)->SetExtensionEventCallback(jvmti, alloc_index, NULL);
        set_lifetimes(jvmti, (jboolean)JNI_TRUE);
        break;
    case 4: sampling(JNI_TRUE); break;
    case 5: sampling(JNI_FALSE); break;
    default:
        set_counting(jvmti, (jboolean)JNI_FALSE);
        set_lifetimes(jvmti, (jboolean)JNI_FALSE);
        drain_counts(jvmti, on_ctx, on_site, NULL);
        drain_lifetimes(jvmti, (jboolean)JNI_TRUE, on_death, on_live, NULL);
    }
}

/* What kind k of phase p's objects should be. */
static long expected(int k, int p, int array) {
    long n = array ? ARRAYS : OBJECTS;
    switch (k) {
    case EVENTS: return p == 2 ? n : 0;
    case SAMPLED: return p == 4 ? n : 0;
    case FOLLOWED: return p >= 3 ? n : 0;
    default: return n;
    }
}

JNIEXPORT jstring JNICALL Java_AllocSink_result(JNIEnv *jni, jclass cls) {
    static const char *kinds[KINDS] = { "counted", "events", "sampled", "followed" };
    int wrong = 0;
    for (int p = 1; p <= PHASES; p++) {
        printf("P%d:", p);
        for (int k = 0; k < KINDS; k++) {
            long n = set_counting ? seen[k][p][0] : expected(k, p, 0);
            long a = set_counting ? seen[k][p][1] : expected(k, p, 1);
            wrong += n != expected(k, p, 0) || a != expected(k, p, 1);
            printf(" %s %ld+%ld", kinds[k], n, a);
        }
        printf("\n");
    }
    fflush(stdout);
    return (*jni)->NewStringUTF(jni, wrong ? "WRONG counts" : "every object as its phase wanted");
}

static ext_fn find_function(const char *id) {
    jint n = 0;
    jvmtiExtensionFunctionInfo *fi = NULL;
    ext_fn found = NULL;
    if ((*jvmti)->GetExtensionFunctions(jvmti, &n, &fi) != JVMTI_ERROR_NONE) return NULL;
    for (jint i = 0; i < n; i++)
        if (!strcmp(fi[i].id, id)) found = (ext_fn)fi[i].func;
    return found;    /* the lists leak: a test */
}

static jint find_event(const char *id) {
    jint n = 0;
    jvmtiExtensionEventInfo *ev = NULL;
    if ((*jvmti)->GetExtensionEvents(jvmti, &n, &ev) != JVMTI_ERROR_NONE) return -1;
    for (jint i = 0; i < n; i++)
        if (!strcmp(ev[i].id, id)) return ev[i].extension_event_index;
    return -1;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_sampled_object_alloc_events = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    (*jvmti)->CreateRawMonitor(jvmti, "AllocSink", &lock);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.SampledObjectAlloc = on_sampled;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    set_counting = find_function("com.loupe.functions.SetAllocationCounting");
    drain_counts = find_function("com.loupe.functions.DrainAllocationCounts");
    set_lifetimes = find_function("com.loupe.functions.SetLifetimeCounting");
    drain_lifetimes = find_function("com.loupe.functions.DrainLifetimes");
    alloc_index = find_event("com.loupe.events.ObjectAlloc");
    if (!drain_counts || !set_lifetimes || !drain_lifetimes || alloc_index < 0) set_counting = NULL;
    return 0;
}
