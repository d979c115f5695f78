/* profiler/frontend/out_jfr.c — JFR: a recording in the JDK Flight Recorder's chunk format,
 * which the JDK's `jfr` tool and JDK Mission Control read.
 *
 * One chunk (format 2.0, the JDK's own since 14): a 68-byte header (positions of the
 * metadata and constant-pool events, start time, tick rate), then the events, then one
 * checkpoint event holding the constant pools, then the metadata event.  Every number
 * after the header is a compressed integer (LEB128, the ninth byte whole); an event
 * starts with its size (here always four padded bytes, patched once the event is
 * written) and its type id; a string is an encoding byte (3: UTF-8) and its bytes.
 *
 * The metadata describes only the types this file uses, with the JDK's names and field
 * names, so the JDK's tools print them as their own: jdk.ExecutionSample (CPU samples),
 * jdk.ObjectAllocationSample (allocations; weight in bytes, the estimate for a sample, the
 * size for an exact one), jdk.GarbageCollection, jdk.JavaMonitorEnter and, from Loupe's
 * `live` recordings, jdk.ObjectCount (live objects and bytes per class after a collection),
 * over the pooled
 * types java.lang.Thread, java.lang.Class, jdk.types.Method, jdk.types.StackTrace (frames
 * inline, leaf first, as in the stream), jdk.types.FrameType and jdk.types.ThreadState.
 * The JDK has no event for two things a recording holds; they get types of their own, in the
 * loupe namespace, which the tools print like any other (as async-profiler names its own):
 * loupe.WallClockSample (a wall-clock sample: thread and stack, whatever the thread was
 * doing) and loupe.ObjectLifetimes (objects of one class and arena that died at, or were
 * still alive at the end with, one age in collections survived; Loupe's `live`).
 * The tables below are that metadata as data; the writer walks them.  Ticks are
 * nanoseconds since the recording's start (the stream's microseconds times 1000).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../protocol.h"
#include "lpf.h"

/* --- the metadata, as data ------------------------------------------------------------ */

enum jfr_type_id {
    JT_LONG = 1, JT_INT, JT_BOOLEAN, JT_STRING,
    JT_LABEL = 10, JT_TIMESTAMP, JT_TIMESPAN, JT_DATA_AMOUNT, JT_CONTENT_TYPE,
    JT_THREAD = 20, JT_CLASS, JT_METHOD, JT_STACK_TRACE, JT_STACK_FRAME, JT_FRAME_TYPE, JT_THREAD_STATE,
    JT_EXECUTION_SAMPLE = 100, JT_ALLOCATION_SAMPLE, JT_GARBAGE_COLLECTION, JT_MONITOR_ENTER,
    JT_OBJECT_COUNT, JT_WALL_SAMPLE, JT_OBJECT_LIFETIMES,
};

typedef struct {
    const char *name;
    int type;
    int pooled;             /* constantPool="true": the value is a key into the type's pool */
    int array;              /* dimension="1" */
    const char *label;
    int unit;               /* JT_TIMESTAMP, JT_TIMESPAN, JT_DATA_AMOUNT or 0 */
    const char *unit_value; /* "TICKS", "BYTES" */
} jfr_field;

typedef struct {
    int id;
    const char *name, *super;
    int simple;             /* simpleType="true": one field, shown as its value */
    const char *label;
    int content;            /* an annotation marked @ContentType (a unit the tools format) */
    jfr_field fields[8];
} jfr_type;

#define JF_START {"startTime", JT_LONG, 0, 0, "Start Time", JT_TIMESTAMP, "TICKS"}
#define JF_DURATION {"duration", JT_LONG, 0, 0, "Duration", JT_TIMESPAN, "TICKS"}
#define JF_THREAD(n, l) {n, JT_THREAD, 1, 0, l, 0, NULL}
#define JF_STACK {"stackTrace", JT_STACK_TRACE, 1, 0, "Stack Trace", 0, NULL}
#define JF_VALUE {"value", JT_STRING, 0, 0, NULL, 0, NULL}
#define JT_ANNOTATION "java.lang.annotation.Annotation"
#define JT_EVENT "jdk.jfr.Event"

static const jfr_type jfr_types[] = {
    {JT_LONG, "long", NULL, 0, NULL, 0, {{0}}},
    {JT_INT, "int", NULL, 0, NULL, 0, {{0}}},
    {JT_BOOLEAN, "boolean", NULL, 0, NULL, 0, {{0}}},
    {JT_STRING, "java.lang.String", NULL, 0, NULL, 0, {{0}}},
    {JT_LABEL, "jdk.jfr.Label", JT_ANNOTATION, 0, NULL, 0, {JF_VALUE}},
    {JT_TIMESTAMP, "jdk.jfr.Timestamp", JT_ANNOTATION, 0, NULL, 1, {JF_VALUE}},
    {JT_TIMESPAN, "jdk.jfr.Timespan", JT_ANNOTATION, 0, NULL, 1, {JF_VALUE}},
    {JT_DATA_AMOUNT, "jdk.jfr.DataAmount", JT_ANNOTATION, 0, NULL, 1, {JF_VALUE}},
    {JT_CONTENT_TYPE, "jdk.jfr.ContentType", JT_ANNOTATION, 0, NULL, 0, {{0}}},
    {JT_THREAD, "java.lang.Thread", NULL, 0, "Thread", 0,
     {{"osName", JT_STRING, 0, 0, "OS Thread Name", 0, NULL},
      {"osThreadId", JT_LONG, 0, 0, "OS Thread Id", 0, NULL},
      {"javaName", JT_STRING, 0, 0, "Java Thread Name", 0, NULL},
      {"javaThreadId", JT_LONG, 0, 0, "Java Thread Id", 0, NULL}}},
    {JT_CLASS, "java.lang.Class", NULL, 0, "Java Class", 0,
     {{"name", JT_STRING, 0, 0, "Name", 0, NULL}, {"modifiers", JT_INT, 0, 0, "Access Modifiers", 0, NULL}}},
    {JT_METHOD, "jdk.types.Method", NULL, 0, "Java Method", 0,
     {{"type", JT_CLASS, 1, 0, "Type", 0, NULL},
      {"name", JT_STRING, 0, 0, "Name", 0, NULL},
      {"descriptor", JT_STRING, 0, 0, "Descriptor", 0, NULL},
      {"modifiers", JT_INT, 0, 0, "Access Modifiers", 0, NULL},
      {"hidden", JT_BOOLEAN, 0, 0, "Hidden", 0, NULL}}},
    {JT_STACK_TRACE, "jdk.types.StackTrace", NULL, 0, "Stacktrace", 0,
     {{"truncated", JT_BOOLEAN, 0, 0, "Truncated", 0, NULL}, {"frames", JT_STACK_FRAME, 0, 1, "Stack Frames", 0, NULL}}},
    {JT_STACK_FRAME, "jdk.types.StackFrame", NULL, 0, NULL, 0,
     {{"method", JT_METHOD, 1, 0, "Java Method", 0, NULL},
      {"lineNumber", JT_INT, 0, 0, "Line Number", 0, NULL},
      {"bytecodeIndex", JT_INT, 0, 0, "Bytecode Index", 0, NULL},
      {"type", JT_FRAME_TYPE, 1, 0, "Frame Type", 0, NULL}}},
    {JT_FRAME_TYPE, "jdk.types.FrameType", NULL, 1, "Frame type", 0, {{"description", JT_STRING, 0, 0, "Description", 0, NULL}}},
    {JT_THREAD_STATE, "jdk.types.ThreadState", NULL, 1, "Java Thread State", 0, {{"name", JT_STRING, 0, 0, "Name", 0, NULL}}},
    {JT_EXECUTION_SAMPLE, "jdk.ExecutionSample", JT_EVENT, 0, "Method Profiling Sample", 0,
     {JF_START, JF_THREAD("sampledThread", "Thread"), JF_STACK,
      {"state", JT_THREAD_STATE, 1, 0, "Thread State", 0, NULL}}},
    {JT_ALLOCATION_SAMPLE, "jdk.ObjectAllocationSample", JT_EVENT, 0, "Object Allocation Sample", 0,
     {JF_START, JF_THREAD("eventThread", "Event Thread"), JF_STACK,
      {"objectClass", JT_CLASS, 1, 0, "Object Class", 0, NULL},
      {"weight", JT_LONG, 0, 0, "Sample Weight", JT_DATA_AMOUNT, "BYTES"}}},
    {JT_GARBAGE_COLLECTION, "jdk.GarbageCollection", JT_EVENT, 0, "Garbage Collection", 0,
     {JF_START, JF_DURATION,
      {"gcId", JT_INT, 0, 0, "GC Identifier", 0, NULL},
      {"name", JT_STRING, 0, 0, "Name", 0, NULL},
      {"cause", JT_STRING, 0, 0, "Cause", 0, NULL},
      {"sumOfPauses", JT_LONG, 0, 0, "Sum of Pauses", JT_TIMESPAN, "TICKS"},
      {"longestPause", JT_LONG, 0, 0, "Longest Pause", JT_TIMESPAN, "TICKS"}}},
    {JT_MONITOR_ENTER, "jdk.JavaMonitorEnter", JT_EVENT, 0, "Java Monitor Blocked", 0,
     {JF_START, JF_DURATION, JF_THREAD("eventThread", "Event Thread"), JF_STACK,
      {"monitorClass", JT_CLASS, 1, 0, "Monitor Class", 0, NULL},
      JF_THREAD("previousOwner", "Previous Monitor Owner"),
      {"address", JT_LONG, 0, 0, "Monitor Address", 0, NULL}}},
    {JT_OBJECT_COUNT, "jdk.ObjectCount", JT_EVENT, 0, "Object Count", 0,
     {JF_START,
      {"gcId", JT_INT, 0, 0, "GC Identifier", 0, NULL},
      {"objectClass", JT_CLASS, 1, 0, "Object Class", 0, NULL},
      {"count", JT_LONG, 0, 0, "Count", 0, NULL},
      {"totalSize", JT_LONG, 0, 0, "Total Size", JT_DATA_AMOUNT, "BYTES"}}},
    {JT_WALL_SAMPLE, "loupe.WallClockSample", JT_EVENT, 0, "Wall-Clock Sample", 0,
     {JF_START, JF_THREAD("sampledThread", "Thread"), JF_STACK}},
    {JT_OBJECT_LIFETIMES, "loupe.ObjectLifetimes", JT_EVENT, 0, "Object Lifetimes", 0,
     {JF_START,
      {"objectClass", JT_CLASS, 1, 0, "Object Class", 0, NULL},
      {"arena", JT_STRING, 0, 0, "Arena", 0, NULL},
      {"age", JT_LONG, 0, 0, "Collections Survived", 0, NULL},
      {"alive", JT_BOOLEAN, 0, 0, "Alive at the End", 0, NULL},
      {"count", JT_LONG, 0, 0, "Objects", 0, NULL},
      {"totalSize", JT_LONG, 0, 0, "Total Size", JT_DATA_AMOUNT, "BYTES"}}},
};
#define JFR_NTYPES (sizeof jfr_types / sizeof jfr_types[0])

#define JFR_TICKS_PER_SECOND 1000000000LL
#define JFR_START_TICKS 1000000000LL    /* the chunk's first tick (any base will do) */
enum { JFR_FRAME_JAVA = 1, JFR_FRAME_NATIVE = 2 };
enum { JFR_STATE_RUNNABLE = 1 };

/* --- encoding ------------------------------------------------------------------------- */

/* jfr_u: a compressed integer: 7 bits a byte, the ninth byte whole. */
static void jfr_u(lpf_buf *b, uint64_t v)
{
    uint8_t t[9];
    size_t n = 0;
    while (n < 8 && v >= 0x80) {
        t[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    t[n++] = (uint8_t)v;
    lpf_buf_add(b, t, n);
}

static void jfr_i(lpf_buf *b, int32_t v) { jfr_u(b, (uint32_t)v); }

static void jfr_str(lpf_buf *b, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    uint8_t enc = !s ? 0 : !n ? 1 : 3;
    lpf_buf_add(b, &enc, 1);
    if (n) {
        jfr_u(b, n);
        lpf_buf_add(b, s, n);
    }
}

static void jfr_raw64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* jfr_begin/jfr_end: an event; its size, the first four bytes, is patched at the end. */
static size_t jfr_begin(lpf_buf *b, int type)
{
    size_t at = b->len;
    lpf_buf_add(b, "\0\0\0\0", 4);
    jfr_u(b, (uint64_t)type);
    return at;
}

static void jfr_end(lpf_buf *b, size_t at)
{
    uint32_t n = (uint32_t)(b->len - at);
    for (int i = 0; i < 4; i++)
        b->p[at + i] = (uint8_t)(((n >> (7 * i)) & 0x7f) | (i < 3 ? 0x80 : 0));
}

/* --- the metadata event ----------------------------------------------------------------- */

typedef struct {
    const char **v;
    size_t n, cap;
    char *owned[64];        /* the numbers' texts (type ids) */
    int nowned;
} jfr_pool;

static uint64_t jfr_sym(jfr_pool *p, const char *s)
{
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->v[i], s))
            return i;
    p->v = lpf_grow(p->v, &p->cap, p->n + 1, sizeof *p->v);
    p->v[p->n] = s;
    return p->n++;
}

/* An element: name, attributes (key, value pairs), then the count of children that
 * the caller writes next. */
static void jfr_elem(lpf_buf *b, jfr_pool *p, const char *name, const char *const *attrs, int nattrs,
                     int nchildren)
{
    jfr_u(b, jfr_sym(p, name));
    jfr_u(b, (uint64_t)nattrs);
    for (int i = 0; i < 2 * nattrs; i++)
        jfr_u(b, jfr_sym(p, attrs[i]));
    jfr_u(b, (uint64_t)nchildren);
}

static const char *jfr_num(jfr_pool *p, int v)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", v);
    for (int i = 0; i < p->nowned; i++)
        if (!strcmp(p->owned[i], buf))
            return p->owned[i];
    if (p->nowned == 64)
        lpf_die("out_jfr: too many type ids");
    return p->owned[p->nowned++] = strdup(buf);
}

static void jfr_annotation(lpf_buf *b, jfr_pool *p, int type, const char *value)
{
    const char *a[] = {"class", jfr_num(p, type), "value", value};
    jfr_elem(b, p, "annotation", a, 2, 0);
}

static int jfr_nfields(const jfr_type *t)
{
    int n = 0;
    while (n < 8 && t->fields[n].name)
        n++;
    return n;
}

static void jfr_field_elem(lpf_buf *b, jfr_pool *p, const jfr_field *f)
{
    const char *a[8] = {"name", f->name, "class", jfr_num(p, f->type)};
    int na = 2;
    if (f->pooled)
        a[2 * na] = "constantPool", a[2 * na + 1] = "true", na++;
    if (f->array)
        a[2 * na] = "dimension", a[2 * na + 1] = "1", na++;
    jfr_elem(b, p, "field", a, na, !!f->label + !!f->unit);
    if (f->label)
        jfr_annotation(b, p, JT_LABEL, f->label);
    if (f->unit)
        jfr_annotation(b, p, f->unit, f->unit_value);
}

static void jfr_class_elem(lpf_buf *b, jfr_pool *p, const jfr_type *t)
{
    const char *a[8] = {"name", t->name, "id", jfr_num(p, t->id)};
    int na = 2, nf = jfr_nfields(t);
    if (t->super)
        a[2 * na] = "superType", a[2 * na + 1] = t->super, na++;
    if (t->simple)
        a[2 * na] = "simpleType", a[2 * na + 1] = "true", na++;
    jfr_elem(b, p, "class", a, na, nf + !!t->label + !!t->content);
    for (int i = 0; i < nf; i++)
        jfr_field_elem(b, p, &t->fields[i]);
    if (t->label)
        jfr_annotation(b, p, JT_LABEL, t->label);
    if (t->content) {
        const char *c[] = {"class", jfr_num(p, JT_CONTENT_TYPE)};
        jfr_elem(b, p, "annotation", c, 1, 0);
    }
}

/* jfr_metadata: the metadata event: the string table, then the element tree
 * root { metadata { class... }, region }. */
static void jfr_metadata(lpf_buf *out, uint64_t ticks)
{
    jfr_pool pool = {0};
    lpf_buf tree = {0};
    jfr_elem(&tree, &pool, "root", NULL, 0, 2);
    jfr_elem(&tree, &pool, "metadata", NULL, 0, (int)JFR_NTYPES);
    for (size_t i = 0; i < JFR_NTYPES; i++)
        jfr_class_elem(&tree, &pool, &jfr_types[i]);
    const char *region[] = {"gmtOffset", "0", "locale", "en_US"};
    jfr_elem(&tree, &pool, "region", region, 2, 0);
    size_t at = jfr_begin(out, 0);
    jfr_u(out, ticks);
    jfr_u(out, 0);
    jfr_u(out, 1); /* metadata id */
    jfr_u(out, pool.n);
    for (size_t i = 0; i < pool.n; i++)
        jfr_str(out, pool.v[i]);
    lpf_buf_add(out, tree.p, tree.len);
    jfr_end(out, at);
    for (int i = 0; i < pool.nowned; i++)
        free(pool.owned[i]);
    free(pool.v);
    lpf_buf_free(&tree);
}

/* --- the events ------------------------------------------------------------------------- */

/* Classes are pooled by name: the allocated classes, the methods' classes, the locks'
 * classes (a lock is named "Class@hash"). */
typedef struct {
    const lpm_profile *p;
    lpf_buf out;
    char **classes;
    size_t nclasses, capclasses;
    uint64_t extra_threads;   /* owners known only by name get keys above the kernel's tids */
    char **owner_names;
    size_t nowners, capowners;
} jfr_state;

static uint64_t jfr_class_key(jfr_state *s, const char *name)
{
    for (size_t i = 0; i < s->nclasses; i++)
        if (!strcmp(s->classes[i], name))
            return i + 1;
    s->classes = lpf_grow(s->classes, &s->capclasses, s->nclasses + 1, sizeof *s->classes);
    s->classes[s->nclasses++] = strdup(name);
    return s->nclasses;
}

#define JFR_OWNER_BASE (1ull << 40)

/* jfr_thread_key: the key of a thread known by name (a lock's owner). */
static uint64_t jfr_thread_key(jfr_state *s, const char *name)
{
    for (size_t i = 0; i < s->p->threads.n; i++)
        if (!strcmp(lpm_str(s->p, s->p->threads.v[i].name), name))
            return s->p->threads.v[i].tid;
    for (size_t i = 0; i < s->nowners; i++)
        if (!strcmp(s->owner_names[i], name))
            return JFR_OWNER_BASE + i;
    s->owner_names = lpf_grow(s->owner_names, &s->capowners, s->nowners + 1, sizeof *s->owner_names);
    s->owner_names[s->nowners++] = strdup(name);
    return JFR_OWNER_BASE + s->nowners - 1;
}

static uint64_t jfr_ticks(uint64_t us) { return JFR_START_TICKS + us * 1000; }

/* jfr_samples: CPU samples as jdk.ExecutionSample, wall-clock ones as loupe.WallClockSample. */
static void jfr_samples(jfr_state *s)
{
    for (size_t i = 0; i < s->p->samples.n; i++) {
        const lpm_sample *x = &s->p->samples.v[i];
        int cpu = x->kind == LP_SAMPLE_CPU;
        if (!cpu && x->kind != LP_SAMPLE_WALL)
            continue;
        size_t at = jfr_begin(&s->out, cpu ? JT_EXECUTION_SAMPLE : JT_WALL_SAMPLE);
        jfr_u(&s->out, jfr_ticks(x->time));
        jfr_u(&s->out, x->tid);
        jfr_u(&s->out, x->stack);
        if (cpu)
            jfr_u(&s->out, JFR_STATE_RUNNABLE);
        jfr_end(&s->out, at);
    }
}

static void jfr_allocs(jfr_state *s)
{
    for (size_t i = 0; i < s->p->allocs.n; i++) {
        const lpm_alloc *a = &s->p->allocs.v[i];
        double w = (double)a->size * lpm_alloc_weight(s->p, a);
        size_t at = jfr_begin(&s->out, JT_ALLOCATION_SAMPLE);
        jfr_u(&s->out, jfr_ticks(a->time));
        jfr_u(&s->out, a->tid);
        jfr_u(&s->out, a->stack);
        jfr_u(&s->out, jfr_class_key(s, lpm_str(s->p, a->cls)));
        jfr_u(&s->out, (uint64_t)llround(w));
        jfr_end(&s->out, at);
    }
}

static void jfr_gcs(jfr_state *s)
{
    for (size_t i = 0; i < s->p->gcs.n; i++) {
        const lpm_gc *g = &s->p->gcs.v[i];
        size_t at = jfr_begin(&s->out, JT_GARBAGE_COLLECTION);
        jfr_u(&s->out, jfr_ticks(g->start));
        jfr_u(&s->out, g->dur * 1000);
        jfr_i(&s->out, (int32_t)i);
        jfr_str(&s->out, "unknown");
        jfr_str(&s->out, "unknown");
        jfr_u(&s->out, g->dur * 1000);
        jfr_u(&s->out, g->dur * 1000);
        jfr_end(&s->out, at);
    }
}

static void jfr_locks(jfr_state *s)
{
    for (size_t i = 0; i < s->p->locks.n; i++) {
        const lpm_lock *l = &s->p->locks.v[i];
        char cls[600];
        snprintf(cls, sizeof cls, "%s", lpm_str(s->p, l->lock));
        char *at_sign = strrchr(cls, '@');
        uint64_t hash = at_sign ? strtoull(at_sign + 1, NULL, 16) : 0;
        if (at_sign)
            *at_sign = 0;
        size_t at = jfr_begin(&s->out, JT_MONITOR_ENTER);
        jfr_u(&s->out, jfr_ticks(l->time));
        jfr_u(&s->out, l->wait * 1000);
        jfr_u(&s->out, l->tid);
        jfr_u(&s->out, l->stack);
        jfr_u(&s->out, jfr_class_key(s, cls));
        jfr_u(&s->out, jfr_thread_key(s, lpm_str(s->p, l->owner)));
        jfr_u(&s->out, hash);
        jfr_end(&s->out, at);
    }
}

/* jfr_heaps: the live heap after each collection, one jdk.ObjectCount per class. */
static void jfr_heaps(jfr_state *s)
{
    for (size_t i = 0; i < s->p->heaps.n; i++) {
        const lpm_heap *h = &s->p->heaps.v[i];
        for (size_t k = 0; k < h->n; k++) {
            size_t at = jfr_begin(&s->out, JT_OBJECT_COUNT);
            jfr_u(&s->out, jfr_ticks(h->time));
            jfr_i(&s->out, (int32_t)h->gcs);
            jfr_u(&s->out, jfr_class_key(s, lpm_str(s->p, h->v[k].cls)));
            jfr_u(&s->out, h->v[k].count);
            jfr_u(&s->out, h->v[k].bytes);
            jfr_end(&s->out, at);
        }
    }
}

/* jfr_lifetimes: each (alive, arena, class, age) count as one loupe.ObjectLifetimes, at the
 * recording's end. */
static void jfr_lifetimes(jfr_state *s)
{
    for (size_t i = 0; i < s->p->caplives; i++) {
        const lpm_life *l = &s->p->lives[i];
        if (!l->key)
            continue;
        char arena[600];
        size_t at = jfr_begin(&s->out, JT_OBJECT_LIFETIMES);
        jfr_u(&s->out, jfr_ticks(s->p->last_time));
        jfr_u(&s->out, jfr_class_key(s, lpm_str(s->p, lpm_life_cls(l->key))));
        jfr_str(&s->out, lpf_live_group_name(s->p, 1, lpm_life_arena(l->key), arena, sizeof arena));
        jfr_u(&s->out, lpm_life_age(l->key));
        lpf_buf_add(&s->out, lpm_life_alive(l->key) ? "\1" : "", 1);
        jfr_u(&s->out, l->count);
        jfr_u(&s->out, l->bytes);
        jfr_end(&s->out, at);
    }
}

/* --- the constant pools ------------------------------------------------------------------ */

static void jfr_pool_threads(jfr_state *s, lpf_buf *b)
{
    const lpm_profile *p = s->p;
    jfr_u(b, JT_THREAD);
    jfr_u(b, p->threads.n + s->nowners);
    for (size_t i = 0; i < p->threads.n; i++) {
        const char *name = lpm_str(p, p->threads.v[i].name);
        jfr_u(b, p->threads.v[i].tid);
        jfr_str(b, name);
        jfr_u(b, p->threads.v[i].tid);
        jfr_str(b, name);
        jfr_u(b, p->threads.v[i].tid);
    }
    for (size_t i = 0; i < s->nowners; i++) {
        jfr_u(b, JFR_OWNER_BASE + i);
        jfr_str(b, s->owner_names[i]);
        jfr_u(b, 0);
        jfr_str(b, s->owner_names[i]);
        jfr_u(b, 0);
    }
}

static void jfr_pool_methods(jfr_state *s, lpf_buf *b)
{
    const lpm_profile *p = s->p;
    jfr_u(b, JT_METHOD);
    jfr_u(b, p->methods.n);
    for (size_t i = 0; i < p->methods.n; i++) {
        const lpm_method *m = &p->methods.v[i];
        jfr_u(b, i + 1);
        jfr_u(b, jfr_class_key(s, lpm_str(p, m->cls)));
        jfr_str(b, lpm_str(p, m->name));
        jfr_str(b, m->desc ? lpm_str(p, m->desc) : "()V");
        jfr_i(b, 0);
        lpf_buf_add(b, "", 1);
    }
}

/* jfr_pool_stacks: every stack, and key 0 as an empty one (samples with no Java frame). */
static void jfr_pool_stacks(jfr_state *s, lpf_buf *b)
{
    const lpm_profile *p = s->p;
    jfr_u(b, JT_STACK_TRACE);
    jfr_u(b, p->stacks.n + 1);
    jfr_u(b, 0);
    lpf_buf_add(b, "", 1);
    jfr_u(b, 0);
    for (size_t i = 0; i < p->stacks.n; i++) {
        const lpm_stack *st = &p->stacks.v[i];
        jfr_u(b, i + 1);
        lpf_buf_add(b, "", 1);
        jfr_u(b, (uint64_t)st->n);
        for (int f = 0; f < st->n; f++) {
            int64_t line = lp_unzigzag(st->f[2 * f + 1]);
            jfr_u(b, st->f[2 * f]);
            jfr_i(b, (int32_t)(line >= 0 ? line : -1));
            jfr_i(b, -1);
            jfr_u(b, line == LP_LINE_NATIVE ? JFR_FRAME_NATIVE : JFR_FRAME_JAVA);
        }
    }
}

static void jfr_pool_classes(jfr_state *s, lpf_buf *b)
{
    jfr_u(b, JT_CLASS);
    jfr_u(b, s->nclasses);
    for (size_t i = 0; i < s->nclasses; i++) {
        jfr_u(b, i + 1);
        jfr_str(b, s->classes[i]);
        jfr_i(b, 0);
    }
}

static void jfr_pool_names(lpf_buf *b, int type, const char *const *names, int n)
{
    jfr_u(b, (uint64_t)type);
    jfr_u(b, (uint64_t)n);
    for (int i = 0; i < n; i++) {
        jfr_u(b, (uint64_t)i + 1);
        jfr_str(b, names[i]);
    }
}

/* jfr_checkpoint: one checkpoint event with every pool (classes last: the methods add
 * theirs). */
static void jfr_checkpoint(jfr_state *s, uint64_t ticks)
{
    const char *vm = lpm_meta(s->p, "vm");
    const char *frame_types[] = {vm && strstr(vm, "Loupe") ? "Interpreted" : "Java", "Native"};
    const char *states[] = {"STATE_RUNNABLE"};
    lpf_buf pools = {0};
    jfr_pool_threads(s, &pools);
    jfr_pool_stacks(s, &pools);
    jfr_pool_methods(s, &pools);
    jfr_pool_classes(s, &pools);
    jfr_pool_names(&pools, JT_FRAME_TYPE, frame_types, 2);
    jfr_pool_names(&pools, JT_THREAD_STATE, states, 1);
    size_t at = jfr_begin(&s->out, 1);
    jfr_u(&s->out, ticks);
    jfr_u(&s->out, 0);
    jfr_u(&s->out, 0);  /* delta to the previous checkpoint: none */
    lpf_buf_add(&s->out, "\1", 1); /* flush: a complete set of pools */
    jfr_u(&s->out, 6);
    lpf_buf_add(&s->out, pools.p, pools.len);
    jfr_end(&s->out, at);
    lpf_buf_free(&pools);
}

/* jfr_header: the chunk header, once the positions are known. */
static void jfr_header(uint8_t *h, const lpm_profile *p, uint64_t size, uint64_t cp, uint64_t meta)
{
    const char *ep = lpm_meta(p, "start_epoch_us");
    uint64_t start_ns = ep ? strtoull(ep, NULL, 10) * 1000 : (uint64_t)time(NULL) * 1000000000ull;
    memcpy(h, "FLR\0", 4);
    h[4] = 0, h[5] = 2, h[6] = 0, h[7] = 0; /* version 2.0 */
    jfr_raw64(h + 8, size);
    jfr_raw64(h + 16, cp);
    jfr_raw64(h + 24, meta);
    jfr_raw64(h + 32, start_ns);
    jfr_raw64(h + 40, p->last_time * 1000);
    jfr_raw64(h + 48, JFR_START_TICKS);
    jfr_raw64(h + 56, JFR_TICKS_PER_SECOND);
    h[64] = 0, h[65] = 0, h[66] = 0; /* finished */
    h[67] = 2;                        /* the final chunk */
}

static void jfr_state_free(jfr_state *s)
{
    for (size_t i = 0; i < s->nclasses; i++)
        free(s->classes[i]);
    for (size_t i = 0; i < s->nowners; i++)
        free(s->owner_names[i]);
    free(s->classes), free(s->owner_names);
    lpf_buf_free(&s->out);
}

/* lpf_out_jfr: the whole profile as one JFR chunk at path. */
int lpf_out_jfr(const lpm_profile *p, const char *path)
{
    jfr_state s;
    memset(&s, 0, sizeof s);
    s.p = p;
    lpf_buf_add(&s.out, (uint8_t[68]){0}, 68);
    jfr_samples(&s);
    jfr_allocs(&s);
    jfr_gcs(&s);
    jfr_locks(&s);
    jfr_heaps(&s);
    jfr_lifetimes(&s);
    uint64_t end_ticks = jfr_ticks(p->last_time);
    uint64_t cp = s.out.len;
    jfr_checkpoint(&s, end_ticks);
    uint64_t meta = s.out.len;
    jfr_metadata(&s.out, end_ticks);
    jfr_header(s.out.p, p, s.out.len, cp, meta);
    int rc = lpf_write_file(path, s.out.p, s.out.len);
    jfr_state_free(&s);
    return rc;
}
