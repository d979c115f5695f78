/* profiler/frontend/out_summary.c — a text summary of a recording (--format summary,
 * .summary): hottest methods, allocation sites, contended locks, GC pauses and what the
 * profiling cost.  It is what `loupe-prof top` refreshes and what scripts grep.
 */
#include <stdlib.h>
#include <string.h>

#include "agg.h"

typedef struct {
    const char *name;
    double self, total;
} lps_row;

static int lps_by_total(const void *a, const void *b)
{
    const lps_row *x = a, *y = b;
    return (x->total < y->total) - (x->total > y->total);
}

/* Rows found by name: the profile's interned names, so by pointer (open addressing on
 * the pointer, slots holding a row's index + 1). */
typedef struct {
    lps_row *r;
    size_t n, cap;
    size_t *slot;
    size_t nslots;
} lps_rows;

static size_t lps_slot(const lps_rows *t, const char *name)
{
    size_t i = (size_t)(((uint64_t)(uintptr_t)name * 0x9E3779B97F4A7C15ull) >> 24) & (t->nslots - 1);
    while (t->slot[i] && t->r[t->slot[i] - 1].name != name)
        i = (i + 1) & (t->nslots - 1);
    return i;
}

/* lps_row_of: the row of name, added (zero) if new. */
static lps_row *lps_row_of(lps_rows *t, const char *name)
{
    if ((t->n + 1) * 2 > t->nslots) {
        free(t->slot);
        t->nslots = t->nslots ? t->nslots * 2 : 1024;
        t->slot = lpf_alloc(t->nslots * sizeof *t->slot);
        memset(t->slot, 0, t->nslots * sizeof *t->slot);
        for (size_t k = 0; k < t->n; k++)
            t->slot[lps_slot(t, t->r[k].name)] = k + 1;
    }
    size_t i = lps_slot(t, name);
    if (!t->slot[i]) {
        t->r = lpf_grow(t->r, &t->cap, t->n + 1, sizeof *t->r);
        t->r[t->n++] = (lps_row){name, 0, 0};
        t->slot[i] = t->n;
    }
    return &t->r[t->slot[i] - 1];
}

/* lps_sorted: the rows, the largest total first (the index freed). */
static size_t lps_sorted(lps_rows *t, lps_row **rows)
{
    free(t->slot);
    if (t->n)
        qsort(t->r, t->n, sizeof *t->r, lps_by_total);
    *rows = t->r;
    return t->n;
}

/* lps_methods: each frame's self and inclusive weight over the folded stacks. */
static size_t lps_methods(const lpf_folded *v, size_t n, lps_row **rows)
{
    lps_rows t = {0};
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < v[i].n; j++) {
            int dup = 0;
            for (size_t d = 0; d < j && !dup; d++)
                dup = v[i].frames[d] == v[i].frames[j];
            lps_row *r = lps_row_of(&t, v[i].frames[j]);
            if (!dup)
                r->total += v[i].count;
            if (j + 1 == v[i].n)
                r->self += v[i].count;
        }
    return lps_sorted(&t, rows);
}

static void lps_profile(const lpm_profile *p, int event, FILE *f)
{
    lpm_series s;
    size_t n;
    lpf_folded *v = lpf_fold(p, event, &n, &s);
    double all = 0;
    for (size_t i = 0; i < n; i++)
        all += v[i].count;
    fprintf(f, "\n%s: %.0f %s\n", lpm_event_names[event], all, s.count_name);
    if (all > 0) {
        lps_row *r;
        size_t nr = lps_methods(v, n, &r);
        fprintf(f, "  %7s %7s  %s\n", "total%", "self%", "frame");
        for (size_t i = 0; i < nr && i < 15; i++)
            fprintf(f, "  %7.1f %7.1f  %s\n", 100 * r[i].total / all, 100 * r[i].self / all, r[i].name);
        free(r);
    }
    lpf_fold_free(v, n);
    lpm_series_free(&s);
}

static const char lps_none[] = "?";

/* lps_alloc_classes: allocations per class (objects and bytes: exact or estimated), the
 * most bytes first, and the rate over the recording. */
static void lps_alloc_classes(const lpm_profile *p, FILE *f)
{
    lpm_series s;
    lpm_series_of(p, LPM_ALLOC, &s);
    lps_rows t = {0};
    for (size_t i = 0; i < s.n; i++) {
        uint64_t leaf = s.v[i].leaf;
        lps_row *r = lps_row_of(&t, leaf && leaf <= p->strings.n ? p->slabel[leaf - 1] : lps_none);
        r->self += s.v[i].count, r->total += s.v[i].total;
    }
    lps_row *r;
    size_t nr = lps_sorted(&t, &r);
    double secs = p->last_time > 0 ? (double)p->last_time / 1e6 : 1;
    if (nr)
        fprintf(f, "\nallocations by class\n  %12s %14s %12s  %s\n", "objects", "bytes", "bytes/s", "class");
    for (size_t i = 0; i < nr && i < 15; i++)
        fprintf(f, "  %12.0f %14.0f %12.0f  %s\n", r[i].self, r[i].total, r[i].total / secs, r[i].name);
    free(r);
    lpm_series_free(&s);
}

static void lps_locks(const lpm_profile *p, FILE *f)
{
    if (!p->locks.n)
        return;
    fprintf(f, "\nlock contention: %zu\n  %-40s %-16s %-16s %10s  %s\n", p->locks.n, "lock", "owner",
            "waiter", "wait ms", "where");
    char where[1200];
    for (size_t i = 0; i < p->locks.n && i < 30; i++) {
        const lpm_lock *l = &p->locks.v[i];
        const lpm_stack *st = l->stack && l->stack <= p->stacks.n ? &p->stacks.v[l->stack - 1] : NULL;
        if (st && st->n)
            lpm_frame_name(p, st->f[0], where, sizeof where);
        else
            strcpy(where, "?");
        fprintf(f, "  %-40s %-16s %-16s %10.1f  %s\n", lpm_str(p, l->lock), lpm_str(p, l->owner),
                lpm_str(p, l->waiter), (double)l->wait / 1000, where);
    }
}

static void lps_gc(const lpm_profile *p, FILE *f)
{
    double sum = 0, max = 0;
    for (size_t i = 0; i < p->gcs.n; i++) {
        double d = (double)p->gcs.v[i].dur / 1000;
        sum += d;
        max = d > max ? d : max;
    }
    fprintf(f, "\ngc: %zu collections, pauses %.1f ms in all, longest %.1f ms\n", p->gcs.n, sum, max);
}

static size_t lps_alloc_samples(const lpm_profile *p)
{
    size_t n = 0;
    for (size_t i = 0; i < p->allocs.n; i++)
        n += p->allocs.v[i].sampled != 0;
    return n;
}

int lpf_out_summary(const lpm_profile *p, FILE *f)
{
    const char *vm = lpm_meta(p, "vm"), *ev = lpm_meta(p, "events");
    const char *am = lpm_meta(p, "alloc_mode");
    fprintf(f, "loupe-prof recording: %s, %s, events %s, %.1f s%s\n", vm ? vm : "?",
            lpm_meta(p, "mode") ? lpm_meta(p, "mode") : "?", ev ? ev : "?", (double)p->last_time / 1e6,
            p->truncated ? " (truncated: the agent did not finish the stream)" : "");
    if (ev && strstr(ev, "alloc") && am && !strcmp(am, "exact"))
        fprintf(f, "allocations: exact (every object)\n");
    else if (ev && strstr(ev, "alloc") && am)
        fprintf(f, "allocations: sampled (estimates from %zu samples)\n", lps_alloc_samples(p));
    for (int e = 0; e < LPM_NEVENTS; e++)
        if (ev && strstr(ev, lpm_event_names[e]))
            lps_profile(p, e, f);
    lps_alloc_classes(p, f);
    lps_locks(p, f);
    lpf_out_live(p, f);
    lps_gc(p, f);
    fprintf(f, "threads: %zu seen\n", p->threads.n);
    fprintf(f, "cost: agent cpu %.1f ms, %llu bytes streamed, %llu events dropped\n",
            (double)p->agent_cpu_ns / 1e6, (unsigned long long)p->bytes, (unsigned long long)p->dropped);
    return ferror(f) ? -1 : 0;
}
