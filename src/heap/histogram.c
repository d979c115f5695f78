/*
 * histogram.c — the class histogram: how many objects of each class the heap holds, and
 * how many bytes they take (jmap -histo, jcmd GC.class_histogram).
 *
 * With the world stopped the heap is walked object by object (heap_walk, which every
 * collector provides; filler objects are skipped) and counted per class in an
 * open-addressed table keyed by the Class pointer; classes do not move, so the table
 * needs no care about collections.  The lines are printed after the world resumes,
 * largest byte count first, in HotSpot's layout, the module of a class (or of an array's
 * element class) in parentheses when it is named.  Sizes are Loupe's: two header words
 * and uncompressed references, so they are larger than HotSpot's for the same objects.
 */
#include "heap/heap.h"
#include "heap/gc.h"
#include "classfile/class.h"
#include "runtime/jstring.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include <stdlib.h>

typedef struct HistoEntry {
    Class *klass;
    int64_t count;
    uint64_t bytes;
} HistoEntry;

typedef struct Histo {
    HistoEntry *e;
    size_t size, used;              /* size: a power of two */
    bool failed;                    /* out of C memory: the counts are incomplete */
} Histo;

static size_t slot_of(Class *k, size_t size) { return ((uintptr_t)k >> 4) * 0x9E3779B97F4A7C15ull & (size - 1); }

static bool grow(Histo *h) {
    size_t nsize = h->size ? h->size * 2 : 1024;
    HistoEntry *ne = calloc(nsize, sizeof *ne);
    if (!ne) return false;
    for (size_t i = 0; i < h->size; i++) {
        if (!h->e[i].klass) continue;
        size_t j = slot_of(h->e[i].klass, nsize);
        while (ne[j].klass) j = (j + 1) & (nsize - 1);
        ne[j] = h->e[i];
    }
    free(h->e);
    h->e = ne;
    h->size = nsize;
    return true;
}

/* Runs with the world stopped: no allocation in the Java heap, only in C. */
static void count(Object *o, void *ctx) {
    Histo *h = ctx;
    if (heap_is_filler(o) || h->failed) return;
    if ((h->used + 1) * 2 > h->size && !grow(h)) {
        h->failed = true;
        return;
    }
    size_t j = slot_of(o->klass, h->size);
    while (h->e[j].klass && h->e[j].klass != o->klass) j = (j + 1) & (h->size - 1);
    if (!h->e[j].klass) {
        h->e[j].klass = o->klass;
        h->used++;
    }
    h->e[j].count++;
    h->e[j].bytes += heap_object_size(o);
}

static int by_bytes(const void *a, const void *b) {
    const HistoEntry *x = a, *y = b;
    if (x->bytes != y->bytes) return x->bytes < y->bytes ? 1 : -1;
    return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

extern Object *module_name_string(Object *module);                 /* native/jvm_module.c */
extern Object *module_version_string(Thread *t, Object *module);

static void print_jstring(FILE *out, Object *s) {
    char *u = jstr_to_utf8(s);
    if (u) fputs(u, out);
    vm_free(u);
}

/* " (java.base@17.0.21.1)" for a class of a named module, nothing otherwise. */
static void print_module(Thread *t, FILE *out, Class *k) {
    while (class_is_array(k)) k = k->element;
    Object *mod = k->mirror ? OBJ_FIELD(k->mirror, mirror_module_off, Object *) : NULL;
    Object *name = mod ? module_name_string(mod) : NULL;
    if (!name) return;
    fputs(" (", out);
    print_jstring(out, name);
    Object *ver = module_version_string(t, mod);
    if (ver) {
        fputc('@', out);
        print_jstring(out, ver);
    }
    fputc(')', out);
}

void heap_print_histogram(Thread *t, FILE *out, bool live) {
    if (live) heap_collect(t, GC_HEAP_INSPECTION);
    Histo h = { 0 };
    safepoint_begin(t);
    heap_walk(count, &h);
    safepoint_end(t);
    /* classes never unload, so the Class pointers stay good after the world resumes */
    size_t n = 0;
    for (size_t i = 0; i < h.size; i++)
        if (h.e[i].klass) h.e[n++] = h.e[i];
    qsort(h.e, n, sizeof *h.e, by_bytes);
    fprintf(out, " num     #instances         #bytes  class name (module)\n");
    fprintf(out, "-------------------------------------------------------\n");
    int64_t total = 0;
    uint64_t total_bytes = 0;
    char name[1024];
    for (size_t i = 0; i < n; i++) {
        HistoEntry *e = &h.e[i];
        fprintf(out, "%4zu: %13lld  %13llu  %s", i + 1, (long long)e->count, (unsigned long long)e->bytes,
                class_external_name(e->klass, name, sizeof name));
        print_module(t, out, e->klass);
        fputc('\n', out);
        total += e->count;
        total_bytes += e->bytes;
    }
    fprintf(out, "Total %13lld  %13llu\n", (long long)total, (unsigned long long)total_bytes);
    if (h.failed) fprintf(out, "(incomplete: out of memory for the histogram)\n");
    free(h.e);
}
