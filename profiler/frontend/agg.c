/* profiler/frontend/agg.c — a series folded into distinct stacks with summed weights.
 *
 * Collapsed stacks, pprof and the flame graphs all want each distinct stack once.
 * lpf_fold builds each entry's frame list (root first, the allocated class or the lock
 * as an extra leaf), sorts the entries by their frames and merges equal neighbours.
 */
#include <stdlib.h>
#include <string.h>

#include "agg.h"

static int lpf_fold_cmp(const void *a, const void *b)
{
    const lpf_folded *x = a, *y = b;
    size_t n = x->n < y->n ? x->n : y->n;
    for (size_t i = 0; i < n; i++) {
        int c = strcmp(x->frames[i], y->frames[i]);
        if (c)
            return c;
    }
    return (x->n > y->n) - (x->n < y->n);
}

static void lpf_fold_free_one(lpf_folded *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->frames[i]);
    free(f->frames);
}

/* lpf_fold: the distinct stacks of an event kind; *n gets their number. */
lpf_folded *lpf_fold(const lpm_profile *p, int event, size_t *n, lpm_series *s)
{
    lpm_series_of(p, event, s);
    lpf_folded *v = lpf_alloc((s->n + 1) * sizeof *v);
    char *names[300];
    for (size_t i = 0; i < s->n; i++) {
        size_t k = lpm_series_frames(p, s, &s->v[i], names, 300);
        v[i].frames = lpf_alloc(k * sizeof(char *));
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
            lpf_fold_free_one(&v[i]);
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
        lpf_fold_free_one(&v[i]);
    free(v);
}
