/* profiler/frontend/out_collapsed.c — collapsed stacks, the text format FlameGraph,
 * speedscope and Pyroscope read: one line per distinct stack, frames root first joined
 * by ';', a space, and the weight (samples, estimated objects, contentions; with
 * --total: nanoseconds or bytes).  Allocations end with the allocated class as a frame,
 * contentions with the lock.
 */
#include <math.h>

#include "agg.h"

int lpf_out_collapsed(const lpm_profile *p, int event, int total, FILE *f)
{
    lpm_series s;
    size_t n;
    lpf_folded *v = lpf_fold(p, event, &n, &s);
    for (size_t i = 0; i < n; i++) {
        double w = total ? v[i].total : v[i].count;
        if (llround(w) <= 0)
            continue;
        for (size_t j = 0; j < v[i].n; j++)
            fprintf(f, "%s%s", j ? ";" : "", v[i].frames[j]);
        fprintf(f, " %lld\n", llround(w));
    }
    lpf_fold_free(v, n);
    lpm_series_free(&s);
    return ferror(f) ? -1 : 0;
}
