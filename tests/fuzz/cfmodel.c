/*
 * cfmodel.c — parsing and writing the fuzz targets' class-file model (cfmodel.h).
 *
 * A reader walks the file with bounds checks (any overrun sets `bad` and yields zeros),
 * copying the raw parts and opening the Code attributes; a writer appends big-endian
 * values to a bounded buffer.  Constant-pool entries are located, not decoded: the
 * mutator and the exec target look up only tags, Utf8 bytes and Class names.
 */
#include "tests/fuzz/cfmodel.h"
#include "interp/opcodes.h"
#include <stdlib.h>
#include <string.h>

typedef struct Rd { const uint8_t *p; size_t pos, len; bool bad; } Rd;

static bool rd_has(Rd *r, size_t n) {
    if (r->bad || r->len - r->pos < n) r->bad = true;
    return !r->bad;
}
static uint8_t rd_u1(Rd *r) { return rd_has(r, 1) ? r->p[r->pos++] : 0; }
static uint16_t rd_u2(Rd *r) {
    if (!rd_has(r, 2)) return 0;
    r->pos += 2;
    return (uint16_t)(r->p[r->pos - 2] << 8 | r->p[r->pos - 1]);
}
static uint32_t rd_u4(Rd *r) { uint32_t hi = rd_u2(r); return hi << 16 | rd_u2(r); }

static CmBytes rd_copy(Rd *r, size_t from, size_t to) {
    CmBytes b = { malloc(to - from + 1), (uint32_t)(to - from) };
    memcpy(b.p, r->p + from, to - from);
    return b;
}
static CmBytes rd_take(Rd *r, size_t n) {
    if (!rd_has(r, n)) return (CmBytes){ NULL, 0 };
    r->pos += n;
    return rd_copy(r, r->pos - n, r->pos);
}

/* Constant pool: records each entry's offset, skips its body. */
static void rd_pool(Rd *r, CmClass *c) {
    c->cp_count = rd_u2(r);
    c->cp_off = calloc(c->cp_count ? c->cp_count : 1, sizeof *c->cp_off);
    for (unsigned i = 1; i < c->cp_count && !r->bad; i++) {
        c->cp_off[i] = (uint32_t)r->pos;
        static const uint8_t size[21] = { [3] = 4, [4] = 4, [5] = 8, [6] = 8, [7] = 2, [8] = 2, [9] = 4,
                                          [10] = 4, [11] = 4, [12] = 4, [15] = 3, [16] = 2, [17] = 4, [18] = 4,
                                          [19] = 2, [20] = 2 };
        uint8_t tag = rd_u1(r);
        if (tag == 1) { uint16_t n = rd_u2(r); if (rd_has(r, n)) r->pos += n; }
        else if (tag < 21 && size[tag]) { if (rd_has(r, size[tag])) r->pos += size[tag]; }
        else r->bad = true;
        if (tag == 5 || tag == 6) i++;
    }
}

static void rd_attrs(Rd *r, CmAttr **out, uint16_t *n) {
    *n = rd_u2(r);
    *out = calloc(*n ? *n : 1, sizeof **out);
    for (unsigned i = 0; i < *n && !r->bad; i++) {
        (*out)[i].name = rd_u2(r);
        (*out)[i].body = rd_take(r, rd_u4(r));
    }
}

static void rd_code(const CmAttr *a, CmCode *k) {
    Rd r = { a->body.p, 0, a->body.n, false };
    k->max_stack = rd_u2(&r);
    k->max_locals = rd_u2(&r);
    k->code = rd_take(&r, rd_u4(&r));
    k->nexc = rd_u2(&r);
    k->exc = calloc(k->nexc ? k->nexc : 1, sizeof *k->exc);
    for (unsigned i = 0; i < k->nexc; i++) {
        k->exc[i].start = rd_u2(&r);
        k->exc[i].end = rd_u2(&r);
        k->exc[i].handler = rd_u2(&r);
        k->exc[i].type = rd_u2(&r);
    }
    rd_attrs(&r, &k->attrs, &k->nattrs);
    if (r.bad) k->code.n = 0;
}

/* Skips count members (fields) with their attributes. */
static void rd_skip_members(Rd *r) {
    uint16_t n = rd_u2(r);
    for (unsigned i = 0; i < n && !r->bad; i++) {
        r->pos += rd_has(r, 6) ? 6 : 0;
        uint16_t na = rd_u2(r);
        for (unsigned k = 0; k < na && !r->bad; k++) {
            r->pos += rd_has(r, 2) ? 2 : 0;
            uint32_t len = rd_u4(r);
            if (rd_has(r, len)) r->pos += len;
        }
    }
}

static void rd_methods(Rd *r, CmClass *c) {
    c->nmethods = rd_u2(r);
    c->methods = calloc(c->nmethods ? c->nmethods : 1, sizeof *c->methods);
    for (unsigned i = 0; i < c->nmethods && !r->bad; i++) {
        CmMethod *m = &c->methods[i];
        m->access = rd_u2(r);
        m->name = rd_u2(r);
        m->desc = rd_u2(r);
        rd_attrs(r, &m->attrs, &m->nattrs);
        m->code_attr = -1;
        for (unsigned k = 0; k < m->nattrs && !r->bad; k++)
            if (m->code_attr < 0 && cm_utf8_is(c, m->attrs[k].name, "Code")) {
                m->code_attr = (int)k;
                rd_code(&m->attrs[k], &m->code);
                if (!m->code.code.n) r->bad = true;
            }
    }
}

bool cm_parse(const uint8_t *data, size_t size, CmClass *c) {
    memset(c, 0, sizeof *c);
    Rd r = { data, 0, size, false };
    if (rd_u4(&r) != 0xCAFEBABE) return false;
    rd_u4(&r);
    rd_pool(&r, c);
    rd_u2(&r);
    c->this_class = rd_u2(&r);
    rd_u2(&r);
    uint16_t nif = rd_u2(&r);
    if (rd_has(&r, 2u * nif)) r.pos += 2u * nif;
    if (r.bad) { cm_free(c); return false; }
    c->head = rd_copy(&r, 0, r.pos);
    size_t fields_at = r.pos;
    rd_skip_members(&r);
    if (!r.bad) c->fields = rd_copy(&r, fields_at, r.pos);
    rd_methods(&r, c);
    if (!r.bad) c->tail = rd_take(&r, r.len - r.pos);
    if (r.bad) { cm_free(c); return false; }
    return true;
}

/* ---- writing ---- */

typedef struct Wr { uint8_t *p; size_t pos, max; bool full; } Wr;

static void wr_bytes(Wr *w, const void *b, size_t n) {
    if (w->full || w->max - w->pos < n) { w->full = true; return; }
    if (n) memcpy(w->p + w->pos, b, n);
    w->pos += n;
}
static void wr_u2(Wr *w, uint32_t v) { uint8_t b[2] = { (uint8_t)(v >> 8), (uint8_t)v }; wr_bytes(w, b, 2); }
static void wr_u4(Wr *w, uint32_t v) { wr_u2(w, v >> 16); wr_u2(w, v & 0xffff); }

static void wr_attrs(Wr *w, const CmAttr *a, uint16_t n) {
    wr_u2(w, n);
    for (unsigned i = 0; i < n; i++) {
        wr_u2(w, a[i].name);
        wr_u4(w, a[i].body.n);
        wr_bytes(w, a[i].body.p, a[i].body.n);
    }
}

static uint32_t code_body_len(const CmCode *k) {
    uint32_t n = 2 + 2 + 4 + k->code.n + 2 + 8u * k->nexc + 2;
    for (unsigned i = 0; i < k->nattrs; i++) n += 6 + k->attrs[i].body.n;
    return n;
}

static void wr_code(Wr *w, uint16_t name, const CmCode *k) {
    wr_u2(w, name);
    wr_u4(w, code_body_len(k));
    wr_u2(w, k->max_stack);
    wr_u2(w, k->max_locals);
    wr_u4(w, k->code.n);
    wr_bytes(w, k->code.p, k->code.n);
    wr_u2(w, k->nexc);
    for (unsigned i = 0; i < k->nexc; i++) {
        wr_u2(w, k->exc[i].start);
        wr_u2(w, k->exc[i].end);
        wr_u2(w, k->exc[i].handler);
        wr_u2(w, k->exc[i].type);
    }
    wr_attrs(w, k->attrs, k->nattrs);
}

static void wr_method(Wr *w, const CmMethod *m) {
    wr_u2(w, m->access);
    wr_u2(w, m->name);
    wr_u2(w, m->desc);
    wr_u2(w, m->nattrs);
    for (unsigned i = 0; i < m->nattrs; i++) {
        if ((int)i == m->code_attr) { wr_code(w, m->attrs[i].name, &m->code); continue; }
        wr_u2(w, m->attrs[i].name);
        wr_u4(w, m->attrs[i].body.n);
        wr_bytes(w, m->attrs[i].body.p, m->attrs[i].body.n);
    }
}

size_t cm_write(const CmClass *c, uint8_t *out, size_t max) {
    Wr w = { out, 0, max, false };
    wr_bytes(&w, c->head.p, c->head.n);
    wr_bytes(&w, c->fields.p, c->fields.n);
    wr_u2(&w, c->nmethods);
    for (unsigned i = 0; i < c->nmethods; i++) wr_method(&w, &c->methods[i]);
    wr_bytes(&w, c->tail.p, c->tail.n);
    return w.full ? 0 : w.pos;
}

static void free_attrs(CmAttr *a, uint16_t n) {
    for (unsigned i = 0; a && i < n; i++) free(a[i].body.p);
    free(a);
}

void cm_free(CmClass *c) {
    for (unsigned i = 0; c->methods && i < c->nmethods; i++) {
        CmMethod *m = &c->methods[i];
        free_attrs(m->attrs, m->nattrs);
        free(m->code.code.p);
        free(m->code.exc);
        free_attrs(m->code.attrs, m->code.nattrs);
    }
    free(c->methods);
    free(c->head.p);
    free(c->cp_off);
    free(c->fields.p);
    free(c->tail.p);
    memset(c, 0, sizeof *c);
}

/* ---- constant pool ---- */

int cm_tag(const CmClass *c, unsigned i) {
    return i > 0 && i < c->cp_count && c->cp_off[i] ? c->head.p[c->cp_off[i]] : 0;
}

const uint8_t *cm_utf8(const CmClass *c, unsigned i, uint16_t *len) {
    if (cm_tag(c, i) != 1) return NULL;
    const uint8_t *p = c->head.p + c->cp_off[i];
    *len = (uint16_t)(p[1] << 8 | p[2]);
    return p + 3;
}

const uint8_t *cm_class_name(const CmClass *c, unsigned i, uint16_t *len) {
    if (cm_tag(c, i) != 7) return NULL;
    const uint8_t *p = c->head.p + c->cp_off[i];
    return cm_utf8(c, (unsigned)(p[1] << 8 | p[2]), len);
}

bool cm_utf8_is(const CmClass *c, unsigned i, const char *s) {
    uint16_t n;
    const uint8_t *u = cm_utf8(c, i, &n);
    return u && n == strlen(s) && memcmp(u, s, n) == 0;
}

/* ---- instructions ---- */

static uint32_t be4(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static unsigned switch_len(const uint8_t *code, uint32_t len, uint32_t pc) {
    uint32_t at = (pc + 4) & ~3u;
    if (at + 12 > len) return 0;
    uint64_t n;
    if (code[pc] == OP_tableswitch) {
        int32_t lo = (int32_t)be4(code + at + 4), hi = (int32_t)be4(code + at + 8);
        if (hi < lo) return 0;
        n = 12 + 4 * ((uint64_t)((int64_t)hi - lo) + 1);
    } else {
        n = 8 + 8 * (uint64_t)be4(code + at + 4);
    }
    return at + n <= len ? (unsigned)(at + n - pc) : 0;
}

unsigned cm_insn_len(const uint8_t *code, uint32_t len, uint32_t pc) {
    if (pc >= len) return 0;
    uint8_t op = code[pc];
    int n = opcode_lengths[op];
    if (op == OP_tableswitch || op == OP_lookupswitch) return switch_len(code, len, pc);
    if (op == OP_wide) n = pc + 1 < len && code[pc + 1] == OP_iinc ? 6 : 4;
    return n > 0 && pc + (uint32_t)n <= len ? (unsigned)n : 0;
}
