/*
 * perfgc.c — the collector's and the class loader's perf counters, which jstat reads.
 *
 * jstat (jdk.jcmd's sun/tools/jstat/resources/jstat_options) computes its columns from
 * counters in the perf-data region (perfdata.c) that HotSpot's collectors publish:
 *
 *   sun.gc.generation.G.{name,capacity,minCapacity,maxCapacity,spaces}
 *   sun.gc.generation.G.space.S.{name,used,capacity,initCapacity,maxCapacity}
 *       generation 0 (young) with eden (0) and two survivor spaces (1, 2), generation 1
 *       (old) with one space, as HotSpot's Serial collector lays them out;
 *   sun.gc.collector.C.{name,invocations,time,lastEntryTime,lastExitTime}
 *       collector 0 counts young collections, collector 1 full ones;
 *   sun.gc.policy.*, sun.gc.cause (the running collection's, "No GC" between them),
 *   sun.gc.lastCause, sun.gc.metaspace.*, sun.os.hrt.ticks;
 *   java.cls.{loaded,unloaded}Classes, sun.cls.{loaded,unloaded}Bytes and their shared
 *   (CDS) twins, which are 0 here, and sun.cls.time.
 *
 * Each Loupe collector says where its memory pools sit in that model (gc.h pool_space):
 * the semispace copier's two spaces are the two survivors, the generational collector's
 * nursery is eden and its old generation the old space, and the one space of mark-sweep,
 * mark-compact and reference counting is the old space; the spaces a collector lacks
 * have capacity 0, for which jstat prints "-" as percentages.  A collection counts as
 * young when the collector calls it "Pause Young" (as -Xlog:gc prints it), as full
 * otherwise.  There is no compressed class space and no compiler (as HotSpot with
 * -XX:-UseCompressedClassPointers -Xint), so those counters are absent and jstat shows
 * "-" for them.
 *
 * The figures are written by a listener of the heap events' GC start and finish (the
 * collector never knows), with the world stopped, so they change at each collection, as
 * HotSpot's do; class counts change as classes are defined.  Counters are single longs
 * in shared memory, stored atomically; the reader is another process.
 */
#include "runtime/perfgc.h"
#include "runtime/perfdata.h"
#include "runtime/vm.h"
#include "heap/gc.h"
#include "heap/classunload.h"
#include <stdio.h>
#include <time.h>

#define CAUSE_LEN 80                    /* HotSpot's room for a cause's name */
#define METASPACE_GRAIN (64 * 1024)     /* the capacity shown: used, rounded up to this */
#define METASPACE_MAX ((int64_t)1 << 30)

typedef struct SpaceCounters {
    int64_t *used, *capacity, *max, *init;
} SpaceCounters;

typedef struct GenCounters {
    int64_t *capacity, *min, *max;
} GenCounters;

typedef struct CollectorCounters {
    int64_t *invocations, *time, *entry, *exit;
} CollectorCounters;

/* HotSpot's names and numbering of the spaces, indexed by HeapSpace. */
static const struct { int gen, space; const char *name; } SPACES[HS_COUNT] = {
    [HS_EDEN] = { 0, 0, "eden" }, [HS_SURVIVOR0] = { 0, 1, "s0" }, [HS_SURVIVOR1] = { 0, 2, "s1" },
    [HS_OLD] = { 1, 0, "old" },
};
static const char *const GEN_NAMES[2] = { "new", "old" };
static const int GEN_SPACES[2] = { 3, 1 };

static SpaceCounters spaces[HS_COUNT];
static GenCounters gens[2];
static CollectorCounters collectors[2];
static char *cause, *last_cause;
static int64_t *ticks_now, *meta_used, *meta_capacity;
static int64_t *cls_loaded, *cls_unloaded, *cls_loaded_bytes, *cls_unloaded_bytes;
static int64_t gc_entry;                /* when the running collection began */

static int64_t ticks(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void set(int64_t *c, int64_t v) {
    if (c) __atomic_store_n(c, v, __ATOMIC_RELAXED);
}

static void add(int64_t *c, int64_t v) {
    if (c) __atomic_fetch_add(c, v, __ATOMIC_RELAXED);
}

static int64_t get(const int64_t *c) { return c ? __atomic_load_n(c, __ATOMIC_RELAXED) : 0; }

static int64_t *new_long(const char *name, int units, int variability, int64_t value) {
    return perf_add(name, 'J', units, variability, &value, 8, 0);
}

static int64_t *new_longf(int units, int variability, int64_t value, const char *fmt, int a, int b) {
    char name[96];
    snprintf(name, sizeof name, fmt, a, b);
    return new_long(name, units, variability, value);
}

static void new_stringf(const char *value, const char *fmt, int a, int b) {
    char name[96];
    snprintf(name, sizeof name, fmt, a, b);
    int32_t len = (int32_t)strlen(value) + 1;
    perf_add(name, 'B', PERF_U_STRING, PERF_V_CONSTANT, value, len, len);
}

static char *new_cause(const char *name, const char *value) {
    return perf_add(name, 'B', PERF_U_STRING, PERF_V_VARIABLE, value, (int32_t)strlen(value) + 1, CAUSE_LEN);
}

/* A string counter rewritten in place; the reader may see it half-written, as HotSpot's. */
static void set_cause(char *c, const char *value) {
    if (!c) return;
    size_t n = strlen(value);
    if (n >= CAUSE_LEN) n = CAUSE_LEN - 1;
    memcpy(c, value, n);
    c[n] = 0;
}

static void make_space(HeapSpace s) {
    const char *p = "sun.gc.generation.%d.space.%d.";
    char fmt[64];
    int g = SPACES[s].gen, i = SPACES[s].space;
#define SPACE_FIELD(f) (snprintf(fmt, sizeof fmt, "%s%s", p, f), fmt)
    new_stringf(SPACES[s].name, SPACE_FIELD("name"), g, i);
    spaces[s].used = new_longf(PERF_U_BYTES, PERF_V_VARIABLE, 0, SPACE_FIELD("used"), g, i);
    spaces[s].capacity = new_longf(PERF_U_BYTES, PERF_V_VARIABLE, 0, SPACE_FIELD("capacity"), g, i);
    spaces[s].max = new_longf(PERF_U_BYTES, PERF_V_CONSTANT, 0, SPACE_FIELD("maxCapacity"), g, i);
    spaces[s].init = new_longf(PERF_U_BYTES, PERF_V_CONSTANT, 0, SPACE_FIELD("initCapacity"), g, i);
#undef SPACE_FIELD
}

static void make_generation(int g) {
    new_stringf(GEN_NAMES[g], "sun.gc.generation.%d.name", g, 0);
    new_longf(PERF_U_NONE, PERF_V_CONSTANT, GEN_SPACES[g], "sun.gc.generation.%d.spaces", g, 0);
    gens[g].capacity = new_longf(PERF_U_BYTES, PERF_V_VARIABLE, 0, "sun.gc.generation.%d.capacity", g, 0);
    gens[g].min = new_longf(PERF_U_BYTES, PERF_V_CONSTANT, 0, "sun.gc.generation.%d.minCapacity", g, 0);
    gens[g].max = new_longf(PERF_U_BYTES, PERF_V_CONSTANT, 0, "sun.gc.generation.%d.maxCapacity", g, 0);
}

static void make_collector(int c, const char *kind) {
    char name[96];
    snprintf(name, sizeof name, "%s %s collection pauses", heap_log_name(), kind);
    new_stringf(name, "sun.gc.collector.%d.name", c, 0);
    collectors[c].invocations = new_longf(PERF_U_EVENTS, PERF_V_MONOTONIC, 0, "sun.gc.collector.%d.invocations", c, 0);
    collectors[c].time = new_longf(PERF_U_TICKS, PERF_V_MONOTONIC, 0, "sun.gc.collector.%d.time", c, 0);
    collectors[c].entry = new_longf(PERF_U_TICKS, PERF_V_VARIABLE, 0, "sun.gc.collector.%d.lastEntryTime", c, 0);
    collectors[c].exit = new_longf(PERF_U_TICKS, PERF_V_VARIABLE, 0, "sun.gc.collector.%d.lastExitTime", c, 0);
}

static void make_policy(void) {
    int32_t len = (int32_t)strlen(heap_policy_name()) + 1;
    perf_add("sun.gc.policy.name", 'B', PERF_U_STRING, PERF_V_CONSTANT, heap_policy_name(), len, len);
    new_long("sun.gc.policy.collectors", PERF_U_NONE, PERF_V_CONSTANT, 2);
    new_long("sun.gc.policy.generations", PERF_U_NONE, PERF_V_CONSTANT, 2);
    /* every survivor is promoted (or stays where it is) at its first collection */
    new_long("sun.gc.policy.tenuringThreshold", PERF_U_NONE, PERF_V_VARIABLE, 0);
    new_long("sun.gc.policy.maxTenuringThreshold", PERF_U_NONE, PERF_V_CONSTANT, 0);
    new_long("sun.gc.policy.desiredSurvivorSize", PERF_U_BYTES, PERF_V_VARIABLE, 0);
}

static void make_metaspace(void) {
    meta_used = new_long("sun.gc.metaspace.used", PERF_U_BYTES, PERF_V_VARIABLE, 0);
    meta_capacity = new_long("sun.gc.metaspace.capacity", PERF_U_BYTES, PERF_V_VARIABLE, 0);
    new_long("sun.gc.metaspace.minCapacity", PERF_U_BYTES, PERF_V_CONSTANT, 0);
    new_long("sun.gc.metaspace.maxCapacity", PERF_U_BYTES, PERF_V_CONSTANT, METASPACE_MAX);
}

static void make_class_counters(void) {
    cls_loaded = new_long("java.cls.loadedClasses", PERF_U_EVENTS, PERF_V_MONOTONIC, 0);
    cls_unloaded = new_long("java.cls.unloadedClasses", PERF_U_EVENTS, PERF_V_MONOTONIC, 0);
    new_long("java.cls.sharedLoadedClasses", PERF_U_EVENTS, PERF_V_MONOTONIC, 0);
    new_long("java.cls.sharedUnloadedClasses", PERF_U_EVENTS, PERF_V_MONOTONIC, 0);
    cls_loaded_bytes = new_long("sun.cls.loadedBytes", PERF_U_BYTES, PERF_V_MONOTONIC, 0);
    cls_unloaded_bytes = new_long("sun.cls.unloadedBytes", PERF_U_BYTES, PERF_V_MONOTONIC, 0);
    new_long("sun.cls.sharedLoadedBytes", PERF_U_BYTES, PERF_V_MONOTONIC, 0);
    new_long("sun.cls.sharedUnloadedBytes", PERF_U_BYTES, PERF_V_MONOTONIC, 0);
    new_long("sun.cls.time", PERF_U_TICKS, PERF_V_MONOTONIC, 0);
}

/* ---- updates ---- */

static void update_metaspace(void) {
    int64_t used = get(cls_loaded_bytes) - get(cls_unloaded_bytes);
    set(meta_used, used);
    set(meta_capacity, (used + METASPACE_GRAIN - 1) / METASPACE_GRAIN * METASPACE_GRAIN);
}

/* The spaces from the pools now; a space no pool maps to stays at 0. */
static void update_spaces(void) {
    HeapUsage u[HS_COUNT] = { { 0, 0, 0, 0 } };
    for (int i = 0; i < heap_pool_count(); i++) {
        HeapUsage p = heap_pool_usage(i);
        HeapUsage *s = &u[heap_pool_space(i)];
        s->init += p.init;
        s->used += p.used;
        s->committed += p.committed;
        s->max += p.max < 0 ? p.committed : p.max;
    }
    HeapUsage g[2] = { { 0, 0, 0, 0 } };
    for (int s = 0; s < HS_COUNT; s++) {
        set(spaces[s].used, u[s].used);
        set(spaces[s].capacity, u[s].committed);
        set(spaces[s].max, u[s].max);
        set(spaces[s].init, u[s].init);
        g[SPACES[s].gen].init += u[s].init;
        g[SPACES[s].gen].committed += u[s].committed;
        g[SPACES[s].gen].max += u[s].max;
    }
    for (int i = 0; i < 2; i++) {
        set(gens[i].capacity, g[i].committed);
        set(gens[i].min, g[i].init);
        set(gens[i].max, g[i].max);
    }
}

static void update_unloaded(void) {
    set(cls_unloaded, (int64_t)cu_unloaded_count());
    set(cls_unloaded_bytes, (int64_t)cu_unloaded_bytes());
    update_metaspace();
}

static void on_gc_start(void) {
    gc_entry = ticks();
    set_cause(cause, heap_gc_cause_name());
}

static void on_gc_finish(size_t used, size_t capacity) {
    UNUSED(used);
    UNUSED(capacity);
    int64_t now = ticks();
    CollectorCounters *c = &collectors[heap_gc_is_young() ? 0 : 1];
    add(c->invocations, 1);
    add(c->time, now - gc_entry);
    set(c->entry, gc_entry);
    set(c->exit, now);
    set_cause(last_cause, heap_gc_cause_name());
    set_cause(cause, "No GC");
    update_spaces();
    update_unloaded();
    set(ticks_now, now);
}

static const GCEventListener listener = { .gc_start = on_gc_start, .gc_finish = on_gc_finish };

void perf_gc_init(void) {
    size_t size;
    if (!perf_region(&size)) return;
    for (int g = 0; g < 2; g++) make_generation(g);
    for (int s = 0; s < HS_COUNT; s++) make_space((HeapSpace)s);
    make_collector(0, "young");
    make_collector(1, "full");
    make_policy();
    make_metaspace();
    make_class_counters();
    cause = new_cause("sun.gc.cause", "No GC");
    last_cause = new_cause("sun.gc.lastCause", "No GC");
    ticks_now = new_long("sun.os.hrt.ticks", PERF_U_TICKS, PERF_V_VARIABLE, ticks());
    update_spaces();
    gc_add_listener(NULL, &listener, (1u << GCE_GC_START) | (1u << GCE_GC_FINISH));
}

void perf_class_loaded(size_t bytes) {
    add(cls_loaded, 1);
    add(cls_loaded_bytes, (int64_t)bytes);
    update_metaspace();
}
