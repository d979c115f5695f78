// main: AllocCounts
/*
 * com.loupe.functions.SetAllocationCounting and DrainAllocationCounts
 * (docs/JVMTI-EXTENSIONS.md): the VM counts every allocation per thread and site, and the
 * counts it gives agree with com.loupe.events.ObjectAlloc's, object for object.  The agent
 * turns both on at VMInit; for each ObjectAlloc it takes the whole stack (GetStackTrace)
 * and counts the allocation under a key made of the thread, the class, the allocating
 * frame's method and index, and its callers' methods and lines; at each drain it rebuilds
 * the same keys from the contexts the VM reported and adds the VM's counts.  The program
 * (agent/java/AllocCounts.java) allocates through recursion with two calls on one line,
 * exceptions, arrays, reflection, a lambda and threads that end before the last drain,
 * and drains in between; then a thread drains without pause while another collects and
 * hundreds of short threads allocate (the drain's callbacks call JVMTI, which may stop
 * for a collection: the VM once called them holding the lock a new thread takes for its
 * first count, unstoppable, and the collection waited for ever); at the end both tables must hold the same keys with the same
 * counts (only stacks through AllocCounts' own methods are compared: the two switches are
 * not turned on at the same instant).  The errors: NULL callbacks, a second environment.
 *
 * On a VM without the functions (HotSpot) it prints what a passing run prints.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef jvmtiError (JNICALL *ext_fn)(jvmtiEnv *, ...);

static jvmtiEnv *jvmti, *other;
static ext_fn set_counting, drain_counts;
static jrawMonitorID lock;
static jint alloc_index = -1;
static int drains;

/* ---- two tables: key string -> count, one from the events, one from the VM ---- */

typedef struct Entry {
    char *key;
    long count;
} Entry;

typedef struct {
    Entry *e;
    size_t cap, n;
} Table;

static Table from_events, from_vm;

static size_t hash(const char *s) {
    size_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static void add(Table *t, const char *key, long n) {
    if ((t->n + 1) * 2 > t->cap) {
        Table g = { calloc(t->cap ? t->cap * 2 : 1024, sizeof(Entry)), t->cap ? t->cap * 2 : 1024, 0 };
        for (size_t i = 0; i < t->cap; i++)
            if (t->e[i].key) {
                size_t k = hash(t->e[i].key) & (g.cap - 1);
                while (g.e[k].key) k = (k + 1) & (g.cap - 1);
                g.e[k] = t->e[i];
                g.n++;
            }
        free(t->e);
        *t = g;
    }
    size_t k = hash(key) & (t->cap - 1);
    while (t->e[k].key && strcmp(t->e[k].key, key)) k = (k + 1) & (t->cap - 1);
    if (!t->e[k].key) t->e[k].key = strdup(key), t->n++;
    t->e[k].count += n;
}

static long get(const Table *t, const char *key) {
    if (!t->cap) return 0;
    size_t k = hash(key) & (t->cap - 1);
    while (t->e[k].key && strcmp(t->e[k].key, key)) k = (k + 1) & (t->cap - 1);
    return t->e[k].key ? t->e[k].count : 0;
}

/* ---- keys ---- */

static jint line_of(jmethodID m, jlocation bci) {
    jint n = 0, line = -1;
    jvmtiLineNumberEntry *t = NULL;
    if (bci < 0) return -2;
    if ((*jvmti)->GetLineNumberTable(jvmti, m, &n, &t) != JVMTI_ERROR_NONE) return -1;
    for (jint i = 0, best = -1; i < n; i++)
        if (t[i].start_location <= bci && t[i].start_location > best) best = (jint)t[i].start_location, line = t[i].line_number;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)t);
    return line;
}

/* "Class.method" of m into buf. */
static void name_of(jmethodID m, char *buf, size_t cap) {
    char *name = NULL, *cls = NULL;
    jclass k = NULL;
    (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
    (*jvmti)->GetMethodDeclaringClass(jvmti, m, &k);
    if (k) (*jvmti)->GetClassSignature(jvmti, k, &cls, NULL);
    snprintf(buf, cap, "%s.%s", cls ? cls : "?", name ? name : "?");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)cls);
}

/* Appends a frame to key: the allocating one by index, a caller by line. */
static void append(char *key, size_t cap, jmethodID m, jlocation loc, int leaf) {
    char name[600];
    size_t n = strlen(key);
    name_of(m, name, sizeof name);
    if (leaf) snprintf(key + n, cap - n, "|%s@%ld", name, (long)loc);
    else snprintf(key + n, cap - n, "|%s:%d", name, line_of(m, loc));
}

static int ours(const char *key) { return strstr(key, "LAllocCounts") != NULL; }

/* ---- the events ---- */

static void JNICALL on_alloc(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size,
                             jint arena) {
    jvmtiFrameInfo f[256];
    char key[16384];
    char *sig = NULL;
    jint n = 0;
    if (!klass || (*jvmti)->GetStackTrace(jvmti, NULL, 0, 256, f, &n) != JVMTI_ERROR_NONE) return;
    (*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL);
    snprintf(key, sizeof key, "%ld %s", (long)syscall(SYS_gettid), sig ? sig : "?");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    for (jint i = 0; i < n; i++) append(key, sizeof key, f[i].method, f[i].location, i == 0);
    if (!ours(key)) return;
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    add(&from_events, key, 1);
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

/* ---- the VM's counts: contexts per thread ---- */

typedef struct {
    jlong thread;
    jint parent;
    jmethodID method;
    jlocation location;
} Ctx;

/* Contexts per thread slot (by kernel id), grown as ids come. */
#define SLOTS 8192
static struct {
    jlong thread;
    Ctx *c;
    jint cap;
} slots[SLOTS];
static int nslots;

static Ctx *ctx_at(jlong thread, jint c) {
    int i = 0;
    while (i < nslots && slots[i].thread != thread) i++;
    if (i == nslots) {
        if (nslots == SLOTS) return NULL;
        slots[nslots++].thread = thread;
    }
    if (c <= 0) return NULL;
    if (c >= slots[i].cap) {
        jint cap = slots[i].cap ? slots[i].cap : 256;
        while (cap <= c) cap *= 2;
        slots[i].c = realloc(slots[i].c, (size_t)cap * sizeof(Ctx));
        memset(slots[i].c + slots[i].cap, 0, (size_t)(cap - slots[i].cap) * sizeof(Ctx));
        slots[i].cap = cap;
    }
    return &slots[i].c[c];
}

static void JNICALL on_ctx(void *data, jlong thread, jint c, jint parent, jmethodID m, jlocation loc) {
    Ctx *x = ctx_at(thread, c);
    if (x) *x = (Ctx){ thread, parent, m, loc };
    else ++*(int *)data;
}

static void JNICALL on_site(void *data, jlong thread, jint c, jmethodID m, jlocation loc, const char *sig,
                            jlong objects, jlong bytes) {
    static char key[16384];
    snprintf(key, sizeof key, "%ld %s", (long)thread, sig);
    if (m) append(key, sizeof key, m, loc, 1);
    for (Ctx *x = ctx_at(thread, c); x && x->method; x = ctx_at(thread, x->parent))
        append(key, sizeof key, x->method, x->location, 0);
    if (ours(key)) add(&from_vm, key, objects);
}

static void drain(void) {
    int lost = 0;
    drain_counts(jvmti, on_ctx, on_site, &lost);
    drains++;
    if (lost) printf("%d contexts out of the test's range\n", lost);
}

JNIEXPORT void JNICALL Java_AllocCounts_drain(JNIEnv *jni, jclass cls) {
    if (!set_counting) return;
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    drain();
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

JNIEXPORT jstring JNICALL Java_AllocCounts_result(JNIEnv *jni, jclass cls) {
    char s[300];
    if (!set_counting) {
        printf("NULL callbacks -> %d\nsecond environment -> %d\n", JVMTI_ERROR_NULL_POINTER, JVMTI_ERROR_NOT_AVAILABLE);
        fflush(stdout);
        return (*jni)->NewStringUTF(jni, "the counts agree with the events");
    }
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    set_counting(jvmti, (jboolean)JNI_FALSE);
    (*jvmti)->SetExtensionEventCallback(jvmti, alloc_index, NULL);
    drain();
    long objects = 0, differ = 0;
    for (size_t i = 0; i < from_events.cap; i++)
        if (from_events.e[i].key) {
            objects += from_events.e[i].count;
            if (get(&from_vm, from_events.e[i].key) != from_events.e[i].count) {
                if (differ++ < 5)
                    fprintf(stderr, "events %ld, VM %ld: %s\n", from_events.e[i].count,
                            get(&from_vm, from_events.e[i].key), from_events.e[i].key);
            }
        }
    for (size_t i = 0; i < from_vm.cap; i++)
        if (from_vm.e[i].key && !get(&from_events, from_vm.e[i].key) && differ++ < 5)
            fprintf(stderr, "events 0, VM %ld: %s\n", from_vm.e[i].count, from_vm.e[i].key);
    (*jvmti)->RawMonitorExit(jvmti, lock);
    printf("NULL callbacks -> %d\n", drain_counts(jvmti, NULL, on_site, NULL));
    printf("second environment -> %d\n", set_counting(other, (jboolean)JNI_TRUE));
    fflush(stdout);
    if (differ || objects < 10000 || drains < 3)
        fprintf(stderr, "%ld objects at %zu sites, %d drains\n", objects, from_events.n, drains);
    if (differ || objects < 10000 || drains < 3) snprintf(s, sizeof s, "the counts DIFFER from the events at %ld sites (%ld objects)", differ, objects);
    else snprintf(s, sizeof s, "the counts agree with the events");
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

static jint find_event(const char *id) {
    jint n = 0;
    jvmtiExtensionEventInfo *ev = NULL;
    if ((*jvmti)->GetExtensionEvents(jvmti, &n, &ev) != JVMTI_ERROR_NONE) return -1;
    for (jint i = 0; i < n; i++)
        if (!strcmp(ev[i].id, id)) return ev[i].extension_event_index;
    return -1;
}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread thread) {
    if (!set_counting || !drain_counts || alloc_index < 0) {
        set_counting = NULL;
        return;
    }
    (*jvmti)->SetExtensionEventCallback(jvmti, alloc_index, (jvmtiExtensionEvent)on_alloc);
    set_counting(jvmti, (jboolean)JNI_TRUE);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    (*vm)->GetEnv(vm, (void **)&other, JVMTI_VERSION);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_line_numbers = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    (*jvmti)->CreateRawMonitor(jvmti, "AllocCounts", &lock);
    set_counting = find_function("com.loupe.functions.SetAllocationCounting");
    drain_counts = find_function("com.loupe.functions.DrainAllocationCounts");
    alloc_index = find_event("com.loupe.events.ObjectAlloc");
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = vm_init;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    return 0;
}
