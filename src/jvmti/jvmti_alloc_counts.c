/*
 * jvmti_alloc_counts.c — com.loupe.functions.SetAllocationCounting and
 * DrainAllocationCounts: every allocation counted by the VM per thread and site, for a
 * profiler that wants exact allocation sites without an event per object.
 *
 * An agent that counted every object from com.loupe.events.ObjectAlloc paid, per object,
 * the event's delivery (handles, the event scope), a stack walk into its buffer and a
 * lookup of that stack in its own tables: several times what the interpreter spends on
 * the allocation.  Here the allocation hook (jvmti_alloc.c, or the allocation sink that
 * stands for it while counting is all it does) counts the object itself, in a table of
 * the allocating thread's own, and the agent takes the counts in batches.
 *
 * A site is (context, method, bci, class name): the allocating frame's method and
 * bytecode index, and the context, the chain of its callers.  Contexts are the nodes of a
 * prefix tree per thread: context c = (parent context, method, line) of one caller frame,
 * 0 the root (no frames).  A frame's callers cannot change while it lives (they wait at
 * their call), so a frame's context is computed once and kept in its Frame.mark (the word
 * GetStackTraceMarked uses, cleared by the push: jvmti_stackmark.c), with the session's
 * tag: an allocation from a frame that allocated before costs a load of its mark and a
 * lookup of the site in a small cache; a new frame looks up its own context only (its
 * caller is marked), among its caller's callees.  Contexts are keyed by line, not bytecode index (a stack names
 * lines): a recursion that calls itself from two places on one line has a context per
 * depth, not one per path down its tree.  A context keeps the first index seen on its
 * line, for the agent.
 *
 * Concurrency: a table is written by its thread alone.  Its contexts and sites lie in
 * blocks that never move, published by a count stored with release; the drain (any
 * thread, under counts_lock) reads the published part and each site's counts (relaxed
 * atomics), and remembers what it reported in the site (fields only it writes), so each
 * drain reports what was counted since the last one.  A site counted since the last
 * drain is in the table's ring of dirty sites, so a drain reads only those (javac has
 * over a hundred thousand sites, a few hundred busy between two drains).  Tables are
 * unlinked and freed only under counts_lock: by the drain once their thread has ended,
 * by a new session (a table of an older session is unlinked, and freed by its thread,
 * which no longer reads it).
 *
 * Counting is exact: every object the allocation hook sees is counted once (the same
 * objects ObjectAlloc announces: not those allocated inside the allocation callbacks).
 * Limits: 2^20 contexts per thread (a deeper context is counted under its nearest known
 * caller) and 2^24 sites per thread (more are counted under one site of a NULL method).
 */
#include "jvmti/jvmti_heap.h"
#include "interp/frame.h"
#include "heap/object.h"
#include "classfile/class.h"
#include <stdarg.h>
#include <string.h>

enum {
    MARK_VALUE_BITS = 20,               /* as jvmti_stackmark.c's layout: tag << 20 | value */
    MAX_CONTEXTS = 1 << MARK_VALUE_BITS,
    BLOCK_BITS = 12,
    BLOCK = 1 << BLOCK_BITS,
    CTX_BLOCKS = MAX_CONTEXTS / BLOCK,
    SITE_BLOCKS = 4096,
    MAX_SITES = SITE_BLOCKS * BLOCK,
    LINE_CACHE = 1024,
    MARK_TAGS = 1 << (32 - MARK_VALUE_BITS),
    RING = 4096,                        /* sites counted since the last drain, per thread */
    CTX_LIST = 16,                      /* a context's callees are looked up in a list up to this many */
};

typedef struct {
    uint32_t parent;
    int32_t line;
    Method *method;
    int32_t bci;                        /* the first index seen on the line */
    /* the owner's alone (the drain reads the fields above) */
    uint32_t child, sibling;            /* its callees' contexts, the last used first (index + 1) */
    uint32_t nchildren;                 /* more than CTX_LIST: found through ctx_set */
    uint32_t sites, nsites;             /* its frames' sites, the last used first (index + 1); more */
                                        /* than CTX_LIST: found through site_set */
    struct CountSite *mru;              /* the site last found (NULL: none) */
    uint32_t kid[2];                    /* the contexts called from (kid_m, kid_pc); kid_next */
    uint32_t kid_next;                  /* is the entry the next one replaces */
    const Method *kid_m[2];
    const Insn *kid_pc[2];
} CountCtx;

/* An open-addressed set of item indexes (index + 1 per slot, 0 free), keyed through the
 * items themselves: a kind (SetKind, below) hashes an item's key, says which items belong
 * and how many there are, for the set to rebuild itself when it doubles. */
typedef struct {
    uint32_t *slot;
    uint32_t cap, n;
} IndexSet;

typedef struct CountSite {
    uint32_t ctx;
    int32_t bci;
    Method *method;
    Symbol *name;                       /* the class's (symbols live as long as the VM) */
    const Insn *pc;                     /* its key with ctx, method and name (the owner's) */
    uint32_t next;                      /* the context's next site (index + 1; the owner's) */
    uint64_t objects, bytes;            /* written by the owner (relaxed atomics) */
    uint32_t index;
    uint32_t dirty;                     /* in the table's ring (set by the owner, cleared by the drain) */
    uint64_t sent_objects, sent_bytes;  /* the drain's */
} CountSite;

typedef struct CountTable {
    struct CountTable *next;            /* counts_tables, under counts_lock */
    uint32_t session;
    uint32_t tag;                       /* the session's tag in frame marks */
    bool ended;                         /* its thread ended (under counts_lock) */
    jlong thread;                       /* the kernel's id of its thread */
    uint32_t nctx, nsites;              /* published (release) */
    uint32_t reported_ctx;              /* the drain's: contexts reported so far */
    uint32_t ring[RING];                /* indexes of sites counted since the last drain */
    uint32_t head, tail;                /* pushed by the owner, taken by the drain (atomics) */
    bool overflow;                      /* the ring was full: the drain reads every site */
    CountCtx *ctx[CTX_BLOCKS];
    CountSite *sites[SITE_BLOCKS];
    /* the owner's alone */
    IndexSet ctx_set;                   /* the callees of contexts with more than CTX_LIST */
    IndexSet site_set;                  /* the sites of contexts with more than CTX_LIST */
    size_t wcap;
    Frame **walk;
    struct { const Method *m; int32_t bci, line; } lines[LINE_CACHE];
    struct { const Insn *pc; const Method *m; uint32_t parent, ctx; } kids[LINE_CACHE];
                                        /* ctx_kid's answers past its contexts' own two */
} CountTable;

static pthread_mutex_t counts_lock = PTHREAD_MUTEX_INITIALIZER;
static CountTable *counts_tables;
static uint32_t counts_session;         /* the current session; its tag is session % (MARK_TAGS - 1) + 1 */
static JvmtiEnv *counts_env;            /* the counting environment */
volatile bool jvmti_counts_on;
static _Thread_local CountTable *my_table;

static inline uint32_t session_tag(uint32_t s) { return s % (MARK_TAGS - 1) + 1; }
static inline CountCtx *ctx_at(CountTable *t, uint32_t i) { return &t->ctx[i >> BLOCK_BITS][i & (BLOCK - 1)]; }
static inline CountSite *site_at(CountTable *t, uint32_t i) { return &t->sites[i >> BLOCK_BITS][i & (BLOCK - 1)]; }

static uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

/* ---- tables ---- */

static void table_free(CountTable *t) {
    for (int i = 0; i < CTX_BLOCKS; i++) vm_free(t->ctx[i]);
    for (int i = 0; i < SITE_BLOCKS; i++) vm_free(t->sites[i]);
    vm_free(t->ctx_set.slot);
    vm_free(t->site_set.slot);
    vm_free(t->walk);
    vm_free(t);
}

/* The calling thread's table of the current session, made (and an older one dropped)
 * when it has none. */
static __attribute__((noinline, cold)) CountTable *table_new(Thread *th, CountTable *t, uint32_t s) {
    pthread_mutex_lock(&counts_lock);
    if (t) table_free(t);           /* unlinked by the new session */
    t = vm_calloc(1, sizeof *t);
    t->session = s;
    t->tag = session_tag(s);
    t->thread = th->os_tid;
    t->nctx = 1;                    /* context 0: the root */
    t->ctx[0] = vm_calloc(BLOCK, sizeof(CountCtx));
    t->next = counts_tables;
    counts_tables = t;
    pthread_mutex_unlock(&counts_lock);
    return my_table = t;
}

static inline CountTable *table_of(Thread *th) {
    uint32_t s = __atomic_load_n(&counts_session, __ATOMIC_ACQUIRE);
    CountTable *t = my_table;
    if (likely(t && t->session == s)) return t;
    return table_new(th, t, s);
}

/* ---- index sets ---- */

typedef struct {
    uint64_t (*hash)(CountTable *t, uint32_t i);    /* of item i's key */
    bool (*member)(CountTable *t, uint32_t i);      /* item i belongs in the set */
    uint32_t (*count)(CountTable *t);               /* the items so far */
} SetKind;

typedef bool (*SameKey)(CountTable *t, uint32_t i, const void *key);

/* The item whose key same() finds equal to key, with hash h (index + 1; 0: none). */
static uint32_t set_find(CountTable *t, const IndexSet *s, uint64_t h, SameKey same, const void *key) {
    for (size_t i = (size_t)h & (s->cap - 1); s->slot[i]; i = (i + 1) & (s->cap - 1))
        if (same(t, s->slot[i] - 1, key)) return s->slot[i];
    return 0;
}

static void set_add(CountTable *t, IndexSet *s, const SetKind *k, uint32_t i);

/* Doubles s, adding every item that belongs. */
static void set_rebuild(CountTable *t, IndexSet *s, const SetKind *k) {
    uint32_t cap = s->cap ? s->cap * 2 : 1024;
    vm_free(s->slot);
    s->slot = vm_calloc(cap, sizeof *s->slot);
    s->cap = cap;
    s->n = 0;
    for (uint32_t i = 0, n = k->count(t); i < n; i++)
        if (k->member(t, i)) set_add(t, s, k, i);
}

/* Adds item i (keys are unique: an item is made only when its key is not found). */
static void set_add(CountTable *t, IndexSet *s, const SetKind *k, uint32_t i) {
    if ((s->n + 1) * 2 > s->cap) set_rebuild(t, s, k);     /* (adds i when it belongs) */
    size_t x = (size_t)k->hash(t, i) & (s->cap - 1);
    for (; s->slot[x]; x = (x + 1) & (s->cap - 1))
        if (s->slot[x] == i + 1) return;
    s->slot[x] = i + 1;
    s->n++;
}

/* ---- contexts ---- */

static int line_of(CountTable *t, const Method *m, int32_t bci) {
    if (bci < 0) return -2;
    size_t i = (size_t)(mix((uintptr_t)m ^ (uint64_t)(uint32_t)bci << 48) & (LINE_CACHE - 1));
    if (t->lines[i].m != m || t->lines[i].bci != bci) {
        t->lines[i].m = m, t->lines[i].bci = bci;
        t->lines[i].line = method_line_at(m, bci);
    }
    return t->lines[i].line;
}

static uint64_t ctx_key_hash(uint32_t parent, const Method *m, int32_t line) {
    return mix((uintptr_t)m * 0x9E3779B97F4A7C15ull ^ parent ^ (uint64_t)(uint32_t)line << 32);
}

typedef struct {
    uint32_t parent;
    const Method *m;
    int32_t line;
} CtxKey;

static bool ctx_same(CountTable *t, uint32_t i, const void *key) {
    const CountCtx *c = ctx_at(t, i);
    const CtxKey *k = key;
    return c->parent == k->parent && c->method == k->m && c->line == k->line;
}

static uint64_t ctx_hash(CountTable *t, uint32_t i) {
    const CountCtx *c = ctx_at(t, i);
    return ctx_key_hash(c->parent, c->method, c->line);
}

static bool ctx_member(CountTable *t, uint32_t i) { return i && ctx_at(t, ctx_at(t, i)->parent)->nchildren > CTX_LIST; }
static uint32_t ctx_count(CountTable *t) { return t->nctx; }
static const SetKind CTX_SET = { ctx_hash, ctx_member, ctx_count };

/* parent's callee (m, line) from its list, moved to the list's head (0: none). */
static uint32_t ctx_listed(CountTable *t, CountCtx *parent, const Method *m, int32_t line) {
    for (uint32_t *p = &parent->child; *p;) {
        CountCtx *c = ctx_at(t, *p - 1);
        if (c->method == m && c->line == line) {
            uint32_t k = *p;
            *p = c->sibling;
            c->sibling = parent->child, parent->child = k;
            return k;
        }
        p = &c->sibling;
    }
    return 0;
}

/* The context of the frames called from frame (method m at bci) in context parent,
 * looked up by line: among parent's callees, in a list (a frame calls few others, and
 * the parent was just used: no cache miss) or, for a parent with many, in the hash. */
static uint32_t ctx_lookup(CountTable *t, uint32_t parent, Method *m, int32_t bci) {
    int32_t line = line_of(t, m, bci);
    CountCtx *p = ctx_at(t, parent);
    uint32_t k;
    if (p->nchildren <= CTX_LIST) {
        if ((k = ctx_listed(t, p, m, line))) return k - 1;
    } else {
        CtxKey key = { parent, m, line };
        if ((k = set_find(t, &t->ctx_set, ctx_key_hash(parent, m, line), ctx_same, &key))) return k - 1;
    }
    uint32_t i = t->nctx;
    if (i >= MAX_CONTEXTS) return parent;
    if (!t->ctx[i >> BLOCK_BITS]) t->ctx[i >> BLOCK_BITS] = vm_calloc(BLOCK, sizeof(CountCtx));
    *ctx_at(t, i) = (CountCtx){ .parent = parent, .line = line, .method = m, .bci = bci, .sibling = p->child };
    p->child = i + 1;
    __atomic_store_n(&t->nctx, i + 1, __ATOMIC_RELEASE);
    if (++p->nchildren == CTX_LIST + 1) {
        for (uint32_t c = p->child; c; c = ctx_at(t, c - 1)->sibling) set_add(t, &t->ctx_set, &CTX_SET, c - 1);
    } else if (p->nchildren > CTX_LIST + 1) {
        set_add(t, &t->ctx_set, &CTX_SET, i);
    }
    return i;
}

static inline int32_t frame_index(const Frame *f) { return (f->flags & FR_NATIVE) ? -1 : frame_bci(f); }
static inline const Insn *frame_pc(const Frame *f) { return f->pc; }   /* NULL in a native frame (native/natives.c) */

/* ctx_lookup through a cache keyed by w's instruction (its index and line not computed). */
static uint32_t ctx_cached(CountTable *t, uint32_t parent, const Frame *w, const Insn *pc) {
    size_t i = (size_t)(mix((uintptr_t)pc ^ (uint64_t)parent << 40) & (LINE_CACHE - 1));
    if (t->kids[i].pc != pc || t->kids[i].m != w->method || t->kids[i].parent != parent || !t->kids[i].ctx) {
        uint32_t c = ctx_lookup(t, parent, w->method, frame_index(w));
        t->kids[i].pc = pc, t->kids[i].m = w->method, t->kids[i].parent = parent, t->kids[i].ctx = c + 1;
    }
    return t->kids[i].ctx - 1;
}

/* The context of the frames called from frame w in context parent: from the parent's
 * two last answers, keyed by w's method and instruction (no index or line to compute: a
 * recursion calls itself from one or two places, BinaryTrees' in turn), else through
 * ctx_cached, whose answer replaces the older of the two. */
static __attribute__((noinline)) uint32_t ctx_kid_miss(CountTable *t, uint32_t parent, const Frame *w,
                                                       const Insn *pc) {
    CountCtx *p = ctx_at(t, parent);
    uint32_t k = ctx_cached(t, parent, w, pc), i = p->kid_next;
    p->kid[i] = k, p->kid_m[i] = w->method, p->kid_pc[i] = pc;
    p->kid_next = i ^ 1;
    return k;
}

/* Frame w's callees' context among p's two last answers (0: neither). */
static inline uint32_t kid_known(const CountCtx *p, const Frame *w, const Insn *pc) {
    if (p->kid_pc[0] == pc && p->kid_m[0] == w->method && p->kid[0]) return p->kid[0];
    if (p->kid_pc[1] == pc && p->kid_m[1] == w->method && p->kid[1]) return p->kid[1];
    return 0;
}

static inline uint32_t ctx_kid(CountTable *t, uint32_t parent, const Frame *w) {
    const Insn *pc = frame_pc(w);
    uint32_t k = kid_known(ctx_at(t, parent), w, pc);
    return k ? k : ctx_kid_miss(t, parent, w, pc);
}

/* The context of frame f's callers: its mark, or computed from the first marked frame
 * below it (or the bottom), marking the frames on the way. */
static inline bool marked(const CountTable *t, const Frame *f, uint32_t tag) {
    return f->mark >> MARK_VALUE_BITS == tag && (f->mark & (MAX_CONTEXTS - 1)) < t->nctx;
}

static __attribute__((noinline)) uint32_t frame_ctx_walk(CountTable *t, Frame *f, uint32_t tag) {
    size_t n = 0;
    Frame *x = f;
    for (; x && !marked(t, x, tag); x = x->prev) {
        if (n == t->wcap) {
            t->wcap = t->wcap ? t->wcap * 2 : 256;
            t->walk = vm_realloc(t->walk, t->wcap * sizeof *t->walk);
        }
        t->walk[n++] = x;
    }
    uint32_t c = x ? ctx_kid(t, x->mark & (MAX_CONTEXTS - 1), x) : 0;
    for (size_t i = n; i-- > 0;) {
        Frame *w = t->walk[i];
        w->mark = tag << MARK_VALUE_BITS | c;
        if (i) c = ctx_kid(t, c, w);
    }
    return c;
}

static inline uint32_t frame_ctx(CountTable *t, Frame *f, uint32_t tag) {
    if (likely(marked(t, f, tag))) return f->mark & (MAX_CONTEXTS - 1);
    Frame *caller = f->prev;
    if (likely(caller && marked(t, caller, tag))) {     /* a new frame of a marked caller */
        uint32_t c = ctx_kid(t, caller->mark & (MAX_CONTEXTS - 1), caller);
        f->mark = tag << MARK_VALUE_BITS | c;
        return c;
    }
    return frame_ctx_walk(t, f, tag);
}

/* ---- sites ---- */

/* A site is found among its context's sites (a context's frames allocate at few places),
 * in a list, the last used first, or, for a context with more than CTX_LIST, in a hash
 * of all such sites.  The key is the instruction, not its index: an allocation computes
 * no index but for a new site. */

static uint64_t site_key_hash(uint32_t ctx, const Method *m, const Insn *pc, const Symbol *name) {
    return mix(((uintptr_t)m ^ (uint64_t)ctx << 40 ^ (uintptr_t)pc * 0x9E3779B97F4A7C15ull) ^ (uintptr_t)name);
}

typedef struct {
    uint32_t ctx;
    const Method *m;
    const Insn *pc;
    const Symbol *name;
} SiteKey;

static bool site_same(CountTable *t, uint32_t i, const void *key) {
    const CountSite *s = site_at(t, i);
    const SiteKey *k = key;
    return s->ctx == k->ctx && s->method == k->m && s->pc == k->pc && s->name == k->name;
}

static uint64_t site_hash(CountTable *t, uint32_t i) {
    const CountSite *s = site_at(t, i);
    return site_key_hash(s->ctx, s->method, s->pc, s->name);
}

static bool site_member(CountTable *t, uint32_t i) { return ctx_at(t, site_at(t, i)->ctx)->nsites > CTX_LIST; }
static uint32_t site_count(CountTable *t) { return t->nsites; }
static const SetKind SITE_SET = { site_hash, site_member, site_count };

/* c's site (m, pc, name) from its list, moved to the list's head (NULL: none). */
static CountSite *site_listed(CountTable *t, CountCtx *c, const Method *m, const Insn *pc, const Symbol *name) {
    for (uint32_t *p = &c->sites; *p;) {
        CountSite *s = site_at(t, *p - 1);
        if (s->method == m && s->pc == pc && s->name == name) {
            uint32_t k = *p;
            *p = s->next;
            s->next = c->sites, c->sites = k, c->mru = s;
            return s;
        }
        p = &s->next;
    }
    return NULL;
}

/* A new site of context ctx (past MAX_SITES - 1 sites, the last one, of no method, takes
 * the rest). */
static CountSite *site_new(CountTable *t, uint32_t ctx, Method *m, const Insn *pc, int32_t bci, Symbol *name) {
    uint32_t i = t->nsites;
    if (i == MAX_SITES) return site_at(t, MAX_SITES - 1);
    if (i == MAX_SITES - 1) ctx = 0, m = NULL, pc = NULL, bci = -1;
    if (!t->sites[i >> BLOCK_BITS]) t->sites[i >> BLOCK_BITS] = vm_calloc(BLOCK, sizeof(CountSite));
    CountCtx *c = ctx_at(t, ctx);
    CountSite *s = site_at(t, i);
    *s = (CountSite){ .ctx = ctx, .bci = bci, .method = m, .name = name, .pc = pc, .next = c->sites, .index = i };
    c->sites = i + 1, c->mru = s;
    __atomic_store_n(&t->nsites, i + 1, __ATOMIC_RELEASE);
    if (++c->nsites == CTX_LIST + 1) {
        for (uint32_t k = c->sites; k; k = site_at(t, k - 1)->next) set_add(t, &t->site_set, &SITE_SET, k - 1);
    } else if (c->nsites > CTX_LIST + 1) {
        set_add(t, &t->site_set, &SITE_SET, i);
    }
    return s;
}

/* The site of (ctx, m, pc, name), made if new (its index from frame f). */
static __attribute__((noinline)) CountSite *site_find(CountTable *t, uint32_t ctx, Method *m, const Insn *pc,
                                                      Symbol *name, const Frame *f) {
    CountCtx *c = ctx_at(t, ctx);
    CountSite *s;
    if (c->nsites <= CTX_LIST) {
        if ((s = site_listed(t, c, m, pc, name))) return s;
    } else {
        SiteKey key = { ctx, m, pc, name };
        uint32_t k = set_find(t, &t->site_set, site_key_hash(ctx, m, pc, name), site_same, &key);
        if (k) return c->mru = site_at(t, k - 1);
    }
    return site_new(t, ctx, m, pc, f ? frame_index(f) : -1, name);
}

static inline CountSite *site_of(CountTable *t, uint32_t ctx, Method *m, const Insn *pc, Symbol *name, const Frame *f) {
    CountSite *s = ctx_at(t, ctx)->mru;
    if (likely(s && s->method == m && s->pc == pc && s->name == name)) return s;
    return site_find(t, ctx, m, pc, name, f);
}

/* Site s has counts the drain has not seen: its index goes into the ring (or, when the
 * ring is full, the next drain reads every site).  Without a fence a drain may clear
 * the flag just after the owner saw it set: that site's new counts wait for its next
 * object, or for the last drain, which reads every site. */
static __attribute__((noinline, cold)) void mark_dirty(CountTable *t, CountSite *s) {
    __atomic_store_n(&s->dirty, 1, __ATOMIC_RELAXED);
    uint32_t h = t->head;
    if (h - __atomic_load_n(&t->tail, __ATOMIC_ACQUIRE) >= RING) {
        __atomic_store_n(&t->overflow, true, __ATOMIC_RELEASE);
        return;
    }
    t->ring[h % RING] = s->index;
    __atomic_store_n(&t->head, h + 1, __ATOMIC_RELEASE);
}

/* Counts object o (size bytes) at the calling thread's current site, the whole way: a new
 * table, a frame whose context must be looked up, a new site, a site to mark dirty. */
static __attribute__((noinline)) Object *counts_add_slow(Thread *th, Object *o, size_t size) {
    CountTable *t = table_of(th);
    Frame *f = th->top;
    uint32_t ctx = 0;
    Method *m = NULL;
    const Insn *pc = NULL;
    if (f) {
        ctx = frame_ctx(t, f, t->tag);
        m = f->method;
        pc = frame_pc(f);
    }
    CountSite *s = site_of(t, ctx, m, pc, o->klass->name, f);
    __atomic_store_n(&s->objects, s->objects + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&s->bytes, s->bytes + size, __ATOMIC_RELAXED);
    if (unlikely(!__atomic_load_n(&s->dirty, __ATOMIC_RELAXED))) mark_dirty(t, s);
    return o;
}

/* The common case without a call, so without a frame of its own: a table of this
 * session, a frame marked or a new frame whose caller's context knows it among its two
 * last callees, the context's last site, a site dirty already.  Anything else is done
 * again by counts_add_slow (marking the frame here changes nothing there). */
Object *jvmti_counts_add(Thread *th, Object *o, size_t size) {
    CountTable *t = my_table;
    Frame *f = th->top;
    if (unlikely(!t || t->session != __atomic_load_n(&counts_session, __ATOMIC_ACQUIRE) || !f))
        return counts_add_slow(th, o, size);
    uint32_t tag = t->tag, ctx;
    if (likely(marked(t, f, tag))) {
        ctx = f->mark & (MAX_CONTEXTS - 1);
    } else {
        const Frame *caller = f->prev;
        if (unlikely(!caller || !marked(t, caller, tag))) return counts_add_slow(th, o, size);
        ctx = kid_known(ctx_at(t, caller->mark & (MAX_CONTEXTS - 1)), caller, frame_pc(caller));
        if (unlikely(!ctx)) return counts_add_slow(th, o, size);
        f->mark = tag << MARK_VALUE_BITS | ctx;
    }
    CountSite *s = ctx_at(t, ctx)->mru;
    if (unlikely(!s || s->method != f->method || s->pc != frame_pc(f) || s->name != o->klass->name ||
                 !__atomic_load_n(&s->dirty, __ATOMIC_RELAXED)))
        return counts_add_slow(th, o, size);
    __atomic_store_n(&s->objects, s->objects + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&s->bytes, s->bytes + size, __ATOMIC_RELAXED);
    return o;
}

/* The calling thread ends: its table waits for the drain, which frees it. */
void jvmti_counts_thread_exit(Thread *th) {
    CountTable *t = my_table;
    if (!t) return;
    my_table = NULL;
    pthread_mutex_lock(&counts_lock);
    if (t->session == counts_session) t->ended = true;
    else table_free(t);             /* an older session's: unlinked already */
    pthread_mutex_unlock(&counts_lock);
}

/* ---- the extension functions ---- */

static jvmtiError check_env(JvmtiEnv *env) {
    if (!env || !__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE)) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    return JVMTI_ERROR_NONE;
}

/* A new session: every table of the last one is unlinked (freed if its thread ended;
 * otherwise its thread frees it when it next counts or ends).  counts_lock held. */
static void new_session(void) {
    for (CountTable *t = counts_tables, *next; t; t = next) {
        next = t->next;
        if (t->ended) table_free(t);
    }
    counts_tables = NULL;
    __atomic_store_n(&counts_session, counts_session + 1, __ATOMIC_RELEASE);
}

/* com.loupe.functions.SetAllocationCounting(jvmtiEnv*, jboolean on): on starts a new
 * session (earlier counts forgotten, every allocation counted from now on); off stops
 * counting, leaving what was counted to a last drain. */
jvmtiError JNICALL jvmti_ext_SetAllocationCounting(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    jboolean on = (jboolean)va_arg(ap, int);
    va_end(ap);
    JvmtiEnv *env = jvmti_env(e);
    jvmtiError err = check_env(env);
    if (err) return err;
    if (on && !jvmti_marks_claim(env)) return JVMTI_ERROR_NOT_AVAILABLE;
    pthread_mutex_lock(&counts_lock);
    if (counts_env && counts_env != env) err = JVMTI_ERROR_NOT_AVAILABLE;
    else if (on) {
        counts_env = env;
        new_session();
    } else {
        counts_env = NULL;
    }
    pthread_mutex_unlock(&counts_lock);
    if (err) return err;
    __atomic_store_n(&jvmti_counts_on, on != JNI_FALSE, __ATOMIC_RELEASE);
    Thread *t = thread_current();
    int old = t ? thread_enter_vm(t) : 0;
    jvmti_heap_listening_changed(t);
    if (t) thread_leave_vm(t, old);
    return JVMTI_ERROR_NONE;
}

typedef void (JNICALL *CountCtxFn)(void *data, jlong thread, jint context, jint parent, jmethodID method,
                                   jlocation location);
typedef void (JNICALL *CountSiteFn)(void *data, jlong thread, jint context, jmethodID method, jlocation location,
                                    const char *class_signature, jlong objects, jlong bytes);

/* The JNI signature of a class by its name (classes allocated are never primitive). */
void jvmti_class_signature_of(const Symbol *name, char *buf, size_t cap) {
    bool array = name->str[0] == '[';
    size_t n = 0, len = name->len, room = cap - (array ? 1 : 3);   /* 'L', ';' and the NUL */
    if (len > room) len = room;
    if (!array) buf[n++] = 'L';
    memcpy(buf + n, name->str, len);
    for (char *p = buf + n; (p = memchr(p, '+', (size_t)(buf + n + len - p))); p++) *p = '.';
    n += len;
    if (!array) buf[n++] = ';';
    buf[n] = 0;
}

/* Reads a site's counts: objects and bytes of the same moment (the owner may count
 * meanwhile: read again until both hold still). */
static void site_counts(const CountSite *s, uint64_t *objects, uint64_t *bytes) {
    uint64_t n;
    do {
        n = __atomic_load_n(&s->objects, __ATOMIC_ACQUIRE);
        *bytes = __atomic_load_n(&s->bytes, __ATOMIC_ACQUIRE);
        *objects = __atomic_load_n(&s->objects, __ATOMIC_ACQUIRE);
    } while (n != *objects);
}

/* What a drain reports, copied out under counts_lock and passed to the callbacks after
 * it is released: a callback may call JVMTI, and so stop for a collection, which must
 * never find the lock held (an allocating thread may be waiting for it, unstoppable). */
typedef struct {
    jlong thread;
    jint ctx, parent;                   /* parent -1: a site */
    jmethodID method;
    jlocation location;
    const Symbol *name;
    jlong objects, bytes;
} Report;

typedef struct {
    Report *r;
    size_t n, cap;
} Reports;

static Report *report_add(Reports *rs) {
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? rs->cap * 2 : 256;
        rs->r = vm_realloc(rs->r, rs->cap * sizeof *rs->r);
    }
    return &rs->r[rs->n++];
}

/* Site s's counts since the last drain, if any, into rs. */
static void drain_site(CountTable *t, CountSite *s, Reports *rs) {
    uint64_t objects, bytes;
    __atomic_store_n(&s->dirty, 0, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    site_counts(s, &objects, &bytes);
    if (objects == s->sent_objects) return;
    *report_add(rs) = (Report){ t->thread, (jint)s->ctx, -1, (jmethodID)s->method, s->bci, s->name,
                                (jlong)(objects - s->sent_objects), (jlong)(bytes - s->sent_bytes) };
    s->sent_objects = objects, s->sent_bytes = bytes;
}

/* A table's new contexts, then the sites counted since the last drain: those in its
 * ring, or every one when the ring overflowed, the thread ended or counting stopped
 * (the last drain misses nothing). */
static void drain_table(CountTable *t, Reports *rs) {
    /* the sites first, then the contexts: every context a site reported here names was
     * published before the site (read the other way round, a site made meanwhile named a
     * context the agent would learn of only at the next drain) */
    uint32_t tail = t->tail, head = __atomic_load_n(&t->head, __ATOMIC_ACQUIRE);
    uint32_t nsites = __atomic_load_n(&t->nsites, __ATOMIC_ACQUIRE), nctx = __atomic_load_n(&t->nctx, __ATOMIC_ACQUIRE);
    for (uint32_t i = t->reported_ctx ? t->reported_ctx : 1; i < nctx; i++) {
        const CountCtx *c = ctx_at(t, i);
        *report_add(rs) = (Report){ t->thread, (jint)i, (jint)c->parent, (jmethodID)c->method, c->bci, NULL, 0, 0 };
    }
    t->reported_ctx = nctx;
    bool all = __atomic_exchange_n(&t->overflow, false, __ATOMIC_ACQ_REL) || t->ended || !jvmti_counts_wanted();
    for (uint32_t k = tail; !all && k != head; k++) drain_site(t, site_at(t, t->ring[k % RING]), rs);
    __atomic_store_n(&t->tail, head, __ATOMIC_RELEASE);
    for (uint32_t i = 0; all && i < nsites; i++) drain_site(t, site_at(t, i), rs);
}

/* The tables from t on, oldest first (the list is newest first): a thread that ended is
 * reported before a newer one that the kernel gave the same id, whose contexts start
 * from 1 again. */
static void drain_tables(CountTable *t, Reports *rs) {
    size_t n = 0;
    for (CountTable *x = t; x; x = x->next) n++;
    CountTable **all = vm_malloc(n * sizeof *all);
    n = 0;
    for (CountTable *x = t; x; x = x->next) all[n++] = x;
    while (n--) drain_table(all[n], rs);
    vm_free(all);
}

/* com.loupe.functions.DrainAllocationCounts(jvmtiEnv*, context_fn, site_fn, void *data):
 * per thread, the contexts made since the last drain (parents first), then the sites
 * with the objects and bytes counted since the last drain. */
jvmtiError JNICALL jvmti_ext_DrainAllocationCounts(jvmtiEnv *e, ...) {
    va_list ap;
    va_start(ap, e);
    CountCtxFn ctx_fn = va_arg(ap, CountCtxFn);
    CountSiteFn site_fn = va_arg(ap, CountSiteFn);
    void *data = va_arg(ap, void *);
    va_end(ap);
    JvmtiEnv *env = jvmti_env(e);
    jvmtiError err = check_env(env);
    if (err) return err;
    if (!ctx_fn || !site_fn) return JVMTI_ERROR_NULL_POINTER;
    Reports rs = { NULL, 0, 0 };
    pthread_mutex_lock(&counts_lock);
    drain_tables(counts_tables, &rs);
    for (CountTable **p = &counts_tables; *p;) {
        CountTable *t = *p;
        if (t->ended) {
            *p = t->next;
            table_free(t);
        } else {
            p = &t->next;
        }
    }
    pthread_mutex_unlock(&counts_lock);
    char sig[1024];
    for (size_t i = 0; i < rs.n; i++) {
        const Report *r = &rs.r[i];
        if (r->parent >= 0) {
            ctx_fn(data, r->thread, r->ctx, r->parent, r->method, r->location);
        } else {
            jvmti_class_signature_of(r->name, sig, sizeof sig);
            site_fn(data, r->thread, r->ctx, r->method, r->location, sig, r->objects, r->bytes);
        }
    }
    vm_free(rs.r);
    return JVMTI_ERROR_NONE;
}

