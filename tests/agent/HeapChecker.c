// main: HeapChecker
/*
 * The reference checker of Loupe's heap extension events (docs/JVMTI-EXTENSIONS.md), as an
 * agent: it rebuilds the set of objects in the heap, their classes and their arenas from
 * the events alone (com.loupe.events.ObjectAlloc defines an object id in an arena, ObjectMove
 * renames it, ObjectFree and its arena's ArenaDelete end it) and, after every collection
 * (GCFinish), compares it with IterateThroughHeap: the same number of objects, the same
 * count per class, every object in an arena that exists.  Any difference is printed on
 * stderr and makes the final line say so.
 *
 * On a VM without these extension events (HotSpot) it prints what a passing run prints, so
 * the test compares Loupe's verdict with the expected one.  tool/heap_checker runs it under
 * each Loupe collector.
 *
 * Threads: ObjectAlloc arrives on every allocating thread, before that thread can stop for
 * a collection; the table is guarded by a spin lock that nobody holds across a stop (a
 * thread that holds it never waits for anything), so the collection events, which arrive
 * with the world stopped, always find it free.  The comparison runs in the first ObjectAlloc after
 * a collection (or at VMDeath): IterateThroughHeap stops the world, and in its first
 * callback the table's counts are taken, consistent with the heap being walked.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jvmtiExtensionFunction get_object_id;
static int loupe;

/* ---- the table: object id -> class tag, arena ---- */

typedef struct Entry {
    jlong id;                   /* 0: empty */
    jlong class_tag;            /* -1: the class had no mirror yet */
    jint arena;
} Entry;

static Entry *table;
static size_t table_mask, table_count;
static volatile int spin;
static volatile int check_pending;
static long errors, checks;
static int arena_live[64];
static jlong next_class_tag;

static void spin_lock(volatile int *s) { while (__atomic_exchange_n(s, 1, __ATOMIC_ACQUIRE)) ; }
static void spin_unlock(volatile int *s) { __atomic_store_n(s, 0, __ATOMIC_RELEASE); }
static void lock(void) { spin_lock(&spin); }
static void unlock(void) { spin_unlock(&spin); }

static void error(const char *what, jlong id, long a, long b) {
    if (errors++ < 10) fprintf(stderr, "heap checker: %s (object 0x%lx: %ld, %ld)\n", what, (long)id, a, b);
}

static size_t home(jlong id) { return (size_t)(((unsigned long long)id >> 3) * 0x9E3779B97F4A7C15ull) & table_mask; }

static size_t find(jlong id) {
    size_t i = home(id);
    while (table[i].id && table[i].id != id) i = (i + 1) & table_mask;
    return i;
}

static void insert(jlong id, jlong class_tag, jint arena);

static void grow(void) {
    Entry *old = table;
    size_t n = old ? table_mask + 1 : 0;
    table_mask = n ? n * 2 - 1 : (1u << 16) - 1;
    table = calloc(table_mask + 1, sizeof *table);
    table_count = 0;
    for (size_t i = 0; i < n; i++)
        if (old[i].id) insert(old[i].id, old[i].class_tag, old[i].arena);
    free(old);
}

static void insert(jlong id, jlong class_tag, jint arena) {
    if ((table_count + 1) * 2 > table_mask) grow();
    size_t i = find(id);
    if (table[i].id) error("allocated twice", id, (long)table[i].class_tag, (long)class_tag);
    else table_count++;
    table[i] = (Entry){ id, class_tag, arena };
}

/* Deletion with backward shift: the probe chains stay whole. */
static void remove_at(size_t i) {
    table[i].id = 0;
    table_count--;
    for (size_t j = (i + 1) & table_mask; table[j].id; j = (j + 1) & table_mask) {
        size_t h = home(table[j].id);
        if ((j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j))) {
            table[i] = table[j];
            table[j].id = 0;
            i = j;
        }
    }
}

/* ---- the events ---- */

/* A class's tag is read and, the first time, set under a spin lock of its own: two threads
 * that both found it untagged would otherwise each set their own, and the first one's
 * objects would count under a tag the class no longer has.  Not a raw monitor: a thread
 * waiting for one may stop for a collection, which must not come between an object's
 * allocation and its ObjectAlloc; GetTag and SetTag never wait for one. */
static volatile int tag_spin;

static jlong class_tag_of(jclass klass) {
    jlong tag = 0;
    if (!klass) return -1;
    spin_lock(&tag_spin);
    /* (tags exist from the start phase on: earlier objects count as of unknown class) */
    if ((*jvmti)->GetTag(jvmti, klass, &tag) != JVMTI_ERROR_NONE) tag = -1;
    else if (!tag) {
        tag = ++next_class_tag;
        if ((*jvmti)->SetTag(jvmti, klass, tag) != JVMTI_ERROR_NONE) tag = -1;
    }
    spin_unlock(&tag_spin);
    return tag;
}

static void check(void);

static void JNICALL on_alloc(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size, jint arena) {
    jlong id = 0;
    if (get_object_id(e, object, &id) != JVMTI_ERROR_NONE) error("GetObjectId failed", 0, 0, 0);
    jlong class_tag = class_tag_of(klass);
    lock();
    if (arena <= 0 || arena >= 64 || !arena_live[arena]) error("allocated in an arena that does not exist", id, arena, 0);
    insert(id, class_tag, arena);
    unlock();
    if (__atomic_load_n(&check_pending, __ATOMIC_ACQUIRE) && __atomic_exchange_n(&check_pending, 0, __ATOMIC_ACQ_REL)) check();
}

static void JNICALL on_free(jvmtiEnv *e, jlong id) {
    lock();
    size_t i = find(id);
    if (!table[i].id) error("freed but never allocated", id, 0, 0);
    else remove_at(i);
    unlock();
}

static void JNICALL on_move(jvmtiEnv *e, jlong from, jint from_arena, jlong to, jint to_arena) {
    lock();
    size_t i = find(from);
    if (!table[i].id || table[i].arena != from_arena) {
        error("moved but not there", from, from_arena, table[i].id ? table[i].arena : -1);
    } else {
        jlong class_tag = table[i].class_tag;
        remove_at(i);
        if (to_arena <= 0 || to_arena >= 64 || !arena_live[to_arena]) error("moved to an arena that does not exist", to, to_arena, 0);
        insert(to, class_tag, to_arena);
    }
    unlock();
}

static void JNICALL on_arena_new(jvmtiEnv *e, jint id, const char *name) {
    lock();
    if (id <= 0 || id >= 64 || arena_live[id]) error("arena created twice", 0, id, 0);
    else arena_live[id] = 1;
    unlock();
}

static void JNICALL on_arena_delete(jvmtiEnv *e, jint id) {
    lock();
    if (id <= 0 || id >= 64 || !arena_live[id]) error("arena deleted but not there", 0, id, 0);
    else arena_live[id] = 0;
    for (size_t i = 0; i <= table_mask;)
        if (table[i].id && table[i].arena == id) remove_at(i);
        else i++;
    unlock();
}

static void JNICALL on_gc_finish(jvmtiEnv *e, jlong used, jlong capacity) {
    if (used < 0 || used > capacity) error("GCFinish: used beyond capacity", 0, (long)used, (long)capacity);
    __atomic_store_n(&check_pending, 1, __ATOMIC_RELEASE);
}

/* ---- the comparison ---- */

typedef struct Counts {
    long *per_class;            /* by class tag */
    long ntags, objects, unknown;
} Counts;

typedef struct Walk {
    Counts heap, events;
    int taken;
} Walk;

static void count_class(Counts *c, jlong tag) {
    if (tag >= c->ntags) {
        long n = tag + 1024;
        c->per_class = realloc(c->per_class, (size_t)n * sizeof *c->per_class);
        memset(c->per_class + c->ntags, 0, (size_t)(n - c->ntags) * sizeof *c->per_class);
        c->ntags = n;
    }
    c->per_class[tag]++;
}

/* The table's counts, taken while the world is stopped for the walk. */
static void take_events(Counts *c) {
    for (size_t i = 0; i <= table_mask; i++) {
        if (!table[i].id) continue;
        c->objects++;
        if (table[i].class_tag < 0) c->unknown++;
        else count_class(c, table[i].class_tag);
        if (!arena_live[table[i].arena]) error("in an arena that was deleted", table[i].id, table[i].arena, 0);
    }
}

static jint JNICALL on_object(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data) {
    Walk *w = user_data;
    if (!w->taken) {
        w->taken = 1;
        lock();
        take_events(&w->events);
        unlock();
    }
    w->heap.objects++;
    count_class(&w->heap, class_tag);
    return 0;
}

/* Objects allocated before their class had a mirror are known by the events without their
 * class: the heap may have that many more of any class. */
static void compare(Walk *w) {
    if (w->heap.objects != w->events.objects) error("object count: heap, events", 0, w->heap.objects, w->events.objects);
    long extra = 0;
    for (long tag = 0; tag < w->heap.ntags || tag < w->events.ntags; tag++) {
        long h = tag < w->heap.ntags ? w->heap.per_class[tag] : 0, ev = tag < w->events.ntags ? w->events.per_class[tag] : 0;
        if (tag == 0 || h > ev) extra += h - ev;
        if (tag > 0 && h < ev) error("objects of a class: heap, events", tag, h, ev);
    }
    if (extra != w->events.unknown) error("objects without a known class: heap, events", 0, extra, w->events.unknown);
}

static void check(void) {
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_iteration_callback = on_object;
    Walk w;
    memset(&w, 0, sizeof w);
    jvmtiError err = (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &cb, &w);
    if (err == JVMTI_ERROR_WRONG_PHASE) {
        /* a collection during start-up: compare once the VM is live */
        __atomic_store_n(&check_pending, 1, __ATOMIC_RELEASE);
        return;
    }
    if (err) error("IterateThroughHeap failed", 0, err, 0);
    else compare(&w);
    free(w.heap.per_class);
    free(w.events.per_class);
    __atomic_add_fetch(&checks, 1, __ATOMIC_RELAXED);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    if (loupe) check();
    printf("heap checker: collections checked %s, errors %ld\n", !loupe || checks > 1 ? "yes" : "no", errors);
    fflush(stdout);
}

/* ---- set-up: the extensions are found by id ---- */

static const struct {
    const char *id;
    void *callback;
    jint params;
} wanted[] = {
    { "com.loupe.events.ObjectAlloc", (void *)on_alloc, 6 },
    { "com.loupe.events.ObjectFree", (void *)on_free, 1 },
    { "com.loupe.events.ObjectMove", (void *)on_move, 4 },
    { "com.loupe.events.ArenaNew", (void *)on_arena_new, 2 },
    { "com.loupe.events.ArenaDelete", (void *)on_arena_delete, 1 },
    { "com.loupe.events.GCFinish", (void *)on_gc_finish, 2 },
};

static int install(void) {
    jint n = 0, found = 0;
    jvmtiExtensionEventInfo *events;
    (*jvmti)->GetExtensionEvents(jvmti, &n, &events);
    for (size_t k = 0; k < sizeof wanted / sizeof wanted[0]; k++)
        for (jint i = 0; i < n; i++)
            if (strcmp(events[i].id, wanted[k].id) == 0 && events[i].param_count == wanted[k].params &&
                (*jvmti)->SetExtensionEventCallback(jvmti, events[i].extension_event_index,
                                                    (jvmtiExtensionEvent)wanted[k].callback) == JVMTI_ERROR_NONE)
                found++;
    jvmtiExtensionFunctionInfo *fns;
    (*jvmti)->GetExtensionFunctions(jvmti, &n, &fns);
    for (jint i = 0; i < n; i++)
        if (strcmp(fns[i].id, "com.loupe.functions.GetObjectId") == 0) get_object_id = fns[i].func;
    return found == (jint)(sizeof wanted / sizeof wanted[0]) && get_object_id;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    grow();
    loupe = install();
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return 0;
}
