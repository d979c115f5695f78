// main: Lifetimes
// vm-options: -Xmx32m
/*
 * com.loupe.functions.SetLifetimeCounting and DrainLifetimes (docs/JVMTI-EXTENSIONS.md):
 * the VM follows every object to its death itself, and what it counts agrees with what an
 * agent rebuilds from the heap extension events.  From Agent_OnLoad on, the agent keeps
 * every object announced by com.loupe.events.ObjectAlloc in a table (id -> birth, arena,
 * whether its class is one of the program's), follows ObjectMove, ObjectFree and
 * ArenaDelete, and counts each death under (arena, age); at every GCFinish it drains the
 * VM's deaths and compares: objects per (arena, age) for all, and per (arena, age) and
 * bytes for the program's own classes (Lifetimes$*), and the live objects per class of
 * those.  At the end both stop and the objects still alive are compared the same way.
 * Any difference is printed on stderr and makes the final line say so.  The program
 * (agent/java/Lifetimes.java) keeps some of the objects it allocates for a while, from
 * several threads, through collections it asks for and those the small heap causes.
 *
 * On a VM without these functions (HotSpot) it prints what a passing run prints.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef jvmtiError (JNICALL *ext_fn)(jvmtiEnv *, ...);

static jvmtiEnv *jvmti;
static ext_fn set_lifetimes, drain_lifetimes, get_id;
static volatile int spin;
static long errors, checks, compared;
static unsigned gcs;

static void lock(void) { while (__atomic_exchange_n(&spin, 1, __ATOMIC_ACQUIRE)) ; }
static void unlock(void) { __atomic_store_n(&spin, 0, __ATOMIC_RELEASE); }

/* ---- the objects, from the events ---- */

typedef struct {
    jlong id;                   /* 0: empty */
    unsigned birth;
    int arena, ours;
    jlong size;
} Obj;

static Obj *objs;
static size_t mask, count;

static size_t home(jlong id) { return (size_t)(((unsigned long long)id >> 3) * 0x9E3779B97F4A7C15ull) & mask; }

static size_t find(jlong id) {
    size_t i = home(id);
    while (objs[i].id && objs[i].id != id) i = (i + 1) & mask;
    return i;
}

static void insert(Obj o);

static void grow(void) {
    Obj *old = objs;
    size_t n = old ? mask + 1 : 0;
    mask = n ? n * 2 - 1 : (1u << 16) - 1;
    objs = calloc(mask + 1, sizeof *objs);
    count = 0;
    for (size_t i = 0; i < n; i++)
        if (old[i].id) insert(old[i]);
    free(old);
}

static void insert(Obj o) {
    if ((count + 1) * 2 > mask) grow();
    size_t i = find(o.id);
    if (!objs[i].id) count++;
    objs[i] = o;
}

static void remove_at(size_t i) {
    objs[i].id = 0;
    count--;
    for (size_t j = (i + 1) & mask; objs[j].id; j = (j + 1) & mask) {
        size_t h = home(objs[j].id);
        if ((j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j))) {
            objs[i] = objs[j];
            objs[j].id = 0;
            i = j;
        }
    }
}

/* ---- deaths per (arena, age): [0] all objects, [1] the program's, [2] the program's bytes ---- */

#define ARENAS 8
#define AGES 256
static long ev[3][ARENAS][AGES], vm[3][ARENAS][AGES];
static long ev_live, vm_live;           /* the program's objects alive */

static void count_death(long (*t)[ARENAS][AGES], int arena, unsigned age, int ours, long n, long bytes) {
    if (arena < 0 || arena >= ARENAS) arena = 0;
    if (age >= AGES) age = AGES - 1;
    t[0][arena][age] += n;
    if (ours) t[1][arena][age] += n, t[2][arena][age] += bytes;
}

static void die(const Obj *o, int alive) {
    unsigned age = alive ? gcs - o->birth : gcs > o->birth + 1 ? gcs - o->birth - 1 : 0;
    count_death(ev, o->arena, age, o->ours, 1, o->size);
}

static void JNICALL on_alloc(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size,
                             jint arena) {
    jlong id = 0;
    char *sig = NULL;
    int ours = 0;
    if (klass && (*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL) == JVMTI_ERROR_NONE) {
        ours = !strncmp(sig, "LLifetimes$", 11);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    }
    if (get_id(jvmti, object, &id) != JVMTI_ERROR_NONE) return;
    lock();
    insert((Obj){ id, gcs, arena, ours, size });
    unlock();
}

static void JNICALL on_free(jvmtiEnv *e, jlong id) {
    lock();
    size_t i = find(id);
    if (objs[i].id) die(&objs[i], 0), remove_at(i);
    unlock();
}

static void JNICALL on_move(jvmtiEnv *e, jlong from, jint from_arena, jlong to, jint to_arena) {
    lock();
    size_t i = find(from);
    if (objs[i].id) {
        Obj o = objs[i];
        remove_at(i);
        o.id = to, o.arena = to_arena;
        insert(o);
    }
    unlock();
}

static void JNICALL on_arena_delete(jvmtiEnv *e, jint arena) {
    lock();
    for (size_t i = 0; i <= mask; i++)
        if (objs[i].id && objs[i].arena == arena) {
            die(&objs[i], 0);
            remove_at(i);
            i--;                /* the shift may have brought another here */
        }
    unlock();
}

static void JNICALL on_gc_start(jvmtiEnv *e) { gcs++; }

/* ---- the VM's side and the comparison ---- */

static void JNICALL vm_death(void *data, jint alive, jint arena, const char *sig, jint age, jlong objects, jlong bytes) {
    count_death(vm, arena, (unsigned)age, !strncmp(sig, "LLifetimes$", 11), objects, bytes);
}

static void JNICALL vm_live_class(void *data, const char *sig, jlong objects, jlong bytes) {
    if (!strncmp(sig, "LLifetimes$", 11)) vm_live += objects;
}

static void compare(const char *when) {
    for (int k = 0; k < 3; k++)
        for (int a = 0; a < ARENAS; a++)
            for (int g = 0; g < AGES; g++) {
                compared += ev[k][a][g];
                if (ev[k][a][g] != vm[k][a][g] && errors++ < 10)
                    fprintf(stderr, "%s: %s of arena %d, age %d: events %ld, VM %ld\n", when,
                            k == 0 ? "objects" : k == 1 ? "the program's objects" : "the program's bytes", a, g,
                            ev[k][a][g], vm[k][a][g]);
            }
    ev_live = 0;
    for (size_t i = 0; i <= mask; i++) ev_live += objs && objs[i].id && objs[i].ours;
    if (ev_live != vm_live && errors++ < 10)
        fprintf(stderr, "%s: the program's live objects: events %ld, VM %ld\n", when, ev_live, vm_live);
    memset(ev, 0, sizeof ev), memset(vm, 0, sizeof vm);
    checks++;
}

static void JNICALL on_gc_finish(jvmtiEnv *e, jlong used, jlong capacity) {
    lock();
    vm_live = 0;
    jvmtiError err = drain_lifetimes(jvmti, (jboolean)JNI_FALSE, vm_death, vm_live_class, NULL);
    if (err != JVMTI_ERROR_NONE && errors++ < 10) fprintf(stderr, "DrainLifetimes at GCFinish: error %d\n", err);
    compare("after a collection");
    unlock();
}

/* ---- switching ---- */

static const struct {
    const char *id;
    jvmtiExtensionEvent cb;
} events[] = {
    {"com.loupe.events.ObjectAlloc", (jvmtiExtensionEvent)on_alloc},
    {"com.loupe.events.ObjectFree", (jvmtiExtensionEvent)on_free},
    {"com.loupe.events.ObjectMove", (jvmtiExtensionEvent)on_move},
    {"com.loupe.events.ArenaDelete", (jvmtiExtensionEvent)on_arena_delete},
    {"com.loupe.events.GCStart", (jvmtiExtensionEvent)on_gc_start},
    {"com.loupe.events.GCFinish", (jvmtiExtensionEvent)on_gc_finish},
};
#define NEVENTS (sizeof events / sizeof events[0])
static jint index_of[NEVENTS];

static void switch_events(int on) {
    for (size_t i = 0; i < NEVENTS; i++)
        (*jvmti)->SetExtensionEventCallback(jvmti, index_of[i], on ? events[i].cb : NULL);
}

JNIEXPORT jstring JNICALL Java_Lifetimes_result(JNIEnv *jni, jclass cls) {
    char s[200];
    if (!set_lifetimes) return (*jni)->NewStringUTF(jni, "the VM's lifetimes agree with the events");
    set_lifetimes(jvmti, (jboolean)JNI_FALSE);
    switch_events(0);
    lock();
    vm_live = 0;
    drain_lifetimes(jvmti, (jboolean)JNI_FALSE, vm_death, vm_live_class, NULL);
    compare("at the end");
    vm_live = 0;
    jvmtiError err = drain_lifetimes(jvmti, (jboolean)JNI_TRUE, vm_death, vm_live_class, NULL);
    for (size_t i = 0; i <= mask; i++)
        if (objs[i].id) die(&objs[i], 1);
    compare("alive at the end");
    unlock();
    if (err || errors || checks < 5 || compared < 100000)
        snprintf(s, sizeof s, "the VM's lifetimes DIFFER from the events (%ld differences, %ld checks, %ld compared, error %d)",
                 errors, checks, compared, err);
    else
        snprintf(s, sizeof s, "the VM's lifetimes agree with the events");
    return (*jni)->NewStringUTF(jni, s);
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

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    set_lifetimes = find_function("com.loupe.functions.SetLifetimeCounting");
    drain_lifetimes = find_function("com.loupe.functions.DrainLifetimes");
    get_id = find_function("com.loupe.functions.GetObjectId");
    jint n = 0;
    jvmtiExtensionEventInfo *ev = NULL;
    (*jvmti)->GetExtensionEvents(jvmti, &n, &ev);
    for (size_t k = 0; k < NEVENTS; k++) {
        index_of[k] = -1;
        for (jint i = 0; i < n; i++)
            if (!strcmp(ev[i].id, events[k].id)) index_of[k] = ev[i].extension_event_index;
        if (index_of[k] < 0) set_lifetimes = NULL;
    }
    if (!set_lifetimes || !drain_lifetimes || !get_id) {
        set_lifetimes = NULL;
        return 0;
    }
    grow();
    switch_events(1);
    set_lifetimes(jvmti, (jboolean)JNI_TRUE);
    return 0;
}
