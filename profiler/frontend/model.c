/* profiler/frontend/model.c — a recorded stream (profiler/protocol.h) as a profile.
 *
 * lpm_parse reads the records into tables indexed by the ids the agent gave; a record
 * of an unknown type is skipped by its length, and a stream cut short (the program was
 * killed) yields what arrived whole, flagged as truncated.  lpm_series_of turns one
 * event kind into weighted stacks, the one shape every output draws: CPU and wall
 * samples weigh one interval each; sampled allocations are scaled to estimates (an
 * object of s bytes is sampled with probability 1 - exp(-s/interval), so it stands for
 * 1/p objects and s/p bytes), exact ones weigh one object; a contention weighs its wait.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../protocol.h"
#include "lpf.h"

#define LPM_PUSH(vec, val)                                                         \
    do {                                                                           \
        (vec).v = lpf_grow((vec).v, &(vec).cap, (vec).n + 1, sizeof *(vec).v);     \
        (vec).v[(vec).n++] = (val);                                                \
    } while (0)

typedef struct {
    const uint8_t *p, *end;
    int bad;
} lpm_reader;

static uint64_t lpm_u(lpm_reader *r)
{
    uint64_t v = 0;
    if (!r->bad && !lp_get_varint(&r->p, r->end, &v))
        r->bad = 1;
    return v;
}

static char *lpm_s(lpm_reader *r)
{
    uint64_t n = lpm_u(r);
    if (r->bad || n > (uint64_t)(r->end - r->p)) {
        r->bad = 1;
        return strdup("");
    }
    char *s = lpf_alloc(n + 1);
    memcpy(s, r->p, n);
    r->p += n;
    return s;
}

/* lpm_set: stores val at index id-1 of a table (ids arrive in order, but need not). */
#define LPM_SET(vec, id, val)                                                      \
    do {                                                                           \
        if ((id) == 0 || (id) > (1u << 22))                                        \
            break;                                                                 \
        (vec).v = lpf_grow((vec).v, &(vec).cap, (id), sizeof *(vec).v);            \
        while ((vec).n < (id))                                                     \
            memset(&(vec).v[(vec).n++], 0, sizeof *(vec).v);                       \
        (vec).v[(id) - 1] = (val);                                                 \
    } while (0)

/* lpm_words: room for n words of frames, from the profile's blocks (a stack's frames are
 * never freed alone: javac's 180 000 stacks were as many mallocs). Never NULL, since a
 * stack's frames mark it expanded. */
#define LPM_BLOCK_WORDS ((size_t)1 << 17)
static uint64_t *lpm_words(lpm_profile *p, size_t n)
{
    if (n >= p->block_left) {
        size_t words = n >= LPM_BLOCK_WORDS ? n + 1 : LPM_BLOCK_WORDS;
        p->block_next = lpf_alloc(words * sizeof(uint64_t));
        p->block_left = words;
        LPM_PUSH(p->blocks, p->block_next);
    }
    uint64_t *w = p->block_next;
    p->block_next += n, p->block_left -= n;
    return w;
}

static void lpm_stack_rec(lpm_reader *r, lpm_profile *p)
{
    uint64_t id = lpm_u(r), n = lpm_u(r);
    if (n > 4096) {
        r->bad = 1;
        return;
    }
    lpm_stack s = {(int)n, lpm_words(p, 2 * n), 0, 0, 0};
    for (uint64_t i = 0; i < 2 * n; i++)
        s.f[i] = lpm_u(r);
    LPM_SET(p->stacks, id, s);
}

/* A NODE record: a stack as its parent and one frame; its parent came before it (a
 * smaller id), so the chain ends. */
static void lpm_node_rec(lpm_reader *r, lpm_profile *p)
{
    uint64_t id = lpm_u(r);
    lpm_stack s = {0, NULL, lpm_u(r), lpm_u(r), lpm_u(r)};
    const lpm_stack *parent = s.parent && s.parent <= p->stacks.n ? &p->stacks.v[s.parent - 1] : NULL;
    if (s.parent >= id || (s.parent && (!parent || (!parent->method && !parent->f)))) {
        r->bad = 1;
        return;
    }
    LPM_SET(p->stacks, id, s);
}

/* lpm_expand: the frames of stack id, from its chain of nodes (up to 4096 of them). */
static void lpm_expand(lpm_profile *p, uint64_t id)
{
    lpm_stack *st = id && id <= p->stacks.n ? &p->stacks.v[id - 1] : NULL;
    if (!st || st->f || !st->method)
        return;
    int n = 0;
    for (uint64_t x = id; x && n < 4096; n++) {
        const lpm_stack *e = &p->stacks.v[x - 1];
        if (e->f) {
            n += e->n;
            break;
        }
        x = e->parent;
    }
    n = n > 4096 ? 4096 : n;
    uint64_t *f = lpm_words(p, 2 * (size_t)n);
    for (uint64_t x = id; x && st->n < n;) {
        const lpm_stack *e = &p->stacks.v[x - 1];
        if (e->f) {     /* an expanded ancestor (st's own f is set below) */
            for (int i = 0; i < e->n && st->n < n; i++, st->n++)
                f[2 * st->n] = e->f[2 * i], f[2 * st->n + 1] = e->f[2 * i + 1];
            break;
        }
        f[2 * st->n] = e->method, f[2 * st->n + 1] = e->line;
        st->n++;
        x = e->parent;
    }
    st->f = f;
}

/* lpm_name_slot: text's slot in the intern table: where it is, or the free one for it. */
static size_t lpm_name_slot(const lpm_profile *p, const char *text)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *c = text; *c; c++)
        h = (h ^ (uint8_t)*c) * 1099511628211ull;
    size_t i = (size_t)h & (p->capnames - 1);
    while (p->names[i] && strcmp(p->names[i], text))
        i = (i + 1) & (p->capnames - 1);
    return i;
}

/* lpm_intern: the profile's one copy of text (a pointer that stays valid). */
static const char *lpm_intern(lpm_profile *p, const char *text)
{
    if ((p->nnames + 1) * 2 > p->capnames) {
        char **old = p->names;
        size_t oldcap = p->capnames;
        p->capnames = oldcap ? oldcap * 2 : 4096;
        p->names = lpf_alloc(p->capnames * sizeof *p->names);
        memset(p->names, 0, p->capnames * sizeof *p->names);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i])
                p->names[lpm_name_slot(p, old[i])] = old[i];
        free(old);
    }
    size_t i = lpm_name_slot(p, text);
    if (!p->names[i]) {
        p->names[i] = lpf_alloc(strlen(text) + 1);
        strcpy(p->names[i], text);
        p->nnames++;
    }
    return p->names[i];
}

/* lpm_labels: the interned names of every method, string and thread. */
static void lpm_labels(lpm_profile *p)
{
    char buf[1200];
    if (p->mlabel)
        return;
    p->unknown = lpm_intern(p, "[unknown]");
    p->no_thread = lpm_intern(p, "[thread ?]");
    p->no_frames = lpm_intern(p, "[no Java frames]");
    p->mlabel = lpf_alloc((p->methods.n + 1) * sizeof *p->mlabel);
    for (size_t i = 0; i < p->methods.n; i++) {
        lpm_frame_name(p, i + 1, buf, sizeof buf);
        p->mlabel[i] = lpm_intern(p, buf);
    }
    p->slabel = lpf_alloc((p->strings.n + 1) * sizeof *p->slabel);
    for (size_t i = 0; i < p->strings.n; i++)
        p->slabel[i] = lpm_intern(p, lpm_str(p, i + 1));
    p->tlabel = lpf_alloc((2 * p->threads.n + 1) * sizeof *p->tlabel);
    for (size_t i = 0; i < p->threads.n; i++) {
        const char *t = lpm_str(p, p->threads.v[i].name);
        snprintf(buf, sizeof buf, "[thread %s]", t);
        p->tlabel[2 * i] = lpm_intern(p, buf);
        snprintf(buf, sizeof buf, "[no Java frames: %s]", t);
        p->tlabel[2 * i + 1] = lpm_intern(p, buf);
    }
}

void lpm_expand_stacks(lpm_profile *p)
{
    lpm_labels(p);
    for (size_t i = 0; i < p->samples.n; i++)
        lpm_expand(p, p->samples.v[i].stack);
    for (size_t i = 0; i < p->allocs.n; i++)
        lpm_expand(p, p->allocs.v[i].stack);
    for (size_t i = 0; i < p->locks.n; i++)
        lpm_expand(p, p->locks.v[i].stack);
}

static void lpm_time(lpm_profile *p, uint64_t t)
{
    if (t > p->last_time)
        p->last_time = t;
}

/* --- the live heap and lifetimes ------------------------------------------------------ */

static void lpm_heap_rec(lpm_reader *r, lpm_profile *p)
{
    lpm_heap h = {0, 0, 0, 0, 0, NULL};
    h.time = lpm_u(r), h.gcs = lpm_u(r), h.used = lpm_u(r), h.capacity = lpm_u(r);
    uint64_t n = lpm_u(r);
    if (r->bad || n > (uint64_t)(r->end - r->p)) {
        r->bad = 1;
        return;
    }
    h.v = lpf_alloc((size_t)n * sizeof *h.v + 1);
    for (h.n = 0; h.n < n && !r->bad; h.n++)
        h.v[h.n] = (lpm_live){lpm_u(r), lpm_u(r), lpm_u(r)};
    lpm_time(p, h.time);
    LPM_PUSH(p->heaps, h);
}

static uint64_t lpm_arena_name(const lpm_profile *p, uint64_t id)
{
    for (size_t i = p->arenas.n; i-- > 0;)
        if (p->arenas.v[i].id == id)
            return p->arenas.v[i].name;
    return 0;
}

static size_t lpm_life_slot(const lpm_profile *p, uint64_t key)
{
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (p->caplives - 1);
    while (p->lives[i].key && p->lives[i].key != key)
        i = (i + 1) & (p->caplives - 1);
    return i;
}

/* lpm_life_add: count objects under key (alive, arena, class, age). */
static void lpm_life_add(lpm_profile *p, uint64_t key, uint64_t count, uint64_t bytes)
{
    if ((p->nlives + 1) * 2 > p->caplives) {
        lpm_life *old = p->lives;
        size_t oldcap = p->caplives;
        p->caplives = oldcap ? oldcap * 2 : 256;
        p->lives = lpf_alloc(p->caplives * sizeof *p->lives);
        memset(p->lives, 0, p->caplives * sizeof *p->lives);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].key)
                p->lives[lpm_life_slot(p, old[i].key)] = old[i];
        free(old);
    }
    lpm_life *l = &p->lives[lpm_life_slot(p, key)];
    if (!l->key)
        l->key = key, p->nlives++;
    l->count += count;
    l->bytes += bytes;
}

static void lpm_deaths_rec(lpm_reader *r, lpm_profile *p)
{
    uint64_t time = lpm_u(r), gcs = lpm_u(r), alive = lpm_u(r), n = lpm_u(r);
    (void)gcs;
    lpm_time(p, time);
    for (uint64_t i = 0; i < n && !r->bad; i++) {
        uint64_t arena = lpm_u(r), cls = lpm_u(r), age = lpm_u(r), count = lpm_u(r), bytes = lpm_u(r);
        if (!r->bad)
            lpm_life_add(p, lpm_life_key(!!alive, lpm_arena_name(p, arena), cls, age & 0xff), count, bytes);
    }
}

/* lpm_record: one record's payload into the model. */
static void lpm_record(int type, lpm_reader *r, lpm_profile *p)
{
    switch (type) {
    case LP_REC_META: {
        char *k = lpm_s(r), *v = lpm_s(r);
        LPM_PUSH(p->meta, k);
        LPM_PUSH(p->meta, v);
        break;
    }
    case LP_REC_STRING: {
        uint64_t id = lpm_u(r);
        char *s = lpm_s(r);
        LPM_SET(p->strings, id, s);
        break;
    }
    case LP_REC_METHOD: {
        uint64_t id = lpm_u(r);
        lpm_method m = {lpm_u(r), lpm_u(r), 0};
        if (r->p < r->end)
            m.desc = lpm_u(r);
        LPM_SET(p->methods, id, m);
        break;
    }
    case LP_REC_STACK:
        lpm_stack_rec(r, p);
        break;
    case LP_REC_NODE:
        lpm_node_rec(r, p);
        break;
    case LP_REC_THREAD: {
        lpm_thread t = {0, 0, 0, 0};
        t.start = lpm_u(r), t.tid = lpm_u(r), t.name = lpm_u(r);
        LPM_PUSH(p->threads, t);
        break;
    }
    case LP_REC_THREAD_END: {
        uint64_t time = lpm_u(r), tid = lpm_u(r);
        for (size_t i = p->threads.n; i-- > 0;)
            if (p->threads.v[i].tid == tid && !p->threads.v[i].end) {
                p->threads.v[i].end = time;
                break;
            }
        break;
    }
    case LP_REC_SAMPLE: {
        lpm_sample s = {lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r)};
        lpm_time(p, s.time);
        LPM_PUSH(p->samples, s);
        break;
    }
    case LP_REC_ALLOC: {
        lpm_alloc a = {lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r), 1};
        if (r->p < r->end)
            a.objects = lpm_u(r);
        lpm_time(p, a.time);
        LPM_PUSH(p->allocs, a);
        break;
    }
    case LP_REC_GC: {
        lpm_gc g = {lpm_u(r), lpm_u(r)};
        lpm_time(p, g.start + g.dur);
        LPM_PUSH(p->gcs, g);
        break;
    }
    case LP_REC_LOCK: {
        lpm_lock l = {lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r), lpm_u(r)};
        lpm_time(p, l.time + l.wait);
        LPM_PUSH(p->locks, l);
        break;
    }
    case LP_REC_STATS:
        p->agent_cpu_ns = lpm_u(r), p->bytes = lpm_u(r), p->dropped = lpm_u(r), p->taken = lpm_u(r);
        break;
    case LP_REC_END:
        p->ended = 1;
        break;
    case LP_REC_ARENA: {
        uint64_t time = lpm_u(r);
        lpm_arena a = {lpm_u(r), lpm_u(r)};
        (void)time;
        LPM_PUSH(p->arenas, a);
        break;
    }
    case LP_REC_HEAP:
        lpm_heap_rec(r, p);
        break;
    case LP_REC_DEATHS:
        lpm_deaths_rec(r, p);
        break;
    }
}

/* lpm_parse: the whole stream into prof; -1 (and a reason) when it is not a profile. */
int lpm_parse(const uint8_t *data, size_t n, lpm_profile *prof, char *err, size_t errcap)
{
    memset(prof, 0, sizeof *prof);
    if (n < 5 || memcmp(data, LP_MAGIC, 4)) {
        snprintf(err, errcap, "not a loupe-prof recording (no LPRF header)");
        return -1;
    }
    if (data[4] < LP_VERSION_OLDEST || data[4] > LP_VERSION) {
        snprintf(err, errcap, "recording version %d; this loupe-prof reads versions %d to %d", data[4],
                 LP_VERSION_OLDEST, LP_VERSION);
        return -1;
    }
    const uint8_t *p = data + 5, *end = data + n;
    while (p < end) {
        int type = *p++;
        uint64_t len = 0;
        if (!lp_get_varint(&p, end, &len) || len > (uint64_t)(end - p)) {
            prof->truncated = 1;
            break;
        }
        lpm_reader r = {p, p + len, 0};
        lpm_record(type, &r, prof);
        p += len;
    }
    if (!prof->ended)
        prof->truncated = 1;
    return 0;
}

const char *lpm_str(const lpm_profile *p, uint64_t id)
{
    return id && id <= p->strings.n && p->strings.v[id - 1] ? p->strings.v[id - 1] : "?";
}

const char *lpm_meta(const lpm_profile *p, const char *key)
{
    for (size_t i = 0; i + 1 < p->meta.n; i += 2)
        if (!strcmp(p->meta.v[i], key))
            return p->meta.v[i + 1];
    return NULL;
}

const char *lpm_thread_name(const lpm_profile *p, uint64_t tid)
{
    for (size_t i = p->threads.n; i-- > 0;)
        if (p->threads.v[i].tid == tid)
            return lpm_str(p, p->threads.v[i].name);
    return NULL;
}

/* lpm_frame_name: "pkg.Class.method" of a method id. */
void lpm_frame_name(const lpm_profile *p, uint64_t method, char *out, size_t cap)
{
    if (!method || method > p->methods.n) {
        snprintf(out, cap, "[unknown]");
        return;
    }
    const lpm_method *m = &p->methods.v[method - 1];
    snprintf(out, cap, "%s.%s", lpm_str(p, m->cls), lpm_str(p, m->name));
}

/* --- series ------------------------------------------------------------------------- */

const char *const lpm_event_names[LPM_NEVENTS] = {"cpu", "wall", "alloc", "lock"};

int lpm_event_by_name(const char *name)
{
    for (int i = 0; i < LPM_NEVENTS; i++)
        if (!strcmp(name, lpm_event_names[i]))
            return i;
    return -1;
}

static double lpm_meta_num(const lpm_profile *p, const char *key, double dflt)
{
    const char *v = lpm_meta(p, key);
    return v ? atof(v) : dflt;
}

static void lpm_add(lpm_series *s, size_t *cap, lpm_entry e)
{
    s->v = lpf_grow(s->v, cap, s->n + 1, sizeof *s->v);
    s->v[s->n++] = e;
}

static void lpm_samples_series(const lpm_profile *p, int kind, lpm_series *s, size_t *cap)
{
    double ns = 1000 * lpm_meta_num(p, kind == LP_SAMPLE_CPU ? "cpu_interval_us" : "wall_interval_us", 10000);
    s->count_name = "samples", s->count_unit = "count";
    s->total_name = kind == LP_SAMPLE_CPU ? "cpu" : "wall", s->total_unit = "nanoseconds";
    s->by_thread = kind == LP_SAMPLE_WALL;
    for (size_t i = 0; i < p->samples.n; i++)
        if (p->samples.v[i].kind == (uint64_t)kind)
            lpm_add(s, cap, (lpm_entry){p->samples.v[i].stack, 0, p->samples.v[i].tid, 1, ns});
}

/* lpm_alloc_weight: the objects a recorded allocation stands for, per object recorded
 * (1 when exact; a sample names the interval it was drawn with, or 1 for META's). */
double lpm_alloc_weight(const lpm_profile *p, const lpm_alloc *a)
{
    if (!a->sampled || !a->size)
        return 1;
    double interval = a->sampled > 1 ? (double)a->sampled : lpm_meta_num(p, "alloc_interval", 512 * 1024);
    return 1 / (1 - exp(-(double)a->size / interval));
}

static void lpm_alloc_series(const lpm_profile *p, lpm_series *s, size_t *cap)
{
    s->count_name = "alloc_objects", s->count_unit = "count";
    s->total_name = "alloc_space", s->total_unit = "bytes";
    for (size_t i = 0; i < p->allocs.n; i++) {
        const lpm_alloc *a = &p->allocs.v[i];
        double w = lpm_alloc_weight(p, a);
        lpm_add(s, cap, (lpm_entry){a->stack, a->cls, a->tid, w * (double)a->objects, w * (double)a->size});
    }
}

static void lpm_lock_series(const lpm_profile *p, lpm_series *s, size_t *cap)
{
    s->count_name = "contentions", s->count_unit = "count";
    s->total_name = "delay", s->total_unit = "nanoseconds";
    for (size_t i = 0; i < p->locks.n; i++) {
        const lpm_lock *l = &p->locks.v[i];
        lpm_add(s, cap, (lpm_entry){l->stack, l->lock, l->tid, 1, 1000.0 * (double)l->wait});
    }
}

/* lpm_series_of: the weighted stacks of one event kind. */
void lpm_series_of(const lpm_profile *p, int event, lpm_series *s)
{
    size_t cap = 0;
    memset(s, 0, sizeof *s);
    if (event == LPM_CPU || event == LPM_WALL)
        lpm_samples_series(p, event == LPM_CPU ? LP_SAMPLE_CPU : LP_SAMPLE_WALL, s, &cap);
    else if (event == LPM_ALLOC)
        lpm_alloc_series(p, s, &cap);
    else
        lpm_lock_series(p, s, &cap);
}

/* lpm_thread_at: the index of tid's thread record (the last), or -1. */
static long lpm_thread_at(const lpm_profile *p, uint64_t tid)
{
    for (size_t i = p->threads.n; i-- > 0;)
        if (p->threads.v[i].tid == tid)
            return (long)i;
    return -1;
}

/* lpm_series_frames: an entry's frame names, root first (the profile's interned names,
 * after lpm_expand_stacks); a wall-clock stack starts with its thread, "[thread NAME]". */
size_t lpm_series_frames(const lpm_profile *p, const lpm_series *s, const lpm_entry *e, const char **names,
                         size_t cap)
{
    size_t n = 0;
    const lpm_stack *st = e->stack && e->stack <= p->stacks.n ? &p->stacks.v[e->stack - 1] : NULL;
    long t = s->by_thread || !st || !st->n ? lpm_thread_at(p, e->tid) : -1;
    if (s->by_thread)
        names[n++] = t >= 0 ? p->tlabel[2 * t] : p->no_thread;
    if (!st || !st->n)
        names[n++] = t >= 0 ? p->tlabel[2 * t + 1] : p->no_frames;
    for (int i = st ? st->n - 1 : -1; i >= 0 && n + 1 < cap; i--) {
        uint64_t m = st->f[2 * i];
        names[n++] = m && m <= p->methods.n ? p->mlabel[m - 1] : p->unknown;
    }
    if (e->leaf && n < cap)
        names[n++] = e->leaf <= p->strings.n ? p->slabel[e->leaf - 1] : p->unknown;
    return n;
}

void lpm_series_free(lpm_series *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* lpm_free: releases what lpm_parse allocated. */
void lpm_free(lpm_profile *p)
{
    for (size_t i = 0; i < p->strings.n; i++)
        free(p->strings.v[i]);
    for (size_t i = 0; i < p->blocks.n; i++)
        free(p->blocks.v[i]);
    free(p->blocks.v);
    for (size_t i = 0; i < p->capnames; i++)
        free(p->names[i]);
    free(p->names), free(p->mlabel), free(p->slabel), free(p->tlabel);
    for (size_t i = 0; i < p->meta.n; i++)
        free(p->meta.v[i]);
    free(p->strings.v), free(p->methods.v), free(p->stacks.v), free(p->samples.v), free(p->allocs.v);
    free(p->gcs.v), free(p->locks.v), free(p->threads.v), free(p->meta.v);
    for (size_t i = 0; i < p->heaps.n; i++)
        free(p->heaps.v[i].v);
    free(p->heaps.v), free(p->arenas.v), free(p->lives);
    memset(p, 0, sizeof *p);
}
