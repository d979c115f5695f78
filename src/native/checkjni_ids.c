/*
 * checkjni_ids.c — -Xcheck:jni's test that a jmethodID or jfieldID is one the VM handed
 * out.
 *
 * What: Loupe's IDs are its own Method and Field records, which live in their class's
 * method and field arrays; reading a garbage ID (a stray pointer, a jmethodID passed as
 * a jfieldID, an ID of an unloaded class) would crash the VM.  cj_ids_known tells whether
 * an address is an element of one of those arrays, without reading it.
 *
 * How: a table of every loaded class's two arrays, sorted by address and searched by
 * bisection; it is made again when classes have been defined or unloaded since (the
 * class count and the bytes defined so far tell), or when a redefinition retired arrays
 * whose elements stay valid IDs (cj_ids_retired: they are kept, as the old IDs still
 * lead to the methods and fields).  Only the checking table uses it, so the cost is
 * theirs: a lock and a bisection per checked call.
 */
#include "native/checkjni_internal.h"
#include "classfile/classfile.h"
#include "classfile/loader.h"
#include <stdlib.h>

typedef struct IdRange {
    uintptr_t start, end;       /* [start, end) */
    size_t size;                /* element size */
    int kind;                   /* CJ_ID_METHOD or CJ_ID_FIELD */
} IdRange;

typedef struct IdTable {
    IdRange *r;
    size_t n, cap;
} IdTable;

static pthread_mutex_t ids_lock = PTHREAD_MUTEX_INITIALIZER;
static IdTable table, retired;
static uint32_t made_count;
static size_t made_bytes;
static bool made, retired_changed;

static void table_add(IdTable *tb, const void *start, size_t n, size_t size, int kind) {
    if (!start || !n) return;
    if (tb->n == tb->cap) {
        tb->cap = tb->cap ? 2 * tb->cap : 1024;
        tb->r = vm_realloc(tb->r, tb->cap * sizeof *tb->r);
    }
    tb->r[tb->n++] = (IdRange){ (uintptr_t)start, (uintptr_t)start + n * size, size, kind };
}

static void add_class(Class *c, void *ctx) {
    (void)ctx;
    table_add(&table, c->methods, c->nmethods, sizeof(Method), CJ_ID_METHOD);
    table_add(&table, c->fields, c->nfields, sizeof(Field), CJ_ID_FIELD);
}

static int by_start(const void *a, const void *b) {
    uintptr_t x = ((const IdRange *)a)->start, y = ((const IdRange *)b)->start;
    return x < y ? -1 : x > y;
}

static void remake(void) {
    table.n = 0;
    made_count = ld_class_count();
    made_bytes = ld_loaded_bytes();
    ld_foreach_class(add_class, NULL);
    for (size_t i = 0; i < retired.n; i++)
        table_add(&table, (void *)retired.r[i].start, (retired.r[i].end - retired.r[i].start) / retired.r[i].size,
                  retired.r[i].size, retired.r[i].kind);
    qsort(table.r, table.n, sizeof *table.r, by_start);
    made = true;
    retired_changed = false;
}

static bool stale(void) {
    return !made || retired_changed || made_count != ld_class_count() || made_bytes != ld_loaded_bytes();
}

static bool in_table(uintptr_t p, int kind) {
    size_t lo = 0, hi = table.n;
    while (lo < hi) {                       /* the last range starting at or below p */
        size_t mid = lo + (hi - lo) / 2;
        if (table.r[mid].start <= p) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0) return false;
    const IdRange *r = &table.r[lo - 1];
    return p < r->end && r->kind == kind && (p - r->start) % r->size == 0;
}

bool cj_ids_known(const void *id, int kind) {
    if (!id) return false;
    pthread_mutex_lock(&ids_lock);
    if (stale()) remake();
    bool known = in_table((uintptr_t)id, kind);
    pthread_mutex_unlock(&ids_lock);
    return known;
}

void cj_ids_retired(const void *start, size_t n, int kind) {
    if (!vm_opts.check_jni) return;
    pthread_mutex_lock(&ids_lock);
    table_add(&retired, start, n, kind == CJ_ID_METHOD ? sizeof(Method) : sizeof(Field), kind);
    retired_changed = true;
    pthread_mutex_unlock(&ids_lock);
}
