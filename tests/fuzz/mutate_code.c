/*
 * mutate_code.c — the structure-aware mutator of the exec fuzz target (fuzz_exec.c).
 *
 * Byte-level mutation of a class file mostly breaks its structure, and the parser turns
 * it away before the verifier or the interpreter sees it.  This mutator parses the input
 * with cfmodel.c, changes one to three things inside a method's Code attribute, and
 * writes the class back with every length recomputed:
 *
 *   - an instruction's opcode, replaced by another of the same length (the operands and
 *     every later instruction stay in place, so the verifier sees a plausible method
 *     with one wrong type, stack depth or local);
 *   - an operand byte (a local's index, a constant-pool index, a branch offset);
 *   - a branch's target, moved to another instruction;
 *   - the code bytes themselves through libFuzzer's own mutator (lengths may change);
 *   - max_stack or max_locals;
 *   - the exception table (an entry added, removed, or one of its fields moved to another
 *     instruction or another Class constant);
 *   - the StackMapTable: a verification type swapped for another of the same size, an
 *     object type's class or an uninitialised type's offset changed, a frame's offset
 *     delta or frame type changed, or the whole table dropped.
 *
 * One input in five, and any input that does not parse, gets libFuzzer's generic
 * mutation instead, so the parser's own error paths stay covered.  All randomness comes
 * from libFuzzer's seed, so a mutation sequence replays.
 */
#include "tests/fuzz/cfmodel.h"
#include "interp/opcodes.h"
#include <stdlib.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max);

typedef struct Rng { uint64_t s; } Rng;

static uint32_t rnd(Rng *r, uint32_t n) {
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return n ? (uint32_t)(r->s % n) : 0;
}

static void put2(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static unsigned get2(const uint8_t *p) { return (unsigned)(p[0] << 8 | p[1]); }

/* The instruction boundaries of k's code (up to the first undecodable one). */
static uint32_t boundaries(const CmCode *k, uint32_t *out, uint32_t max) {
    uint32_t n = 0;
    for (uint32_t pc = 0; pc < k->code.n && n < max;) {
        unsigned len = cm_insn_len(k->code.p, k->code.n, pc);
        out[n++] = pc;
        if (!len) break;
        pc += len;
    }
    return n;
}

static uint32_t random_boundary(Rng *r, const CmCode *k) {
    static uint32_t pcs[65536];
    uint32_t n = boundaries(k, pcs, 65536);
    return n ? pcs[rnd(r, n)] : 0;
}

static unsigned random_class_index(Rng *r, const CmClass *c) {
    for (int tries = 0; tries < 32; tries++) {
        unsigned i = 1 + rnd(r, c->cp_count > 1 ? c->cp_count - 1u : 1u);
        if (cm_tag(c, i) == 7) return i;
    }
    return 0;
}

/* ---- code ---- */

static void mut_opcode(Rng *r, const CmClass *c, CmCode *k) {
    uint32_t pc = random_boundary(r, k);
    int len = opcode_lengths[k->code.p[pc]];
    if (len <= 0) return;
    for (int tries = 0; tries < 64; tries++) {
        unsigned op = rnd(r, 202);
        if (opcode_lengths[op] == len) { k->code.p[pc] = (uint8_t)op; return; }
    }
    (void)c;
}

static void mut_operand(Rng *r, const CmClass *c, CmCode *k) {
    uint32_t pc = random_boundary(r, k);
    unsigned len = cm_insn_len(k->code.p, k->code.n, pc);
    if (len < 2) return;
    uint8_t *b = &k->code.p[pc + 1 + rnd(r, len - 1)];
    switch (rnd(r, 3)) {
    case 0: *b += 1; break;
    case 1: *b -= 1; break;
    default: *b = (uint8_t)rnd(r, 256); break;
    }
    (void)c;
}

/* A branch (or a switch case) retargeted to another instruction: control flow the stack
 * maps may not describe. */
static void mut_branch(Rng *r, const CmClass *c, CmCode *k) {
    static uint32_t pcs[65536];
    uint32_t n = boundaries(k, pcs, 65536), branches = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t op = k->code.p[pcs[i]];
        bool branch = (op >= OP_ifeq && op <= OP_jsr) || op == OP_ifnull || op == OP_ifnonnull;
        if (branch && cm_insn_len(k->code.p, k->code.n, pcs[i]) == 3) pcs[branches++] = pcs[i];
    }
    if (!branches) { mut_operand(r, c, k); return; }
    uint32_t pc = pcs[rnd(r, branches)], target = random_boundary(r, k);
    put2(k->code.p + pc + 1, (target - pc) & 0xffff);
}

static void mut_bytes(Rng *r, const CmClass *c, CmCode *k) {
    uint32_t max = k->code.n + 16;
    uint8_t *p = realloc(k->code.p, max);
    size_t n = LLVMFuzzerMutate(p, k->code.n, max);
    k->code.p = p;
    k->code.n = n ? (uint32_t)n : 1;
    (void)r;
    (void)c;
}

static void mut_limits(Rng *r, const CmClass *c, CmCode *k) {
    uint16_t *v = rnd(r, 2) ? &k->max_stack : &k->max_locals;
    switch (rnd(r, 4)) {
    case 0: (*v)++; break;
    case 1: if (*v) (*v)--; break;
    case 2: *v = (uint16_t)rnd(r, 8); break;
    default: *v = rnd(r, 2) ? 0xffff : 0; break;
    }
    (void)c;
}

/* ---- exception table ---- */

static void exc_add(Rng *r, const CmClass *c, CmCode *k) {
    k->exc = realloc(k->exc, (k->nexc + 1u) * sizeof *k->exc);
    uint32_t a = random_boundary(r, k), b = random_boundary(r, k);
    CmExc *e = &k->exc[k->nexc++];
    e->start = (uint16_t)(a < b ? a : b);
    e->end = (uint16_t)(a < b ? b : k->code.n);
    e->handler = (uint16_t)random_boundary(r, k);
    e->type = (uint16_t)(rnd(r, 2) ? random_class_index(r, c) : 0);
}

static void mut_exc(Rng *r, const CmClass *c, CmCode *k) {
    if (!k->nexc || rnd(r, 4) == 0) { exc_add(r, c, k); return; }
    CmExc *e = &k->exc[rnd(r, k->nexc)];
    switch (rnd(r, 5)) {
    case 0: e->start = (uint16_t)random_boundary(r, k); break;
    case 1: e->end = (uint16_t)(rnd(r, 2) ? random_boundary(r, k) : k->code.n); break;
    case 2: e->handler = (uint16_t)random_boundary(r, k); break;
    case 3: e->type = (uint16_t)random_class_index(r, c); break;
    default: *e = k->exc[--k->nexc]; break;
    }
}

/* ---- StackMapTable ---- */

enum { SM_FRAME, SM_DELTA, SM_VTYPE };
typedef struct SmSpot { uint32_t at; int kind; } SmSpot;

typedef struct SmWalk { const uint8_t *p; uint32_t n, pos; SmSpot spots[512]; unsigned nspots; bool bad; } SmWalk;

static void sm_spot(SmWalk *w, uint32_t at, int kind) {
    if (w->nspots < 512) w->spots[w->nspots++] = (SmSpot){ at, kind };
}

static void sm_vtypes(SmWalk *w, unsigned count) {
    for (unsigned i = 0; i < count && !w->bad; i++) {
        if (w->pos >= w->n) { w->bad = true; return; }
        uint8_t tag = w->p[w->pos];
        sm_spot(w, w->pos, SM_VTYPE);
        w->pos += tag == 7 || tag == 8 ? 3 : 1;
    }
}

static void sm_frame(SmWalk *w) {
    uint8_t type = w->p[w->pos];
    sm_spot(w, w->pos++, SM_FRAME);
    if (type < 64) return;
    if (type < 128) { sm_vtypes(w, 1); return; }
    if (type < 247) { w->bad = true; return; }
    sm_spot(w, w->pos, SM_DELTA);
    w->pos += 2;
    if (type == 247) sm_vtypes(w, 1);
    else if (type >= 252 && type < 255) sm_vtypes(w, type - 251u);
    else if (type == 255) {
        if (w->pos + 2 > w->n) { w->bad = true; return; }
        unsigned nl = get2(w->p + w->pos);
        w->pos += 2;
        sm_vtypes(w, nl);
        if (w->bad || w->pos + 2 > w->n) { w->bad = true; return; }
        unsigned ns = get2(w->p + w->pos);
        w->pos += 2;
        sm_vtypes(w, ns);
    }
}

static void sm_change(Rng *r, const CmClass *c, CmCode *k, uint8_t *p, const SmSpot *s) {
    uint8_t *b = p + s->at;
    if (s->kind == SM_FRAME) {
        if (*b < 64) *b = (uint8_t)rnd(r, 64);
        else if (*b < 128) *b = (uint8_t)(64 + rnd(r, 64));
        else if (*b >= 248 && *b <= 251) *b = (uint8_t)(248 + rnd(r, 4));
    } else if (s->kind == SM_DELTA) {
        put2(b, rnd(r, 2) ? get2(b) + 1 : rnd(r, 8));
    } else if (*b == 7) {
        if (rnd(r, 2)) put2(b + 1, random_class_index(r, c));
        else *b = 8, put2(b + 1, random_boundary(r, k));
    } else if (*b == 8) {
        if (rnd(r, 2)) put2(b + 1, random_boundary(r, k));
        else *b = 7, put2(b + 1, random_class_index(r, c));
    } else {
        *b = (uint8_t)rnd(r, 7);            /* Top .. UninitializedThis: one byte each */
    }
}

static void mut_stackmap(Rng *r, const CmClass *c, CmCode *k) {
    int at = -1;
    for (unsigned i = 0; i < k->nattrs; i++)
        if (cm_utf8_is(c, k->attrs[i].name, "StackMapTable")) at = (int)i;
    if (at < 0) { mut_exc(r, c, k); return; }
    CmBytes *body = &k->attrs[at].body;
    if (rnd(r, 16) == 0) {                  /* drop the table */
        free(body->p);
        k->attrs[at] = k->attrs[--k->nattrs];
        return;
    }
    static SmWalk w;
    w = (SmWalk){ .p = body->p, .n = body->n, .pos = 2 };
    unsigned nframes = body->n >= 2 ? get2(body->p) : 0;
    for (unsigned i = 0; i < nframes && !w.bad && w.pos < w.n; i++) sm_frame(&w);
    if (!w.nspots) return;
    const SmSpot *s = &w.spots[rnd(r, w.nspots)];
    if (s->at + (s->kind == SM_VTYPE && body->p[s->at] >= 7 ? 3u : s->kind == SM_DELTA ? 2u : 1u) > body->n) return;
    sm_change(r, c, k, body->p, s);
}

/* ---- driver ---- */

typedef void (*Mutation)(Rng *, const CmClass *, CmCode *);
static const Mutation mutations[] = {
    mut_opcode, mut_opcode, mut_opcode, mut_operand, mut_operand, mut_branch, mut_branch, mut_bytes, mut_limits,
    mut_exc, mut_exc, mut_stackmap, mut_stackmap, mut_stackmap,
};

static CmMethod *random_method(Rng *r, CmClass *c) {
    unsigned with_code = 0;
    for (unsigned i = 0; i < c->nmethods; i++) with_code += c->methods[i].code_attr >= 0;
    if (!with_code) return NULL;
    unsigned pick = rnd(r, with_code);
    for (unsigned i = 0; i < c->nmethods; i++)
        if (c->methods[i].code_attr >= 0 && pick-- == 0) return &c->methods[i];
    return NULL;
}

/* Mutates the class in data; 0 if it is not one the model can follow. */
static size_t mutate_structured(Rng *r, uint8_t *data, size_t size, size_t max) {
    CmClass c;
    if (!cm_parse(data, size, &c)) return 0;
    size_t out = 0;
    CmMethod *m = random_method(r, &c);
    if (m) {
        for (unsigned i = 0, n = 1 + rnd(r, 3); i < n; i++)
            mutations[rnd(r, sizeof mutations / sizeof *mutations)](r, &c, &m->code);
        uint8_t *buf = malloc(max);
        out = cm_write(&c, buf, max);
        if (out) memcpy(data, buf, out);
        free(buf);
    }
    cm_free(&c);
    return out;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned int seed) {
    Rng r = { (uint64_t)seed * 0x9E3779B97F4A7C15ull | 1 };
    size_t out = rnd(&r, 5) ? mutate_structured(&r, data, size, max) : 0;
    return out ? out : LLVMFuzzerMutate(data, size, max);
}
