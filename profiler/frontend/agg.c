/* profiler/frontend/agg.c — a series folded into distinct stacks with summed weights.
 *
 * Collapsed stacks, pprof and the flame graphs all want each distinct stack once.
 * lpf_fold first merges the entries that name one stack (the exact mode reports a site
 * again at each drain: javac's recording has many entries per stack), then builds each
 * remaining entry's frame list (root first, the allocated class or the lock as an extra
 * leaf) from the profile's interned names, sorts the lists and merges equal neighbours:
 * distinct stack ids may read the same (two lines of one method).  Interned names are
 * equal exactly when their pointers are, so the comparison calls strcmp only to order
 * two different names.
 */
#include <stdlib.h>
#include <string.h>

#include "agg.h"

static int lpf_name_cmp(const char *a, const char *b)
{
    return a == b ? 0 : strcmp(a, b);
}

static int lpf_fold_cmp(const void *a, const void *b)
{
    const lpf_folded *x = a, *y = b;
    size_t n = x->n < y->n ? x->n : y->n;
    for (size_t i = 0; i < n; i++) {
        int c = lpf_name_cmp(x->frames[i], y->frames[i]);
        if (c)
            return c;
    }
    return (x->n > y->n) - (x->n < y->n);
}

/* Two entries are one stack when their id, extra leaf and thread are equal; the thread
 * counts only where it is part of the name (wall clock; no Java frames), and is cleared
 * elsewhere before the sort. */
static int lpf_entry_cmp(const void *a, const void *b)
{
    const lpm_entry *x = a, *y = b;
    if (x->stack != y->stack)
        return x->stack < y->stack ? -1 : 1;
    if (x->leaf != y->leaf)
        return x->leaf < y->leaf ? -1 : 1;
    return (x->tid > y->tid) - (x->tid < y->tid);
}

/* lpf_merge_entries: s's entries of one stack summed into one (s->n shrinks). */
static void lpf_merge_entries(const lpm_profile *p, lpm_series *s)
{
    if (!s->n)
        return;
    for (size_t i = 0; i < s->n; i++) {
        uint64_t id = s->v[i].stack;
        if (!s->by_thread && id && id <= p->stacks.n && p->stacks.v[id - 1].n)
            s->v[i].tid = 0;
    }
    qsort(s->v, s->n, sizeof *s->v, lpf_entry_cmp);
    size_t out = 1;
    for (size_t i = 1; i < s->n; i++) {
        lpm_entry *last = &s->v[out - 1];
        if (!lpf_entry_cmp(last, &s->v[i])) {
            last->count += s->v[i].count;
            last->total += s->v[i].total;
        } else {
            s->v[out++] = s->v[i];
        }
    }
    s->n = out;
}

/* lpf_fold: the distinct stacks of an event kind; *n gets their number. */
lpf_folded *lpf_fold(const lpm_profile *p, int event, size_t *n, lpm_series *s)
{
    lpm_series_of(p, event, s);
    lpf_merge_entries(p, s);
    lpf_folded *v = lpf_alloc((s->n + 1) * sizeof *v);
    const char *names[300];
    for (size_t i = 0; i < s->n; i++) {
        size_t k = lpm_series_frames(p, s, &s->v[i], names, 300);
        v[i].frames = lpf_alloc(k * sizeof(char *) + 1);
        memcpy(v[i].frames, names, k * sizeof(char *));
        v[i].n = k;
        v[i].count = s->v[i].count;
        v[i].total = s->v[i].total;
        v[i].first = &s->v[i];
    }
    if (s->n)
        qsort(v, s->n, sizeof *v, lpf_fold_cmp);
    size_t out = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (out && !lpf_fold_cmp(&v[out - 1], &v[i])) {
            v[out - 1].count += v[i].count;
            v[out - 1].total += v[i].total;
            free(v[i].frames);
        } else {
            v[out++] = v[i];
        }
    }
    *n = out;
    return v;
}

void lpf_fold_free(lpf_folded *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i].frames);
    free(v);
}
