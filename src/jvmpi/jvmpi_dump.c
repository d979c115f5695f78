/*
 * jvmpi_dump.c — the heap, object and monitor dumps, in the byte formats of the
 * specification's section 4.
 *
 * A dump is written with the world stopped (a safepoint, or the collection the request
 * comes from), into a malloc'd buffer, and sent after the world runs again, with GC still
 * held off by the request (jvmpi_misc.c) so every id in it stays valid while the agent
 * reads it; the buffer is freed when NotifyEvent returns.
 *
 * Byte order: u2, u4, u8 and field values are big-endian (Java's order, as in class
 * files); ids (jobjectID, JNIEnv *, JVMPI_RawMonitor, char *) are pointers in the
 * machine's own order and size.  Field values of an instance come in the order of the
 * class load event's instance fields, the class's own first, then its superclass's; the
 * values of a class dump are its static fields, in the order of the class load event's
 * statics.  Level 1 leaves out every primitive value (fields, statics, array elements).
 *
 * Roots: JNI global references as JVMPI_GC_ROOT_JNI_GLOBAL, each thread's
 * java.lang.Thread as JVMPI_GC_ROOT_THREAD_BLOCK, every other root the collector knows
 * (frames, locals, mirrors, interned strings...) as JVMPI_GC_ROOT_UNKNOWN.
 */
#include "jvmpi/jvmpi_internal.h"
#include "runtime/vm.h"
#include "runtime/mirror.h"
#include "runtime/monitor.h"
#include <stdlib.h>
#include <string.h>

typedef struct Buf {
    char *p;
    size_t n, cap;
    bool failed;
    int level;
} Buf;

static void put(Buf *b, const void *v, size_t n) {
    if (b->failed) return;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (cap < b->n + n) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, v, n);
    b->n += n;
}

/* n bytes of v, most significant first. */
static void put_be(Buf *b, uint64_t v, int n) {
    uint8_t out[8];
    for (int i = 0; i < n; i++) out[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
    put(b, out, (size_t)n);
}

static void put_u1(Buf *b, uint8_t v) { put(b, &v, 1); }
static void put_u4(Buf *b, uint32_t v) { put_be(b, v, 4); }
static void put_ptr(Buf *b, const void *p) { put(b, &p, sizeof p); }
static void put_id(Buf *b, Object *o) { put_ptr(b, o); }
static Object *mirror_of(Class *c) { return c ? c->mirror : NULL; }

/* A value of type t at p (a field or an array element). */
static void put_value(Buf *b, const void *p, BasicType t) {
    if (bt_is_ref(t)) {
        put_id(b, *(Object *const *)p);
        return;
    }
    uint64_t v = 0;
    switch (bt_size(t)) {
    case 1: v = *(const uint8_t *)p; break;
    case 2: v = *(const uint16_t *)p; break;
    case 4: v = *(const uint32_t *)p; break;
    default: v = *(const uint64_t *)p; break;
    }
    put_be(b, v, bt_size(t));
}

static bool wanted(const Buf *b, BasicType t) { return b->level == JVMPI_DUMP_LEVEL_2 || bt_is_ref(t); }

/* The values of c's fields of one kind (static: from its mirror), declaration order. */
static void put_fields(Buf *b, Class *c, Object *holder, bool statics) {
    for (uint16_t i = 0; i < c->nfields; i++) {
        Field *f = &c->fields[i];
        if (f->injected || field_is_static(f) != statics || !wanted(b, f->type)) continue;
        put_value(b, (char *)holder + f->offset, f->type);
    }
}

static void put_class(Buf *b, Object *mirror, Class *c) {
    put_u1(b, JVMPI_GC_CLASS_DUMP);
    put_id(b, mirror);
    put_id(b, mirror_of(c->super));
    put_id(b, c->loader);
    put_id(b, NULL);                    /* signers */
    put_id(b, NULL);                    /* protection domain */
    put_ptr(b, NULL);
    put_ptr(b, NULL);
    put_u4(b, c->instance_size);
    for (uint16_t i = 0; i < c->ninterfaces; i++) put_id(b, c->interfaces ? mirror_of(c->interfaces[i]) : NULL);
    put_be(b, 0, 2);                    /* constant pool entries: none */
    put_fields(b, c, mirror, true);
}

static void put_instance(Buf *b, Object *o) {
    put_u1(b, JVMPI_GC_INSTANCE_DUMP);
    put_id(b, o);
    put_id(b, o->klass->mirror);
    size_t at = b->n;
    put_u4(b, 0);
    for (Class *c = o->klass; c; c = c->super) put_fields(b, c, o, false);
    if (b->failed) return;
    uint32_t len = (uint32_t)(b->n - at - 4);
    for (int i = 0; i < 4; i++) b->p[at + i] = (char)(len >> (8 * (3 - i)));
}

static void put_array(Buf *b, Object *a) {
    Class *k = a->klass;
    BasicType t = (BasicType)k->elem_type;
    jint n = array_length(a);
    put_u1(b, bt_is_ref(t) ? JVMPI_GC_OBJ_ARRAY_DUMP : JVMPI_GC_PRIM_ARRAY_DUMP);
    put_id(b, a);
    put_u4(b, (uint32_t)n);
    if (bt_is_ref(t)) put_id(b, mirror_of(k->component));
    else put_u1(b, (uint8_t)t);
    if (!wanted(b, t)) return;
    for (jint i = 0; i < n; i++) put_value(b, (char *)array_data(a) + ((size_t)i << k->elem_shift), t);
}

/* One object's record at the buffer's level (1 or 2). */
static void put_object(Buf *b, Object *o) {
    Class *k = o->klass;
    Class *mc = k == VMC(Class) ? mirror_class(o) : NULL;
    if (mc && mc->mirror == o && !class_is_primitive(mc)) put_class(b, o, mc);
    else if (class_is_array(k)) put_array(b, o);
    else put_instance(b, o);
}

static void level0_object(Object *o, void *ctx) {
    if (heap_is_filler(o)) return;
    jobjectID elem;
    put_u1(ctx, (uint8_t)jvmpi_object_type(o, &elem));
    put_id(ctx, o);
}

static void dump_object(Object *o, void *ctx) {
    if (!heap_is_filler(o)) put_object(ctx, o);
}

static void root_global(Object **slot, void *ctx) {
    if (!*slot) return;
    put_u1(ctx, JVMPI_GC_ROOT_JNI_GLOBAL);
    put_id(ctx, *slot);
    put_ptr(ctx, slot);
}

static void root_other(Object **slot, void *ctx) {
    if (!*slot) return;
    put_u1(ctx, JVMPI_GC_ROOT_UNKNOWN);
    put_id(ctx, *slot);
}

static void root_thread(Thread *t, void *ctx) {
    if (!t->jthread) return;
    put_u1(ctx, JVMPI_GC_ROOT_THREAD_BLOCK);
    put_id(ctx, t->jthread);
    put_ptr(ctx, thread_env(t));
}

static void write_heap(Buf *b) {
    if (b->level == JVMPI_DUMP_LEVEL_0) {
        heap_walk(level0_object, b);
        return;
    }
    hnd_visit_globals(root_global, b);
    thread_foreach(root_thread, b);
    gc_visit_roots(root_other, b);
    heap_walk(dump_object, b);
}

/* Runs fill with the world stopped (self in VM state around it). */
static void stopped(Thread *self, void (*fill)(Buf *b, void *arg), Buf *b, void *arg) {
    int old = thread_enter_vm(self);
    safepoint_begin(self);
    fill(b, arg);
    safepoint_end(self);
    thread_leave_vm(self, old);
}

static void fill_heap(Buf *b, void *arg) { UNUSED(arg); write_heap(b); }

jint jvmpi_heap_dump(Thread *self, jint level) {
    if (level < JVMPI_DUMP_LEVEL_0 || level > JVMPI_DUMP_LEVEL_2) return JVMPI_FAIL;
    Buf b = { .level = level };
    stopped(self, fill_heap, &b, NULL);
    if (b.failed) {
        free(b.p);
        return JVMPI_FAIL;
    }
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_HEAP_DUMP | JVMPI_REQUESTED_EVENT;
    e.u.heap_dump.dump_level = level;
    e.u.heap_dump.begin = b.p;
    e.u.heap_dump.end = b.p + b.n;
    jvmpi_send(self, &e);
    free(b.p);
    return JVMPI_SUCCESS;
}

jint jvmpi_object_dump(Thread *self, jobjectID id) {
    Object *o = (Object *)id;
    if (!jvmpi_is_object(self, o)) return JVMPI_FAIL;
    Buf b = { .level = JVMPI_DUMP_LEVEL_2 };
    put_object(&b, o);
    if (b.failed) {
        free(b.p);
        return JVMPI_FAIL;
    }
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_OBJECT_DUMP | JVMPI_REQUESTED_EVENT;
    e.u.object_dump.data_len = (jint)b.n;
    e.u.object_dump.data = b.p;
    jvmpi_send(self, &e);
    free(b.p);
    return JVMPI_SUCCESS;
}

/* ---- the monitor dump ---- */

#define MAX_LISTED 1024

typedef struct MonDump {
    Buf *b;
    Thread *threads[MAX_LISTED];
    int nthreads;
} MonDump;

static void list_envs(Buf *b, Thread **ts, int n) {
    put_u4(b, (uint32_t)n);
    for (int i = 0; i < n; i++) put_ptr(b, thread_env(ts[i]));
}

static void java_monitor(Object **slot, void *ctx) {
    MonDump *d = ctx;
    Object *o = *slot;
    Monitor *m = o ? mon_of(o) : NULL;
    if (!m) return;
    Thread *entering[MAX_LISTED], *waiting[MAX_LISTED];
    int ne = 0;
    for (int i = 0; i < d->nthreads; i++)
        if (d->threads[i]->contending == m && ne < MAX_LISTED) entering[ne++] = d->threads[i];
    int nw = mon_wait_set(o, waiting, MAX_LISTED);
    Thread *owner = mon_owner(o);
    put_u1(d->b, JVMPI_MONITOR_JAVA);
    put_id(d->b, o);
    put_ptr(d->b, owner ? thread_env(owner) : NULL);
    put_u4(d->b, (uint32_t)mon_entry_count(o));
    list_envs(d->b, entering, ne);
    list_envs(d->b, waiting, nw);
}

/* Raw monitors: the numbers of waiting threads are known, not which threads they are,
 * so the lists are empty. */
static void raw_monitor(JvmpiRawMonitor *m, void *ctx) {
    MonDump *d = ctx;
    jint entries, waiters, entry_waiters;
    Thread *owner = jvmpi_raw_monitor_owner(m, &entries, &waiters, &entry_waiters);
    put_u1(d->b, JVMPI_MONITOR_RAW);
    put_ptr(d->b, jvmpi_raw_monitor_name(m));
    put_ptr(d->b, m);
    put_ptr(d->b, owner ? thread_env(owner) : NULL);
    put_u4(d->b, (uint32_t)entries);
    put_u4(d->b, 0);
    put_u4(d->b, 0);
}

static void list_thread(Thread *t, void *ctx) {
    MonDump *d = ctx;
    if (d->nthreads < MAX_LISTED && t->jthread) d->threads[d->nthreads++] = t;
}

static void fill_monitors(Buf *b, void *arg) {
    MonDump *d = arg;
    d->b = b;
    thread_foreach(list_thread, d);
    mon_visit_objects(java_monitor, d);
    jvmpi_raw_monitors_foreach(raw_monitor, d);
}

#define TRACE_DEPTH 64

/* The threads' traces and states, taken once the world runs again (GC still held off). */
static void thread_traces(MonDump *d, JVMPI_CallTrace *traces, JVMPI_CallFrame *frames, jint *status) {
    for (int i = 0; i < d->nthreads; i++) {
        traces[i].env_id = thread_env(d->threads[i]);
        traces[i].frames = frames + (size_t)i * TRACE_DEPTH;
        jvmpi_GetCallTrace(&traces[i], TRACE_DEPTH);
        status[i] = jvmpi_GetThreadStatus(traces[i].env_id);
    }
}

jint jvmpi_monitor_dump(Thread *self) {
    MonDump *d = calloc(1, sizeof *d);
    Buf b = { .level = JVMPI_DUMP_LEVEL_2 };
    if (!d) return JVMPI_FAIL;
    stopped(self, fill_monitors, &b, d);
    JVMPI_CallTrace *traces = calloc((size_t)d->nthreads + 1, sizeof *traces);
    JVMPI_CallFrame *frames = calloc(((size_t)d->nthreads + 1) * TRACE_DEPTH, sizeof *frames);
    jint *status = calloc((size_t)d->nthreads + 1, sizeof *status);
    jint r = JVMPI_FAIL;
    if (!b.failed && traces && frames && status) {
        thread_traces(d, traces, frames, status);
        JVMPI_Event e;
        memset(&e, 0, sizeof e);
        e.event_type = JVMPI_EVENT_MONITOR_DUMP | JVMPI_REQUESTED_EVENT;
        e.u.monitor_dump.begin = b.p;
        e.u.monitor_dump.end = b.p + b.n;
        e.u.monitor_dump.num_traces = d->nthreads;
        e.u.monitor_dump.traces = traces;
        e.u.monitor_dump.threads_status = status;
        jvmpi_send(self, &e);
        r = JVMPI_SUCCESS;
    }
    free(traces);
    free(frames);
    free(status);
    free(b.p);
    free(d);
    return r;
}
