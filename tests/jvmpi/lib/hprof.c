/*
 * hprof.c — an HPROF-like JVMPI agent for the JVMPI tests, written against the jvmpi.h
 * Loupe ships (build/jdk/include).  It profiles and checks itself at the same time:
 *
 *   heap      object alloc/free/move, arena new/delete, GC start/finish, class load: a
 *             table of the live objects rebuilt from the events alone, compared at each GC
 *             finish with the collector's count of objects, and at the end, class by
 *             class, with a level 2 heap dump; allocation sites (heap=sites)
 *   cpu       method entry/exit: calls and CPU time per method (cpu=times)
 *   jvmti     (with cpu) the same library's JVMTI MethodEntry counts, compared with JVMPI's
 *   monitor   contended enter/entered, wait/waited; a monitor dump parsed (monitor=y)
 *   dumps     heap dumps at levels 0, 1 and 2 and an object dump, parsed back with the
 *             format of the specification's section 4 and checked against each other
 *   funcs     every interface function (system thread, suspension, GC control, raw
 *             monitors, thread-local storage, id conversions, RequestEvent)
 *   bad       bad calls, answered as the specification says
 *   events    the other events: thread start/end, JVM init done, arena new, JNI global and
 *             weak global references, instruction start, data dump request (SIGQUIT)
 *   hprof     at shut down, with GC disabled and the other threads suspended: an HPROF
 *             dump (HotSpotDiagnosticMXBean.dumpHeap, every object) and, at the same
 *             moment, heap dumps of levels 0/1/2, object dumps of the objects and classes
 *             of the classes named DumpGraph*, and a monitor dump, each saved raw, with the
 *             class and thread tables their reader needs (lib/dumpcmp.py compares them)
 *   contend   (with monitor) the monitor events on a program that contends and waits
 *             (jvmpi/events: Contend), a raw monitor contended between two agent
 *             threads, method entry2 and class load hook events
 *   walk      (with heap, -agentpath) the live instances per class (and the arrays, all
 *             together) rebuilt from the events against a JVMTI heap walk
 *             (IterateThroughHeap, classes tagged) at shut down, after a collection, with
 *             the other threads suspended
 *   gcwalk    (with heap, -agentpath) the same comparison after every GC finish: a system
 *             thread walks the heap (the other threads suspended, GC disabled) after each
 *             collection, and an allocation event that comes after a GC finish waits, once
 *             recorded, until that walk is done, so that every collection is compared before
 *             the next object is allocated.  The objects allocated just before the walk
 *             whose events are still on their way (their threads are past the allocation,
 *             in the event handler) make the counts differ for a moment: the walk is
 *             repeated until they agree, up to a minute, and only a lasting difference fails
 *   unload    class unload: each must name a class loaded before and not unloaded yet;
 *             the report lists the classes unloaded ("UNLOADED <name>")
 *   compiled  compiled method load (code address and size, a line table ascending inside
 *             the code) and unload (each names a method whose load came before)
 *   file=F    the text report (default jvmpi-report.txt)
 *
 * Loaded with -agentpath (Agent_OnLoad: JVMPI and JVMTI both asked for in the OnLoad
 * phase) or -Xrun (JVM_OnLoad, live phase).  Prints "CHECK <what>: ok" or "...: FAILED
 * <why>" lines to stdout; the test scripts compare those lines with the ones expected.
 */
#include <jvmpi.h>
#include <jvmti.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static JVMPI_Interface *pi;
static jvmtiEnv *ti;
static JavaVM *jvm;
static int opt_heap, opt_cpu, opt_jvmti, opt_monitor, opt_dumps, opt_funcs, opt_bad, opt_events, opt_unload, opt_hprof, opt_contend, opt_walk, opt_gcwalk, opt_compiled;
static char report_path[512] = "jvmpi-report.txt";
static JVMPI_RawMonitor table_lock, method_lock, agent_lock;
static int failures;
static const char *name_of(jmethodID m);

static void check(const char *what, int ok, const char *fmt, ...) {
    char why[512] = "";
    if (!ok && fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, sizeof why, fmt, ap);
        va_end(ap);
    }
    if (!ok) failures++;
    printf("CHECK %s: %s%s%s\n", what, ok ? "ok" : "FAILED", ok ? "" : " ", why);
    fflush(stdout);
}

/* ---------------- classes: id -> index (ids change when class objects move) ---------------- */

typedef struct ClassInfo {
    char *name;
    int ninterfaces;
    int nstatics;
    char *static_types;     /* first char of each static's signature */
    int ninstances;
    char *instance_types;
    char *static_names, *instance_names;    /* comma-separated, for the dump reader */
    jobjectID super;        /* from a class dump */
    long live, dumped;      /* per-class counts for the comparison */
    long allocs;
} ClassInfo;

#define MAX_CLASSES 65536
static ClassInfo classes[MAX_CLASSES];
static int nclasses;

typedef struct Slot {
    jobjectID key;
    int index;
} Slot;

#define TOMB ((jobjectID)(uintptr_t)1)
static Slot *cslots;
static size_t ccap;

/* Fibonacci hashing: the product's high bits, which depend on every bit of the id (its
 * low bits depend only on the id's low bits, and objects' ids are addresses a few words
 * apart, so that a table keyed by them formed long runs of full slots). */
static size_t hash(jobjectID id, size_t cap) {
    return cap > 1 ? (size_t)(((uintptr_t)id * 0x9E3779B97F4A7C15ull) >> (64 - __builtin_ctzll(cap))) : 0;
}

static int class_index(jobjectID id) {
    if (!id || !cslots) return -1;
    for (size_t i = hash(id, ccap), n = 0; n < ccap; i = (i + 1) & (ccap - 1), n++) {
        if (!cslots[i].key) return -1;
        if (cslots[i].key == id) return cslots[i].index;
    }
    return -1;
}

static void class_put(jobjectID id, int index) {
    for (size_t i = hash(id, ccap);; i = (i + 1) & (ccap - 1))
        if (!cslots[i].key || cslots[i].key == TOMB || cslots[i].key == id) {
            cslots[i].key = id;
            cslots[i].index = index;
            return;
        }
}

static int class_remove(jobjectID id) {
    if (!id || !cslots) return -1;
    for (size_t i = hash(id, ccap), n = 0; n < ccap; i = (i + 1) & (ccap - 1), n++) {
        if (!cslots[i].key) return -1;
        if (cslots[i].key == id) {
            cslots[i].key = TOMB;
            return cslots[i].index;
        }
    }
    return -1;
}

static char *names_of(JVMPI_Field *f, int n) {
    size_t len = 1;
    for (int i = 0; i < n; i++) len += strlen(f[i].field_name) + 1;
    char *s = calloc(len, 1);
    for (int i = 0; i < n; i++) strcat(strcat(s, i ? "," : ""), f[i].field_name);
    return s;
}

static char *types_of(JVMPI_Field *f, int n) {
    char *s = calloc((size_t)n + 1, 1);
    for (int i = 0; i < n; i++) s[i] = f[i].field_signature[0];
    return s;
}

static void on_class_load(JVMPI_Event *e) {
    pi->RawMonitorEnter(table_lock);
    if (!cslots) {
        ccap = 2 * MAX_CLASSES;
        cslots = calloc(ccap, sizeof *cslots);
    }
    if (class_index(e->u.class_load.class_id) < 0 && nclasses < MAX_CLASSES) {
        ClassInfo *c = &classes[nclasses];
        c->name = strdup(e->u.class_load.class_name);
        c->ninterfaces = e->u.class_load.num_interfaces;
        c->nstatics = e->u.class_load.num_static_fields;
        c->static_types = types_of(e->u.class_load.statics, c->nstatics);
        c->ninstances = e->u.class_load.num_instance_fields;
        c->instance_types = types_of(e->u.class_load.instances, c->ninstances);
        c->static_names = names_of(e->u.class_load.statics, c->nstatics);
        c->instance_names = names_of(e->u.class_load.instances, c->ninstances);
        class_put(e->u.class_load.class_id, nclasses++);
    }
    pi->RawMonitorExit(table_lock);
}

/* Class unload.  Its class id is the one the class had when its class object was freed,
 * in the collection that unloaded it, which may have moved another class object to the
 * same address since: so a class whose class object is freed is set aside (in the order
 * freed, which is the order of the unload events), and an unload event names the oldest
 * class set aside under its id.  Set aside in the thread suspended mode: no malloc. */
#define MAX_UNLOADED 65536
static int unloaded[MAX_UNLOADED];
static long nunloaded, unload_unknown;
#define MAX_ASIDE 4096
static struct { jobjectID id; int index; } aside[MAX_ASIDE];
static int naside;

static void class_freed(jobjectID id) {
    int ci = class_remove(id);      /* (its id may be another object's from now on) */
    if (opt_unload && ci >= 0 && naside < MAX_ASIDE) aside[naside].id = id, aside[naside++].index = ci;
}

static int take_aside(jobjectID id) {
    for (int i = 0; i < naside; i++)
        if (aside[i].id == id) {
            int ci = aside[i].index;
            memmove(&aside[i], &aside[i + 1], (size_t)(naside - i - 1) * sizeof aside[0]);
            naside--;
            return ci;
        }
    return -1;
}

static void on_class_unload(JVMPI_Event *e) {
    pi->RawMonitorEnter(table_lock);
    int ci = take_aside(e->u.class_unload.class_id);
    if (ci < 0) ci = class_remove(e->u.class_unload.class_id);
    if (ci < 0) unload_unknown++;
    else if (nunloaded < MAX_UNLOADED) unloaded[nunloaded++] = ci;
    pi->RawMonitorExit(table_lock);
}

/* The class index of a class id, asking the VM for its class load event if unknown. */
static int class_known(jobjectID id) {
    int i = class_index(id);
    if (i >= 0 || !id) return i;
    pi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, id);
    return class_index(id);
}

/* ---------------- the live objects ---------------- */

typedef struct Obj {
    jobjectID id;
    int key;                /* class index, or -(type) for primitive arrays */
    int is_array;
    jint size;
    jint arena;
} Obj;

static Obj *objs;
static size_t ocap, ocount, otombs;
static long gc_checked, gc_mismatch, moves, frees, arena_deletes;
static char gc_mismatch_text[256];

static Obj *obj_find(jobjectID id) {
    if (!objs) return NULL;
    for (size_t i = hash(id, ocap);; i = (i + 1) & (ocap - 1)) {
        if (!objs[i].id) return NULL;
        if (objs[i].id == id) return &objs[i];
    }
}

static void obj_insert(const Obj *o) {
    for (size_t i = hash(o->id, ocap);; i = (i + 1) & (ocap - 1)) {
        if (!objs[i].id || objs[i].id == TOMB) {
            if (objs[i].id == TOMB) otombs--;
            objs[i] = *o;
            ocount++;
            return;
        }
    }
}

static void obj_delete(Obj *o) {
    o->id = TOMB;
    ocount--;
    otombs++;
}

/* Outside collections only: the table grows (or sheds tombstones) here. */
static void obj_reserve(void) {
    if (objs && (ocount + otombs + 1) * 2 < ocap) return;
    size_t old = ocap;
    Obj *was = objs;
    ocap = ocap ? (ocount * 4 > ocap ? ocap * 2 : ocap) : 1 << 16;
    objs = calloc(ocap, sizeof *objs);
    ocount = otombs = 0;
    for (size_t i = 0; i < old; i++)
        if (was[i].id && was[i].id != TOMB) obj_insert(&was[i]);
    free(was);
}

/* (the table locked; the class's load event asked for before, when it was unknown) */
static int key_of(jint is_array, jobjectID cls) {
    if (is_array != JVMPI_NORMAL_OBJECT && is_array != JVMPI_CLASS) return -is_array;
    int i = class_index(cls);
    return i >= 0 ? i : -100 - (is_array == JVMPI_CLASS);
}

/* ---- allocation sites: (class key, allocating method) ---- */
typedef struct Site {
    int key;
    jmethodID m;
    long count, bytes;
} Site;
#define MAX_SITES 4096
static Site sites[MAX_SITES];
static int nsites;

/* The allocating method.  Asked for with the table unlocked, once the object is in it: a
 * thread may be suspended inside a JVMPI call, and must not be while it holds the table
 * or while its object is in the heap and not in the table (gcwalk). */
static jmethodID alloc_method(JNIEnv *env) {
    JVMPI_CallFrame f[2];
    JVMPI_CallTrace tr = { env, 0, f };
    pi->GetCallTrace(&tr, 2);
    return tr.num_frames > 0 ? f[0].method_id : NULL;
}

static void record_site(jmethodID m, int key, jint size) {
    for (int i = 0; i < nsites; i++)
        if (sites[i].key == key && sites[i].m == m) {
            sites[i].count++;
            sites[i].bytes += size;
            return;
        }
    if (nsites < MAX_SITES) sites[nsites++] = (Site){ key, m, 1, size };
}

/* gcwalk: collections finished (gc_count) and the last one compared with a heap walk */
static long gc_count, gc_walked;
static void gcwalk_gate(void);
static void walker(void *arg);

/* The object goes into the table first, under a class not known yet if its class load
 * event has not come (key -100, as define_unkeyed knows them); the class load event is
 * then asked for and the key set, and the site recorded, each call with the table
 * unlocked. */
static void on_alloc(JVMPI_Event *e) {
    int requested = (e->event_type & JVMPI_REQUESTED_EVENT) != 0;
    jobjectID id = e->u.obj_alloc.obj_id, cls = e->u.obj_alloc.class_id;
    pi->RawMonitorEnter(table_lock);
    obj_reserve();
    Obj o = { id, 0, e->u.obj_alloc.is_array, e->u.obj_alloc.size, e->u.obj_alloc.arena_id };
    o.key = key_of(o.is_array, cls);
    Obj *old = obj_find(o.id);
    if (old) obj_delete(old);       /* requested again, or an id reused after a lost free */
    obj_insert(&o);
    pi->RawMonitorExit(table_lock);
    if (o.key <= -100 && cls) {
        pi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, cls);
        pi->RawMonitorEnter(table_lock);
        Obj *in = obj_find(id);
        if (in) o.key = in->key = key_of(o.is_array, cls);
        pi->RawMonitorExit(table_lock);
    }
    if (!requested) {
        jmethodID m = alloc_method(e->env_id);
        pi->RawMonitorEnter(table_lock);
        record_site(m, o.key, o.size);
        pi->RawMonitorExit(table_lock);
        if (opt_gcwalk) gcwalk_gate();
    }
}

/* In the thread suspended mode: no malloc, the lock taken at GC start. */
static void on_free(JVMPI_Event *e) {
    Obj *o = obj_find(e->u.obj_free.obj_id);
    frees++;
    class_freed(e->u.obj_free.obj_id);
    if (o) obj_delete(o);
}

static void on_move(JVMPI_Event *e) {
    Obj *o = obj_find(e->u.obj_move.obj_id);
    moves++;
    int ci = class_remove(e->u.obj_move.obj_id);
    if (ci >= 0) class_put(e->u.obj_move.new_obj_id, ci);
    if (!o) return;
    Obj moved = *o;
    obj_delete(o);
    moved.id = e->u.obj_move.new_obj_id;
    moved.arena = e->u.obj_move.new_arena_id;
    Obj *clash = obj_find(moved.id);
    if (clash) obj_delete(clash);
    obj_insert(&moved);
}

static void on_arena_delete(JVMPI_Event *e) {
    arena_deletes++;
    for (size_t i = 0; i < ocap; i++)
        if (objs[i].id && objs[i].id != TOMB && objs[i].arena == e->u.delete_arena.arena_id) {
            class_freed(objs[i].id);
            obj_delete(&objs[i]);
        }
}

static void on_gc_start(void) { pi->RawMonitorEnter(table_lock); }

static void on_gc_finish(JVMPI_Event *e) {
    __atomic_add_fetch(&gc_count, 1, __ATOMIC_SEQ_CST);
    if (opt_heap == 2) {            /* every object seen from the start: exact totals */
        gc_checked++;
        if ((jlong)ocount != e->u.gc_info.used_objects) {
            if (!gc_mismatch)
                snprintf(gc_mismatch_text, sizeof gc_mismatch_text, "GC %ld: events say %zu live objects, heap %lld",
                         gc_count, ocount, (long long)e->u.gc_info.used_objects);
            gc_mismatch++;
        }
    }
    pi->RawMonitorExit(table_lock);
}

/* ---------------- methods ---------------- */

typedef struct MethodCount {
    jmethodID m;
    long pi_calls, ti_calls;
    jlong cpu_ns;
} MethodCount;
#define MAX_METHODS 65536
static MethodCount *methods;

static MethodCount *method_slot(jmethodID m) {
    for (size_t i = hash((jobjectID)m, MAX_METHODS);; i = (i + 1) & (MAX_METHODS - 1))
        if (!methods[i].m || methods[i].m == m) {
            methods[i].m = m;
            return &methods[i];
        }
}

/* Per thread: a stack of entry CPU times in the JVMPI thread-local storage. */
typedef struct Stack {
    int depth;
    jlong at[4096];
} Stack;

static void on_method_entry(JVMPI_Event *e) {
    Stack *s = pi->GetThreadLocalStorage(e->env_id);
    if (!s) {
        s = calloc(1, sizeof *s);
        pi->SetThreadLocalStorage(e->env_id, s);
    }
    if (s->depth < 4096) s->at[s->depth] = pi->GetCurrentThreadCpuTime();
    s->depth++;
    pi->RawMonitorEnter(method_lock);
    method_slot(e->u.method.method_id)->pi_calls++;
    pi->RawMonitorExit(method_lock);
}

static void on_method_exit(JVMPI_Event *e) {
    Stack *s = pi->GetThreadLocalStorage(e->env_id);
    if (!s || s->depth == 0) return;
    s->depth--;
    jlong spent = s->depth < 4096 ? pi->GetCurrentThreadCpuTime() - s->at[s->depth] : 0;
    pi->RawMonitorEnter(method_lock);
    method_slot(e->u.method.method_id)->cpu_ns += spent;
    pi->RawMonitorExit(method_lock);
}

static void JNICALL ti_method_entry(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m) {
    pi->RawMonitorEnter(method_lock);
    method_slot(m)->ti_calls++;
    pi->RawMonitorExit(method_lock);
}

/* ---------------- monitors ---------------- */

static long contended_enter, contended_entered, contended_exit, waits, waiteds, raw_contended;
static long threads_started, threads_ended, init_done, class_loads;
static long arena_news, data_dumps, instructions, gref_allocs, gref_frees, wref_allocs, wref_frees;
static jobject gref_seen, wref_seen;
static jobjectID gref_obj;

/* ---------------- dump parsing (section 4) ---------------- */

typedef struct Rd {
    const unsigned char *p, *end;
    int bad;
} Rd;

static uint64_t rd_be(Rd *r, int n) {
    uint64_t v = 0;
    if (r->p + n > r->end) {
        r->bad = 1;
        r->p = r->end;
        return 0;
    }
    for (int i = 0; i < n; i++) v = v << 8 | *r->p++;
    return v;
}

static void *rd_ptr(Rd *r) {
    void *v = NULL;
    if (r->p + sizeof v > r->end) {
        r->bad = 1;
        r->p = r->end;
        return NULL;
    }
    memcpy(&v, r->p, sizeof v);
    r->p += sizeof v;
    return v;
}

static int value_size(char sig) {
    switch (sig) {
    case 'Z': case 'B': return 1;
    case 'C': case 'S': return 2;
    case 'I': case 'F': return 4;
    case 'J': case 'D': return 8;
    default: return (int)sizeof(void *);
    }
}

static int prim_size(int ty) {
    switch (ty) {
    case JVMPI_BOOLEAN: case JVMPI_BYTE: return 1;
    case JVMPI_CHAR: case JVMPI_SHORT: return 2;
    case JVMPI_INT: case JVMPI_FLOAT: return 4;
    default: return 8;
    }
}

typedef struct DumpStats {
    long roots, classes, instances, obj_arrays, prim_arrays, records, unknown_class;
    long bad_sizes;
    char first_error[200];
} DumpStats;

static int is_ref(char c) { return c == 'L' || c == '['; }

static int class_named(const char *name) {
    for (int i = 0; i < nclasses; i++)
        if (!strcmp(classes[i].name, name)) return i;
    return -1;
}

static void skip_statics(Rd *r, ClassInfo *c, int level) {
    for (int i = 0; c && i < c->nstatics; i++)
        if (level == 2 || is_ref(c->static_types[i])) rd_be(r, value_size(c->static_types[i]));
}

/* Expected instance bytes of class index ci and its supers (needs the class dumps' supers). */
static long instance_bytes(int ci, int level) {
    long n = 0;
    for (int depth = 0; ci >= 0 && depth < 64; depth++) {
        ClassInfo *c = &classes[ci];
        for (int i = 0; i < c->ninstances; i++)
            if (level == 2 || is_ref(c->instance_types[i])) n += value_size(c->instance_types[i]);
        ci = c->super ? class_index(c->super) : -1;
    }
    return n;
}

/* One record of levels 1/2 (heap dump) or of an object dump; counts into st, and into the
 * per-class counts when `count`. */
static void parse_record(Rd *r, int level, DumpStats *st, int pass, int count) {
    int tag = (int)rd_be(r, 1);
    st->records++;
    switch (tag) {
    case JVMPI_GC_ROOT_UNKNOWN: case JVMPI_GC_ROOT_STICKY_CLASS: case JVMPI_GC_ROOT_MONITOR_USED:
        rd_ptr(r); st->roots++; return;
    case JVMPI_GC_ROOT_JNI_GLOBAL: case JVMPI_GC_ROOT_NATIVE_STACK: case JVMPI_GC_ROOT_THREAD_BLOCK:
        rd_ptr(r); rd_ptr(r); st->roots++; return;
    case JVMPI_GC_ROOT_JNI_LOCAL: case JVMPI_GC_ROOT_JAVA_FRAME:
        rd_ptr(r); rd_ptr(r); rd_be(r, 4); st->roots++; return;
    case JVMPI_GC_CLASS_DUMP: {
        jobjectID id = rd_ptr(r), super = rd_ptr(r);
        for (int i = 0; i < 5; i++) rd_ptr(r);
        rd_be(r, 4);
        int ci = class_known(id);
        ClassInfo *c = ci >= 0 ? &classes[ci] : NULL;
        if (!c) st->unknown_class++;
        if (c && pass == 0) c->super = super;
        for (int i = 0; c && i < c->ninterfaces; i++) rd_ptr(r);
        int ncp = (int)rd_be(r, 2);
        for (int i = 0; i < ncp; i++) {
            rd_be(r, 2);
            int ty = (int)rd_be(r, 1);
            if (ty == JVMPI_CLASS || ty == JVMPI_NORMAL_OBJECT) rd_ptr(r);
            else rd_be(r, prim_size(ty));
        }
        skip_statics(r, c, level);
        int mirror_class = class_named("java/lang/Class");
        if (count && mirror_class >= 0) classes[mirror_class].dumped++;   /* a class object is a java/lang/Class */
        st->classes++;
        return;
    }
    case JVMPI_GC_INSTANCE_DUMP: {
        rd_ptr(r);
        jobjectID cls = rd_ptr(r);
        uint32_t n = (uint32_t)rd_be(r, 4);
        int ci = class_known(cls);
        if (ci < 0) st->unknown_class++;
        else if (count) classes[ci].dumped++;
        if (ci >= 0 && pass == 1 && (long)n != instance_bytes(ci, level)) {
            if (!st->bad_sizes)
                snprintf(st->first_error, sizeof st->first_error, "%s: %u bytes of fields, expected %ld",
                         classes[ci].name, n, instance_bytes(ci, level));
            st->bad_sizes++;
        }
        if (r->p + n > r->end) r->bad = 1;
        else r->p += n;
        st->instances++;
        return;
    }
    case JVMPI_GC_OBJ_ARRAY_DUMP: {
        rd_ptr(r);
        uint32_t n = (uint32_t)rd_be(r, 4);
        jobjectID elem = rd_ptr(r);
        for (uint32_t i = 0; i < n && !r->bad; i++) rd_ptr(r);
        int ci = class_known(elem);
        if (count && ci >= 0) classes[ci].dumped++;   /* object arrays count under their element class */
        st->obj_arrays++;
        return;
    }
    case JVMPI_GC_PRIM_ARRAY_DUMP: {
        rd_ptr(r);
        uint32_t n = (uint32_t)rd_be(r, 4);
        int ty = (int)rd_be(r, 1);
        if (level == 2) {
            if (r->p + (size_t)n * prim_size(ty) > r->end) r->bad = 1;
            else r->p += (size_t)n * prim_size(ty);
        }
        st->prim_arrays++;
        return;
    }
    default:
        r->bad = 1;
        if (!st->first_error[0]) snprintf(st->first_error, sizeof st->first_error, "unknown record tag 0x%x", tag);
    }
}

static void parse_dump(const char *begin, const char *end, int level, DumpStats *st, int count) {
    for (int pass = 0; pass < 2; pass++) {
        DumpStats s = { 0 };
        Rd r = { (const unsigned char *)begin, (const unsigned char *)end, 0 };
        while (r.p < r.end && !r.bad) parse_record(&r, level, &s, pass, count && pass == 1);
        if (r.bad && !s.first_error[0]) snprintf(s.first_error, sizeof s.first_error, "truncated record");
        if (r.bad) s.bad_sizes++;
        *st = s;
    }
}

static long level0_objects, level0_bad;
static DumpStats dump1, dump2, objdump;
static long mon_java, mon_raw, mon_raw_owned, mon_traces, mon_bad;
static int dumps_received;

/* While set, the dumps received are also appended raw to this file (hprof option). */
static const char *save_path;

static void save(const char *begin, const char *end) {
    FILE *f = save_path ? fopen(save_path, "ab") : NULL;
    if (!f) return;
    fwrite(begin, 1, (size_t)(end - begin), f);
    fclose(f);
}

static void on_heap_dump(JVMPI_Event *e) {
    int level = e->u.heap_dump.dump_level;
    save(e->u.heap_dump.begin, e->u.heap_dump.end);
    dumps_received++;
    if (level == JVMPI_DUMP_LEVEL_0) {
        Rd r = { (const unsigned char *)e->u.heap_dump.begin, (const unsigned char *)e->u.heap_dump.end, 0 };
        level0_objects = 0;
        while (r.p < r.end && !r.bad) {
            int ty = (int)rd_be(&r, 1);
            if (ty != JVMPI_NORMAL_OBJECT && ty != JVMPI_CLASS && (ty < JVMPI_BOOLEAN || ty > JVMPI_LONG)) level0_bad++;
            rd_ptr(&r);
            level0_objects++;
        }
        if (r.bad) level0_bad++;
        return;
    }
    if (level == JVMPI_DUMP_LEVEL_2)
        for (int i = 0; i < nclasses; i++) classes[i].dumped = 0;
    parse_dump(e->u.heap_dump.begin, e->u.heap_dump.end, level, level == 1 ? &dump1 : &dump2, level == 2);
}

static void on_object_dump(JVMPI_Event *e) {
    save(e->u.object_dump.data, e->u.object_dump.data + e->u.object_dump.data_len);
    parse_dump(e->u.object_dump.data, e->u.object_dump.data + e->u.object_dump.data_len, 2, &objdump, 0);
}

static void on_monitor_dump(JVMPI_Event *e) {
    save(e->u.monitor_dump.begin, e->u.monitor_dump.end);
    Rd r = { (const unsigned char *)e->u.monitor_dump.begin, (const unsigned char *)e->u.monitor_dump.end, 0 };
    while (r.p < r.end && !r.bad) {
        int tag = (int)rd_be(&r, 1);
        if (tag == JVMPI_MONITOR_JAVA) {
            rd_ptr(&r);
            mon_java++;
        } else if (tag == JVMPI_MONITOR_RAW) {
            const char *name = rd_ptr(&r);
            JVMPI_RawMonitor id = rd_ptr(&r);
            JNIEnv *owner = rd_ptr(&r);
            mon_raw++;
            if (id == agent_lock && owner == e->env_id && name && strcmp(name, "agent lock") == 0) mon_raw_owned++;
        } else {
            mon_bad++;
            break;
        }
        if (tag == JVMPI_MONITOR_JAVA) rd_ptr(&r);
        rd_be(&r, 4);
        for (int k = 0; k < 2 && !r.bad; k++) {
            uint32_t n = (uint32_t)rd_be(&r, 4);
            for (uint32_t i = 0; i < n && !r.bad; i++) rd_ptr(&r);
        }
    }
    if (r.bad) mon_bad++;
    mon_traces = e->u.monitor_dump.num_traces;
    for (int i = 0; i < e->u.monitor_dump.num_traces; i++)
        if (e->u.monitor_dump.traces[i].num_frames < 0) mon_bad++;
}

/* ---------------- threads ---------------- */

static JNIEnv *main_env;
static jobjectID thread_start_requested;
static JNIEnv *thread_env_requested;
static long requested_events;

/* The threads alive, for the hprof option (suspension, names in the dumps). */
#define MAX_THREADS 1024
static struct { JNIEnv *env; char *name; } live_threads[MAX_THREADS];
static int nlive_threads;
static long starts_locked;     /* thread starts seen, under agent_lock */

static void on_thread_start(JVMPI_Event *e) {
    if (e->event_type & JVMPI_REQUESTED_EVENT) {
        requested_events++;
        thread_start_requested = e->u.thread_start.thread_id;
        thread_env_requested = e->u.thread_start.thread_env_id;
        return;
    }
    threads_started++;
    pi->RawMonitorEnter(agent_lock);
    starts_locked++;
    if (nlive_threads < MAX_THREADS) {
        live_threads[nlive_threads].env = e->u.thread_start.thread_env_id;
        live_threads[nlive_threads++].name = strdup(e->u.thread_start.thread_name ? e->u.thread_start.thread_name : "");
    }
    pi->RawMonitorExit(agent_lock);
}

static void on_thread_end(JVMPI_Event *e) {
    threads_ended++;
    pi->RawMonitorEnter(agent_lock);
    for (int i = 0; i < nlive_threads; i++)
        if (live_threads[i].env == e->env_id) {
            free(live_threads[i].name);
            live_threads[i] = live_threads[--nlive_threads];
            break;
        }
    pi->RawMonitorExit(agent_lock);
}

/* ---------------- contention, entry2, class load hook (contend option) ---------------- */

static JVMPI_RawMonitor contend_raw, contend_sync;
static long raw_events[3];          /* contended enter, entered, exit of contend_raw */
static long entry2_instance, entry2_static, hooks, hooks_bad;
static int contend_done;

static void on_raw_contended(JVMPI_Event *e, int k) {
    if (contend_raw && e->u.raw_monitor.id == contend_raw && !strcmp(e->u.raw_monitor.name, "contended raw"))
        __atomic_add_fetch(&raw_events[k], 1, __ATOMIC_SEQ_CST);
}

static void on_entry2(JVMPI_Event *e) {
    if (e->u.method_entry2.obj_id) __atomic_add_fetch(&entry2_instance, 1, __ATOMIC_RELAXED);
    else __atomic_add_fetch(&entry2_static, 1, __ATOMIC_RELAXED);
}

static void on_class_load_hook(JVMPI_Event *e) {
    const unsigned char *d = e->u.class_load_hook.class_data;
    int ok = e->u.class_load_hook.class_data_len > 4 && d[0] == 0xCA && d[1] == 0xFE && d[2] == 0xBA && d[3] == 0xBE &&
             e->u.class_load_hook.new_class_data == d && e->u.class_load_hook.malloc_f;
    __atomic_add_fetch(ok ? &hooks : &hooks_bad, 1, __ATOMIC_RELAXED);
}

/* Blocks on contend_raw, which the other agent thread holds. */
static void raw_contender(void *arg) {
    pi->RawMonitorEnter(contend_raw);
    pi->RawMonitorExit(contend_raw);
    pi->RawMonitorEnter(contend_sync);
    contend_done = 1;
    pi->RawMonitorNotifyAll(contend_sync);
    pi->RawMonitorExit(contend_sync);
}

/* Holds contend_raw until the contender's contended-enter event came, then lets it in. */
static void raw_holder(void *arg) {
    pi->RawMonitorEnter(contend_raw);
    pi->CreateSystemThread("JVMPI raw contender", JVMPI_NORMAL_PRIORITY, raw_contender);
    pi->RawMonitorEnter(contend_sync);
    while (!__atomic_load_n(&raw_events[0], __ATOMIC_SEQ_CST)) pi->RawMonitorWait(contend_sync, 1);
    pi->RawMonitorExit(contend_sync);
    pi->RawMonitorExit(contend_raw);
}

static void check_contention(void) {
    pi->RawMonitorEnter(contend_sync);
    while (!contend_done) pi->RawMonitorWait(contend_sync, 10);
    pi->RawMonitorExit(contend_sync);
    check("monitor contended enter, entered and exit events", contended_enter >= 1 && contended_entered >= 1 &&
          contended_exit >= 1 && contended_exit <= contended_enter, "enter %ld, entered %ld, exit %ld",
          contended_enter, contended_entered, contended_exit);
    check("monitor wait and waited events", waits >= 1 && waiteds >= 1, "%ld %ld", waits, waiteds);
    check("raw monitor contended enter, entered and exit events", raw_events[0] == 1 && raw_events[1] == 1 &&
          raw_events[2] == 1, "%ld %ld %ld", raw_events[0], raw_events[1], raw_events[2]);
    check("method entry2 events", entry2_instance > 0 && entry2_static > 0, "%ld with an object, %ld without",
          entry2_instance, entry2_static);
    check("class load hook events", hooks > 0 && hooks_bad == 0, "%ld, %ld bad", hooks, hooks_bad);
}

/* ---------------- compiled methods ---------------- */

/* The method ids of the loads seen, a set open-addressed by the id's hash. */
enum { COMPILED_SLOTS = 1 << 17 };
static jmethodID *compiled_ids;
static long compiled_loads, compiled_bad, compiled_unloads, compiled_unknown;

static size_t compiled_slot(jmethodID m) { return (size_t)(((uintptr_t)m * 0x9E3779B97F4A7C15ull) >> 47) & (COMPILED_SLOTS - 1); }

static void compiled_add(jmethodID m) {
    for (size_t i = compiled_slot(m), n = 0; n < COMPILED_SLOTS; i = (i + 1) & (COMPILED_SLOTS - 1), n++) {
        jmethodID expected = NULL;
        if (__atomic_compare_exchange_n(&compiled_ids[i], &expected, m, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) || expected == m)
            return;
    }
}

static int compiled_seen(jmethodID m) {
    for (size_t i = compiled_slot(m), n = 0; n < COMPILED_SLOTS; i = (i + 1) & (COMPILED_SLOTS - 1), n++) {
        jmethodID v = __atomic_load_n(&compiled_ids[i], __ATOMIC_ACQUIRE);
        if (v == m) return 1;
        if (!v) return 0;
    }
    return 0;
}

/* A line table's offsets ascend inside the code. */
static int lines_ok(const JVMPI_Event *e) {
    jint prev = -1;
    for (jint i = 0; i < e->u.compiled_method_load.lineno_table_size; i++) {
        jint off = e->u.compiled_method_load.lineno_table[i].offset;
        if (off <= prev || off >= e->u.compiled_method_load.code_size) return 0;
        prev = off;
    }
    return 1;
}

static void on_compiled_load(JVMPI_Event *e) {
    int ok = e->u.compiled_method_load.method_id && e->u.compiled_method_load.code_addr &&
             e->u.compiled_method_load.code_size > 0 && lines_ok(e);
    if (!ok) __atomic_add_fetch(&compiled_bad, 1, __ATOMIC_RELAXED);
    compiled_add(e->u.compiled_method_load.method_id);
    __atomic_add_fetch(&compiled_loads, 1, __ATOMIC_RELAXED);
}

static void on_compiled_unload(JVMPI_Event *e) {
    if (!compiled_seen(e->u.compiled_method_unload.method_id)) __atomic_add_fetch(&compiled_unknown, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&compiled_unloads, 1, __ATOMIC_RELAXED);
}

static void check_compiled(void) {
    check("compiled method load events", compiled_loads > 0 && compiled_bad == 0, "%ld loads, %ld bad",
          compiled_loads, compiled_bad);
    if (opt_unload)
        check("compiled method unload events name loaded methods", compiled_unloads > 0 && compiled_unknown == 0,
              "%ld unloads, %ld unknown", compiled_unloads, compiled_unknown);
}

/* ---------------- the event dispatcher ---------------- */

static void notify(JVMPI_Event *e) {
    jint type = e->event_type & ~JVMPI_REQUESTED_EVENT;
    switch (type) {
    case JVMPI_EVENT_CLASS_LOAD: class_loads++; on_class_load(e); break;
    case JVMPI_EVENT_CLASS_UNLOAD: on_class_unload(e); break;
    case JVMPI_EVENT_COMPILED_METHOD_LOAD: on_compiled_load(e); break;
    case JVMPI_EVENT_COMPILED_METHOD_UNLOAD: on_compiled_unload(e); break;
    case JVMPI_EVENT_OBJECT_ALLOC: on_alloc(e); break;
    case JVMPI_EVENT_OBJECT_FREE: on_free(e); break;
    case JVMPI_EVENT_OBJECT_MOVE: on_move(e); break;
    case JVMPI_EVENT_ARENA_DELETE: on_arena_delete(e); break;
    case JVMPI_EVENT_GC_START: on_gc_start(); break;
    case JVMPI_EVENT_GC_FINISH: on_gc_finish(e); break;
    case JVMPI_EVENT_METHOD_ENTRY: on_method_entry(e); break;
    case JVMPI_EVENT_METHOD_EXIT: on_method_exit(e); break;
    case JVMPI_EVENT_MONITOR_CONTENDED_ENTER: contended_enter++; break;
    case JVMPI_EVENT_MONITOR_CONTENDED_ENTERED: contended_entered++; break;
    case JVMPI_EVENT_MONITOR_CONTENDED_EXIT: __atomic_add_fetch(&contended_exit, 1, __ATOMIC_RELAXED); break;
    case JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTERED: on_raw_contended(e, 1); break;
    case JVMPI_EVENT_RAW_MONITOR_CONTENDED_EXIT: on_raw_contended(e, 2); break;
    case JVMPI_EVENT_METHOD_ENTRY2: on_entry2(e); break;
    case JVMPI_EVENT_CLASS_LOAD_HOOK: on_class_load_hook(e); break;
    case JVMPI_EVENT_MONITOR_WAIT: waits++; break;
    case JVMPI_EVENT_MONITOR_WAITED: waiteds++; break;
    case JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER: raw_contended++; on_raw_contended(e, 0); break;
    case JVMPI_EVENT_HEAP_DUMP: on_heap_dump(e); break;
    case JVMPI_EVENT_OBJECT_DUMP: on_object_dump(e); break;
    case JVMPI_EVENT_MONITOR_DUMP: on_monitor_dump(e); break;
    case JVMPI_EVENT_THREAD_START: on_thread_start(e); break;
    case JVMPI_EVENT_THREAD_END: on_thread_end(e); break;
    case JVMPI_EVENT_ARENA_NEW: arena_news++; break;
    case JVMPI_EVENT_DATA_DUMP_REQUEST: __atomic_add_fetch(&data_dumps, 1, __ATOMIC_RELAXED); break;
    case JVMPI_EVENT_INSTRUCTION_START: __atomic_add_fetch(&instructions, 1, __ATOMIC_RELAXED); break;
    case JVMPI_EVENT_JNI_GLOBALREF_ALLOC: gref_allocs++; gref_seen = e->u.jni_globalref_alloc.ref_id; gref_obj = e->u.jni_globalref_alloc.obj_id; break;
    case JVMPI_EVENT_JNI_GLOBALREF_FREE: if (e->u.jni_globalref_free.ref_id == gref_seen) gref_frees++; break;
    case JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC: wref_allocs++; wref_seen = e->u.jni_globalref_alloc.ref_id; break;
    case JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE: if (e->u.jni_globalref_free.ref_id == wref_seen) wref_frees++; break;
    case JVMPI_EVENT_JVM_INIT_DONE: init_done++; main_env = e->env_id; extern void init_done_work(void); init_done_work(); break;
    case JVMPI_EVENT_JVM_SHUT_DOWN: { extern void shutdown_work(JNIEnv *); shutdown_work(e->env_id); break; }
    default: break;
    }
}

/* ---------------- method names, for the report ---------------- */

typedef struct Name {
    jmethodID m;
    char *text;
} Name;
#define MAX_NAMES (1 << 18)
static Name *names;
static jmethodID sample_method;
static int sample_class = -1;

static void remember_methods(JVMPI_Event *e) {
    if (!names) names = calloc(MAX_NAMES, sizeof *names);
    for (int i = 0; i < e->u.class_load.num_methods; i++) {
        JVMPI_Method *m = &e->u.class_load.methods[i];
        size_t h = hash((jobjectID)m->method_id, MAX_NAMES);
        while (names[h].m && names[h].m != m->method_id) h = (h + 1) & (MAX_NAMES - 1);
        if (names[h].m) continue;
        size_t n = strlen(e->u.class_load.class_name) + strlen(m->method_name) + strlen(m->method_signature) + 3;
        names[h].text = malloc(n);
        snprintf(names[h].text, n, "%s.%s%s", e->u.class_load.class_name, m->method_name, m->method_signature);
        names[h].m = m->method_id;
    }
    if (!sample_method && e->u.class_load.num_methods > 0) {
        sample_method = e->u.class_load.methods[0].method_id;
        sample_class = class_index(e->u.class_load.class_id);
    }
}

static const char *name_of(jmethodID m) {
    if (!names || !m) return "<unknown>";
    for (size_t h = hash((jobjectID)m, MAX_NAMES); names[h].m; h = (h + 1) & (MAX_NAMES - 1))
        if (names[h].m == m) return names[h].text;
    return "<unknown>";
}

/* ---------------- the interface functions, from a system thread ---------------- */

static volatile long spins;
static volatile int spinner_stop;
static JNIEnv *volatile spinner_env;

static JNIEnv *current_env(void) {
    JNIEnv *env = NULL;
    (*jvm)->GetEnv(jvm, (void **)&env, JNI_VERSION_1_2);
    return env;
}

/* Runs Java code in a loop (Thread.onSpinWait): a suspended thread runs no more of it. */
static void spinner(void *arg) {
    JNIEnv *env = current_env();
    jclass tc = (*env)->FindClass(env, "java/lang/Thread");
    jmethodID spin = (*env)->GetStaticMethodID(env, tc, "onSpinWait", "()V");
    spinner_env = env;
    while (!spinner_stop) {
        (*env)->CallStaticVoidMethod(env, tc, spin);
        __atomic_add_fetch(&spins, 1, __ATOMIC_RELAXED);
    }
}

static void wait_spins(void) {
    long was = __atomic_load_n(&spins, __ATOMIC_RELAXED);
    while (__atomic_load_n(&spins, __ATOMIC_RELAXED) == was) pi->RawMonitorWait(agent_lock, 1);
}

static void check_suspension(void) {
    JNIEnv *s = spinner_env;
    pi->DisableGC();
    pi->SuspendThread(s);
    JVMPI_CallFrame f[8];
    JVMPI_CallTrace tr = { s, -1, f };
    pi->GetCallTrace(&tr, 8);
    jint st = pi->GetThreadStatus(s);
    pi->ResumeThread(s);
    pi->EnableGC();
    /* stopped in C (no Java frames) or at Thread.onSpinWait's entry */
    check("GetCallTrace of a suspended thread", tr.num_frames == 0 || (tr.num_frames == 1 &&
          strstr(name_of(f[0].method_id), "java/lang/Thread.onSpinWait")), "%d frames", tr.num_frames);
    check("GetThreadStatus ignores JVMPI suspension", st == JVMPI_THREAD_RUNNABLE, "status 0x%x", st);
    pi->RawMonitorEnter(agent_lock);
    wait_spins();
    pi->RawMonitorExit(agent_lock);
    pi->DisableGC();
    pi->SuspendThread(s);
    jboolean ran = pi->ThreadHasRun(s);
    long at = __atomic_load_n(&spins, __ATOMIC_RELAXED);
    long later = at;
    for (int i = 0; i < 20; i++) {
        pi->RawMonitorEnter(agent_lock);
        pi->RawMonitorWait(agent_lock, 1);
        pi->RawMonitorExit(agent_lock);
        later = __atomic_load_n(&spins, __ATOMIC_RELAXED);
    }
    JNIEnv *list[2] = { s, (JNIEnv *)0x40 };
    jint res[2] = { 99, 99 };
    pi->ResumeThreadList(2, list, res);
    pi->EnableGC();
    check("ThreadHasRun after the thread ran", ran == JNI_TRUE, "%d", ran);
    check("SuspendThread stops the thread's Java code", later - at <= 1, "%ld spins while suspended", later - at);
    check("ResumeThreadList", res[0] == 0 && res[1] != 0, "results %d %d", res[0], res[1]);
    jint sres[2] = { 99, 99 };
    pi->SuspendThreadList(2, list, sres);
    pi->ResumeThread(s);
    check("SuspendThreadList", sres[0] == 0 && sres[1] != 0, "results %d %d", sres[0], sres[1]);
}

static void check_ids(void) {
    JNIEnv *env = current_env();
    pi->DisableGC();
    jobjectID t = pi->GetThreadObject(spinner_env);
    jint r = pi->RequestEvent(JVMPI_EVENT_THREAD_START, t);
    check("RequestEvent thread start", r == JVMPI_SUCCESS && thread_start_requested == t, "%d", r);
    jobject ref = pi->jobjectID2jobject(t);
    jobjectID back = pi->jobject2jobjectID(ref);
    check("jobjectID2jobject and back", ref && back == t, NULL);
    jclass tc = ref ? (*env)->GetObjectClass(env, ref) : NULL;
    jclass thread_class = (*env)->FindClass(env, "java/lang/Thread");
    check("jobjectID2jobject gives the thread", tc && (*env)->IsAssignableFrom(env, tc, thread_class), NULL);
    r = pi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, t);
    check("RequestEvent object alloc", r == JVMPI_SUCCESS, "%d", r);
    objdump = (DumpStats){ 0 };
    r = pi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, t);
    check("object dump of the thread object", r == JVMPI_SUCCESS && objdump.instances == 1 && objdump.records == 1 &&
          !objdump.bad_sizes, "r=%d records=%ld instances=%ld %s", r, objdump.records, objdump.instances, objdump.first_error);
    r = pi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, (jobjectID)((char *)t + 8));
    check("object dump of an interior address fails", r == JVMPI_FAIL, "%d", r);
    jobjectID mc = sample_method ? pi->GetMethodClass(sample_method) : NULL;
    check("GetMethodClass", mc && class_index(mc) == sample_class, NULL);
    r = mc ? pi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, mc) : -9;
    check("RequestEvent class load", r == JVMPI_SUCCESS, "%d", r);
    pi->EnableGC();
}

static void check_gc_control(void) {
    pi->DisableGC();
    pi->DisableGC();
    /* counted once the hold is taken: a collection that another thread (GC stress) was
     * finishing when DisableGC was called has then posted its events */
    long before = gc_count;
    pi->RunGC();                    /* must not collect with GC disabled */
    long during = gc_count;
    pi->EnableGC();
    pi->EnableGC();
    pi->EnableGC();                 /* once too often: ignored */
    pi->RunGC();
    check("RunGC does nothing with GC disabled", during == before, NULL);
    check("RunGC collects", !opt_heap || gc_count > during, "%ld -> %ld", during, gc_count);
}

static void check_raw_monitors(void) {
    JVMPI_RawMonitor m = pi->RawMonitorCreate("_scratch");
    pi->RawMonitorEnter(m);
    pi->RawMonitorEnter(m);
    pi->RawMonitorWait(m, 5);
    pi->RawMonitorNotifyAll(m);
    pi->RawMonitorExit(m);
    pi->RawMonitorExit(m);
    pi->RawMonitorExit(m);          /* not owned: ignored */
    pi->RawMonitorDestroy(m);
    pi->RawMonitorEnter(m);         /* destroyed: ignored */
    check("raw monitors", 1, NULL);
    mon_raw_owned = 0;
    pi->RawMonitorEnter(agent_lock);
    jint r = pi->RequestEvent(JVMPI_EVENT_MONITOR_DUMP, NULL);
    pi->RawMonitorExit(agent_lock);
    check("monitor dump", r == JVMPI_SUCCESS && mon_bad == 0 && mon_raw_owned == 1 && mon_traces > 0,
          "r=%d bad=%ld raw owned=%ld traces=%ld", r, mon_bad, mon_raw_owned, mon_traces);
}

static void check_tls(void) {
    JNIEnv *env = current_env();
    void *was = pi->GetThreadLocalStorage(env);
    int marker;
    pi->SetThreadLocalStorage(env, &marker);
    void *got = pi->GetThreadLocalStorage(env);
    pi->SetThreadLocalStorage(env, was);
    check("thread-local storage", got == &marker, NULL);
    jlong a = pi->GetCurrentThreadCpuTime();
    for (volatile int i = 0; i < 1000000; i++) {}
    jlong b = pi->GetCurrentThreadCpuTime();
    check("GetCurrentThreadCpuTime", a > 0 && b > a, "%lld %lld", (long long)a, (long long)b);
    check("GetThreadStatus of the running thread", pi->GetThreadStatus(env) == JVMPI_THREAD_RUNNABLE, NULL);
}

static void check_bad_calls(void) {
    int dummy;
    check("EnableEvent of unknown types", pi->EnableEvent(999, NULL) == JVMPI_NOT_AVAILABLE &&
          pi->EnableEvent(0, NULL) == JVMPI_NOT_AVAILABLE && pi->DisableEvent(-3, NULL) == JVMPI_NOT_AVAILABLE, NULL);
    check("EnableEvent of dumps", pi->EnableEvent(JVMPI_EVENT_HEAP_DUMP, NULL) == JVMPI_NOT_AVAILABLE &&
          pi->DisableEvent(JVMPI_EVENT_MONITOR_DUMP, NULL) == JVMPI_NOT_AVAILABLE &&
          pi->EnableEvent(JVMPI_EVENT_OBJECT_DUMP, NULL) == JVMPI_NOT_AVAILABLE, NULL);
    check("RequestEvent of a non-defining event", pi->RequestEvent(JVMPI_EVENT_METHOD_ENTRY, NULL) == JVMPI_NOT_AVAILABLE &&
          pi->RequestEvent(JVMPI_EVENT_GC_START, NULL) == JVMPI_NOT_AVAILABLE && pi->RequestEvent(12345, NULL) == JVMPI_NOT_AVAILABLE, NULL);
    pi->DisableGC();
    check("RequestEvent with bad ids", pi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, (jobjectID)&dummy) == JVMPI_FAIL &&
          pi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL) == JVMPI_FAIL &&
          pi->RequestEvent(JVMPI_EVENT_THREAD_START, (jobjectID)0x1000) == JVMPI_FAIL &&
          pi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, (jobjectID)&dummy) == JVMPI_FAIL, NULL);
    JVMPI_HeapDumpArg bad_level = { 7 };
    check("heap dump of an unknown level", pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &bad_level) == JVMPI_FAIL, NULL);
    JNIEnv *bogus = (JNIEnv *)&dummy;
    JVMPI_CallFrame f[4];
    JVMPI_CallTrace tr = { bogus, 77, f };
    pi->GetCallTrace(&tr, 4);
    check("functions given a stale thread", tr.num_frames == 0 && pi->GetThreadStatus(bogus) == JVMPI_FAIL &&
          pi->GetThreadObject(bogus) == NULL && pi->ThreadHasRun(bogus) == JNI_FALSE &&
          pi->GetThreadLocalStorage(bogus) == NULL, NULL);
    pi->SuspendThread(bogus);
    pi->ResumeThread(bogus);
    pi->SetThreadLocalStorage(bogus, &dummy);
    check("GetMethodClass of a stale method", pi->GetMethodClass((jmethodID)&dummy) == NULL, NULL);
    pi->EnableGC();
    pi->RawMonitorEnter((JVMPI_RawMonitor)&dummy);
    pi->RawMonitorExit((JVMPI_RawMonitor)&dummy);
    pi->RawMonitorWait((JVMPI_RawMonitor)&dummy, 1);
    pi->RawMonitorNotifyAll((JVMPI_RawMonitor)&dummy);
    pi->RawMonitorDestroy((JVMPI_RawMonitor)&dummy);
    check("raw monitor functions given a stale monitor", 1, NULL);
}

/* JNI references, single steps and SIGQUIT, from the system thread. */
static void check_events(void) {
    JNIEnv *env = current_env();
    jclass tc = (*env)->FindClass(env, "java/lang/Thread");
    pi->EnableEvent(JVMPI_EVENT_JNI_GLOBALREF_ALLOC, NULL);
    pi->EnableEvent(JVMPI_EVENT_JNI_GLOBALREF_FREE, NULL);
    pi->EnableEvent(JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC, NULL);
    pi->EnableEvent(JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE, NULL);
    jobject g = (*env)->NewGlobalRef(env, tc);
    jweak w = (*env)->NewWeakGlobalRef(env, tc);
    pi->DisableGC();
    jobjectID id = pi->jobject2jobjectID(tc);
    pi->EnableGC();
    (*env)->DeleteGlobalRef(env, g);
    (*env)->DeleteWeakGlobalRef(env, w);
    pi->DisableEvent(JVMPI_EVENT_JNI_GLOBALREF_ALLOC, NULL);
    pi->DisableEvent(JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC, NULL);
    check("JNI global reference events", gref_allocs >= 1 && gref_seen == g && gref_obj == id && gref_frees == 1, NULL);
    check("JNI weak global reference events", wref_allocs >= 1 && wref_seen == w && wref_frees == 1, NULL);
    jmethodID spin = (*env)->GetStaticMethodID(env, tc, "onSpinWait", "()V");
    jint r = pi->EnableEvent(JVMPI_EVENT_INSTRUCTION_START, NULL);
    (*env)->CallStaticVoidMethod(env, tc, spin);
    pi->DisableEvent(JVMPI_EVENT_INSTRUCTION_START, NULL);
    check("instruction start events", r == JVMPI_SUCCESS && instructions > 0, "%d, %ld", r, instructions);
    raise(SIGQUIT);
    pi->RawMonitorEnter(agent_lock);
    for (int i = 0; i < 3000 && !__atomic_load_n(&data_dumps, __ATOMIC_RELAXED); i++) pi->RawMonitorWait(agent_lock, 10);
    pi->RawMonitorExit(agent_lock);
    check("data dump request on SIGQUIT", data_dumps > 0, NULL);
}

static volatile int sys_done;

static void system_thread(void *arg) {
    if (opt_funcs) {
        pi->CreateSystemThread("JVMPI spinner", JVMPI_MINIMUM_PRIORITY, spinner);
        while (!spinner_env) pi->RawMonitorWait(agent_lock, 1);
        check_tls();
        check_suspension();
        check_ids();
        check_gc_control();
        check_raw_monitors();
        spinner_stop = 1;
    }
    if (opt_bad) check_bad_calls();
    if (opt_events) check_events();
    pi->RawMonitorEnter(agent_lock);
    sys_done = 1;
    pi->RawMonitorNotifyAll(agent_lock);
    pi->RawMonitorExit(agent_lock);
}

void init_done_work(void) {
    if (opt_gcwalk) pi->CreateSystemThread("JVMPI walker", JVMPI_NORMAL_PRIORITY, walker);
    if (opt_contend) pi->CreateSystemThread("JVMPI raw holder", JVMPI_NORMAL_PRIORITY, raw_holder);
    if (opt_funcs || opt_bad || opt_events) {
        jint r = pi->CreateSystemThread("JVMPI checks", JVMPI_NORMAL_PRIORITY, system_thread);
        check("CreateSystemThread", r == JNI_OK, "%d", r);
    }
}

/* ---------------- the end: comparisons and the report ---------------- */

static int by_calls(const void *a, const void *b) {
    const MethodCount *x = a, *y = b;
    return (y->pi_calls > x->pi_calls) - (y->pi_calls < x->pi_calls);
}

static int by_count(const void *a, const void *b) {
    const Site *x = a, *y = b;
    return (y->count > x->count) - (y->count < x->count);
}

static const char *key_name(int key) {
    static char buf[32];
    if (key >= 0 && key < nclasses) return classes[key].name;
    snprintf(buf, sizeof buf, "[type %d]", -key);
    return buf;
}

/* Objects allocated before their class had a java.lang.Class (the VM's first objects) came
 * with a NULL class id: their defining events are asked for again now. */
static void define_unkeyed(void) {
    size_t n = 0;
    for (size_t i = 0; i < ocap; i++)
        if (objs[i].id && objs[i].id != TOMB && objs[i].key <= -100) n++;
    jobjectID *ids = calloc(n + 1, sizeof *ids);
    n = 0;
    for (size_t i = 0; i < ocap; i++)
        if (objs[i].id && objs[i].id != TOMB && objs[i].key <= -100) ids[n++] = objs[i].id;
    for (size_t i = 0; i < n; i++) {
        jint r = pi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, ids[i]);
        if (r != JVMPI_SUCCESS) check("RequestEvent object alloc of a live object", 0, "%d", r);
    }
    free(ids);
}

static void compare_heap(void) {
    pi->RawMonitorEnter(table_lock);
    define_unkeyed();
    for (int i = 0; i < nclasses; i++) classes[i].live = 0;
    long keyed = 0;
    for (size_t i = 0; i < ocap; i++)
        if (objs[i].id && objs[i].id != TOMB && objs[i].key >= 0) {
            classes[objs[i].key].live++;
            keyed++;
        }
    long differ = 0;
    const char *first = NULL;
    long fl = 0, fd = 0;
    for (int i = 0; i < nclasses; i++)
        if (classes[i].live != classes[i].dumped) {
            if (!differ) first = classes[i].name, fl = classes[i].live, fd = classes[i].dumped;
            differ++;
        }
    long dumped_total = dump2.classes + dump2.instances + dump2.obj_arrays + dump2.prim_arrays;
    check("live objects per class from events agree with the heap dump", differ == 0,
          "%ld classes differ, first %s: events %ld, dump %ld", differ, first ? first : "", fl, fd);
    check("live object total from events agrees with the heap dump", (long)ocount == dumped_total,
          "events %zu, dump %ld", ocount, dumped_total);
    pi->RawMonitorExit(table_lock);
}

static void do_dumps(void) {
    JVMPI_HeapDumpArg l0 = { JVMPI_DUMP_LEVEL_0 }, l1 = { JVMPI_DUMP_LEVEL_1 };
    pi->DisableGC();
    jint r0 = pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &l0);
    jint r1 = pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &l1);
    jint r2 = pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, NULL);
    long n1 = dump1.classes + dump1.instances + dump1.obj_arrays + dump1.prim_arrays;
    long n2 = dump2.classes + dump2.instances + dump2.obj_arrays + dump2.prim_arrays;
    check("heap dumps requested", r0 == 0 && r1 == 0 && r2 == 0 && dumps_received == 3, "%d %d %d", r0, r1, r2);
    check("heap dump level 0 parses", level0_bad == 0 && level0_objects > 1000, "%ld objects, %ld bad", level0_objects, level0_bad);
    check("heap dump level 1 parses", !dump1.bad_sizes && !dump1.unknown_class && dump1.roots > 0,
          "%s (unknown classes %ld)", dump1.first_error, dump1.unknown_class);
    check("heap dump level 2 parses", !dump2.bad_sizes && !dump2.unknown_class && dump2.roots > 0,
          "%s (unknown classes %ld)", dump2.first_error, dump2.unknown_class);
    check("heap dump levels show the same objects", level0_objects == n1 && n1 == n2, "%ld %ld %ld", level0_objects, n1, n2);
    if (opt_heap == 2) compare_heap();
    pi->EnableGC();
}

/* ---------------- the same moment in HPROF and in JVMPI dumps (hprof option) ---------------- */

/* classes.txt: "id name ninterfaces static-types static-names instance-types instance-names"
 * ('-' for none); threads.txt: "env name". */
static void write_tables(void) {
    FILE *f = fopen("classes.txt", "w");
    for (size_t i = 0; f && i < ccap; i++) {
        if (!cslots[i].key || cslots[i].key == TOMB) continue;
        ClassInfo *c = &classes[cslots[i].index];
        fprintf(f, "%p %s %d %s %s %s %s\n", (void *)cslots[i].key, c->name, c->ninterfaces,
                *c->static_types ? c->static_types : "-", *c->static_names ? c->static_names : "-",
                *c->instance_types ? c->instance_types : "-", *c->instance_names ? c->instance_names : "-");
    }
    if (f) fclose(f);
    f = fopen("threads.txt", "w");
    for (int i = 0; f && i < nlive_threads; i++) fprintf(f, "%p %s\n", (void *)live_threads[i].env, live_threads[i].name);
    if (f) fclose(f);
}

/* Object dumps of every live object, and every class, of the classes named DumpGraph*. */
static void dump_graph_objects(void) {
    for (size_t i = 0; i < ccap; i++)
        if (cslots[i].key && cslots[i].key != TOMB && !strncmp(classes[cslots[i].index].name, "DumpGraph", 9))
            pi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, cslots[i].key);
    for (size_t i = 0; i < ocap; i++)
        if (objs[i].id && objs[i].id != TOMB && objs[i].key >= 0 && !strncmp(classes[objs[i].key].name, "DumpGraph", 9))
            pi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, objs[i].id);
}

/* Adds thread env to the live threads unless known (under agent_lock). */
static void learn_thread(JNIEnv *env, const char *name) {
    for (int i = 0; i < nlive_threads; i++)
        if (live_threads[i].env == env) return;
    if (nlive_threads < MAX_THREADS) {
        live_threads[nlive_threads].env = env;
        live_threads[nlive_threads++].name = strdup(name);
    }
}

/* The threads that started before the agent's thread events (the Reference Handler, the
 * Finalizer...) join the live threads, found through Thread.getAllStackTraces and a
 * requested THREAD_START each, so that suspend_others stops them too: left running, they
 * enqueued references and ran cleaners between two dumps of the same moment. */
static void learn_all_threads(JNIEnv *env) {
    jclass tc = (*env)->FindClass(env, "java/lang/Thread"), mc = (*env)->FindClass(env, "java/util/Map");
    jclass sc = (*env)->FindClass(env, "java/util/Set");
    jmethodID all = tc ? (*env)->GetStaticMethodID(env, tc, "getAllStackTraces", "()Ljava/util/Map;") : NULL;
    jmethodID keys = mc ? (*env)->GetMethodID(env, mc, "keySet", "()Ljava/util/Set;") : NULL;
    jmethodID arr = sc ? (*env)->GetMethodID(env, sc, "toArray", "()[Ljava/lang/Object;") : NULL;
    jobject map = all && keys && arr ? (*env)->CallStaticObjectMethod(env, tc, all) : NULL;
    jobject set = map ? (*env)->CallObjectMethod(env, map, keys) : NULL;
    jobjectArray threads = set ? (*env)->CallObjectMethod(env, set, arr) : NULL;
    jsize n = threads ? (*env)->GetArrayLength(env, threads) : 0;
    for (jsize i = 0; i < n; i++) {
        jobject t = (*env)->GetObjectArrayElement(env, threads, i);
        pi->DisableGC();
        thread_env_requested = NULL;
        jobjectID id = pi->jobject2jobjectID(t);
        if (id && pi->RequestEvent(JVMPI_EVENT_THREAD_START, id) == JVMPI_SUCCESS && thread_env_requested &&
            thread_env_requested != env) {
            pi->RawMonitorEnter(agent_lock);
            learn_thread(thread_env_requested, "(started before the agent's events)");
            pi->RawMonitorExit(agent_lock);
        }
        pi->EnableGC();
        (*env)->DeleteLocalRef(env, t);
    }
    (*env)->ExceptionClear(env);
}

/* Suspends every thread but env; returns how many in others. */
static int suspend_others(JNIEnv *env, JNIEnv **others, jint *results) {
    pi->RawMonitorEnter(agent_lock);
    int n = 0;
    int main_seen = main_env == env;    /* the thread of JVM init done has no thread start */
    for (int i = 0; i < nlive_threads; i++) {
        if (live_threads[i].env != env) others[n++] = live_threads[i].env;
        main_seen |= live_threads[i].env == main_env;
    }
    if (!main_seen && main_env) others[n++] = main_env;
    pi->RawMonitorExit(agent_lock);
    pi->SuspendThreadList(n, others, results);
    return n;
}

/* ---------------- per class, events against a JVMTI heap walk (walk option) ---------------- */

static jvmtiEnv *walk_ti;
static JVMPI_RawMonitor walk_lock;
/* Instances per class index; arrays are counted together (array classes made before the
 * agent could see them have no class load event of their own). */
static long *walk_counts, *event_counts;
static long walk_arrays, event_arrays, walk_untagged, walks, walk_mismatch;
static char walk_text[300];

static jint JNICALL walk_cb(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user) {
    if (length >= 0) walk_arrays++;
    else if (class_tag) walk_counts[class_tag - 1]++;
    else walk_untagged++;
    return 0;
}

static void tag_classes(JNIEnv *env) {
    for (size_t i = 0; i < ccap; i++) {
        if (!cslots[i].key || cslots[i].key == TOMB) continue;
        jobject c = pi->jobjectID2jobject(cslots[i].key);
        if (c) (*walk_ti)->SetTag(walk_ti, c, 1 + cslots[i].index);
        if (c) (*env)->DeleteLocalRef(env, c);
    }
}

static void count_events(void) {
    for (size_t i = 0; i < ocap; i++) {
        Obj *o = &objs[i];
        if (!o->id || o->id == TOMB) continue;
        if (o->is_array != JVMPI_NORMAL_OBJECT) event_arrays++;
        else if (o->key >= 0) event_counts[o->key]++;
    }
}

/* One comparison, every other thread suspended and GC disabled (the objects not freed yet
 * are in both): the number of classes that differ, the first described in text. */
static long walk_diff(JNIEnv *env, char *text, size_t n) {
    pi->RawMonitorEnter(table_lock);
    define_unkeyed();
    memset(walk_counts, 0, MAX_CLASSES * sizeof *walk_counts);
    memset(event_counts, 0, MAX_CLASSES * sizeof *event_counts);
    walk_arrays = event_arrays = walk_untagged = 0;
    tag_classes(env);
    count_events();
    pi->RawMonitorExit(table_lock);
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_iteration_callback = walk_cb;
    (*walk_ti)->IterateThroughHeap(walk_ti, 0, NULL, &cb, NULL);
    long differ = 0;
    for (int i = 0; i < nclasses; i++)
        if (walk_counts[i] != event_counts[i] && !differ++)
            snprintf(text, n, "%s: events %ld, JVMTI %ld", classes[i].name, event_counts[i], walk_counts[i]);
    if (walk_arrays != event_arrays && !differ++)
        snprintf(text, n, "arrays: events %ld, JVMTI %ld", event_arrays, walk_arrays);
    if (walk_untagged && !differ++) snprintf(text, n, "%ld objects of classes without a load event", walk_untagged);
    return differ;
}

/* world_stop: the heap still for a walk: the walk lock held, every other thread suspended
 * (how many: the result) and collections disabled.  world_resume undoes it. */
static int world_stop(JNIEnv *env, JNIEnv **others, jint *results) {
    pi->RawMonitorEnter(walk_lock);
    int n = suspend_others(env, others, results);
    pi->DisableGC();
    return n;
}

static void world_resume(int n, JNIEnv **others, jint *results) {
    pi->EnableGC();
    pi->ResumeThreadList(n, others, results);
    pi->RawMonitorExit(walk_lock);
}

/* At shut down, so that no other thread is between an allocation and its event, or
 * suspended inside an event (with GC disabled, or holding the table). */
static void walk_compare(JNIEnv *env) {
    JNIEnv *others[MAX_THREADS];
    jint results[MAX_THREADS];
    char text[240];
    int n = world_stop(env, others, results);
    if (walk_diff(env, text, sizeof text) && !walk_mismatch++)
        snprintf(walk_text, sizeof walk_text, "walk %ld: %s", walks + 1, text);
    walks++;
    world_resume(n, others, results);
}

/* ---- gcwalk: the comparison after every GC finish ---- */

static JVMPI_RawMonitor gate_lock;
static long gcwalks, gcwalk_mismatch, gcwalk_repeats;
static char gcwalk_text[300];
static int walker_started, walker_stop, walker_done;
static _Thread_local int is_walker;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int walk_pending(void) {
    return __atomic_load_n(&walker_started, __ATOMIC_SEQ_CST) && !__atomic_load_n(&walker_stop, __ATOMIC_SEQ_CST) &&
           __atomic_load_n(&gc_count, __ATOMIC_SEQ_CST) > __atomic_load_n(&gc_walked, __ATOMIC_SEQ_CST);
}

/* An allocation after a GC finish not yet compared waits here (its object recorded). */
static void gcwalk_gate(void) {
    if (is_walker || !walk_pending()) return;
    pi->RawMonitorEnter(gate_lock);
    while (walk_pending()) pi->RawMonitorWait(gate_lock, 5);
    pi->RawMonitorExit(gate_lock);
}

/* Walks until the events and the heap agree (the events of objects allocated just before
 * the threads stopped arrive meanwhile), for a minute at most. */
static void gcwalk_once(JNIEnv *env) {
    JNIEnv *others[MAX_THREADS];
    jint results[MAX_THREADS];
    char text[240];
    int n = world_stop(env, others, results);
    long target = __atomic_load_n(&gc_count, __ATOMIC_SEQ_CST);    /* no collection from here on */
    double give_up = now_s() + 60;
    long differ;
    while ((differ = walk_diff(env, text, sizeof text)) && now_s() < give_up) {
        gcwalk_repeats++;
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
    }
    if (differ && !gcwalk_mismatch++)
        snprintf(gcwalk_text, sizeof gcwalk_text, "after GC %ld: %s", target, text);
    gcwalks++;
    world_resume(n, others, results);
    pi->RawMonitorEnter(gate_lock);
    __atomic_store_n(&gc_walked, target, __ATOMIC_SEQ_CST);
    pi->RawMonitorNotifyAll(gate_lock);
    pi->RawMonitorExit(gate_lock);
}

static void walker(void *arg) {
    JNIEnv *env = current_env();
    is_walker = 1;
    __atomic_store_n(&walker_started, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&walker_stop, __ATOMIC_SEQ_CST)) {
        if (walk_pending()) {
            gcwalk_once(env);
            continue;
        }
        pi->RawMonitorEnter(gate_lock);
        pi->RawMonitorWait(gate_lock, 5);
        pi->RawMonitorExit(gate_lock);
    }
    __atomic_store_n(&walker_done, 1, __ATOMIC_SEQ_CST);
}

/* At shut down: the last collections compared, then the walker stops. */
static void gcwalk_finish(void) {
    double give_up = now_s() + 120;
    while (!__atomic_load_n(&walker_started, __ATOMIC_SEQ_CST) && now_s() < give_up) nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
    while (walk_pending() && now_s() < give_up) nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
    long compared = __atomic_load_n(&gc_walked, __ATOMIC_SEQ_CST), total = __atomic_load_n(&gc_count, __ATOMIC_SEQ_CST);
    __atomic_store_n(&walker_stop, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&walker_done, __ATOMIC_SEQ_CST)) nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
    printf("gcwalk: %ld collections, %ld walks, %ld repeated\n", total, gcwalks, gcwalk_repeats);
    check("live objects per class from events agree with a JVMTI heap walk at every GC finish",
          total > 0 && compared == total && gcwalks > 0 && gcwalk_mismatch == 0, "%ld of %ld collections compared, %ld walks differ, %s",
          compared, total, gcwalk_mismatch, gcwalk_text);
}

/* HotSpotDiagnosticMXBean.dumpHeap(path, false); false if it threw. */
static int hprof_dump(JNIEnv *env, jobject bean, jmethodID m, const char *path) {
    remove(path);
    jstring s = (*env)->NewStringUTF(env, path);
    if (s) (*env)->CallVoidMethod(env, bean, m, s, JNI_FALSE);
    if (!s || (*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        (*env)->ExceptionClear(env);
        return 0;
    }
    return 1;
}

static void save_dumps(void) {
    JVMPI_HeapDumpArg l0 = { JVMPI_DUMP_LEVEL_0 }, l1 = { JVMPI_DUMP_LEVEL_1 };
    const char *files[] = { "heap0.jvmpi", "heap1.jvmpi", "heap2.jvmpi", "objects.jvmpi", "monitors.jvmpi" };
    for (int i = 0; i < 5; i++) remove(files[i]);
    save_path = files[0];
    pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &l0);
    save_path = files[1];
    pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &l1);
    save_path = files[2];
    pi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, NULL);
    save_path = files[3];
    pi->RawMonitorEnter(table_lock);
    dump_graph_objects();
    pi->RawMonitorExit(table_lock);
    save_path = files[4];
    pi->RequestEvent(JVMPI_EVENT_MONITOR_DUMP, NULL);
    save_path = NULL;
}

static void compare_with_hprof(JNIEnv *env) {
    jclass mf = (*env)->FindClass(env, "java/lang/management/ManagementFactory");
    jclass hd = (*env)->FindClass(env, "com/sun/management/HotSpotDiagnosticMXBean");
    jmethodID get = mf ? (*env)->GetStaticMethodID(env, mf, "getPlatformMXBean",
                                                    "(Ljava/lang/Class;)Ljava/lang/management/PlatformManagedObject;") : NULL;
    jmethodID dump = hd ? (*env)->GetMethodID(env, hd, "dumpHeap", "(Ljava/lang/String;Z)V") : NULL;
    jobject bean = get && dump ? (*env)->CallStaticObjectMethod(env, mf, get, hd) : NULL;
    if (!bean || !hprof_dump(env, bean, dump, "warm.hprof")) {   /* loads and links what dumpHeap needs */
        (*env)->ExceptionClear(env);
        check("HPROF and JVMPI dumps of the same moment written", 0, "no HotSpotDiagnosticMXBean");
        return;
    }
    remove("warm.hprof");
    learn_all_threads(env);
    /* A thread whose start was under way when the others were suspended (a Cleaner's, say)
     * was not among them: it runs meanwhile and changes objects between the two dumps.  Its
     * start event comes before its first Java code, so both dumps are taken again when a
     * thread started in between. */
    int ok = 0;
    for (int attempt = 0; attempt < 5; attempt++) {
        JNIEnv *others[MAX_THREADS];
        jint results[MAX_THREADS];
        pi->RawMonitorEnter(agent_lock);
        long starts = starts_locked;
        pi->RawMonitorExit(agent_lock);
        remove("same.hprof");
        int n = suspend_others(env, others, results);
        pi->DisableGC();
        ok = hprof_dump(env, bean, dump, "same.hprof");
        save_dumps();
        pi->EnableGC();
        pi->ResumeThreadList(n, others, results);
        pi->RawMonitorEnter(agent_lock);
        int calm = starts_locked == starts;
        pi->RawMonitorExit(agent_lock);
        if (calm) break;
    }
    pi->RawMonitorEnter(table_lock);
    write_tables();
    pi->RawMonitorExit(table_lock);
    check("HPROF and JVMPI dumps of the same moment written", ok, "dumpHeap threw");
}

static void write_report(void) {
    FILE *f = fopen(report_path, "w");
    if (!f) return;
    fprintf(f, "JVMPI profile (hprof-like)\n\n");
    if (opt_heap) {
        qsort(sites, (size_t)nsites, sizeof *sites, by_count);
        fprintf(f, "SITES BEGIN (ordered by allocations)\nrank   count     bytes  class  method\n");
        for (int i = 0; i < nsites && i < 20; i++)
            fprintf(f, "%4d %7ld %9ld  %s  %s\n", i + 1, sites[i].count, sites[i].bytes, key_name(sites[i].key), name_of(sites[i].m));
        fprintf(f, "SITES END\ncollections %ld, frees %ld, moves %ld, arena deletes %ld, live objects %zu\n\n",
                gc_count, frees, moves, arena_deletes, ocount);
    }
    if (opt_cpu) {
        MethodCount *all = calloc(MAX_METHODS, sizeof *all);
        int n = 0;
        for (int i = 0; i < MAX_METHODS; i++)
            if (methods[i].m) all[n++] = methods[i];
        qsort(all, (size_t)n, sizeof *all, by_calls);
        fprintf(f, "CPU TIME (ms) BEGIN\nrank     calls      ms  method\n");
        for (int i = 0; i < n && i < 20; i++)
            fprintf(f, "%4d %9ld %7.2f  %s\n", i + 1, all[i].pi_calls, all[i].cpu_ns / 1e6, name_of(all[i].m));
        fprintf(f, "CPU TIME (ms) END\n\n");
        free(all);
    }
    if (opt_monitor)
        fprintf(f, "MONITOR BEGIN\ncontended enter %ld, entered %ld, exit %ld, wait %ld, waited %ld, raw contended %ld\n"
                "MONITOR END\n", contended_enter, contended_entered, contended_exit, waits, waiteds, raw_contended);
    fprintf(f, "threads started %ld, ended %ld, classes loaded %ld\n", threads_started, threads_ended, class_loads);
    for (long i = 0; i < nunloaded; i++) fprintf(f, "UNLOADED %s\n", classes[unloaded[i]].name);
    fclose(f);
}

static void compare_calls(void) {
    long differ = 0, total = 0;
    jmethodID first = NULL;
    pi->RawMonitorEnter(method_lock);
    for (int i = 0; i < MAX_METHODS; i++) {
        if (!methods[i].m) continue;
        total += methods[i].pi_calls;
        if (methods[i].pi_calls != methods[i].ti_calls) {
            if (!differ) first = methods[i].m;
            differ++;
        }
    }
    pi->RawMonitorExit(method_lock);
    check("JVMPI method entries agree with JVMTI MethodEntry", differ == 0 && total > 0, "%ld methods differ, first %s",
          differ, name_of(first));
}

void shutdown_work(JNIEnv *env) {
    if (opt_funcs || opt_bad || opt_events) {
        pi->RawMonitorEnter(agent_lock);
        while (!sys_done) pi->RawMonitorWait(agent_lock, 10);
        pi->RawMonitorExit(agent_lock);
    }
    if (opt_jvmti) {
        pi->DisableEvent(JVMPI_EVENT_METHOD_ENTRY, NULL);
        (*ti)->SetEventNotificationMode(ti, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
        compare_calls();
    }
    if (opt_gcwalk) {
        pi->RunGC();
        gcwalk_finish();
    }
    if (opt_walk) {
        pi->RunGC();
        walk_compare(env);
        check("live objects per class from events agree with a JVMTI heap walk",
              walks > 0 && walk_mismatch == 0, "%ld of %ld walks differ, %s", walk_mismatch, walks, walk_text);
    }
    if (opt_heap) pi->RunGC();
    if (opt_heap == 2)
        check("heap totals from events agree at every GC finish", gc_mismatch == 0 && gc_checked > 0 && gc_checked == gc_count,
              "%ld of %ld checked collections differ: %s", gc_mismatch, gc_checked, gc_mismatch_text);
    if (opt_dumps) do_dumps();
    if (opt_hprof) compare_with_hprof(env);
    if (opt_heap) check("allocation sites recorded", nsites > 0, NULL);
    if (opt_contend) check_contention();
    if (opt_compiled) check_compiled();
    if (opt_unload)
        check("class unload events name loaded classes", nunloaded > 0 && unload_unknown == 0,
              "%ld unloaded, %ld unknown ids", nunloaded, unload_unknown);
    if (opt_events) {
        check("JVM init done and thread events", init_done == 1 && threads_started > 0 && threads_ended > 0 && class_loads > 0,
              "init %ld, threads %ld/%ld, classes %ld", init_done, threads_started, threads_ended, class_loads);
        check("arena new events", !opt_heap || arena_news > 0, NULL);
    }
    write_report();
    check("report written", 1, NULL);
}

/* ---------------- start-up ---------------- */

static void parse_options(const char *options) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", options ? options : "");
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (!strcmp(tok, "heap")) opt_heap = 1;
        else if (!strcmp(tok, "cpu")) opt_cpu = 1;
        else if (!strcmp(tok, "jvmti")) opt_jvmti = 1;
        else if (!strcmp(tok, "monitor")) opt_monitor = 1;
        else if (!strcmp(tok, "dumps")) opt_dumps = 1;
        else if (!strcmp(tok, "funcs")) opt_funcs = 1;
        else if (!strcmp(tok, "bad")) opt_bad = 1;
        else if (!strcmp(tok, "events")) opt_events = 1;
        else if (!strcmp(tok, "unload")) opt_unload = 1;
        else if (!strcmp(tok, "hprof")) opt_hprof = 1;
        else if (!strcmp(tok, "contend")) opt_contend = 1;
        else if (!strcmp(tok, "walk")) opt_walk = 1;
        else if (!strcmp(tok, "gcwalk")) opt_gcwalk = 1;
        else if (!strcmp(tok, "compiled")) opt_compiled = 1;
        else if (!strncmp(tok, "file=", 5)) snprintf(report_path, sizeof report_path, "%s", tok + 5);
    }
}

static void notify_all(JVMPI_Event *e) {
    if ((e->event_type & ~JVMPI_REQUESTED_EVENT) == JVMPI_EVENT_CLASS_LOAD) {
        notify(e);
        pi->RawMonitorEnter(table_lock);
        remember_methods(e);
        pi->RawMonitorExit(table_lock);
        return;
    }
    notify(e);
}

static jint enable(jint ev) {
    jint r = pi->EnableEvent(ev, NULL);
    if (r != JVMPI_SUCCESS) check("EnableEvent", 0, "event %d: %d", ev, r);
    return r;
}

/* onload: true in the OnLoad phase (Agent_OnLoad), where the heap is still empty. */
static jint start(JavaVM *vm, char *options, int onload) {
    jvm = vm;
    parse_options(options);
    if ((*vm)->GetEnv(vm, (void **)&pi, JVMPI_VERSION_1) != JNI_OK || !pi) {
        printf("no JVMPI\n");
        return JNI_ERR;
    }
    check("interface version", pi->version == JVMPI_VERSION_1, "0x%x", pi->version);
    pi->NotifyEvent = notify_all;
    table_lock = pi->RawMonitorCreate("_table");
    method_lock = pi->RawMonitorCreate("_methods");
    agent_lock = pi->RawMonitorCreate("agent lock");
    methods = calloc(MAX_METHODS, sizeof *methods);
    if (opt_heap && onload) opt_heap = 2;
    enable(JVMPI_EVENT_CLASS_LOAD);
    enable(JVMPI_EVENT_JVM_INIT_DONE);
    enable(JVMPI_EVENT_JVM_SHUT_DOWN);
    enable(JVMPI_EVENT_THREAD_START);
    enable(JVMPI_EVENT_THREAD_END);
    if (opt_events) {
        enable(JVMPI_EVENT_DATA_DUMP_REQUEST);
        enable(JVMPI_EVENT_DATA_RESET_REQUEST);
        enable(JVMPI_EVENT_JNI_GLOBALREF_FREE);
        enable(JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE);
    }
    if (opt_heap || opt_funcs) {
        enable(JVMPI_EVENT_GC_START);
        enable(JVMPI_EVENT_GC_FINISH);
    }
    if (opt_heap) {
        enable(JVMPI_EVENT_OBJECT_ALLOC);
        enable(JVMPI_EVENT_OBJECT_FREE);
        enable(JVMPI_EVENT_OBJECT_MOVE);
        enable(JVMPI_EVENT_ARENA_NEW);
        enable(JVMPI_EVENT_ARENA_DELETE);
    }
    if (opt_unload) enable(JVMPI_EVENT_CLASS_UNLOAD);
    if (opt_compiled) {
        compiled_ids = calloc(COMPILED_SLOTS, sizeof *compiled_ids);
        enable(JVMPI_EVENT_COMPILED_METHOD_LOAD);
        enable(JVMPI_EVENT_COMPILED_METHOD_UNLOAD);
    }
    if (opt_cpu) {
        enable(JVMPI_EVENT_METHOD_ENTRY);
        enable(JVMPI_EVENT_METHOD_EXIT);
    }
    if (opt_monitor) {
        enable(JVMPI_EVENT_MONITOR_CONTENDED_ENTER);
        enable(JVMPI_EVENT_MONITOR_CONTENDED_ENTERED);
        enable(JVMPI_EVENT_MONITOR_WAIT);
        enable(JVMPI_EVENT_MONITOR_WAITED);
        enable(JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER);
        enable(JVMPI_EVENT_MONITOR_CONTENDED_EXIT);
    }
    if (opt_gcwalk && opt_heap == 2) opt_walk = 1;
    else opt_gcwalk = 0;
    if (opt_walk && opt_heap == 2) {
        jvmtiCapabilities caps = { 0 };
        caps.can_tag_objects = 1;
        walk_lock = pi->RawMonitorCreate("_walk");
        walk_counts = calloc(MAX_CLASSES, sizeof *walk_counts);
        event_counts = calloc(MAX_CLASSES, sizeof *event_counts);
        if ((*vm)->GetEnv(vm, (void **)&walk_ti, JVMTI_VERSION_1_2) != JNI_OK || (*walk_ti)->AddCapabilities(walk_ti, &caps)) {
            check("JVMTI heap walk agent", 0, "no JVMTI environment");
            opt_walk = opt_gcwalk = 0;
        }
    } else {
        opt_walk = 0;
    }
    if (opt_gcwalk) gate_lock = pi->RawMonitorCreate("_gate");
    if (opt_contend) {
        contend_raw = pi->RawMonitorCreate("contended raw");
        contend_sync = pi->RawMonitorCreate("_contend sync");
        enable(JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTERED);
        enable(JVMPI_EVENT_RAW_MONITOR_CONTENDED_EXIT);
        enable(JVMPI_EVENT_METHOD_ENTRY2);
        enable(JVMPI_EVENT_CLASS_LOAD_HOOK);
    }
    if (opt_jvmti) {
        jvmtiCapabilities caps = { 0 };
        caps.can_generate_method_entry_events = 1;
        jvmtiEventCallbacks cb = { 0 };
        cb.MethodEntry = ti_method_entry;
        if ((*vm)->GetEnv(vm, (void **)&ti, JVMTI_VERSION_1_2) != JNI_OK || (*ti)->AddCapabilities(ti, &caps) ||
            (*ti)->SetEventCallbacks(ti, &cb, sizeof cb) ||
            (*ti)->SetEventNotificationMode(ti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL)) {
            check("JVMTI MethodEntry agent", 0, "no JVMTI environment");
            opt_jvmti = 0;
        }
    }
    return JNI_OK;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) { return start(vm, options, 1); }
JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved) { return start(vm, options, 0); }
