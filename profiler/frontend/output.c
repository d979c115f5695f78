/* profiler/frontend/output.c — picks the output format (--format, else the file's
 * extension) and writes it.  One table: format name, extensions, writer.
 */
#include <string.h>

#include "lpf.h"

typedef enum { LPO_RAW, LPO_COLLAPSED, LPO_PPROF, LPO_HTML, LPO_SUMMARY, LPO_JFR } lpo_format;

static const struct {
    const char *name;
    const char *exts[3];
    lpo_format fmt;
} lpo_formats[] = {
    {"raw", {".lprof", NULL, NULL}, LPO_RAW},
    {"collapsed", {".collapsed", ".txt", NULL}, LPO_COLLAPSED},
    {"pprof", {".pb.gz", ".pprof", NULL}, LPO_PPROF},
    {"html", {".html", ".htm", NULL}, LPO_HTML},
    {"summary", {".summary", NULL, NULL}, LPO_SUMMARY},
    {"jfr", {".jfr", NULL, NULL}, LPO_JFR},
};
#define LPO_NFORMATS (sizeof lpo_formats / sizeof lpo_formats[0])

static int lpo_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* lpo_pick: the format's index, or -1. */
static int lpo_pick(const lpf_outopts *o)
{
    for (size_t i = 0; i < LPO_NFORMATS; i++) {
        if (o->format && !strcmp(o->format, lpo_formats[i].name))
            return (int)i;
        for (int e = 0; !o->format && e < 3 && lpo_formats[i].exts[e]; e++)
            if (lpo_ends_with(o->path, lpo_formats[i].exts[e]))
                return (int)i;
    }
    return -1;
}

/* lpo_event: the event kind for single-event formats: the one asked for, else the first
 * with data (cpu, wall, alloc, lock). */
static int lpo_event(const lpm_profile *p, int asked)
{
    if (asked >= 0)
        return asked;
    if (p->samples.n)
        for (size_t i = 0; i < p->samples.n; i++)
            if (p->samples.v[i].kind == 1)
                return LPM_CPU;
    if (p->samples.n)
        return LPM_WALL;
    return p->allocs.n ? LPM_ALLOC : p->locks.n ? LPM_LOCK : LPM_CPU;
}

static int lpo_text(const lpm_profile *p, const lpf_outopts *o, int fmt, int event)
{
    int to_stdout = !strcmp(o->path, "-");
    FILE *f = to_stdout ? stdout : fopen(o->path, "w");
    if (!f)
        return -1;
    int rc = fmt == LPO_SUMMARY ? lpf_out_summary(p, f) : lpf_out_collapsed(p, event, o->total, f);
    if (to_stdout)
        return fflush(f) ? -1 : rc;
    return fclose(f) ? -1 : rc;
}

/* lpf_output: writes p (raw: the stream as received) as o says; 0 on success. */
int lpf_output(lpm_profile *p, const lpf_buf *raw, const lpf_outopts *o)
{
    int i = lpo_pick(o);
    if (i < 0) {
        lpf_warn("%s '%s': use raw (.lprof), collapsed (.collapsed, .txt), pprof (.pb.gz), html (.html) "
                 "summary (.summary) or jfr (.jfr)", o->format ? "unknown format" : "cannot tell the format of",
                 o->format ? o->format : o->path);
        return -1;
    }
    int event = lpo_event(p, o->event), rc;
    if (lpo_formats[i].fmt != LPO_RAW)
        lpm_expand_stacks(p);
    switch (lpo_formats[i].fmt) {
    case LPO_RAW:
        rc = lpf_write_file(o->path, raw->p, raw->len);
        break;
    case LPO_PPROF:
        rc = lpf_out_pprof(p, event, o->path);
        break;
    case LPO_HTML:
        rc = lpf_out_html(p, o->path);
        break;
    case LPO_JFR:
        rc = lpf_out_jfr(p, o->path);
        break;
    default:
        rc = lpo_text(p, o, lpo_formats[i].fmt, event);
    }
    if (rc)
        lpf_warn("cannot write %s", o->path);
    return rc;
}
