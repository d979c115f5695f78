/*
 * jvmti_lifetimes.c — com.loupe.functions.SetLifetimeCounting and DrainLifetimes: every
 * object followed from its birth to its death by the VM itself, its deaths counted per
 * (arena, class, age), for a profiler that wants exact lifetimes without an event per
 * object and per move.
 *
 * An agent can follow objects from the extension events (ObjectAlloc, ObjectMove,
 * ObjectFree, ArenaDelete), but each object then costs an event at its birth (handles,
 * an id lookup, a table insert behind a lock) and one per move, each a call through a
 * variadic callback: BinaryTrees' exact mode spent a third of its time so.  Here a heap
 * event listener of the VM's own (heap/gcevents.c) does the same bookkeeping inline:
 *
 *  - a shadow of the heap (one 4-byte entry per 16-byte granule, in chunks of 64 KB of
 *    heap found through a two-level directory indexed by address) holds each followed
 *    object's arena and the collection count at its birth; its class and size are read
 *    from the object itself when it dies, still whole then (the collectors report a free
 *    or an arena's deletion before the memory is reused, and classes are unloaded after
 *    the collection);
 *  - a birth costs the allocating thread almost nothing: its objects come one after
 *    another out of its TLAB, so it only extends its current run (start, end, arena),
 *    and starts a new one, kept in its own list, when an object does not follow the last.
 *    Every object of a run was born in the same interval between two collections.  The
 *    runs become shadow entries, and per-class birth counts, at the next collection's
 *    start (or when DrainLifetimes or the switch-off needs them), with the world stopped:
 *    a tight walk over objects still whole, one after another (each event that reads
 *    the shadow flushes them first, so none is missed);
 *  - during a collection (the world stopped, one collecting thread) a move re-keys an
 *    entry, a free ends one, an arena's deletion ends every entry left in it (chunks
 *    remember which arenas they hold, so only those are read);
 *  - an object's age is the number of collections it lived through; each death counts
 *    under (arena, class, age), and per class for the live heap, which is what was born
 *    less what died.
 *
 * DrainLifetimes reads all this only while nothing changes it: with the world stopped (a
 * collection's callback, GCFinish) or after counting was switched off (the switch stops
 * the world, counts the objects still followed as alive and drops the shadow, whose
 * addresses the next collections would make stale).  Symbols live as long as the VM, so
 * the counts keep a class's name even after the class is unloaded.  Counts are exact:
 * every object allocated while counting is born once and dies once (or is reported
 * alive).
 */
#include "jvmti/jvmti_heap.h"
#include "heap/gc.h"
#include "heap/object.h"
#include "classfile/class.h"
#include "runtime/vm.h"
#include <stdarg.h>
#include <string.h>

enum {
    GRANULE_BITS = 4,
    CHUNK_BITS = 16,
    PER_CHUNK = 1 << (CHUNK_BITS - GRANULE_BITS),
    DIR_BITS = 16,              /* chunks per 4 GB */
    TOP_BITS = 47 - CHUNK_BITS - DIR_BITS,
    MAX_ARENA = 255,
    MAX_AGE = 255,
};

/* (birth + 1) << 9 | odd << 8 | arena, the birth a collection count, odd set when the
 * object starts 8 bytes into its granule (objects are 8-byte aligned and at least 16
 * bytes long: one starts in a granule at most); 0: no object starts here */
typedef uint32_t LtObj;
#define LT_BIRTH(e) (((e) >> 9) - 1)
#define LT_ODD(e) (((e) >> 8) & 1)
#define LT_ODD_BIT (1u << 8)
#define LT_ARENA(e) ((int)((e) & 0xff))
#define LT_MAX_BIRTH 0x7ffffeu

typedef struct {
    uint64_t arenas;            /* bit a: may hold objects of arena a (a < 64); bit 63 all others */
    LtObj o[PER_CHUNK];
} LtChunk;

typedef struct {
    Symbol *name;               /* NULL: free */
    uint64_t objects, bytes;
} LtClass;

typedef struct {
    char *start, *end;          /* objects allocated one after another, of one arena */
    int arena;
} LtRun;

typedef struct LtThread {       /* a thread's runs, not yet in the shadow */
    struct LtThread *next;
    LtRun cur;                  /* the run the thread extends (start NULL: none) */
    LtRun *runs;                /* the runs it ended */
    size_t n, cap;
} LtThread;

typedef struct {
    uint64_t key;               /* arena << 8 | age, with name: 0 and NULL free */
    Symbol *name;
    uint64_t objects, bytes;
} LtDeath;

typedef struct {                /* counts by (arena, age, class) */
    LtDeath *v, *last;
    size_t cap, count;
} LtDeaths;

static LtChunk **lt_dir[1 << TOP_BITS];
static uint32_t lt_session, lt_gcs;
static LtThread *lt_threads;            /* pushed with a CAS; freed with the world stopped */
static _Thread_local LtThread *my_runs;
static _Thread_local uint32_t my_session;       /* my_runs's (it may be freed since) */
static volatile bool lt_runs_new;       /* a run was started since the last flush */
static LtClass *lt_born;                /* per class: births (flushed runs) */
static uint32_t lt_born_cap, lt_born_n;
static LtDeaths lt_dead;                /* the collection's alone */
static LtDeaths lt_alive;               /* the objects followed when counting was switched off */
static LtClass *lt_died;                /* per class, for the live heap */
static uint32_t lt_died_cap, lt_died_n;
static JvmtiEnv *lt_env;
static volatile bool lt_on;
static pthread_mutex_t lt_lock = PTHREAD_MUTEX_INITIALIZER;   /* the switch */

static uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

/* ---- the shadow table ---- */

static inline uint64_t arena_bit(int arena) { return arena < 63 ? 1ull << arena : 1ull << 63; }

/* The chunk of address a, made when make is set (NULL: none). */
static LtChunk *chunk_of(uintptr_t a, bool make) {
    size_t top = (a >> (CHUNK_BITS + DIR_BITS)) & ((1u << TOP_BITS) - 1), mid = (a >> CHUNK_BITS) & ((1u << DIR_BITS) - 1);
    LtChunk **d = __atomic_load_n(&lt_dir[top], __ATOMIC_ACQUIRE);
    if (unlikely(!d)) {
        if (!make) return NULL;
        LtChunk **fresh = vm_calloc((size_t)1 << DIR_BITS, sizeof *fresh), **none = NULL;
        if (__atomic_compare_exchange_n(&lt_dir[top], &none, fresh, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) d = fresh;
        else vm_free(fresh), d = none;
    }
    LtChunk *c = __atomic_load_n(&d[mid], __ATOMIC_ACQUIRE);
    if (unlikely(!c)) {
        if (!make) return NULL;
        LtChunk *fresh = vm_calloc(1, sizeof *fresh), *none = NULL;
        if (__atomic_compare_exchange_n(&d[mid], &none, fresh, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) c = fresh;
        else vm_free(fresh), c = none;
    }
    return c;
}

static inline LtObj *entry(LtChunk *c, uintptr_t a) { return &c->o[(a >> GRANULE_BITS) & (PER_CHUNK - 1)]; }

/* The chunk of address a, made if missing, through the calling thread's last one (an
 * allocating thread's objects lie one after another). */
static _Thread_local struct { uintptr_t base; LtChunk *c; uint32_t session; } my_chunk;

static LtChunk *chunk_made(uintptr_t a) {
    uintptr_t base = a >> CHUNK_BITS;
    if (likely(my_chunk.c && my_chunk.base == base && my_chunk.session == lt_session)) return my_chunk.c;
    LtChunk *c = chunk_of(a, true);
    my_chunk.base = base, my_chunk.c = c, my_chunk.session = lt_session;
    return c;
}

static inline LtObj entry_of(uintptr_t a, uint32_t birth, int arena) {
    return (birth < LT_MAX_BIRTH ? birth + 1 : LT_MAX_BIRTH + 1) << 9 | (uint32_t)((a >> 3) & 1) << 8 | (uint32_t)arena;
}

static inline void chunk_holds(LtChunk *c, int arena) {
    uint64_t bit = arena_bit(arena);
    if (unlikely(!(__atomic_load_n(&c->arenas, __ATOMIC_RELAXED) & bit))) __atomic_fetch_or(&c->arenas, bit, __ATOMIC_RELAXED);
}

static void put(uintptr_t a, uint32_t birth, int arena) {
    LtChunk *c = chunk_made(a);
    chunk_holds(c, arena);
    *entry(c, a) = entry_of(a, birth, arena);
}

static struct { uintptr_t base; LtChunk *c; } taken;  /* take's last chunk (one thread: the collection's) */

/* Takes the entry at a (0: none there). */

static LtObj take(uintptr_t a) {
    if (a >> CHUNK_BITS != taken.base || !taken.c) taken.base = a >> CHUNK_BITS, taken.c = chunk_of(a, false);
    LtChunk *c = taken.c;
    if (!c) return 0;
    LtObj *e = entry(c, a), o = *e;
    *e = 0;
    return o;
}

/* Calls fn on every entry (of arena, or of all when arena < 0) with its object; entries
 * for which it returns true are emptied.  Inlined, fn with it: an arena's deletion calls
 * it once per object that dies. */
static inline __attribute__((always_inline)) void each(int arena, bool (*fn)(Object *o, LtObj e, void *ctx),
                                                      void *ctx) {
    uint64_t bit = arena >= 0 ? arena_bit(arena) : ~0ull;
    for (size_t top = 0; top < ARRAY_LEN(lt_dir); top++) {
        LtChunk **d = lt_dir[top];
        for (size_t mid = 0; d && mid < (1u << DIR_BITS); mid++) {
            LtChunk *c = d[mid];
            if (!c || !(c->arenas & bit)) continue;
            uintptr_t base = ((uintptr_t)top << (CHUNK_BITS + DIR_BITS)) | (uintptr_t)mid << CHUNK_BITS;
            bool left = false;
            for (int k = 0; k < PER_CHUNK; k++) {
                LtObj e = c->o[k];
                if (!e || (arena >= 0 && LT_ARENA(e) != arena)) continue;
                if (fn((Object *)(base | (uintptr_t)k << GRANULE_BITS | (uintptr_t)LT_ODD(e) << 3), e, ctx)) c->o[k] = 0;
                else left = true;
            }
            if (arena >= 0 && arena < 63 && !left) c->arenas &= ~bit;
        }
    }
}

static void table_free(void) {
    taken.c = NULL;
    for (size_t top = 0; top < ARRAY_LEN(lt_dir); top++) {
        LtChunk **d = lt_dir[top];
        for (size_t mid = 0; d && mid < (1u << DIR_BITS); mid++) vm_free(d[mid]);
        vm_free(d);
        lt_dir[top] = NULL;
    }
}

/* ---- per-class counts (births per thread, deaths) ---- */

static LtClass *class_slot(LtClass *t, uint32_t cap, const Symbol *name) {
    size_t i = (size_t)mix((uintptr_t)name) & (cap - 1);
    while (t[i].name && t[i].name != name) i = (i + 1) & (cap - 1);
    return &t[i];
}

/* The counts of name in *t (cap *cap, *n used), made if new. */
static LtClass *class_count(LtClass **t, uint32_t *cap, uint32_t *n, Symbol *name) {
    if ((*n + 1) * 2 > *cap) {
        uint32_t ncap = *cap ? *cap * 2 : 256;
        LtClass *g = vm_calloc(ncap, sizeof *g);
        for (uint32_t i = 0; i < *cap; i++)
            if ((*t)[i].name) *class_slot(g, ncap, (*t)[i].name) = (*t)[i];
        vm_free(*t);
        *t = g, *cap = ncap;
    }
    LtClass *c = class_slot(*t, *cap, name);
    if (!c->name) c->name = name, ++*n;
    return c;
}

static __attribute__((noinline, cold)) LtThread *runs_new(uint32_t s) {
    LtThread *b = vm_calloc(1, sizeof *b);
    my_session = s;
    b->next = __atomic_load_n(&lt_threads, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&lt_threads, &b->next, b, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {}
    return my_runs = b;
}

/* The calling thread's runs of the current session, made if it has none. */
static inline LtThread *runs_of(void) {
    uint32_t s = __atomic_load_n(&lt_session, __ATOMIC_ACQUIRE);
    if (likely(my_runs && my_session == s)) return my_runs;
    return runs_new(s);
}

/* o's size: an instance's from its class, anything else from the heap. */
static inline size_t size_of(Object *o) {
    const Class *k = o->klass;
    return likely(!(k->flags & (CF_ARRAY | CF_MIRROR))) ? k->instance_size : heap_object_size(o);
}

static inline uint32_t object_size(Object *o) {
    size_t size = size_of(o);
    return size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
}

/* ---- runs ---- */

/* Ends b's current run (kept in its list) and starts one at o. */
static __attribute__((noinline, cold)) void run_start(LtThread *b, char *o, size_t size, int arena) {
    if (b->cur.start) {
        if (b->n == b->cap) {
            b->cap = b->cap ? b->cap * 2 : 64;
            b->runs = vm_realloc(b->runs, b->cap * sizeof *b->runs);
        }
        b->runs[b->n++] = b->cur;
    }
    b->cur = (LtRun){ o, o + size, arena };
    __atomic_store_n(&lt_runs_new, true, __ATOMIC_RELAXED);
}

static void born(Symbol *name, uint64_t objects, uint64_t bytes) {
    if (!objects) return;
    LtClass *c = class_count(&lt_born, &lt_born_cap, &lt_born_n, name);
    c->objects += objects;
    c->bytes += bytes;
}

/* The objects of run r into the shadow, born in the interval under way, and counted. */
static void run_flush(const LtRun *r) {
    int arena = r->arena > MAX_ARENA ? MAX_ARENA : r->arena;
    LtObj even = entry_of(0, lt_gcs, arena);
    Symbol *name = (Symbol *)&lt_born;     /* none yet (no class has this name) */
    uint64_t objects = 0, bytes = 0;        /* of name, since it changed */
    LtChunk *chunk = NULL;
    uintptr_t base = UINTPTR_MAX;
    for (char *p = r->start; p < r->end;) {
        Object *o = (Object *)p;
        size_t size = size_of(o);
        if (unlikely(size - 1 >= (size_t)(r->end - p))) break;     /* not whole: never so */
        if (unlikely(o->klass->name != name)) {
            if (heap_is_filler(o)) {        /* an object reshaped since (heap/reshape.c) */
                p += size;
                continue;
            }
            born(name, objects, bytes);
            name = o->klass->name, objects = bytes = 0;
        }
        objects++;
        bytes += size;
        if (unlikely((uintptr_t)p >> CHUNK_BITS != base)) {
            base = (uintptr_t)p >> CHUNK_BITS;
            chunk_holds(chunk = chunk_of((uintptr_t)p, true), arena);
        }
        *entry(chunk, (uintptr_t)p) = even | (uint32_t)(((uintptr_t)p >> 3) & 1) << 8;
        p += size;
    }
    born(name, objects, bytes);
}
/* Every thread's runs into the shadow (the world stopped). */
static void runs_flush(void) {
    if (!__atomic_load_n(&lt_runs_new, __ATOMIC_RELAXED)) return;
    lt_runs_new = false;
    for (LtThread *b = __atomic_load_n(&lt_threads, __ATOMIC_ACQUIRE); b; b = b->next) {
        for (size_t i = 0; i < b->n; i++) run_flush(&b->runs[i]);
        if (b->cur.start) run_flush(&b->cur);
        b->n = 0;
        b->cur = (LtRun){ NULL, NULL, 0 };
    }
}

/* ---- deaths ---- */

static LtDeath *death_slot(LtDeaths *t, uint64_t key, const Symbol *name) {
    size_t i = (size_t)mix(key * 0x9E3779B97F4A7C15ull ^ (uintptr_t)name) & (t->cap - 1);
    while ((t->v[i].name || t->v[i].key) && (t->v[i].key != key || t->v[i].name != name))
        i = (i + 1) & (t->cap - 1);
    return &t->v[i];
}

/* n more objects of (arena, name, age), of size bytes in all, in table t. */
static void count_deaths(LtDeaths *t, int arena, Symbol *name, uint32_t age, uint64_t n, uint64_t size) {
    if ((t->count + 1) * 2 > t->cap) {
        size_t oldcap = t->cap;
        LtDeath *old = t->v;
        t->cap = oldcap ? oldcap * 2 : 1024;
        t->v = vm_calloc(t->cap, sizeof *t->v);
        t->last = NULL;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].name) *death_slot(t, old[i].key, old[i].name) = old[i];
        vm_free(old);
    }
    uint64_t key = (uint64_t)arena << 8 | (age > MAX_AGE ? MAX_AGE : age);
    if (!t->last || t->last->key != key || t->last->name != name) t->last = death_slot(t, key, name);
    if (!t->last->name) t->last->name = name, t->last->key = key, t->count++;
    t->last->objects += n;
    t->last->bytes += size;
}

static void deaths_clear(LtDeaths *t) {
    if (t->v) memset(t->v, 0, t->cap * sizeof *t->v);
    t->count = 0;
    t->last = NULL;
}

static void deaths_free(LtDeaths *t) {
    vm_free(t->v);
    memset(t, 0, sizeof *t);
}

/* The age of an object born in collection birth, dying in the one under way. */
static uint32_t age_at_death(uint32_t birth) { return lt_gcs > birth + 1 ? lt_gcs - birth - 1 : 0; }


/* n objects of class name and size bytes in all, of entry e, died in the collection
 * under way. */
static void die(Symbol *name, LtObj e, uint64_t n, uint64_t size) {
    count_deaths(&lt_dead, LT_ARENA(e), name, age_at_death(LT_BIRTH(e)), n, size);
    LtClass *c = class_count(&lt_died, &lt_died_cap, &lt_died_n, name);
    c->objects += n;
    c->bytes += size;
}

/* ---- the listener ---- */

static __attribute__((noinline)) void on_alloc_slow(int arena, Object *o, size_t size) {
    LtThread *b = runs_of();
    if ((char *)o == b->cur.end && arena == b->cur.arena) b->cur.end = (char *)o + size;
    else run_start(b, (char *)o, size, arena);
}

/* An object that follows the thread's last: its run grows (no call, no frame). */
static void on_alloc(Thread *t, int arena, Object *o, size_t size) {
    LtThread *b = my_runs;
    if (likely(b && my_session == __atomic_load_n(&lt_session, __ATOMIC_ACQUIRE) && (char *)o == b->cur.end &&
               arena == b->cur.arena))
        b->cur.end = (char *)o + size;
    else
        on_alloc_slow(arena, o, size);
}

static void on_free(Object *o) {
    if (unlikely(lt_runs_new)) runs_flush();
    LtObj e = take((uintptr_t)o);
    if (e && o->klass->name) die(o->klass->name, e, 1, object_size(o));
}

static void on_move(int old_arena, Object *from, int new_arena, Object *to) {
    if (unlikely(lt_runs_new)) runs_flush();
    LtObj e = take((uintptr_t)from);
    if (e) put((uintptr_t)to, LT_BIRTH(e), new_arena > MAX_ARENA ? MAX_ARENA : new_arena);
}

/* Deaths in a run of entries of one class, birth and arena (an arena's deletion meets
 * long ones: objects allocated together die together), counted at once. */
typedef struct {
    Symbol *name;
    LtObj e;
    uint64_t objects, bytes;
} DeathRun;

static void death_run_end(DeathRun *r) {
    if (r->objects) die(r->name, r->e, r->objects, r->bytes);
    r->objects = r->bytes = 0;
}

static bool die_in(Object *o, LtObj e, void *ctx) {
    DeathRun *r = ctx;
    Symbol *name = o->klass->name;
    if (unlikely(!name)) return true;   /* a filler where an object was reshaped (heap/reshape.c) */
    e &= ~LT_ODD_BIT;                   /* where in its granule an object starts: not a count's key */
    if (name != r->name || e != r->e) {
        death_run_end(r);
        r->name = name, r->e = e;
    }
    r->objects++;
    r->bytes += object_size(o);
    return true;
}

static void on_arena_delete(int arena) {
    runs_flush();
    DeathRun r = { NULL, 0, 0, 0 };
    each(arena, die_in, &r);
    death_run_end(&r);
}

/* The runs of the interval that ends are flushed with its count (their births). */
static void on_gc_start(void) {
    runs_flush();
    lt_gcs++;
}

static const GCEventListener lt_listener = {
    NULL, on_arena_delete, on_alloc, on_free, on_move, on_gc_start, NULL,
};

#define LT_EVENTS                                                                                        \
    (1u << GCE_ARENA_DELETE | 1u << GCE_OBJECT_ALLOC | 1u << GCE_OBJECT_FREE | 1u << GCE_OBJECT_MOVE | \
     1u << GCE_GC_START)

/* ---- the extension functions ---- */

/* Forgets everything (the world stopped, or not yet running). */
static void reset(void) {
    table_free();
    for (LtThread *b = lt_threads, *next; b; b = next) {
        next = b->next;
        vm_free(b->runs);
        vm_free(b);
    }
    lt_threads = NULL;
    lt_runs_new = false;
    vm_free(lt_born);
    lt_born = NULL;
    lt_born_cap = lt_born_n = 0;
    deaths_free(&lt_dead), deaths_free(&lt_alive);
    vm_free(lt_died);
    lt_died = NULL;
    lt_died_cap = lt_died_n = 0;
    lt_gcs = 0;
    __atomic_store_n(&lt_session, lt_session + 1, __ATOMIC_RELEASE);
}

/* An object followed, alive now: counted in lt_alive with the age it has. */
static void alive_run_end(DeathRun *r) {
    if (r->objects) count_deaths(&lt_alive, LT_ARENA(r->e), r->name, lt_gcs - LT_BIRTH(r->e), r->objects, r->bytes);
    r->objects = r->bytes = 0;
}

static bool count_alive(Object *o, LtObj e, void *ctx) {
    DeathRun *r = ctx;
    Symbol *name = o->klass->name;
    if (unlikely(!name)) return true;   /* a filler: nothing followed there now */
    e &= ~LT_ODD_BIT;
    if (name != r->name || e != r->e) {
        alive_run_end(r);
        r->name = name, r->e = e;
    }
    r->objects++;
    r->bytes += object_size(o);
    return false;
}

/* Every object followed into lt_alive, with the age it has now. */
static void count_all_alive(void) {
    DeathRun r = { NULL, 0, 0, 0 };
    deaths_clear(&lt_alive);
    each(-1, count_alive, &r);
    alive_run_end(&r);
}

/* Counting switched off: the objects followed are counted alive as they are now and the
 * shadow is dropped, with the world stopped (the next collections would make its
 * addresses stale). */
static void stop_following(Thread *t) {
    bool stop = t && vm_phase_now() >= VM_PHASE_PRIMORDIAL;
    if (stop) safepoint_begin(t);
    gc_remove_listener(NULL, &lt_listener);
    runs_flush();
    count_all_alive();
    table_free();
    if (stop) safepoint_end(t);
}

/* com.loupe.functions.SetLifetimeCounting(jvmtiEnv*, jboolean on): on forgets what an
 * earlier session followed and follows every object allocated from now on; off stops
 * (what was followed stays for DrainLifetimes, the objects still followed counted alive). */
jvmtiError JNICALL jvmti_ext_SetLifetimeCounting(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jboolean on = (jboolean)va_arg(ap, int);
    va_end(ap);
    JvmtiEnv *env = jvmti_env(e);
    if (!env || !__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    Thread *t = thread_current();
    int old = t ? thread_enter_vm(t) : 0;
    jvmtiError err = JVMTI_ERROR_NONE;
    if (t && pthread_mutex_trylock(&lt_lock)) {     /* waits as a blocked thread: the holder may stop the world */
        int was = thread_block_begin(t);
        pthread_mutex_lock(&lt_lock);
        thread_block_end(t, was);
    } else if (!t) {
        pthread_mutex_lock(&lt_lock);
    }
    if (lt_env && lt_env != env) {
        err = JVMTI_ERROR_NOT_AVAILABLE;
    } else if (on) {
        bool stop = t && vm_phase_now() >= VM_PHASE_PRIMORDIAL;
        if (lt_on) gc_remove_listener(t, &lt_listener);
        if (stop) safepoint_begin(t);
        reset();
        if (stop) safepoint_end(t);
        lt_env = env;
        lt_on = true;
        gc_add_listener(t, &lt_listener, LT_EVENTS);
    } else if (lt_on) {
        stop_following(t);
        lt_env = NULL;
        lt_on = false;
    }
    pthread_mutex_unlock(&lt_lock);
    if (t) thread_leave_vm(t, old);
    return err;
}

typedef void (JNICALL *DeathFn)(void *data, jint alive, jint arena, const char *class_signature, jint age,
                                jlong objects, jlong bytes);
typedef void (JNICALL *LiveFn)(void *data, const char *class_signature, jlong objects, jlong bytes);

static void report_deaths(LtDeaths *t, DeathFn fn, void *data, jint alive, char *sig, size_t cap) {
    for (size_t i = 0; i < t->cap; i++) {
        LtDeath *d = &t->v[i];
        if (!d->name) continue;
        jvmti_class_signature_of(d->name, sig, cap);
        fn(data, alive, (jint)(d->key >> 8), sig, (jint)(d->key & 0xff), (jlong)d->objects, (jlong)d->bytes);
    }
    deaths_clear(t);
}

/* The live heap per class: what was born less what died. */
static void report_live(LiveFn fn, void *data, char *sig, size_t cap) {
    for (uint32_t i = 0; i < lt_born_cap; i++) {
        LtClass *c = &lt_born[i];
        if (!c->name) continue;
        LtClass *d = lt_died_cap ? class_slot(lt_died, lt_died_cap, c->name) : NULL;
        uint64_t n = c->objects - (d && d->name ? d->objects : 0), b = c->bytes - (d && d->name ? d->bytes : 0);
        if (!n) continue;
        jvmti_class_signature_of(c->name, sig, cap);
        fn(data, sig, (jlong)n, (jlong)b);
    }
}

/* com.loupe.functions.DrainLifetimes(jvmtiEnv*, jboolean alive, death_fn, live_fn, void
 * *data): the deaths counted since the last drain (alive 0), then with alive set every
 * object still followed with its age (alive 1), then the live heap per class. */
jvmtiError JNICALL jvmti_ext_DrainLifetimes(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jboolean alive = (jboolean)va_arg(ap, int);
    DeathFn death_fn = va_arg(ap, DeathFn);
    LiveFn live_fn = va_arg(ap, LiveFn);
    void *data = va_arg(ap, void *);
    va_end(ap);
    JvmtiEnv *env = jvmti_env(e);
    if (!env || !__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    if (!death_fn || !live_fn) return JVMTI_ERROR_NULL_POINTER;
    if (lt_on && !atomic_load(&safepoint_pending)) return JVMTI_ERROR_NOT_AVAILABLE;   /* it would change meanwhile */
    char sig[1024];
    if (lt_on) runs_flush();
    report_deaths(&lt_dead, death_fn, data, 0, sig, sizeof sig);
    if (alive) {
        if (lt_on) count_all_alive();
        report_deaths(&lt_alive, death_fn, data, 1, sig, sizeof sig);
    }
    report_live(live_fn, data, sig, sizeof sig);
    return JVMTI_ERROR_NONE;
}
