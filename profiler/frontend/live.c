/* profiler/frontend/live.c — the live heap and object lifetimes of a recording made with
 * events=live (Loupe's collector events), summed per class and per arena.
 *
 * The model holds object counts by (alive at the end or died, arena, class, age), where
 * an object's age is the number of collections it lived through.  From them come, per
 * class: objects allocated while recording, how many died, how many are still alive, the
 * ages at death; and survival curves: how many objects lived through k collections, for
 * k = 0, 1, ... (every object counts at its age, dead or alive).  The summary prints them;
 * the HTML report draws the same (lpf_live_rows).
 */
#include <stdlib.h>
#include <string.h>

#include "lpf.h"

static int lpl_by_objects(const void *a, const void *b)
{
    const lpf_live_row *x = a, *y = b;
    uint64_t nx = x->died + x->alive, ny = y->died + y->alive;
    return (nx < ny) - (nx > ny);
}

/* lpl_row: the row of group id in rows (added when new). */
static lpf_live_row *lpl_row(lpf_live_row **rows, size_t *n, size_t *cap, uint64_t id)
{
    for (size_t i = 0; i < *n; i++)
        if ((*rows)[i].id == id)
            return &(*rows)[i];
    *rows = lpf_grow(*rows, cap, *n + 1, sizeof **rows);
    memset(&(*rows)[*n], 0, sizeof **rows);
    (*rows)[*n].id = id;
    return &(*rows)[(*n)++];
}

/* lpf_live_rows: one row per class (by_arena 0) or per arena name (1), most objects
 * first; returns the count (*rows malloc'ed). */
size_t lpf_live_rows(const lpm_profile *p, int by_arena, lpf_live_row **rows)
{
    size_t n = 0, cap = 0;
    *rows = NULL;
    for (size_t i = 0; i < p->caplives; i++) {
        const lpm_life *l = &p->lives[i];
        if (!l->key)
            continue;
        uint64_t age = lpm_life_age(l->key);
        lpf_live_row *r = lpl_row(rows, &n, &cap, by_arena ? lpm_life_arena(l->key) : lpm_life_cls(l->key));
        if (lpm_life_alive(l->key))
            r->alive += l->count;
        else
            r->died += l->count, r->died_at[age] += l->count;
        r->bytes += l->bytes;
        for (uint64_t k = 0; k <= age; k++)
            r->survived[k] += l->count;
        if ((int)age + 1 > r->ages)
            r->ages = (int)age + 1;
    }
    if (n)
        qsort(*rows, n, sizeof **rows, lpl_by_objects);
    return n;
}

/* lpf_live_group_name: a row's class or arena name. */
const char *lpf_live_group_name(const lpm_profile *p, int by_arena, uint64_t id, char *buf, size_t cap)
{
    if (by_arena && !id)
        return "(arena unnamed)";
    snprintf(buf, cap, "%s", lpm_str(p, id));
    return buf;
}

static void lpl_heap(const lpm_profile *p, FILE *f)
{
    const lpm_heap *h = &p->heaps.v[p->heaps.n - 1];
    uint64_t objs = 0, bytes = 0;
    for (size_t i = 0; i < h->n; i++)
        objs += h->v[i].count, bytes += h->v[i].bytes;
    fprintf(f, "\nlive heap after %llu collections (heap %llu of %llu bytes used): %llu objects, %llu bytes "
            "allocated while recording\n  %10s %12s  %s\n", (unsigned long long)h->gcs,
            (unsigned long long)h->used, (unsigned long long)h->capacity, (unsigned long long)objs,
            (unsigned long long)bytes, "objects", "bytes", "class");
    lpm_live *v = lpf_alloc(h->n * sizeof *v + 1);
    memcpy(v, h->v, h->n * sizeof *v);
    for (size_t i = 0; i < h->n; i++)   /* a few rows: selection is enough */
        for (size_t j = i + 1; j < h->n && i < 15; j++)
            if (v[j].bytes > v[i].bytes) {
                lpm_live t = v[i];
                v[i] = v[j], v[j] = t;
            }
    for (size_t i = 0; i < h->n && i < 15; i++)
        fprintf(f, "  %10llu %12llu  %s\n", (unsigned long long)v[i].count, (unsigned long long)v[i].bytes,
                lpm_str(p, v[i].cls));
    free(v);
}

static void lpl_ages(FILE *f, const uint64_t *v, int n)
{
    for (int k = 0, shown = 0; k < n; k++)
        if (v[k] && shown++ < 12)
            fprintf(f, " %d:%llu", k, (unsigned long long)v[k]);
}

static void lpl_lifetimes(const lpm_profile *p, FILE *f)
{
    lpf_live_row *rows;
    char name[600];
    size_t n = lpf_live_rows(p, 0, &rows);
    fprintf(f, "\nlifetimes (every object allocated while recording; age: collections lived through)\n"
            "  %10s %10s %10s  %s\n", "objects", "died", "alive", "class: ages at death (age:objects)");
    for (size_t i = 0; i < n && i < 20; i++) {
        fprintf(f, "  %10llu %10llu %10llu  %s:", (unsigned long long)(rows[i].died + rows[i].alive),
                (unsigned long long)rows[i].died, (unsigned long long)rows[i].alive,
                lpf_live_group_name(p, 0, rows[i].id, name, sizeof name));
        lpl_ages(f, rows[i].died_at, rows[i].ages);
        fputc('\n', f);
    }
    fprintf(f, "survival (objects that lived through k collections, k = 0, 1, ...)\n");
    for (int by_arena = 0; by_arena < 2; by_arena++) {
        free(rows);
        n = lpf_live_rows(p, by_arena, &rows);
        for (size_t i = 0; i < n && i < (by_arena ? 8 : 20); i++) {
            fprintf(f, "  %s %s:", by_arena ? "arena" : "class",
                    lpf_live_group_name(p, by_arena, rows[i].id, name, sizeof name));
            for (int k = 0; k < rows[i].ages && k < 16; k++)
                fprintf(f, " %llu", (unsigned long long)rows[i].survived[k]);
            fprintf(f, "%s\n", rows[i].ages > 16 ? " ..." : "");
        }
    }
    free(rows);
}

/* lpf_out_live: the live-heap part of the summary (nothing without events=live). */
void lpf_out_live(const lpm_profile *p, FILE *f)
{
    if (p->heaps.n)
        lpl_heap(p, f);
    if (p->nlives)
        lpl_lifetimes(p, f);
}
