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

/* lps_methods: each frame's self and inclusive weight over the folded stacks. */
static size_t lps_methods(const lpf_folded *v, size_t n, lps_row **rows)
{
    size_t nr = 0, cap = 0;
    lps_row *r = NULL;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < v[i].n; j++) {
            size_t k = 0, dup = 0;
            for (size_t d = 0; d < j; d++)
                dup |= !strcmp(v[i].frames[d], v[i].frames[j]);
            while (k < nr && strcmp(r[k].name, v[i].frames[j]))
                k++;
            if (k == nr) {
                r = lpf_grow(r, &cap, nr + 1, sizeof *r);
                r[nr++] = (lps_row){v[i].frames[j], 0, 0};
            }
            if (!dup)
                r[k].total += v[i].count;
            if (j + 1 == v[i].n)
                r[k].self += v[i].count;
        }
    qsort(r, nr, sizeof *r, lps_by_total);
    *rows = r;
    return nr;
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

/* lps_alloc_classes: allocations per class (objects and bytes: exact or estimated), the
 * most bytes first, and the rate over the recording. */
static void lps_alloc_classes(const lpm_profile *p, FILE *f)
{
    lpm_series s;
    lpm_series_of(p, LPM_ALLOC, &s);
    lps_row *r = NULL;
    size_t nr = 0, cap = 0;
    for (size_t i = 0; i < s.n; i++) {
        const char *name = lpm_str(p, s.v[i].leaf);
        size_t k = 0;
        while (k < nr && strcmp(r[k].name, name))
            k++;
        if (k == nr) {
            r = lpf_grow(r, &cap, nr + 1, sizeof *r);
            r[nr++] = (lps_row){name, 0, 0};
        }
        r[k].self += s.v[i].count, r[k].total += s.v[i].total;
    }
    if (nr)
        qsort(r, nr, sizeof *r, lps_by_total);
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

int lpf_out_summary(const lpm_profile *p, FILE *f)
{
    const char *vm = lpm_meta(p, "vm"), *ev = lpm_meta(p, "events");
    const char *am = lpm_meta(p, "alloc_mode");
    fprintf(f, "loupe-prof recording: %s, %s, events %s, %.1f s%s\n", vm ? vm : "?",
            lpm_meta(p, "mode") ? lpm_meta(p, "mode") : "?", ev ? ev : "?", (double)p->last_time / 1e6,
            p->truncated ? " (truncated: the agent did not finish the stream)" : "");
    if (ev && strstr(ev, "alloc") && am)
        fprintf(f, "allocations: %s\n", !strcmp(am, "exact") ? "exact (every object)" : "sampled (estimates)");
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
