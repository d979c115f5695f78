/* profiler/frontend/agg.h — distinct stacks of a series (agg.c). */
#ifndef LOUPE_PROFILER_AGG_H
#define LOUPE_PROFILER_AGG_H

#include "lpf.h"

typedef struct {
    const char **frames;  /* root first: the profile's interned names */
    size_t n;
    double count, total;
    const lpm_entry *first;  /* one of the merged entries (its stack id) */
} lpf_folded;

lpf_folded *lpf_fold(const lpm_profile *p, int event, size_t *n, lpm_series *s);
void lpf_fold_free(lpf_folded *v, size_t n);

#endif
