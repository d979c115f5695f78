/* profiler/agent/heap.c — the live heap and every object's lifetime (events=live), from
 * Loupe's collector events (JVMTI extension events, docs/JVMTI-EXTENSIONS.md).
 *
 * Each object allocated while recording is announced by com.loupe.events.ObjectAlloc
 * (events.c passes it here with its class's string id, size and arena); the agent asks
 * the VM for its id (com.loupe.functions.GetObjectId: its address) and keeps it in a
 * table (objtab.c): id -> class, size, arena, the collection count at its birth.  During a
 * collection (the world stopped) ObjectMove re-keys an entry, ObjectFree ends one, and
 * ArenaDelete ends every entry still in that arena (the semispace collector frees a
 * whole space so).  An object's age is the number of collections it survived; when it
 * dies, its (arena, class, age) count goes up.  Per-class live counts and bytes follow
 * every birth and death.
 *
 * At GCFinish, at most every 20 ms (a collection every 50 allocations under GC stress
 * would otherwise flood the stream), the collecting thread encodes a HEAP record (live
 * objects and bytes per class) and a DEATHS record (the deaths counted since the last
 * one) into a queue the writer sends; at the end of the recording the remaining objects
 * go out as one last DEATHS record flagged "alive", with their ages, so that survival
 * curves count every object.  Objects allocated before the recording started are not
 * in the table: their moves and frees are ignored.
 *
 * On Loupe the VM does this bookkeeping itself (com.loupe.functions.SetLifetimeCounting,
 * docs/JVMTI-EXTENSIONS.md: no event per object or move): the agent takes only GCStart
 * and GCFinish, and at each snapshot drains the VM's deaths and live heap per class
 * (DrainLifetimes) into the same tables, then encodes the same records.
 *
 * Locking: one lock guards it all (a spin lock: taken for every allocation, move and death).  An ObjectAlloc callback (on the allocating thread)
 * finishes before its thread can stop for a collection, and the collection callbacks
 * run only with the world stopped, so they never wait for each other; nothing here calls
 * into the VM while holding the lock, except the id lookup, which the VM answers
 * without stopping (it is allowed during collections).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../protocol.h"
#include "agent.h"
#include "heap.h"
#include "objtab.h"
#include "writer.h"

#define LPH_SNAPSHOT_NS 20000000ull
#define LPH_MAX_AGE 255

typedef struct {
    uint64_t key;           /* arena << 40 | class << 8 | age; 0 free */
    uint64_t count, bytes;
} lph_death;

typedef jvmtiError (JNICALL *lph_id_fn)(jvmtiEnv *, ...);
typedef void (JNICALL *lph_death_fn)(void *, jint, jint, const char *, jint, jlong, jlong);
typedef void (JNICALL *lph_live_fn)(void *, const char *, jlong, jlong);

static lpa_spin lph_lock;
static uint64_t *lph_live_n, *lph_live_b;   /* by class string id */
static size_t lph_ncls;
static lph_death *lph_deaths;
static size_t lph_dcap, lph_dcount;
static uint32_t lph_gcs;
static uint64_t lph_last_snapshot, lph_gc_used, lph_gc_capacity;
static lph_id_fn lph_get_id;
static lph_id_fn lph_set_lifetimes, lph_drain_lifetimes;   /* SetLifetimeCounting, DrainLifetimes */
static int lph_vm;                          /* the VM follows the objects (this recording) */
static lph_blob *lph_queue_head, **lph_queue_tail = &lph_queue_head;
static char *lph_arena_names[256];          /* by arena id, kept across recordings */

/* lph_home: a key's slot in a table of cap (a power of two) slots. */
static size_t lph_home(uint64_t key, size_t cap) { return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & (cap - 1); }

/* --- counters ---------------------------------------------------------------------- */

static int lph_class_room(uint32_t cls)
{
    if (cls < lph_ncls)
        return 1;
    size_t n = lph_ncls ? lph_ncls : 256;
    while (n <= cls)
        n *= 2;
    uint64_t *a = realloc(lph_live_n, n * sizeof *a), *b = a ? realloc(lph_live_b, n * sizeof *b) : NULL;
    if (a)
        lph_live_n = a;
    if (!b)
        return 0;
    lph_live_b = b;
    memset(a + lph_ncls, 0, (n - lph_ncls) * sizeof *a);
    memset(b + lph_ncls, 0, (n - lph_ncls) * sizeof *b);
    lph_ncls = n;
    return 1;
}

static size_t lph_dslot(uint64_t key)
{
    size_t i = lph_home(key, lph_dcap);
    while (lph_deaths[i].key && lph_deaths[i].key != key)
        i = (i + 1) & (lph_dcap - 1);
    return i;
}

/* lph_count_deaths: n more objects of (arena, class, age), of size bytes in all. */
static void lph_count_deaths(int32_t arena, uint32_t cls, uint32_t age, uint64_t n, uint64_t size)
{
    if ((lph_dcount + 1) * 2 > lph_dcap) {
        size_t cap = lph_dcap ? lph_dcap * 2 : 1024, oldcap = lph_dcap;
        lph_death *t = calloc(cap, sizeof *t), *old = lph_deaths;
        if (!t) {
            atomic_fetch_add(&lpa.dropped, 1);
            return;
        }
        lph_deaths = t, lph_dcap = cap;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].key)
                lph_deaths[lph_dslot(old[i].key)] = old[i];
        free(old);
    }
    uint64_t key = (uint64_t)(uint32_t)arena << 40 | (uint64_t)cls << 8 | (age > LPH_MAX_AGE ? LPH_MAX_AGE : age);
    static size_t last;     /* the slot of the last death's key (most deaths repeat it) */
    if (last >= lph_dcap || lph_deaths[last].key != key)
        last = lph_dslot(key);
    lph_death *d = &lph_deaths[last];
    if (!d->key)
        d->key = key, lph_dcount++;
    d->count += n;
    d->bytes += size;
}

static void lph_count_death(int32_t arena, uint32_t cls, uint32_t age, uint32_t size)
{
    lph_count_deaths(arena, cls, age, 1, size);
}

/* lph_age: the age of an object that dies in the collection under way. */
static uint32_t lph_age(const lpo_obj *o) { return lph_gcs > o->birth + 1 ? lph_gcs - o->birth - 1 : 0; }

/* lph_die: the object o, out of the table, is dead. */
static void lph_die(const lpo_obj *o)
{
    lph_count_death(o->arena, o->cls, lph_age(o), o->size);
    lph_live_n[o->cls]--;
    lph_live_b[o->cls] -= o->size;
}

/* lph_forget: the object o left the table for want of memory: no longer counted. */
static void lph_forget(const lpo_obj *o)
{
    lph_live_n[o->cls]--;
    lph_live_b[o->cls] -= o->size;
    atomic_fetch_add(&lpa.dropped, 1);
}

/* --- records for the writer -------------------------------------------------------------- */

static void lph_put(lph_blob *b, uint64_t v)
{
    if (b->len + 10 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        uint8_t *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p, b->cap = cap;
    }
    b->len += lp_put_varint(b->p + b->len, v);
}

static void lph_enqueue(lph_blob *b)
{
    if (b->failed) {
        free(b->p);
        free(b);
        atomic_fetch_add(&lpa.dropped, 1);
        return;
    }
    *lph_queue_tail = b;
    lph_queue_tail = &b->next;
}

static lph_blob *lph_blob_new(int type)
{
    lph_blob *b = calloc(1, sizeof *b);
    if (b)
        b->type = type;
    return b;
}

static uint64_t lph_us(void)
{
    uint64_t now = lpa_now_ns();
    return now > lpa.start_ns ? (now - lpa.start_ns) / 1000 : 0;
}

/* lph_heap_record: live objects and bytes of every class that has any. */
static void lph_heap_record(void)
{
    lph_blob *b = lph_blob_new(LP_REC_HEAP);
    if (!b)
        return;
    size_t n = 0;
    for (size_t c = 0; c < lph_ncls; c++)
        n += lph_live_n[c] != 0;
    lph_put(b, lph_us()), lph_put(b, lph_gcs), lph_put(b, lph_gc_used), lph_put(b, lph_gc_capacity);
    lph_put(b, n);
    for (size_t c = 0; c < lph_ncls; c++)
        if (lph_live_n[c])
            lph_put(b, c), lph_put(b, lph_live_n[c]), lph_put(b, lph_live_b[c]);
    lph_enqueue(b);
}

/* lph_deaths_record: the counted deaths (alive: the objects still alive, at the end). */
static void lph_deaths_record(int alive)
{
    if (!lph_dcount)
        return;
    lph_blob *b = lph_blob_new(LP_REC_DEATHS);
    if (!b)
        return;
    lph_put(b, lph_us()), lph_put(b, lph_gcs), lph_put(b, (uint64_t)alive), lph_put(b, lph_dcount);
    for (size_t i = 0; i < lph_dcap; i++) {
        lph_death *d = &lph_deaths[i];
        if (!d->key)
            continue;
        lph_put(b, d->key >> 40), lph_put(b, (d->key >> 8) & 0xffffffffu), lph_put(b, d->key & 0xff);
        lph_put(b, d->count), lph_put(b, d->bytes);
        memset(d, 0, sizeof *d);
    }
    lph_dcount = 0;
    lph_enqueue(b);
}

static void lph_arena_record(jint arena, const char *name)
{
    lph_blob *b = lph_blob_new(LP_REC_ARENA);
    if (!b)
        return;
    lph_put(b, lph_us()), lph_put(b, (uint64_t)arena), lph_put(b, name ? lpw_intern_str(name) : 0);
    lph_enqueue(b);
}

/* --- the VM's lifetimes (SetLifetimeCounting) ---------------------------------------------- */

/* lph_vm_death: objects of (arena, class, age) that died since the last drain (alive 0),
 * or are alive at the end with that age (alive 1). */
static void JNICALL lph_vm_death(void *data, jint alive, jint arena, const char *sig, jint age, jlong objects,
                                 jlong bytes)
{
    lph_count_deaths(arena, (uint32_t)lpw_intern_signature(sig), (uint32_t)age, (uint64_t)objects, (uint64_t)bytes);
}

/* lph_vm_live: the live objects and bytes of a class. */
static void JNICALL lph_vm_live(void *data, const char *sig, jlong objects, jlong bytes)
{
    uint32_t cls = (uint32_t)lpw_intern_signature(sig);
    if (lph_class_room(cls))
        lph_live_n[cls] = (uint64_t)objects, lph_live_b[cls] = (uint64_t)bytes;
}

/* lph_vm_drain: the VM's deaths since the last drain (and with alive, the objects alive)
 * into the deaths table, its live heap into the class counts (lock held; the world
 * stopped, or the VM no longer following). */
static void lph_vm_drain(int alive)
{
    if (lph_ncls)
        memset(lph_live_n, 0, lph_ncls * sizeof *lph_live_n), memset(lph_live_b, 0, lph_ncls * sizeof *lph_live_b);
    jvmtiError e = lph_drain_lifetimes(lpa.jvmti, (jboolean)(alive ? JNI_TRUE : JNI_FALSE), (lph_death_fn)lph_vm_death,
                                       (lph_live_fn)lph_vm_live, NULL);
    if (e != JVMTI_ERROR_NONE)
        atomic_fetch_add(&lpa.dropped, 1);
}

int lpa_heap_vm(void) { return lph_vm; }

/* --- the events ------------------------------------------------------------------------- */

/* lpa_heap_alloc: an object allocated (its ObjectAlloc callback, the allocating thread). */
void lpa_heap_alloc(jobject object, uint64_t cls, jlong size, jint arena)
{
    jlong id = 0;
    if (!lph_get_id || lph_get_id(lpa.jvmti, object, &id) != JVMTI_ERROR_NONE || !id)
        return;
    lpo_obj o = {(uint32_t)cls, (uint32_t)(size > 0xffffffffLL ? 0xffffffffu : (uint32_t)size), 0, arena};
    lpa_spin_lock(&lph_lock);
    o.birth = lph_gcs;
    if (lph_class_room(o.cls) && lpo_put((uint64_t)id, &o)) {
        lph_live_n[o.cls]++;
        lph_live_b[o.cls] += o.size;
    } else {
        atomic_fetch_add(&lpa.dropped, 1);
    }
    lpa_spin_unlock(&lph_lock);
}

static void JNICALL lph_free(jvmtiEnv *jvmti, ...)
{
    va_list ap;
    va_start(ap, jvmti);
    jlong id = va_arg(ap, jlong);
    va_end(ap);
    lpo_obj o;
    lpa_spin_lock(&lph_lock);
    if (lpo_take((uint64_t)id, &o))
        lph_die(&o);
    lpa_spin_unlock(&lph_lock);
}

static void JNICALL lph_move(jvmtiEnv *jvmti, ...)
{
    va_list ap;
    va_start(ap, jvmti);
    jlong old_id = va_arg(ap, jlong);
    jint old_arena = va_arg(ap, jint);
    jlong new_id = va_arg(ap, jlong);
    jint new_arena = va_arg(ap, jint);
    va_end(ap);
    (void)old_arena;
    lpo_obj o;
    lpa_spin_lock(&lph_lock);
    if (lpo_take((uint64_t)old_id, &o)) {
        o.arena = new_arena;
        if (!lpo_put((uint64_t)new_id, &o))
            lph_forget(&o);
    }
    lpa_spin_unlock(&lph_lock);
}

static void JNICALL lph_arena_new(jvmtiEnv *jvmti, ...)
{
    va_list ap;
    va_start(ap, jvmti);
    jint arena = va_arg(ap, jint);
    const char *name = va_arg(ap, const char *);
    va_end(ap);
    lpa_spin_lock(&lph_lock);
    if (arena >= 0 && arena < 256 && name && (!lph_arena_names[arena] || strcmp(lph_arena_names[arena], name))) {
        free(lph_arena_names[arena]);
        lph_arena_names[arena] = strdup(name);
    }
    if (atomic_load_explicit(&lpa.active, memory_order_acquire))
        lph_arena_record(arena, name);
    lpa_spin_unlock(&lph_lock);
}

/* lph_die_in: an object of the arena *ctx dies (leaves the table). */
static int lph_die_in(lpo_obj *o, void *ctx)
{
    if (o->arena != *(jint *)ctx)
        return 0;
    lph_die(o);
    return 1;
}

/* lph_arena_delete: every object still in the arena is gone. */
static void JNICALL lph_arena_delete(jvmtiEnv *jvmti, ...)
{
    va_list ap;
    va_start(ap, jvmti);
    jint arena = va_arg(ap, jint);
    va_end(ap);
    lpa_spin_lock(&lph_lock);
    lpo_each(lph_die_in, &arena);
    lpa_spin_unlock(&lph_lock);
}

static void JNICALL lph_gc_start(jvmtiEnv *jvmti, ...)
{
    lpa_spin_lock(&lph_lock);
    lph_gcs++;
    lpa_spin_unlock(&lph_lock);
}

static void JNICALL lph_gc_finish(jvmtiEnv *jvmti, ...)
{
    va_list ap;
    va_start(ap, jvmti);
    jlong used = va_arg(ap, jlong), capacity = va_arg(ap, jlong);
    va_end(ap);
    uint64_t now = lpa_now_ns();
    lpa_spin_lock(&lph_lock);
    lph_gc_used = (uint64_t)used, lph_gc_capacity = (uint64_t)capacity;
    if (!lph_last_snapshot || now - lph_last_snapshot >= LPH_SNAPSHOT_NS) {
        lph_last_snapshot = now;
        if (lph_vm)
            lph_vm_drain(0);
        lph_heap_record();
        lph_deaths_record(0);
    }
    lpa_spin_unlock(&lph_lock);
}

/* --- switching it on and off -------------------------------------------------------------- */

/* The extension events this file takes, found by id. */
static const struct {
    const char *id;
    jvmtiExtensionEvent cb;
    int with_vm;            /* taken also while the VM follows the objects */
} lph_events[] = {
    {"com.loupe.events.ArenaNew", (jvmtiExtensionEvent)lph_arena_new, 1},    /* first: always on */
    {"com.loupe.events.ObjectFree", (jvmtiExtensionEvent)lph_free, 0},
    {"com.loupe.events.ObjectMove", (jvmtiExtensionEvent)lph_move, 0},
    {"com.loupe.events.ArenaDelete", (jvmtiExtensionEvent)lph_arena_delete, 0},
    {"com.loupe.events.GCStart", (jvmtiExtensionEvent)lph_gc_start, 1},
    {"com.loupe.events.GCFinish", (jvmtiExtensionEvent)lph_gc_finish, 1},
};
#define LPH_NEVENTS (sizeof lph_events / sizeof lph_events[0])
static jint lph_index[LPH_NEVENTS];

/* lpa_find_ext_function: the extension function with this id, or NULL. */
jvmtiExtensionFunction lpa_find_ext_function(const char *id)
{
    jint n = 0;
    jvmtiExtensionFunctionInfo *fi = NULL;
    jvmtiExtensionFunction found = NULL;
    if ((*lpa.jvmti)->GetExtensionFunctions(lpa.jvmti, &n, &fi) != JVMTI_ERROR_NONE)
        return NULL;
    for (jint i = 0; i < n; i++) {
        if (!found && fi[i].id && !strcmp(fi[i].id, id))
            found = fi[i].func;
        for (jint p = 0; p < fi[i].param_count; p++)
            (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)fi[i].params[p].name);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)fi[i].params);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)fi[i].errors);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)fi[i].id);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)fi[i].short_description);
    }
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)fi);
    return found;
}

/* lpa_heap_available: whether this VM has what events=live needs (finds it all); if so,
 * watches arenas from now on, so that the ones made at the heap's creation have names. */
int lpa_heap_available(jint (*find_event)(const char *id))
{
    lph_get_id = (lph_id_fn)lpa_find_ext_function("com.loupe.functions.GetObjectId");
    lph_set_lifetimes = (lph_id_fn)lpa_find_ext_function("com.loupe.functions.SetLifetimeCounting");
    lph_drain_lifetimes = (lph_id_fn)lpa_find_ext_function("com.loupe.functions.DrainLifetimes");
    for (size_t i = 0; i < LPH_NEVENTS; i++)
        if ((lph_index[i] = find_event(lph_events[i].id)) < 0)
            return 0;
    if (!lph_get_id)
        return 0;
    (*lpa.jvmti)->SetExtensionEventCallback(lpa.jvmti, lph_index[0], lph_events[0].cb);
    return 1;
}

/* lpa_heap_reset: forgets an earlier recording's objects (before events are enabled). */
void lpa_heap_reset(void)
{
    lpa_spin_lock(&lph_lock);
    lpo_reset();
    free(lph_deaths);
    lph_deaths = NULL;
    lph_dcap = lph_dcount = 0;
    if (lph_ncls)
        memset(lph_live_n, 0, lph_ncls * sizeof *lph_live_n), memset(lph_live_b, 0, lph_ncls * sizeof *lph_live_b);
    lph_gcs = 0, lph_last_snapshot = 0;
    lpa_spin_unlock(&lph_lock);
}

/* lpa_heap_announce: ARENA records for the arenas that exist (the writer calls it once
 * its string table is fresh). */
void lpa_heap_announce(void)
{
    lpa_spin_lock(&lph_lock);
    for (jint a = 0; a < 256; a++)
        if (lph_arena_names[a])
            lph_arena_record(a, lph_arena_names[a]);
    lpa_spin_unlock(&lph_lock);
}

/* lpa_heap_enable: sets or clears the collection callbacks (ArenaNew stays); on Loupe the
 * VM follows the objects itself (SetLifetimeCounting) and only GCStart and GCFinish come
 * here. */
void lpa_heap_enable(int on)
{
    if (on)
        lph_vm = lph_set_lifetimes && lph_drain_lifetimes &&
                 lph_set_lifetimes(lpa.jvmti, (jboolean)JNI_TRUE) == JVMTI_ERROR_NONE;
    else if (lph_vm)
        lph_set_lifetimes(lpa.jvmti, (jboolean)JNI_FALSE);
    for (size_t i = 1; i < LPH_NEVENTS; i++)
        (*lpa.jvmti)->SetExtensionEventCallback(lpa.jvmti, lph_index[i],
                                                on && (!lph_vm || lph_events[i].with_vm) ? lph_events[i].cb : NULL);
}

/* lph_count_alive: an object alive at the end lived through every collection since its
 * birth. */
static int lph_count_alive(lpo_obj *o, void *ctx)
{
    lph_count_death(o->arena, o->cls, lph_gcs - o->birth, o->size);
    return 0;
}

/* lpa_heap_final: the end of the recording: a last snapshot, the deaths not sent yet,
 * and every object still alive with its age (the callbacks are off by now). */
void lpa_heap_final(void)
{
    lpa_spin_lock(&lph_lock);
    if (lph_vm)
        lph_vm_drain(0);
    lph_heap_record();
    lph_deaths_record(0);
    if (lph_vm)
        lph_vm_drain(1);
    else
        lpo_each(lph_count_alive, NULL);
    lph_deaths_record(1);
    lpa_spin_unlock(&lph_lock);
}

/* lpa_heap_take: the queued records, oldest first (the caller frees each blob). */
lph_blob *lpa_heap_take(void)
{
    lpa_spin_lock(&lph_lock);
    lph_blob *b = lph_queue_head;
    lph_queue_head = NULL;
    lph_queue_tail = &lph_queue_head;
    lpa_spin_unlock(&lph_lock);
    return b;
}
