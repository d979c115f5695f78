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
 * event listener of the VM's own (heap/gcevents.c) does the same bookkeeping inline, and
 * most objects, which die young, are never looked at after their birth:
 *
 *  - a birth costs the allocating thread a few instructions: its objects come one after
 *    another out of its TLAB, so it only extends its current run (start, end, arena),
 *    starting a new one when an object does not follow the last, and adds the object to
 *    its own counts by (class, arena);
 *  - a shadow of the heap (one 4-byte entry per 16-byte granule, in chunks of 64 KB of
 *    heap found through a two-level directory indexed by address) holds the arena and
 *    birth of each followed object that has an entry; a move re-keys it, a free ends it
 *    (a death, counted with the class read from the dying object, still whole then), and
 *    an arena's deletion kills the entries it still holds, read in runs of one class and
 *    birth;
 *  - at a collection's start (the world stopped) the runs are read.  Those in the arena
 *    the collection empties (a semispace, a nursery: Collector.evacuated) stay as they
 *    are, pending, and the threads' counts of their births become the young counts by
 *    (arena, class).  Each of their objects either moves out, is found in the pending
 *    runs (a binary search by address), gets its entry then and leaves the young counts,
 *    or dies with the arena: what the young counts still hold at its deletion dies at
 *    age 0, with no object read: deaths by subtraction.  The runs of other arenas, whose
 *    survivors stay in place, are walked, objects still whole, one after another: each
 *    gets its entry and is counted by its class as it is now.  So are all runs when a
 *    reshape (heap/reshape.c: an enhanced redefinition, which reports each reshaped
 *    object's move and leaves a filler behind) may have changed objects since the runs
 *    were last read, and before any event outside a collection that reads the shadow;
 *  - an object's age is the number of collections it lived through; each death counts
 *    under (arena, class, age), and per class for the live heap, which is what was born
 *    less what died.
 *
 * DrainLifetimes reads all this only while nothing changes it: with the world stopped (a
 * collection's callback, GCFinish) or after counting was switched off (the switch stops
 * the world, counts the objects still resident as alive and drops the shadow, whose
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
#include <stdlib.h>
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
    uint32_t live;              /* entries not 0 (an arena's deletion skips a chunk without) */
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

typedef struct {                /* a thread's births of one class in one arena */
    const Class *k;             /* NULL: free */
    int arena;
    uint64_t objects, bytes;
} LtBirth;

typedef struct LtThread {       /* a thread's runs and births, not yet read */
    struct LtThread *next;
    LtRun cur;                  /* the run the thread extends (start NULL: none) */
    LtRun *runs;                /* the runs it ended */
    size_t n, cap;
    LtBirth *births;            /* by (class, arena), open addressing */
    uint32_t bcap, bn;
    LtBirth *last;              /* the births of its last object's class and arena */
} LtThread;

typedef struct {
    uint64_t key;               /* with name: 0 and NULL free */
    Symbol *name;
    uint64_t objects, bytes;
} LtCount;

typedef struct {                /* counts by (key, class) */
    LtCount *v, *last;
    size_t cap, count;
} LtCounts;

static LtChunk **lt_dir[1 << TOP_BITS];
static uint32_t lt_session, lt_gcs;
static LtThread *lt_threads;            /* pushed with a CAS; freed with the world stopped */
static _Thread_local LtThread *my_runs;
static _Thread_local uint32_t my_session;       /* my_runs's (it may be freed since) */
static volatile bool lt_runs_new;       /* a run was started since the runs were last read */
static bool lt_in_gc;                   /* between a collection's start and its finish */
static uint32_t lt_reshapes;            /* heap_reshapes when the runs were last read */
static LtClass *lt_born;                /* per class: births */
static uint32_t lt_born_cap, lt_born_n;
static LtCounts lt_dead;                /* deaths by (arena << 8 | age, class) */
static LtCounts lt_alive;               /* the objects followed when counting was switched off, likewise */
static LtCounts lt_young;               /* the pending runs' objects still there, by (arena, class) */
static struct { LtRun *v; size_t n, cap; } lt_pending;   /* runs of the arena being emptied, by start */
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

static inline int arena_clamp(int arena) { return arena > MAX_ARENA ? MAX_ARENA : arena; }

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

static inline LtObj entry_of(uintptr_t a, uint32_t birth, int arena) {
    return (birth < LT_MAX_BIRTH ? birth + 1 : LT_MAX_BIRTH + 1) << 9 | (uint32_t)((a >> 3) & 1) << 8 | (uint32_t)arena;
}

static inline void chunk_holds(LtChunk *c, int arena) {
    uint64_t bit = arena_bit(arena);
    if (unlikely(!(__atomic_load_n(&c->arenas, __ATOMIC_RELAXED) & bit))) __atomic_fetch_or(&c->arenas, bit, __ATOMIC_RELAXED);
}

/* put's last chunk, known to hold arena bit (puts come from one thread at a time, with
 * the world stopped: a collection's, a reshape's); forgotten when an arena is deleted,
 * which may clear the chunk's bits. */
static struct { uintptr_t base; LtChunk *c; uint64_t bit; } placed;

static inline void put(uintptr_t a, uint32_t birth, int arena) {
    uint64_t bit = arena_bit(arena);
    if (unlikely(!placed.c || a >> CHUNK_BITS != placed.base || placed.bit != bit)) {
        placed.base = a >> CHUNK_BITS, placed.c = chunk_of(a, true), placed.bit = bit;
        chunk_holds(placed.c, arena);
    }
    LtObj *e = entry(placed.c, a);
    placed.c->live += !*e;
    *e = entry_of(a, birth, arena);
}

static struct { uintptr_t base; LtChunk *c; } taken;  /* take's last chunk (one thread: the collection's) */

/* Takes the entry at a (0: none there). */
static LtObj take(uintptr_t a) {
    if (a >> CHUNK_BITS != taken.base || !taken.c) taken.base = a >> CHUNK_BITS, taken.c = chunk_of(a, false);
    LtChunk *c = taken.c;
    if (!c) return 0;
    LtObj *e = entry(c, a), o = *e;
    *e = 0;
    c->live -= o != 0;
    return o;
}

/* Calls fn on every entry (of arena, or of all when arena < 0) with its object; entries
 * for which it returns true are emptied.  Inlined, fn with it. */
static inline __attribute__((always_inline)) void each(int arena, bool (*fn)(Object *o, LtObj e, void *ctx),
                                                      void *ctx) {
    uint64_t bit = arena >= 0 ? arena_bit(arena) : ~0ull;
    for (size_t top = 0; top < ARRAY_LEN(lt_dir); top++) {
        LtChunk **d = lt_dir[top];
        for (size_t mid = 0; d && mid < (1u << DIR_BITS); mid++) {
            LtChunk *c = d[mid];
            if (!c || !(c->arenas & bit)) continue;
            if (!c->live) {             /* every entry taken since: most of an emptied arena's chunks */
                if (arena >= 0 && arena < 63) c->arenas &= ~bit;
                continue;
            }
            uintptr_t base = ((uintptr_t)top << (CHUNK_BITS + DIR_BITS)) | (uintptr_t)mid << CHUNK_BITS;
            bool left = false;
            for (int k = 0; k < PER_CHUNK; k++) {
                LtObj e = c->o[k];
                if (!e || (arena >= 0 && LT_ARENA(e) != arena)) continue;
                if (fn((Object *)(base | (uintptr_t)k << GRANULE_BITS | (uintptr_t)LT_ODD(e) << 3), e, ctx)) {
                    c->o[k] = 0;
                    c->live--;
                } else {
                    left = true;
                }
            }
            if (arena >= 0 && arena < 63 && !left) c->arenas &= ~bit;
        }
    }
}

static void table_free(void) {
    taken.c = placed.c = NULL;
    for (size_t top = 0; top < ARRAY_LEN(lt_dir); top++) {
        LtChunk **d = lt_dir[top];
        for (size_t mid = 0; d && mid < (1u << DIR_BITS); mid++) vm_free(d[mid]);
        vm_free(d);
        lt_dir[top] = NULL;
    }
}

/* ---- per-class counts (births, deaths) ---- */

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

/* ---- counts by (key, class) ---- */

static LtCount *count_slot(LtCounts *t, uint64_t key, const Symbol *name) {
    size_t i = (size_t)mix(key * 0x9E3779B97F4A7C15ull ^ (uintptr_t)name) & (t->cap - 1);
    while ((t->v[i].name || t->v[i].key) && (t->v[i].key != key || t->v[i].name != name))
        i = (i + 1) & (t->cap - 1);
    return &t->v[i];
}

/* Makes room for one more key: the table doubles, unless dropping the keys counted down
 * to nothing (resident counts do) leaves room enough. */
static void counts_room(LtCounts *t) {
    if ((t->count + 1) * 2 <= t->cap) return;
    size_t live = 0, oldcap = t->cap;
    for (size_t i = 0; i < oldcap; i++) live += t->v[i].objects != 0;
    LtCount *old = t->v;
    t->cap = !oldcap ? 1024 : (live + 1) * 4 > oldcap ? oldcap * 2 : oldcap;
    t->v = vm_calloc(t->cap, sizeof *t->v);
    t->last = NULL;
    t->count = 0;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].objects) *count_slot(t, old[i].key, old[i].name) = old[i], t->count++;
    vm_free(old);
}

/* The counts of (key, name) in t, made if new. */
static LtCount *counts_at(LtCounts *t, uint64_t key, Symbol *name) {
    if (likely(t->last && t->last->key == key && t->last->name == name)) return t->last;
    counts_room(t);
    LtCount *c = count_slot(t, key, name);
    if (!c->name) c->name = name, c->key = key, t->count++;
    return t->last = c;
}

static void counts_add(LtCounts *t, uint64_t key, Symbol *name, uint64_t n, uint64_t size) {
    LtCount *c = counts_at(t, key, name);
    c->objects += n;
    c->bytes += size;
}

static void counts_clear(LtCounts *t) {
    if (t->v) memset(t->v, 0, t->cap * sizeof *t->v);
    t->count = 0;
    t->last = NULL;
}

static void counts_free(LtCounts *t) {
    vm_free(t->v);
    memset(t, 0, sizeof *t);
}

/* Born in the interval under way. */
static void born(Symbol *name, uint64_t objects, uint64_t bytes) {
    if (!objects) return;
    LtClass *c = class_count(&lt_born, &lt_born_cap, &lt_born_n, name);
    c->objects += objects;
    c->bytes += bytes;
}

/* One object of a pending run (arena) left it: moved out, or freed. */
static void young_left(int arena, Symbol *name, uint64_t size) {
    LtCount *c = counts_at(&lt_young, (uint64_t)arena, name);
    c->objects -= c->objects ? 1 : 0;
    c->bytes -= c->bytes < size ? c->bytes : size;
}

/* ---- a thread's runs and births ---- */

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

/* Ends b's current run (kept in its list) and starts one at o. */
static void run_start(LtThread *b, char *o, size_t size, int arena) {
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

static LtBirth *birth_slot_in(LtBirth *t, uint32_t cap, const Class *k, int arena) {
    size_t i = (size_t)mix((uintptr_t)k ^ (uint64_t)arena << 48) & (cap - 1);
    while (t[i].k && (t[i].k != k || t[i].arena != arena)) i = (i + 1) & (cap - 1);
    return &t[i];
}

/* b's births of class k in arena, made if new. */
static LtBirth *birth_slot(LtThread *b, const Class *k, int arena) {
    if ((b->bn + 1) * 2 > b->bcap) {
        uint32_t cap = b->bcap ? b->bcap * 2 : 64;
        LtBirth *g = vm_calloc(cap, sizeof *g);
        for (uint32_t i = 0; i < b->bcap; i++)
            if (b->births[i].k) *birth_slot_in(g, cap, b->births[i].k, b->births[i].arena) = b->births[i];
        vm_free(b->births);
        b->births = g, b->bcap = cap;
    }
    LtBirth *s = birth_slot_in(b->births, b->bcap, k, arena);
    if (!s->k) s->k = k, s->arena = arena, b->bn++;
    return s;
}

/* b's births since its runs were last read: those in arena keep (-1: none) counted as
 * born, the others dropped (their runs were walked, which counted them). */
static void births_take(LtThread *b, int keep) {
    for (uint32_t i = 0; i < b->bcap; i++) {
        LtBirth *s = &b->births[i];
        if (!s->objects) continue;
        if (s->arena == keep) {
            born(s->k->name, s->objects, s->bytes);
            counts_add(&lt_young, (uint64_t)arena_clamp(s->arena), s->k->name, s->objects, s->bytes);
        }
        s->objects = s->bytes = 0;
    }
}

/* The objects of run r into the shadow, born in the interval under way, and counted by
 * class as they are now. */
static void run_walk(const LtRun *r) {
    int arena = arena_clamp(r->arena);
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
        if (unlikely((uintptr_t)p >> CHUNK_BITS != base)) {
            base = (uintptr_t)p >> CHUNK_BITS;
            chunk_holds(chunk = chunk_of((uintptr_t)p, true), arena);
        }
        LtObj *e = entry(chunk, (uintptr_t)p);
        if (likely(!*e)) {              /* else a reshape's copy, followed already (on_move) */
            *e = even | (uint32_t)(((uintptr_t)p >> 3) & 1) << 8;
            chunk->live++;
            objects++;
            bytes += size;
        }
        p += size;
    }
    born(name, objects, bytes);
}

static void pending_add(const LtRun *r) {
    if (lt_pending.n == lt_pending.cap) {
        lt_pending.cap = lt_pending.cap ? lt_pending.cap * 2 : 256;
        lt_pending.v = vm_realloc(lt_pending.v, lt_pending.cap * sizeof *lt_pending.v);
    }
    lt_pending.v[lt_pending.n++] = *r;
}

static int run_order(const void *a, const void *b) {
    const LtRun *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static void run_read(const LtRun *r, int pend) {
    if (r->arena == pend) pending_add(r);
    else run_walk(r);
}

/* Reads every thread's runs and births (the world stopped): the runs of arena pend (-1:
 * none) become pending, their births counted from the threads' counts; all others are
 * walked. */
static void runs_read(int pend) {
    lt_runs_new = false;
    lt_reshapes = __atomic_load_n(&heap_reshapes, __ATOMIC_ACQUIRE);
    for (LtThread *b = __atomic_load_n(&lt_threads, __ATOMIC_ACQUIRE); b; b = b->next) {
        for (size_t i = 0; i < b->n; i++) run_read(&b->runs[i], pend);
        if (b->cur.start) run_read(&b->cur, pend);
        b->n = 0;
        b->cur = (LtRun){ NULL, NULL, 0 };
        births_take(b, pend);
    }
    if (lt_pending.n > 1) qsort(lt_pending.v, lt_pending.n, sizeof *lt_pending.v, run_order);
}

/* Every thread's runs into the shadow (the world stopped). */
static void runs_flush(void) {
    if (__atomic_load_n(&lt_runs_new, __ATOMIC_RELAXED)) runs_read(-1);
}

/* The arena of the pending run that holds o (-1: none). */
static int pending_arena(const Object *o) {
    size_t lo = 0, hi = lt_pending.n;
    while (lo < hi) {               /* the first run that starts after o */
        size_t mid = (lo + hi) / 2;
        if (lt_pending.v[mid].start <= (const char *)o) lo = mid + 1;
        else hi = mid;
    }
    return lo && (const char *)o < lt_pending.v[lo - 1].end ? lt_pending.v[lo - 1].arena : -1;
}

/* The arena of the pending run that held o, now moved out or dead (-1: none). */
static int young_of(Object *o, Object *whole) {
    int arena = lt_pending.n ? pending_arena(o) : -1;
    if (arena < 0) return -1;
    arena = arena_clamp(arena);
    young_left(arena, whole->klass->name, object_size(whole));
    return arena;
}

/* The arena of the run not yet read that holds o (-1: none).  Outside a collection only
 * a reshape moves objects: rare enough for a search of every run. */
static int unread_arena(const Object *o) {
    for (LtThread *b = __atomic_load_n(&lt_threads, __ATOMIC_ACQUIRE); b; b = b->next) {
        for (size_t i = 0; i < b->n; i++)
            if ((const char *)o >= b->runs[i].start && (const char *)o < b->runs[i].end) return b->runs[i].arena;
        if ((const char *)o >= b->cur.start && (const char *)o < b->cur.end) return b->cur.arena;
    }
    return -1;
}

/* ---- deaths ---- */

/* The age of an object born in collection birth, dying in the one under way. */
static uint32_t age_at_death(uint32_t birth) { return lt_gcs > birth + 1 ? lt_gcs - birth - 1 : 0; }

static inline uint64_t death_key(int arena, uint32_t age) { return (uint64_t)arena << 8 | (age > MAX_AGE ? MAX_AGE : age); }

/* n objects of class name and size bytes in all, born in collection birth, died in arena
 * in the collection under way. */
static void die(Symbol *name, int arena, uint32_t birth, uint64_t n, uint64_t size) {
    counts_add(&lt_dead, death_key(arena, age_at_death(birth)), name, n, size);
    LtClass *c = class_count(&lt_died, &lt_died_cap, &lt_died_n, name);
    c->objects += n;
    c->bytes += size;
}

/* ---- the listener ---- */

static __attribute__((noinline)) void on_alloc_slow(int arena, Object *o, size_t size) {
    LtThread *b = runs_of();
    if ((char *)o == b->cur.end && arena == b->cur.arena) b->cur.end = (char *)o + size;
    else run_start(b, (char *)o, size, arena);
    LtBirth *s = b->last && b->last->k == o->klass && b->last->arena == arena ? b->last : birth_slot(b, o->klass, arena);
    s->objects++;
    s->bytes += size;
    b->last = s;
}

/* An object that follows the thread's last, of the same class: its run grows and it is
 * counted (no call, no frame); false: anything else, for on_alloc_slow. */
static inline bool birth_next(int arena, Object *o, size_t size) {
    LtThread *b = my_runs;
    if (unlikely(!b || my_session != __atomic_load_n(&lt_session, __ATOMIC_ACQUIRE) || (char *)o != b->cur.end ||
                 arena != b->cur.arena))
        return false;
    LtBirth *s = b->last;
    if (unlikely(s->k != o->klass)) return false;
    b->cur.end = (char *)o + size;
    s->objects++;
    s->bytes += size;
    return true;
}

static void on_alloc(Thread *t, int arena, Object *o, size_t size) {
    UNUSED(t);
    if (!birth_next(arena, o, size)) on_alloc_slow(arena, o, size);
}

static __attribute__((noinline)) Object *sink_slow(Thread *t, int arena, Object *o, size_t size) {
    on_alloc_slow(arena, o, size);
    return jvmti_alloc_sink_count(t, arena, o, size);
}

/* In place of on_alloc and the allocation hook's counting (jvmti_alloc.c chooses it): a
 * birth, then the counting, by tail calls. */
Object *jvmti_lifetimes_sink(Thread *t, int arena, Object *o, size_t size) {
    if (unlikely(!birth_next(arena, o, size))) return sink_slow(t, arena, o, size);
    return jvmti_alloc_sink_count(t, arena, o, size);
}

/* Frees come in collections, after their start read the runs, and from a reshape (the
 * array its room was, whole then: heap/reshape.c), which a run not yet read may hold: then
 * the walk of that run will not see the array, so its birth is not counted either. */
static void on_free(Object *o) {
    LtObj e = take((uintptr_t)o);
    Symbol *name = o->klass->name;
    if (!name) return;                  /* a filler */
    int arena = e ? LT_ARENA(e) : young_of(o, o);
    if (arena >= 0) die(name, arena, e ? LT_BIRTH(e) : lt_gcs - 1, 1, object_size(o));
}

/* Moves come in collections, and from a reshape (heap/reshape.c), whose objects leave
 * fillers behind and are whole at their new places.  A reshaped object born since the
 * runs were last read is followed from there, born now (the walk of its run skips its
 * filler, and its copy, which has an entry then). */
static void on_move(int old_arena, Object *from, int new_arena, Object *to) {
    UNUSED(old_arena);
    LtObj e = take((uintptr_t)from);
    new_arena = arena_clamp(new_arena);
    if (likely(e)) {
        put((uintptr_t)to, LT_BIRTH(e), new_arena);
        return;
    }
    Object *whole = unlikely(heap_is_filler(from)) ? to : from;
    if (young_of(from, whole) >= 0) {
        put((uintptr_t)to, lt_gcs - 1, new_arena);     /* born in the interval the collection ended */
    } else if (!lt_in_gc && unread_arena(from) >= 0) {
        born(whole->klass->name, 1, object_size(whole));
        put((uintptr_t)to, lt_gcs, new_arena);
    }
}

/* Deaths in a run of entries of one class, birth and arena, counted at once. */
typedef struct {
    Symbol *name;
    LtObj e;
    uint64_t objects, bytes;
} DeathRun;

static void death_run_end(DeathRun *r) {
    if (r->objects) die(r->name, LT_ARENA(r->e), LT_BIRTH(r->e), r->objects, r->bytes);
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

/* What the arena still holds dies with it: the objects with entries, read, and what is
 * left of its pending runs, by subtraction. */
static void on_arena_delete(int arena) {
    runs_flush();
    arena = arena_clamp(arena);
    placed.c = NULL;
    DeathRun r = { NULL, 0, 0, 0 };
    each(arena, die_in, &r);
    death_run_end(&r);
    for (size_t i = 0; i < lt_young.cap; i++) {
        LtCount *y = &lt_young.v[i];
        if (!y->objects || (int)y->key != arena) continue;
        die(y->name, arena, lt_gcs - 1, y->objects, y->bytes);
        y->objects = y->bytes = 0;
    }
    size_t k = 0;
    for (size_t i = 0; i < lt_pending.n; i++)
        if (arena_clamp(lt_pending.v[i].arena) != arena) lt_pending.v[k++] = lt_pending.v[i];
    lt_pending.n = k;
}

/* The runs of the interval that ends are read with its count (their births); those of
 * the arena the collection empties stay pending, unless a reshape may have changed them. */
static void on_gc_start(void) {
    int pend = heap_evacuated_arena();
    if (__atomic_load_n(&heap_reshapes, __ATOMIC_ACQUIRE) != lt_reshapes || pend > MAX_ARENA - 1) pend = -1;
    lt_pending.n = 0;
    runs_read(pend);
    lt_gcs++;
    lt_in_gc = true;
}

static void on_gc_finish(size_t used, size_t capacity) {
    UNUSED(used), UNUSED(capacity);
    counts_clear(&lt_young);
    lt_pending.n = 0;
    lt_in_gc = false;
}

static const GCEventListener lt_listener = {
    NULL, on_arena_delete, on_alloc, on_free, on_move, on_gc_start, on_gc_finish,
};

const GCEventListener *jvmti_lifetimes_listener(void) { return &lt_listener; }

#define LT_EVENTS                                                                                        \
    (1u << GCE_ARENA_DELETE | 1u << GCE_OBJECT_ALLOC | 1u << GCE_OBJECT_FREE | 1u << GCE_OBJECT_MOVE | \
     1u << GCE_GC_START | 1u << GCE_GC_FINISH)

/* ---- the extension functions ---- */

/* Forgets everything (the world stopped, or not yet running). */
static void reset(void) {
    table_free();
    for (LtThread *b = lt_threads, *next; b; b = next) {
        next = b->next;
        vm_free(b->runs);
        vm_free(b->births);
        vm_free(b);
    }
    lt_threads = NULL;
    lt_runs_new = false;
    lt_reshapes = __atomic_load_n(&heap_reshapes, __ATOMIC_ACQUIRE);
    vm_free(lt_born);
    lt_born = NULL;
    lt_born_cap = lt_born_n = 0;
    counts_free(&lt_dead), counts_free(&lt_alive), counts_free(&lt_young);
    vm_free(lt_pending.v);
    memset(&lt_pending, 0, sizeof lt_pending);
    vm_free(lt_died);
    lt_died = NULL;
    lt_died_cap = lt_died_n = 0;
    lt_gcs = 0;
    lt_in_gc = false;
    __atomic_store_n(&lt_session, lt_session + 1, __ATOMIC_RELEASE);
}

/* An object followed, alive now: counted in lt_alive with the age it has. */
static void alive_run_end(DeathRun *r) {
    if (r->objects) counts_add(&lt_alive, death_key(LT_ARENA(r->e), lt_gcs - LT_BIRTH(r->e)), r->name, r->objects, r->bytes);
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

/* Every object followed into lt_alive, with the age it has now (the runs read). */
static void count_all_alive(void) {
    DeathRun r = { NULL, 0, 0, 0 };
    counts_clear(&lt_alive);
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
    jvmti_heap_listening_changed(t);    /* the allocation sink, for the listeners now */
    if (t) thread_leave_vm(t, old);
    return err;
}

typedef void (JNICALL *DeathFn)(void *data, jint alive, jint arena, const char *class_signature, jint age,
                                jlong objects, jlong bytes);
typedef void (JNICALL *LiveFn)(void *data, const char *class_signature, jlong objects, jlong bytes);

static void report_deaths(LtCounts *t, DeathFn fn, void *data, jint alive, char *sig, size_t cap) {
    for (size_t i = 0; i < t->cap; i++) {
        LtCount *d = &t->v[i];
        if (!d->name) continue;
        jvmti_class_signature_of(d->name, sig, cap);
        fn(data, alive, (jint)(d->key >> 8), sig, (jint)(d->key & 0xff), (jlong)d->objects, (jlong)d->bytes);
    }
    counts_clear(t);
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
