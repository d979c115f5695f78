/* profiler/frontend/out_pprof.c — pprof: a gzipped profile.proto, written by hand.
 *
 * The message is small and fixed (google/pprof's proto/profile.proto: Profile with
 * sample_type, sample, location, function, string_table, period), so it is encoded
 * here with a few protobuf helpers (varint, tag, length-delimited) rather than through a
 * generated library; zlib's gz* functions write the gzip wrapper `go tool pprof` expects.
 * One profile holds one event kind with two values per sample (count, then time or
 * bytes).  Each (method, line) is a Location with one Line; each method a Function; the
 * allocated class or the lock is a Function of its own at the leaf.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../protocol.h"
#include "lpf.h"

/* --- protobuf encoding -------------------------------------------------------------- */

static void pb_varint(lpf_buf *b, uint64_t v)
{
    uint8_t t[10];
    lpf_buf_add(b, t, lp_put_varint(t, v));
}

static void pb_key(lpf_buf *b, int field, int wire) { pb_varint(b, (uint64_t)field << 3 | (uint64_t)wire); }

static void pb_uint(lpf_buf *b, int field, uint64_t v)
{
    pb_key(b, field, 0);
    pb_varint(b, v);
}

static void pb_bytes(lpf_buf *b, int field, const void *p, size_t n)
{
    pb_key(b, field, 2);
    pb_varint(b, n);
    lpf_buf_add(b, p, n);
}

/* pb_msg: appends sub as an embedded message and empties it. */
static void pb_msg(lpf_buf *b, int field, lpf_buf *sub)
{
    pb_bytes(b, field, sub->p, sub->len);
    sub->len = 0;
}

/* --- the string table and ids --------------------------------------------------------- */

typedef struct {
    lpf_buf out;          /* the Profile message being built */
    char **strs;
    size_t nstr, capstr;
    uint64_t *loc_key;    /* location i+1: method << 32 | zigzag line; or leaf string | 1<<63 */
    size_t nloc, caploc;
} pp_state;

static uint64_t pp_str(pp_state *s, const char *str)
{
    for (size_t i = 0; i < s->nstr; i++)
        if (!strcmp(s->strs[i], str))
            return i;
    s->strs = lpf_grow(s->strs, &s->capstr, s->nstr + 1, sizeof *s->strs);
    s->strs[s->nstr] = strdup(str);
    return s->nstr++;
}

static uint64_t pp_loc(pp_state *s, uint64_t key)
{
    for (size_t i = 0; i < s->nloc; i++)
        if (s->loc_key[i] == key)
            return i + 1;
    s->loc_key = lpf_grow(s->loc_key, &s->caploc, s->nloc + 1, sizeof *s->loc_key);
    s->loc_key[s->nloc++] = key;
    return s->nloc;
}

static void pp_value_type(pp_state *s, int field, const char *type, const char *unit)
{
    lpf_buf vt = {0};
    pb_uint(&vt, 1, pp_str(s, type));
    pb_uint(&vt, 2, pp_str(s, unit));
    pb_msg(&s->out, field, &vt);
    lpf_buf_free(&vt);
}

/* pp_sample: one Sample: its locations leaf first, its two values. */
static void pp_sample(pp_state *s, const lpm_profile *p, const lpm_entry *e, double count, double total)
{
    lpf_buf smp = {0}, ids = {0}, vals = {0};
    if (e->leaf)
        pb_varint(&ids, pp_loc(s, e->leaf | 1ull << 63));
    const lpm_stack *st = e->stack && e->stack <= p->stacks.n ? &p->stacks.v[e->stack - 1] : NULL;
    for (int i = 0; st && i < st->n; i++)
        pb_varint(&ids, pp_loc(s, st->f[2 * i] << 32 | (st->f[2 * i + 1] & 0xffffffffu)));
    if (!st || !st->n)
        pb_varint(&ids, pp_loc(s, 1ull << 62));
    pb_varint(&vals, (uint64_t)(int64_t)(count + 0.5));
    pb_varint(&vals, (uint64_t)(int64_t)(total + 0.5));
    pb_bytes(&smp, 1, ids.p, ids.len);
    pb_bytes(&smp, 2, vals.p, vals.len);
    pb_msg(&s->out, 2, &smp);
    lpf_buf_free(&smp), lpf_buf_free(&ids), lpf_buf_free(&vals);
}

/* pp_locations: a Location and a Function for each location key used. */
static void pp_locations(pp_state *s, const lpm_profile *p)
{
    lpf_buf loc = {0}, line = {0}, fn = {0};
    char name[1200];
    for (size_t i = 0; i < s->nloc; i++) {
        uint64_t k = s->loc_key[i];
        int64_t ln = 0;
        if (k >> 63)
            snprintf(name, sizeof name, "%s", lpm_str(p, k & ~(1ull << 63)));
        else if (k >> 62)
            snprintf(name, sizeof name, "[no Java frames]");
        else
            lpm_frame_name(p, k >> 32, name, sizeof name), ln = lp_unzigzag(k & 0xffffffffu);
        pb_uint(&line, 1, i + 1);
        if (ln > 0)
            pb_uint(&line, 2, (uint64_t)ln);
        pb_uint(&loc, 1, i + 1);
        pb_msg(&loc, 4, &line);
        pb_msg(&s->out, 4, &loc);
        pb_uint(&fn, 1, i + 1);
        pb_uint(&fn, 2, pp_str(s, name));
        pb_uint(&fn, 3, pp_str(s, name));
        pb_msg(&s->out, 5, &fn);
    }
    lpf_buf_free(&loc), lpf_buf_free(&line), lpf_buf_free(&fn);
}

static int pp_entry_cmp(const void *a, const void *b)
{
    const lpm_entry *x = a, *y = b;
    if (x->stack != y->stack)
        return x->stack < y->stack ? -1 : 1;
    return (x->leaf > y->leaf) - (x->leaf < y->leaf);
}

/* pp_build: the Profile message of one event kind. */
static void pp_build(pp_state *s, const lpm_profile *p, int event)
{
    lpm_series ser;
    lpm_series_of(p, event, &ser);
    pp_str(s, "");
    pp_value_type(s, 1, ser.count_name, ser.count_unit);
    pp_value_type(s, 1, ser.total_name, ser.total_unit);
    if (ser.n)
        qsort(ser.v, ser.n, sizeof *ser.v, pp_entry_cmp);
    for (size_t i = 0; i < ser.n;) {
        double c = 0, t = 0;
        size_t j = i;
        for (; j < ser.n && !pp_entry_cmp(&ser.v[i], &ser.v[j]); j++)
            c += ser.v[j].count, t += ser.v[j].total;
        pp_sample(s, p, &ser.v[i], c, t);
        i = j;
    }
    pp_locations(s, p);
    pp_value_type(s, 11, ser.total_name, ser.total_unit);
    if (ser.n)
        pb_uint(&s->out, 12, (uint64_t)(ser.v[0].total / (ser.v[0].count > 0 ? ser.v[0].count : 1)));
    pb_uint(&s->out, 10, p->last_time * 1000);
    for (size_t i = 0; i < s->nstr; i++)
        pb_bytes(&s->out, 6, s->strs[i], strlen(s->strs[i]));
    lpm_series_free(&ser);
}

int lpf_out_pprof(const lpm_profile *p, int event, const char *path)
{
    pp_state s;
    memset(&s, 0, sizeof s);
    pp_build(&s, p, event);
    gzFile gz = gzopen(path, "wb");
    int ok = gz && gzwrite(gz, s.out.p, (unsigned)s.out.len) == (int)s.out.len;
    if (gz && gzclose(gz) != Z_OK)
        ok = 0;
    for (size_t i = 0; i < s.nstr; i++)
        free(s.strs[i]);
    free(s.strs), free(s.loc_key), lpf_buf_free(&s.out);
    return ok ? 0 : -1;
}
