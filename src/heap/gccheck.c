/*
 * gccheck.c — the reference checker of the heap events (-XX:+LoupeCheckGCEvents).
 *
 * A GCEventListener like any profiler's, installed before the heap exists, that rebuilds
 * the heap from the event stream alone: which objects exist, their classes and their
 * arenas (the patent's rules: alloc defines an object id in an arena; free, move and the
 * deletion of its arena undefine it; a move defines the new id).  After every collection,
 * in the GC-finish event (the world still stopped), it walks the real heap and compares:
 * every object the walk finds must be known, with the same class and arena, and nothing
 * else may be known.  Any difference, or an event that breaks the rules (an object moved
 * or freed that does not exist, an arena created twice), ends the VM with a message: the
 * test suite runs programs under it with every collector (tool/gc_events).
 *
 * The known objects are an open-addressing table keyed by address (linear probing,
 * deletion by backward shift).  Allocation events arrive from any thread and take the
 * lock; the others arrive with the world stopped.  While the checker listens no thread
 * has a TLAB (heap.c), so every allocation is reported.
 */
#include "heap/gc.h"
#include "runtime/vm.h"
#include <stdarg.h>
#include <stdio.h>

#define MAX_ARENAS 8

typedef struct Entry {
    Object *obj;
    Class *klass;
    int arena;
} Entry;

static Entry *table;
static size_t table_bits, table_count;
static bool arena_exists[MAX_ARENAS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t checks, errors;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (errors++ < 10) {
        fprintf(stderr, "GC event check (collection %llu): ", (unsigned long long)checks);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
    }
    va_end(ap);
}

/* ---- the table ---- */

static inline size_t mask(void) { return ((size_t)1 << table_bits) - 1; }
static inline size_t home(Object *o) { return (size_t)(((uintptr_t)o >> 3) * 0x9E3779B97F4A7C15ull >> (64 - table_bits)); }

static size_t find(Object *o) {
    for (size_t i = home(o);; i = (i + 1) & mask()) {
        if (table[i].obj == o || !table[i].obj) return i;
    }
}

static void insert(Object *o, Class *k, int arena);

static void resize(size_t bits) {
    Entry *old = table;
    size_t n = old ? (size_t)1 << table_bits : 0;
    table_bits = bits;
    table = vm_calloc((size_t)1 << bits, sizeof(Entry));
    table_count = 0;
    for (size_t i = 0; i < n; i++)
        if (old[i].obj) insert(old[i].obj, old[i].klass, old[i].arena);
    vm_free(old);
}

static void insert(Object *o, Class *k, int arena) {
    if ((table_count + 1) * 2 > ((size_t)1 << table_bits)) resize(table_bits + 1);
    size_t i = find(o);
    if (table[i].obj) fail("%p defined twice", (void *)o);
    else table_count++;
    table[i] = (Entry){ o, k, arena };
}

static void remove_at(size_t i) {
    table[i].obj = NULL;
    table_count--;
    for (size_t j = (i + 1) & mask(); table[j].obj; j = (j + 1) & mask()) {
        size_t h = home(table[j].obj);
        /* move j back to the hole i if its home is not cyclically in (i, j] */
        if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
            table[i] = table[j];
            table[j].obj = NULL;
            i = j;
        }
    }
}

/* ---- the listener ---- */

static bool valid_arena(int id) { return id > 0 && id < MAX_ARENAS && arena_exists[id]; }

static void on_arena_new(int id, const char *name) {
    if (id <= 0 || id >= MAX_ARENAS || arena_exists[id]) fail("arena %d (%s) created twice or out of range", id, name);
    else arena_exists[id] = true;
}

static void on_arena_delete(int id) {
    if (!valid_arena(id)) fail("arena %d deleted but not there", id);
    else arena_exists[id] = false;
    size_t n = (size_t)1 << table_bits;
    for (size_t i = 0; i < n;)
        if (table[i].obj && table[i].arena == id) remove_at(i);
        else i++;
}

static void on_alloc(Thread *t, int arena, Object *o, size_t size) {
    UNUSED(t);
    pthread_mutex_lock(&lock);
    if (!valid_arena(arena)) fail("%p allocated in arena %d, which does not exist", (void *)o, arena);
    /* a mirror learns its class, and so its size, after it is allocated */
    if (!(o->klass->flags & CF_MIRROR) && size != heap_object_size(o)) fail("%p allocated with size %zu, is %zu", (void *)o, size, heap_object_size(o));
    insert(o, o->klass, arena);
    pthread_mutex_unlock(&lock);
}

static void on_free(Object *o) {
    size_t i = find(o);
    if (!table[i].obj) fail("%p freed but not there", (void *)o);
    else remove_at(i);
}

static void on_move(int old_arena, Object *from, int new_arena, Object *to) {
    size_t i = find(from);
    if (!table[i].obj || table[i].arena != old_arena) {
        fail("%p moved from arena %d but not there", (void *)from, old_arena);
        return;
    }
    Class *k = heap_is_filler(from) ? to->klass : table[i].klass;    /* a reshape's: whole at to */
    remove_at(i);
    if (!valid_arena(new_arena)) fail("%p moved to arena %d, which does not exist", (void *)to, new_arena);
    insert(to, k, new_arena);
}

static void on_gc_start(void) { checks++; }

typedef struct WalkState {
    size_t seen;
} WalkState;

static void check_object(Object *o, void *ctx) {
    WalkState *w = ctx;
    w->seen++;
    size_t i = find(o);
    if (!table[i].obj) fail("%p (%s) in the heap, never allocated", (void *)o, o->klass->name ? o->klass->name->str : "?");
    else if (table[i].klass != o->klass) fail("%p has another class than allocated", (void *)o);
    else if (table[i].arena != heap_arena_of(o)) fail("%p in arena %d, events say %d", (void *)o, heap_arena_of(o), table[i].arena);
}

static void on_gc_finish(size_t used, size_t capacity) {
    UNUSED(used);
    UNUSED(capacity);
    WalkState w = { 0 };
    heap_walk(check_object, &w);
    if (w.seen != table_count) fail("the heap holds %zu objects, the events %zu", w.seen, table_count);
    if (errors) vm_fatal("GC event check failed (%llu errors)", (unsigned long long)errors);
}

static const GCEventListener checker = {
    on_arena_new, on_arena_delete, on_alloc, on_free, on_move, on_gc_start, on_gc_finish,
};

void gc_check_events_install(void) {
    resize(16);
    gc_add_listener(NULL, &checker, (1u << GCE_COUNT) - 1);
}
