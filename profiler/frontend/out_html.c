/* profiler/frontend/out_html.c — the self-contained HTML report.
 *
 * The template (profiler/report/report.html, with d3 and d3-flame-graph inlined by the
 * build into $(BUILD)/share/loupe-prof/report.html) holds all the drawing code; this
 * file only writes the recording as one JSON object in place of the template's data
 * marker: a flame-graph tree per event kind (d3-flame-graph's {name, value, children}
 * shape), the GC pauses, the contended locks, the recording's description and its cost,
 * and with events=live the live heap of the top classes over time and the lifetimes
 * (deaths by age and survivors by age) per class and per arena (live.c).
 * Strings are escaped so that nothing in a class name can close the <script> element.
 */
#include <stdlib.h>
#include <string.h>

#include "agg.h"

#define LPH_MARK "/*@LOUPE_PROF_DATA@*/null"

typedef struct lph_node {
    const char *name;
    double value;
    struct lph_node **kids;
    size_t n, cap;
} lph_node;

static void lph_json_str(lpf_buf *b, const char *s)
{
    lpf_buf_add(b, "\"", 1);
    while (*s) {
        size_t plain = strcspn(s, "\"\\<>&\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
                                  "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f");
        lpf_buf_add(b, s, plain);
        s += plain;
        if (!*s)
            break;
        unsigned char c = (unsigned char)*s++;
        if (c == '"' || c == '\\')
            lpf_buf_printf(b, "\\%c", c);
        else
            lpf_buf_printf(b, "\\u%04x", c);
    }
    lpf_buf_add(b, "\"", 1);
}

/* lph_child: n's child of that name, made if new.  The stacks come sorted, so it is
 * nearly always the last child made, and names are interned (agg.c): one pointer test. */
static lph_node *lph_child(lph_node *n, const char *name)
{
    if (n->n && n->kids[n->n - 1]->name == name)
        return n->kids[n->n - 1];
    for (size_t i = 0; i < n->n; i++)
        if (!strcmp(n->kids[i]->name, name))
            return n->kids[i];
    n->kids = lpf_grow(n->kids, &n->cap, n->n + 1, sizeof *n->kids);
    lph_node *k = lpf_alloc(sizeof *k);
    k->name = name;
    return n->kids[n->n++] = k;
}

static void lph_emit_tree(lpf_buf *b, const lph_node *n)
{
    lpf_buf_add(b, "{\"name\":", 8);
    lph_json_str(b, n->name);
    lpf_buf_printf(b, ",\"value\":%.0f,\"children\":[", n->value);
    for (size_t i = 0; i < n->n; i++) {
        if (i)
            lpf_buf_add(b, ",", 1);
        lph_emit_tree(b, n->kids[i]);
    }
    lpf_buf_add(b, "]}", 2);
}

static void lph_free_tree(lph_node *n)
{
    for (size_t i = 0; i < n->n; i++)
        lph_free_tree(n->kids[i]);
    free(n->kids);
    free(n);
}

/* lph_flame: the flame-graph tree of one event kind (null when it has no data). */
static void lph_flame(lpf_buf *b, const lpm_profile *p, int event)
{
    lpm_series s;
    size_t n;
    lpf_folded *v = lpf_fold(p, event, &n, &s);
    lph_node *root = lpf_alloc(sizeof *root);
    root->name = "all";
    for (size_t i = 0; i < n; i++) {
        double w = event == LPM_ALLOC ? v[i].total : event == LPM_LOCK ? v[i].total / 1e3 : v[i].count;
        lph_node *at = root;
        at->value += w;
        for (size_t j = 0; j < v[i].n; j++) {
            at = lph_child(at, v[i].frames[j]);
            at->value += w;
        }
    }
    if (root->value > 0)
        lph_emit_tree(b, root);
    else
        lpf_buf_add(b, "null", 4);
    lph_free_tree(root);
    lpf_fold_free(v, n);
    lpm_series_free(&s);
}

static void lph_locks(lpf_buf *b, const lpm_profile *p)
{
    char where[1200];
    lpf_buf_add(b, "[", 1);
    for (size_t i = 0; i < p->locks.n; i++) {
        const lpm_lock *l = &p->locks.v[i];
        const lpm_stack *st = l->stack && l->stack <= p->stacks.n ? &p->stacks.v[l->stack - 1] : NULL;
        if (st && st->n)
            lpm_frame_name(p, st->f[0], where, sizeof where);
        else
            strcpy(where, "?");
        lpf_buf_add(b, i ? ",{\"lock\":" : "{\"lock\":", i ? 9 : 8);
        lph_json_str(b, lpm_str(p, l->lock));
        lpf_buf_add(b, ",\"owner\":", 9);
        lph_json_str(b, lpm_str(p, l->owner));
        lpf_buf_add(b, ",\"waiter\":", 10);
        lph_json_str(b, lpm_str(p, l->waiter));
        lpf_buf_add(b, ",\"where\":", 9);
        lph_json_str(b, where);
        lpf_buf_printf(b, ",\"at_ms\":%.3f,\"wait_ms\":%.3f}", (double)l->time / 1e3, (double)l->wait / 1e3);
    }
    lpf_buf_add(b, "]", 1);
}

/* --- the live heap and lifetimes (events=live) ------------------------------------------- */

#define LPH_TOP_CLASSES 8

/* lph_top_classes: the string ids of the classes with the most live bytes at any
 * snapshot, most first; returns how many (at most LPH_TOP_CLASSES). */
static size_t lph_top_classes(const lpm_profile *p, uint64_t *top)
{
    size_t ncls = p->strings.n + 1, n = 0;
    uint64_t *max = lpf_alloc(ncls * sizeof *max);
    memset(max, 0, ncls * sizeof *max);
    for (size_t i = 0; i < p->heaps.n; i++)
        for (size_t j = 0; j < p->heaps.v[i].n; j++) {
            const lpm_live *l = &p->heaps.v[i].v[j];
            if (l->cls < ncls && l->bytes > max[l->cls])
                max[l->cls] = l->bytes;
        }
    for (; n < LPH_TOP_CLASSES; n++) {
        size_t best = 0;
        for (size_t c = 1; c < ncls; c++)
            if (max[c] > max[best])
                best = c;
        if (!max[best])
            break;
        top[n] = best;
        max[best] = 0;
    }
    free(max);
    return n;
}

/* lph_heap: "heap": {classes: [names], points: [[ms, bytes of each class..., other]]}. */
static void lph_heap(lpf_buf *b, const lpm_profile *p)
{
    uint64_t top[LPH_TOP_CLASSES];
    size_t nt = lph_top_classes(p, top);
    lpf_buf_add(b, "{\"classes\":[", 12);
    for (size_t i = 0; i < nt; i++) {
        if (i)
            lpf_buf_add(b, ",", 1);
        lph_json_str(b, lpm_str(p, top[i]));
    }
    lpf_buf_add(b, "],\"points\":[", 12);
    for (size_t i = 0; i < p->heaps.n; i++) {
        const lpm_heap *h = &p->heaps.v[i];
        uint64_t by[LPH_TOP_CLASSES + 1] = {0};
        for (size_t j = 0; j < h->n; j++) {
            size_t k = 0;
            while (k < nt && top[k] != h->v[j].cls)
                k++;
            by[k] += h->v[j].bytes;
        }
        lpf_buf_printf(b, "%s[%.3f", i ? "," : "", (double)h->time / 1e3);
        for (size_t k = 0; k <= nt; k++)
            lpf_buf_printf(b, ",%llu", (unsigned long long)by[k]);
        lpf_buf_add(b, "]", 1);
    }
    lpf_buf_add(b, "]}", 2);
}

static void lph_counts(lpf_buf *b, const uint64_t *v, int n)
{
    lpf_buf_add(b, "[", 1);
    for (int k = 0; k < n; k++)
        lpf_buf_printf(b, "%s%llu", k ? "," : "", (unsigned long long)v[k]);
    lpf_buf_add(b, "]", 1);
}

/* lph_lives: per class (top 12) or per arena: name, died, alive, deaths by age, survivors by age. */
static void lph_lives(lpf_buf *b, const lpm_profile *p, int by_arena)
{
    lpf_live_row *rows;
    char name[600];
    size_t n = lpf_live_rows(p, by_arena, &rows);
    lpf_buf_add(b, "[", 1);
    for (size_t i = 0; i < n && i < 12; i++) {
        lpf_buf_add(b, i ? ",{\"name\":" : "{\"name\":", i ? 9 : 8);
        lph_json_str(b, lpf_live_group_name(p, by_arena, rows[i].id, name, sizeof name));
        lpf_buf_printf(b, ",\"died\":%llu,\"alive\":%llu,\"bytes\":%llu,\"died_at\":",
                       (unsigned long long)rows[i].died, (unsigned long long)rows[i].alive,
                       (unsigned long long)rows[i].bytes);
        lph_counts(b, rows[i].died_at, rows[i].ages);
        lpf_buf_add(b, ",\"survived\":", 12);
        lph_counts(b, rows[i].survived, rows[i].ages);
        lpf_buf_add(b, "}", 1);
    }
    lpf_buf_add(b, "]", 1);
    free(rows);
}

static void lph_data(lpf_buf *b, const lpm_profile *p)
{
    lpf_buf_add(b, "{\"meta\":{", 9);
    for (size_t i = 0; i + 1 < p->meta.n; i += 2) {
        if (i)
            lpf_buf_add(b, ",", 1);
        lph_json_str(b, p->meta.v[i]);
        lpf_buf_add(b, ":", 1);
        lph_json_str(b, p->meta.v[i + 1]);
    }
    lpf_buf_printf(b, "},\"duration_ms\":%.3f,\"truncated\":%s,\"threads\":%zu,", (double)p->last_time / 1e3,
                   p->truncated ? "true" : "false", p->threads.n);
    lpf_buf_printf(b, "\"cost\":{\"agent_cpu_ms\":%.3f,\"bytes\":%llu,\"dropped\":%llu,\"samples\":%llu},",
                   (double)p->agent_cpu_ns / 1e6, (unsigned long long)p->bytes,
                   (unsigned long long)p->dropped, (unsigned long long)p->taken);
    lpf_buf_add(b, "\"flames\":{", 10);
    for (int e = 0; e < LPM_NEVENTS; e++) {
        lpf_buf_printf(b, "%s\"%s\":", e ? "," : "", lpm_event_names[e]);
        lph_flame(b, p, e);
    }
    lpf_buf_add(b, "},\"gcs\":[", 9);
    for (size_t i = 0; i < p->gcs.n; i++)
        lpf_buf_printf(b, "%s[%.3f,%.3f]", i ? "," : "", (double)p->gcs.v[i].start / 1e3,
                       (double)p->gcs.v[i].dur / 1e3);
    lpf_buf_add(b, "],\"locks\":", 10);
    lph_locks(b, p);
    lpf_buf_add(b, ",\"heap\":", 8);
    if (p->heaps.n)
        lph_heap(b, p);
    else
        lpf_buf_add(b, "null", 4);
    lpf_buf_add(b, ",\"lives\":", 9);
    if (p->nlives) {
        lpf_buf_add(b, "{\"classes\":", 11);
        lph_lives(b, p, 0);
        lpf_buf_add(b, ",\"arenas\":", 10);
        lph_lives(b, p, 1);
        lpf_buf_add(b, "}", 1);
    } else {
        lpf_buf_add(b, "null", 4);
    }
    lpf_buf_add(b, "}", 1);
}

/* lph_template: the built template, or NULL (and a message). */
static int lph_template(lpf_buf *t)
{
    char path[4200];
    const char *env = getenv("LOUPE_PROF_REPORT");
    snprintf(path, sizeof path, "%s/../share/loupe-prof/report.html", lpf_self_dir());
    if (env && *env)
        snprintf(path, sizeof path, "%s", env);
    if (lpf_read_file(path, t) || !strstr((char *)t->p, LPH_MARK)) {
        lpf_warn("cannot read the report template %s (it is built by make, with d3 from npm)", path);
        return -1;
    }
    return 0;
}

int lpf_out_html(const lpm_profile *p, const char *path)
{
    lpf_buf t = {0}, out = {0};
    if (lph_template(&t))
        return -1;
    char *mark = strstr((char *)t.p, LPH_MARK);
    lpf_buf_add(&out, t.p, (size_t)(mark - (char *)t.p));
    lph_data(&out, p);
    mark += strlen(LPH_MARK);
    lpf_buf_add(&out, mark, t.len - (size_t)(mark - (char *)t.p));
    int rc = lpf_write_file(path, out.p, out.len);
    lpf_buf_free(&t), lpf_buf_free(&out);
    return rc;
}
