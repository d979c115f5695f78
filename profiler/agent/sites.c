/* profiler/agent/sites.c — exact allocations, counted per site in the allocating thread.
 *
 * Loupe's every-object allocation event (events.c) comes once per object.  Sending each
 * object to the writer (a ring slot with its whole stack, the stack hashed and interned
 * there) cost the writer and the rings far more than the program's own allocation, so
 * instead each thread counts its allocations per site, (stack, class) -> objects and
 * bytes, and the writer takes the counts every pass and at the end of the recording,
 * sending one ALLOC record per site with its object count (docs/PROFILER-PROTOCOL.md).
 * The counts stay exact: every object is counted once, at the site it was allocated.
 *
 * Stacks are interned incrementally, in a prefix tree per thread (lps_node: a frame and
 * its caller's node, so a stack is its leaf node).  A node is keyed by its method and
 * source line (lines.c), not its bytecode index, since a stack names lines: a recursion
 * that calls itself twice on one line (BinaryTrees' build) then has a node per depth, not
 * one per path down its tree, and the tree stays in the cache.  The thread keeps the path
 * of its last stack, outermost frame first.  On Loupe the VM tells which frames are new
 * since the thread's last walk (com.loupe.functions.GetStackTraceMarked,
 * docs/JVMTI-EXTENSIONS.md: the frames from the top down to the first one this walk
 * marked before, with that frame's depth): only those are looked up, below the kept path
 * (a recursive build allocates from one or two new frames).  Elsewhere, or when the marks
 * fail (another agent owns them, a stack deeper than a million frames), the thread walks
 * its whole stack (GetStackTrace, 128 frames) and compares it with the last one from the
 * outermost caller.  Below the shared part, each frame is looked up among its parent's
 * callees (a hash on parent and frame for a node with many).  A site is a (node, class)
 * pair kept on its node; a site whose count goes from zero to one joins the thread's
 * dirty list, which the writer takes, and takes the time of the writer's last pass.
 * When the VM counts the sites itself (com.loupe.functions.SetAllocationCounting), the
 * allocating threads do nothing here: the writer drains the VM's counts every
 * LPS_VM_DRAIN_NS (one ALLOC record per site and drain: javac's 150 000 sites, drained
 * every pass, made a stream of 47 MB; every 50 ms, a quarter of its CPU overhead) and adds them to per-thread tables of its own, a
 * VM context becoming the node of its frame.
 * The writer turns a node into a stack id once per recording (its parent's stack id
 * and its frame, one NODE record; a node deeper than 128 frames as the stack of its 128
 * innermost), and keeps the id on the node, so a site sent again costs one record and
 * no stack work.
 *
 * A thread's table (lps_table, created on its first allocation) is guarded by its lock,
 * taken by its thread for each allocation (uncontended but for the moment the writer
 * copies the dirty sites out), around its walk too, and by the writer to copy them: the
 * writer never calls into the VM while holding it, since the allocating thread waits
 * there in VM state, where a collection could not begin.  Nodes never move (they are
 * carved from blocks) and are only added, so the writer follows a node's callers without
 * the lock.  A thread that
 * ends (ThreadEnd) leaves its table to the writer, which frees it once drained.
 */
#include "sites.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "hashtab.h"
#include "heap.h"
#include "lines.h"
#include "writer.h"

#define LPS_BLOCK 4096      /* nodes per block */
#define LPS_LIST 16         /* a node's callees are looked up in a list up to this many */
#define LPS_TAGS 4096       /* GetStackTraceMarked's tags are 1 .. LPS_TAGS - 1 */
#define LPS_MAX_DEPTH (1 << 20)   /* deeper stacks are walked whole, their 128 innermost frames kept */
#define LPS_VM_DRAIN_NS 200000000ull  /* the VM's counts are drained every 200 ms (and at the end) */

typedef struct lps_node {
    struct lps_node *parent;     /* the caller's node; NULL for the root */
    jmethodID method;
    jint line;                   /* its key with method (lines.c); bci gives the writer that line */
    jint bci;
    uint32_t site;               /* its first site (index + 1; 0: none) */
    struct lps_node *child, *sibling;   /* its callees' nodes, the last used first */
    uint32_t nchildren;          /* more than LPS_LIST: found through the edges' hash */
    uint32_t depth;              /* frames from the root (0) */
    uint64_t stack_gen, stack_id;   /* the writer's: its stack's id in recording stack_gen */
} lps_node;

typedef struct lps_block {
    struct lps_block *next;
    lps_node n[LPS_BLOCK];
} lps_block;

typedef struct {
    lps_node *node;
    uint64_t cls, objects, bytes, time_ns;
    uint32_t next;               /* the node's next site (index + 1; 0: none) */
} lps_site;

typedef struct {
    const lps_node *parent;
    jmethodID method;
    jint line;
    lps_node *child;             /* NULL: a free slot */
} lps_edge;

/* The thread's last stack, outermost frame first: the frame at depth d and its node. */
typedef struct {
    jmethodID method;
    jint bci;
    lps_node *node;
} lps_step;

typedef struct lps_table {
    lpa_spin lock;
    struct lps_table *next;      /* every table (lps_tables, under lps_lock) */
    uint32_t tid;
    int orphan;                  /* its thread ended */
    lps_node root;
    lps_block *blocks;
    uint32_t nused;              /* nodes used in the first block */
    lph_table edges;             /* parent and frame -> node (lps_edge) */
    lps_site *sites;
    uint32_t nsites, scap;
    uint32_t *dirty;             /* sites counted since the writer's last copy */
    uint32_t ndirty, dcap;
    /* the allocating thread's alone: */
    int valid;                   /* path[0 .. valid) is the last stack */
    int pcap;
    lps_step *path;
    jint tag;                    /* its frames' mark (GetStackTraceMarked); 0: no marks */
    lps_node **vmctx;            /* the VM's counts: its contexts' nodes (the writer's) */
    uint32_t vmcap;
    int fcap;
    jvmtiFrameInfo *frames;      /* the walk's frames, leaf first */
    lpl_hit line_cache[LPL_CACHE];
} lps_table;

typedef jvmtiError (JNICALL *lps_marked_fn)(jvmtiEnv *, ...);
typedef void (JNICALL *lps_vm_ctx_fn)(void *, jlong, jint, jint, jmethodID, jlocation);
typedef void (JNICALL *lps_vm_site_fn)(void *, jlong, jint, jmethodID, jlocation, const char *, jlong, jlong);

static pthread_mutex_t lps_lock = PTHREAD_MUTEX_INITIALIZER;
static lps_table *lps_tables;
static _Thread_local lps_table *lps_mine;
static lps_marked_fn lps_marked;     /* com.loupe.functions.GetStackTraceMarked, if the VM has it */
static lps_marked_fn lps_set_counting, lps_drain_counts;   /* SetAllocationCounting, DrainAllocationCounts */
static int lps_vm;                   /* this recording's counts are the VM's */
static _Atomic uint32_t lps_next_tag;
static _Atomic uint64_t lps_pass_ns;  /* the writer's last pass: a new site's time */

/* --- the prefix tree ------------------------------------------------------------------ */

static uint64_t lps_ehash(const void *e)
{
    const lps_edge *x = e;
    uint64_t h = (uint64_t)(uintptr_t)x->parent ^ (uint64_t)(uintptr_t)x->method * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uint32_t)x->line << 40;
    h ^= h >> 33, h *= 0xff51afd7ed558ccdull, h ^= h >> 33, h *= 0xc4ceb9fe1a85ec53ull, h ^= h >> 33;
    return h;
}

static int lps_esame(const void *e, const void *probe)
{
    const lps_edge *a = e, *b = probe;
    return a->parent == b->parent && a->method == b->method && a->line == b->line;
}

static int lps_eused(const void *e)
{
    return ((const lps_edge *)e)->child != NULL;
}

static const lph_table lps_no_edges = LPH_TABLE(lps_edge, 1024, lps_ehash, lps_esame, lps_eused);

/* lps_table_new: a thread's empty table. */
static lps_table *lps_table_new(uint32_t tid)
{
    lps_table *t = calloc(1, sizeof *t);
    if (t) {
        t->tid = tid;
        t->edges = lps_no_edges;
    }
    return t;
}

static lps_node *lps_node_new(lps_table *t, lps_node *parent, jmethodID m, jint line, jint bci)
{
    if (!t->blocks || t->nused == LPS_BLOCK) {
        lps_block *b = malloc(sizeof *b);
        if (!b)
            return NULL;
        b->next = t->blocks, t->blocks = b, t->nused = 0;
    }
    lps_node *n = &t->blocks->n[t->nused++];
    *n = (lps_node){parent, m, line, bci, 0, NULL, parent->child, 0, parent->depth + 1, 0, 0};
    parent->child = n;
    parent->nchildren++;
    return n;
}

/* lps_edge_add: node is found through the edges' hash from now on; 0 when out of memory. */
static int lps_edge_add(lps_table *t, lps_node *node)
{
    return lph_put(&t->edges, &(lps_edge){node->parent, node->method, node->line, node}, NULL) != NULL;
}

/* lps_listed: parent's callee (m, line) from its list, moved to the list's head (NULL: none). */
static lps_node *lps_listed(lps_node *parent, jmethodID m, jint line)
{
    for (lps_node **p = &parent->child; *p; p = &(*p)->sibling) {
        lps_node *c = *p;
        if (c->method == m && c->line == line) {
            *p = c->sibling;
            c->sibling = parent->child, parent->child = c;
            return c;
        }
    }
    return NULL;
}

/* lps_child: the node of frame (m, line) called from parent, made if new (with bci as the
 * line's index); NULL when out of memory.  A node's first LPS_LIST callees are found in
 * its list (a frame calls few others, and the tree's nodes lie in the order they were
 * made); a node with more has them all in the edges' hash too. */
static lps_node *lps_child(lps_table *t, lps_node *parent, jmethodID m, jint line, jint bci)
{
    lps_node *c;
    if (parent->nchildren <= LPS_LIST) {
        if ((c = lps_listed(parent, m, line)))
            return c;
    } else {
        const lps_edge *e = lph_slot(&t->edges, &(lps_edge){parent, m, line, NULL});
        if (e && e->child)
            return e->child;
    }
    if (!(c = lps_node_new(t, parent, m, line, bci)))
        return NULL;
    if (parent->nchildren == LPS_LIST + 1) {
        for (lps_node *x = parent->child; x; x = x->sibling)
            if (!lps_edge_add(t, x))
                return NULL;
    } else if (parent->nchildren > LPS_LIST + 1 && !lps_edge_add(t, c)) {
        return NULL;
    }
    return c;
}

/* lps_descend: the leaf node of a stack whose outer frames are the thread's last stack's
 * path[0 .. base) and whose others are t->frames[0 .. n) (leaf first); the stack becomes
 * the thread's last.  A frame with the method and index the last stack had at its depth,
 * under the same node, has the same node (a loop calling the same method again): only
 * the others are looked up, by line.  NULL when out of memory. */
static lps_node *lps_descend(lps_table *t, int base, int n)
{
    lps_node *node = base ? t->path[base - 1].node : &t->root;
    int old_valid = t->valid, same = 1;
    t->valid = base;
    for (int i = n - 1; i >= 0; i--) {
        const jvmtiFrameInfo *f = &t->frames[i];
        int d = t->valid;
        lps_step *was = d < old_valid ? &t->path[d] : NULL;
        if (same && was && was->method == f->method && was->bci == (jint)f->location) {
            node = was->node;
        } else {
            lps_node *old = was ? was->node : NULL;
            jint line = lpl_line(t->line_cache, f->method, (jint)f->location);
            if (!(node = lps_child(t, node, f->method, line, (jint)f->location)))
                return NULL;
            same = node == old;
        }
        t->path[t->valid++] = (lps_step){f->method, (jint)f->location, node};
    }
    return node;
}

/* --- sites ---------------------------------------------------------------------------- */

/* lps_site_of: node's site of class cls, made if new (index; 0 when out of memory). */
static uint32_t lps_site_of(lps_table *t, lps_node *node, uint64_t cls)
{
    uint32_t i = node->site;
    while (i && t->sites[i - 1].cls != cls)
        i = t->sites[i - 1].next;
    if (i)
        return i;
    if (t->nsites == t->scap) {
        uint32_t cap = t->scap ? t->scap * 2 : 1024;
        lps_site *s = realloc(t->sites, cap * sizeof *s);
        if (!s)
            return 0;
        t->sites = s, t->scap = cap;
    }
    t->sites[t->nsites] = (lps_site){node, cls, 0, 0, 0, node->site};
    return node->site = ++t->nsites;
}

/* lps_mark_dirty: site i (index + 1) has counts for the writer; 0 when out of memory. */
static int lps_mark_dirty(lps_table *t, uint32_t i)
{
    if (t->ndirty == t->dcap) {
        uint32_t cap = t->dcap ? t->dcap * 2 : 1024;
        uint32_t *d = realloc(t->dirty, cap * sizeof *d);
        if (!d)
            return 0;
        t->dirty = d, t->dcap = cap;
    }
    t->dirty[t->ndirty++] = i;
    return 1;
}

/* lps_count: counts objects of class cls and size bytes at the leaf node (lock held). */
static int lps_count(lps_table *t, lps_node *node, uint64_t cls, uint64_t objects, uint64_t size)
{
    uint32_t i = node ? lps_site_of(t, node, cls) : 0;
    if (!i)
        return 0;
    lps_site *s = &t->sites[i - 1];
    if (!s->objects) {
        if (!lps_mark_dirty(t, i))
            return 0;
        s->time_ns = atomic_load_explicit(&lps_pass_ns, memory_order_relaxed);
    }
    s->objects += objects;
    s->bytes += size;
    return 1;
}

/* --- the stack walk ---------------------------------------------------------------------- */

/* lps_grow: buf (cap elements of size bytes) with room for need, doubling from 256; the
 * buffer to use from now on (cap updated), or NULL when out of memory (buf unchanged). */
static void *lps_grow(void *buf, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return buf;
    int c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    void *p = realloc(buf, (size_t)c * size);
    if (p)
        *cap = c;
    return p;
}

/* lps_room: room for n frames in the walk's buffers and a path of depth frames. */
static int lps_room(lps_table *t, int n, int depth)
{
    jvmtiFrameInfo *f = lps_grow(t->frames, &t->fcap, n, sizeof *f);
    if (!f)
        return 0;
    t->frames = f;
    lps_step *p = lps_grow(t->path, &t->pcap, depth, sizeof *p);
    if (!p)
        return 0;
    t->path = p;
    return 1;
}

/* lps_new_tag: a tag no frame of the thread carries (as far as 4095 tags go round). */
static void lps_new_tag(lps_table *t)
{
    t->tag = lps_marked ? (jint)(atomic_fetch_add(&lps_next_tag, 1) % (LPS_TAGS - 1)) + 1 : 0;
}

/* lps_walk_marked: the frames above the last walk's (GetStackTraceMarked) into t->frames;
 * their number, *base the depth of the last one (the outermost walked); -1 when the VM
 * refused (no marks from now on) or memory ran out. */
static int lps_walk_marked(lps_table *t, int *base)
{
    for (;;) {
        jint n = 0, depth = 0;
        jvmtiError e = lps_marked(lpa.jvmti, t->tag, (jint)t->fcap, t->frames, &n, &depth);
        if (e != JVMTI_ERROR_NONE) {
            t->tag = 0;
            return -1;
        }
        if (depth < 0) {        /* more frames than the buffer holds */
            if (t->fcap >= LPS_MAX_DEPTH || !lps_room(t, 2 * t->fcap, 0))
                return -1;
            continue;
        }
        if (!lps_room(t, 0, depth + n))
            return -1;
        *base = depth;
        return n;
    }
}

/* lps_walk_whole: the whole stack (its LPR_MAX_FRAMES innermost frames) into t->frames,
 * compared with the last one from its outermost frame: the number of frames that differ,
 * *base the number that do not. */
static int lps_walk_whole(lps_table *t, int *base)
{
    jint n = 0, k = 0;
    if (!lps_room(t, LPR_MAX_FRAMES, LPR_MAX_FRAMES) ||
        (*lpa.jvmti)->GetStackTrace(lpa.jvmti, NULL, 0, LPR_MAX_FRAMES, t->frames, &n) != JVMTI_ERROR_NONE)
        return -1;
    while (k < n && k < t->valid && t->path[k].method == t->frames[n - 1 - k].method &&
           t->path[k].bci == (jint)t->frames[n - 1 - k].location)
        k++;
    *base = k;
    return n - k;
}

/* lps_marks_hold: whether the last walked frame (GetStackTraceMarked's, at depth base) is
 * the one the thread's last stack has there; if not, the marks are another tag's. */
static int lps_marks_hold(const lps_table *t, int base, int n)
{
    return !base || (base < t->valid && n > 0 && t->path[base].method == t->frames[n - 1].method);
}

/* lps_walk: the current stack into t->frames[0 .. n) (leaf first), the
 * frames outside them being path[0 .. *base); -1 when it cannot be had.  A thread whose
 * marks fail goes on with whole walks. */
static int lps_walk(lps_table *t, int *base)
{
    int n = -1;
    for (int tries = 0; t->tag && n < 0 && tries < 2; tries++) {
        n = lps_walk_marked(t, base);
        if (n < 0)
            t->tag = 0;
        else if (!lps_marks_hold(t, *base, n))
            n = -1, lps_new_tag(t);
    }
    if (n < 0) {
        t->tag = 0;
        n = lps_walk_whole(t, base);
    }
    return n;
}

/* lps_register: the calling thread's table, made on its first allocation. */
static lps_table *lps_register(uint32_t tid)
{
    lps_table *t = lps_table_new(tid);
    if (t && !lps_room(t, LPR_MAX_FRAMES, LPR_MAX_FRAMES)) {
        free(t->frames), free(t->path), free(t);
        t = NULL;
    }
    if (!t)
        return NULL;
    lps_new_tag(t);
    pthread_mutex_lock(&lps_lock);
    t->next = lps_tables;
    lps_tables = t;
    pthread_mutex_unlock(&lps_lock);
    return lps_mine = t;
}

/* lps_add: counts one allocation of the calling thread (size bytes of class cls) at its
 * current stack; -1 when that cannot be done (the caller records it alone).  The walk
 * happens under the table's lock (the writer's reset may clear the path meanwhile
 * otherwise); it does not wait for other threads. */
int lps_add(uint32_t tid, uint64_t cls, uint64_t size)
{
    lps_table *t = lps_mine ? lps_mine : lps_register(tid);
    if (!t)
        return -1;
    lpa_spin_lock(&t->lock);
    int base = 0, n = lps_walk(t, &base);
    lps_node *leaf = n >= 0 ? lps_descend(t, base, n) : NULL;
    int ok = leaf && lps_count(t, leaf, cls, 1, size);
    if (!leaf) {
        t->valid = 0;
        lps_new_tag(t);
    }
    lpa_spin_unlock(&t->lock);
    return ok ? 0 : -1;
}

/* lps_init: finds the VM's marked stack walk and allocation counts (Loupe's extensions;
 * none on HotSpot). */
void lps_init(void)
{
    lps_marked = (lps_marked_fn)lpa_find_ext_function("com.loupe.functions.GetStackTraceMarked");
    lps_set_counting = (lps_marked_fn)lpa_find_ext_function("com.loupe.functions.SetAllocationCounting");
    lps_drain_counts = (lps_marked_fn)lpa_find_ext_function("com.loupe.functions.DrainAllocationCounts");
}

/* lps_vm_counting: asks the VM to count every allocation itself (on) or to stop; whether
 * this recording's counts are the VM's (they are drained to the end once begun). */
int lps_vm_counting(int on)
{
    if (on)
        lps_vm = lps_set_counting && lps_drain_counts &&
                 lps_set_counting(lpa.jvmti, (jboolean)JNI_TRUE) == JVMTI_ERROR_NONE;
    else if (lps_vm)
        lps_set_counting(lpa.jvmti, (jboolean)JNI_FALSE);
    return lps_vm;
}

int lps_vm_counts(void) { return lps_vm; }

/* lps_thread_end: the calling thread ends; the writer frees its table once drained. */
void lps_thread_end(void)
{
    lps_table *t = lps_mine;
    lps_mine = NULL;
    if (t) {
        lpa_spin_lock(&t->lock);
        t->orphan = 1;
        lpa_spin_unlock(&t->lock);
    }
}

/* --- the writer's side ------------------------------------------------------------------ */

/* lps_clear: forgets a table's tree and sites (its lock held, or its thread gone). */
static void lps_clear(lps_table *t)
{
    while (t->blocks) {
        lps_block *next = t->blocks->next;
        free(t->blocks);
        t->blocks = next;
    }
    lph_clear(&t->edges);
    free(t->sites), free(t->dirty), free(t->vmctx);
    t->sites = NULL, t->dirty = NULL, t->vmctx = NULL, t->vmcap = 0;
    t->nused = 0, t->nsites = t->scap = t->ndirty = t->dcap = 0;
    t->valid = 0;
    lps_new_tag(t);
    memset(&t->root, 0, sizeof t->root);
}

/* A site's counts as the writer copied them. */
typedef struct {
    lps_node *node;
    uint64_t cls, objects, bytes, time_ns;
    uint32_t tid;
    uint64_t stack;             /* its stack's id (lps_merge) */
    size_t mslot;               /* its slot in lps_merged, when it takes the others' counts */
} lps_count_copy;

static lps_count_copy *lps_copies;    /* the writer's alone */
static size_t lps_ncopies, lps_copy_cap;

static int lps_copy_room(size_t n)
{
    if (lps_ncopies + n <= lps_copy_cap)
        return 1;
    size_t cap = lps_copy_cap ? lps_copy_cap : 1024;
    while (cap < lps_ncopies + n)
        cap *= 2;
    lps_count_copy *c = realloc(lps_copies, cap * sizeof *c);
    if (!c)
        return 0;
    lps_copies = c, lps_copy_cap = cap;
    return 1;
}

/* lps_copy_dirty: copies t's counted sites out and zeroes them (t's lock held). */
static void lps_copy_dirty(lps_table *t)
{
    if (!lps_copy_room(t->ndirty))
        return;     /* kept for the next pass */
    for (uint32_t k = 0; k < t->ndirty; k++) {
        lps_site *s = &t->sites[t->dirty[k] - 1];
        lps_copies[lps_ncopies++] = (lps_count_copy){s->node, s->cls, s->objects, s->bytes, s->time_ns, t->tid, 0, 0};
        s->objects = s->bytes = 0;
    }
    t->ndirty = 0;
}

/* lps_take: copies every table's counts; unlinks the ended threads' tables into *gone
 * (their nodes are still named by the copies). */
static void lps_take(lps_table **gone)
{
    pthread_mutex_lock(&lps_lock);
    for (lps_table **pt = &lps_tables; *pt;) {
        lps_table *t = *pt;
        lpa_spin_lock(&t->lock);
        lps_copy_dirty(t);
        int orphan = t->orphan && !t->ndirty;
        lpa_spin_unlock(&t->lock);
        if (orphan) {
            *pt = t->next;
            t->next = *gone, *gone = t;
        } else {
            pt = &t->next;
        }
    }
    pthread_mutex_unlock(&lps_lock);
}

static void lps_free_tables(lps_table *t)
{
    while (t) {
        lps_table *next = t->next;
        lps_clear(t);
        free(t->path), free(t->frames);
        free(t);
        t = next;
    }
}

/* --- the VM's counts (SetAllocationCounting: the writer takes them) ------------------ */

/* lps_vm_table: the table of the thread with kernel id tid, made if new (the writer's:
 * its thread never counts in it). */
static lps_table *lps_vm_table(uint32_t tid)
{
    static lps_table *last;
    if (last && last->tid == tid)
        return last;
    pthread_mutex_lock(&lps_lock);
    lps_table *t = lps_tables;
    while (t && (t->tid != tid || t->orphan))
        t = t->next;
    if (!t && (t = lps_table_new(tid))) {
        t->next = lps_tables;
        lps_tables = t;
    }
    pthread_mutex_unlock(&lps_lock);
    return last = t;
}

/* lps_vm_node: the node of the VM's context ctx in t (the root for 0 or one not known). */
static lps_node *lps_vm_node(lps_table *t, jint ctx)
{
    return ctx > 0 && (uint32_t)ctx < t->vmcap && t->vmctx[ctx] ? t->vmctx[ctx] : &t->root;
}

/* lps_vm_ctx: a context the VM made: the frame (m, bci) called from context parent. */
static void JNICALL lps_vm_ctx(void *data, jlong thread, jint ctx, jint parent, jmethodID m, jlocation loc)
{
    lps_table *t = lps_vm_table((uint32_t)thread);
    if (!t || ctx <= 0)
        return;
    if ((uint32_t)ctx >= t->vmcap) {
        uint32_t cap = t->vmcap ? t->vmcap : 1024;
        while (cap <= (uint32_t)ctx)
            cap *= 2;
        lps_node **v = realloc(t->vmctx, cap * sizeof *v);
        if (!v)
            return;
        memset(v + t->vmcap, 0, (cap - t->vmcap) * sizeof *v);
        t->vmctx = v, t->vmcap = cap;
    }
    lpa_spin_lock(&t->lock);
    lps_node *p = lps_vm_node(t, parent);
    t->vmctx[ctx] = lps_child(t, p, m, lpl_line(t->line_cache, m, (jint)loc), (jint)loc);
    lpa_spin_unlock(&t->lock);
}

/* lps_class_of: the class string id of a drained site's signature, through a cache of
 * the signatures seen (a drain names a few hundred classes for thousands of sites; each
 * interned afresh cost javac's drains a name conversion and a locked lookup per site). */
static uint64_t lps_class_of(const char *sig)
{
    static struct {
        char sig[112];
        uint64_t cls, gen;      /* gen: the recording whose strings cls is of */
    } cache[512];
    uint64_t h = 1469598103934665603ull;
    size_t n = 0;
    for (; sig[n]; n++)
        h = (h ^ (uint8_t)sig[n]) * 1099511628211ull;
    if (n >= sizeof cache[0].sig)
        return lpw_intern_signature(sig);
    size_t i = (size_t)(h >> 32) & (sizeof cache / sizeof cache[0] - 1);
    if (cache[i].cls && cache[i].gen == lpa.generation && !memcmp(cache[i].sig, sig, n + 1))
        return cache[i].cls;
    uint64_t cls = lpw_intern_signature(sig);
    memcpy(cache[i].sig, sig, n + 1);
    cache[i].cls = cls, cache[i].gen = lpa.generation;
    return cls;
}

/* lps_vm_site: objects and bytes of a class the VM counted at frame (m, bci) in context
 * ctx since its last drain (the writer thread's, as every drain). */
static void JNICALL lps_vm_site(void *data, jlong thread, jint ctx, jmethodID m, jlocation loc, const char *sig,
                                jlong objects, jlong bytes)
{
    lps_table *t = lps_vm_table((uint32_t)thread);
    uint64_t cls = lps_class_of(sig);
    int ok = 0;
    if (t) {
        lpa_spin_lock(&t->lock);
        lps_node *p = lps_vm_node(t, ctx);
        lps_node *leaf = m ? lps_child(t, p, m, lpl_line(t->line_cache, m, (jint)loc), (jint)loc) : p;
        ok = leaf && lps_count(t, leaf, cls, (uint64_t)objects, (uint64_t)bytes);
        lpa_spin_unlock(&t->lock);
    }
    if (!ok)
        atomic_fetch_add(&lpa.dropped, 1);
}

/* lps_stack_id: the stack id of a node (0: the root, no Java frames), interned by the
 * writer on the node's first use in this recording: as its parent's stack with one more
 * frame, or, for a node deeper than LPR_MAX_FRAMES, as the stack of its innermost frames. */
static uint64_t lps_stack_id(lps_node *node, lpr_slot *slot)
{
    if (!node->parent)
        return 0;
    if (node->stack_gen == lpa.generation)
        return node->stack_id;
    uint64_t id;
    if (node->depth <= LPR_MAX_FRAMES) {
        uint64_t parent = lps_stack_id(node->parent, slot);
        id = parent || node->depth == 1 ? lpw_stack_new(parent, node->method, node->bci) : 0;
    } else {
        int n = 0;
        for (const lps_node *x = node; x->parent && n < LPR_MAX_FRAMES; x = x->parent)
            slot->frames[n++] = (lpr_frame){x->bci, x->method};
        slot->nframes = n;
        id = lpw_stack_id(slot);
        slot->nframes = 0;
    }
    node->stack_id = id;
    node->stack_gen = lpa.generation;
    return id;
}

/* Sites whose stacks differ only in bytecode indexes have one stack id (a stack names
 * lines), so the writer merges the copies of a pass by thread, stack id and class before
 * sending them: BinaryTrees' recursive build has a node per path down a tree but one
 * stack per depth.  lps_merged maps a key to the copy that takes the others' counts. */
static uint32_t *lps_merged;    /* copy index + 1; 0: free */
static size_t lps_mcap;

static size_t lps_mslot(const lps_count_copy *c)
{
    uint64_t h = (c->stack * 0x9E3779B97F4A7C15ull ^ c->cls) * 0xff51afd7ed558ccdull ^ c->tid;
    h = (h ^ (h >> 29)) * 0xc4ceb9fe1a85ec53ull;
    size_t i = (size_t)(h >> 20) & (lps_mcap - 1);
    for (; lps_merged[i]; i = (i + 1) & (lps_mcap - 1)) {
        const lps_count_copy *o = &lps_copies[lps_merged[i] - 1];
        if (o->stack == c->stack && o->cls == c->cls && o->tid == c->tid)
            break;
    }
    return i;
}

/* lps_merge: adds the counts of the copies with the same thread, stack and class into the
 * first of them (the others keep no objects). */
static void lps_merge(void)
{
    size_t cap = lps_mcap ? lps_mcap : 1024;
    while (cap < 2 * lps_ncopies)
        cap *= 2;
    if (cap != lps_mcap) {
        uint32_t *m = calloc(cap, sizeof *m);
        if (!m)
            return;     /* sent unmerged */
        free(lps_merged);
        lps_merged = m, lps_mcap = cap;
    }
    for (size_t i = 0; i < lps_ncopies; i++) {
        lps_count_copy *c = &lps_copies[i];
        c->mslot = lps_mslot(c);
        uint32_t *m = &lps_merged[c->mslot];
        if (!*m) {
            *m = (uint32_t)i + 1;
            continue;
        }
        lps_count_copy *to = &lps_copies[*m - 1];
        to->objects += c->objects, to->bytes += c->bytes;
        if (c->time_ns < to->time_ns)
            to->time_ns = c->time_ns;
        c->objects = 0;
    }
    for (size_t i = 0; i < lps_ncopies; i++)   /* empties the map for the next pass */
        if (lps_copies[i].objects)
            lps_merged[lps_copies[i].mslot] = 0;
}

/* lps_drain: passes every site counted since the last drain to fn as an LPR_ALLOC slot
 * (a = class, b = bytes, c = 0: exact, d = objects, e = stack id, no frames); returns the
 * number of records. */
int lps_drain(void (*fn)(lpr_slot *s, void *ctx), void *ctx)
{
    static lpr_slot slot;   /* the writer's alone */
    lps_table *gone = NULL;
    int count = 0;
    lps_ncopies = 0;
    static uint64_t vm_drained;
    uint64_t now = lpa_now_ns();
    atomic_store_explicit(&lps_pass_ns, now, memory_order_relaxed);
    if (lps_vm && (atomic_load(&lpa.stopping) || now - vm_drained >= LPS_VM_DRAIN_NS)) {
        vm_drained = now;
        lps_drain_counts(lpa.jvmti, (lps_vm_ctx_fn)lps_vm_ctx, (lps_vm_site_fn)lps_vm_site, NULL);
    }
    lps_take(&gone);
    for (size_t i = 0; i < lps_ncopies; i++)
        lps_copies[i].stack = lps_stack_id(lps_copies[i].node, &slot);
    lps_merge();
    for (size_t i = 0; i < lps_ncopies; i++) {
        const lps_count_copy *c = &lps_copies[i];
        if (!c->objects)
            continue;
        slot.type = LPR_ALLOC, slot.tid = c->tid, slot.time_ns = c->time_ns, slot.nframes = 0;
        slot.e = c->stack;
        slot.a = c->cls, slot.b = c->bytes, slot.c = 0, slot.d = c->objects;
        fn(&slot, ctx);
        count++;
    }
    lps_free_tables(gone);
    return count;
}

/* lps_reset: forgets what an earlier recording counted and interned (before a new one
 * starts; the writer is not running). */
void lps_reset(void)
{
    lps_table *gone = NULL;
    lps_ncopies = 0;
    lps_take(&gone);
    lps_free_tables(gone);
    pthread_mutex_lock(&lps_lock);
    for (lps_table *t = lps_tables; t; t = t->next) {
        lpa_spin_lock(&t->lock);
        lps_clear(t);
        lpa_spin_unlock(&t->lock);
    }
    pthread_mutex_unlock(&lps_lock);
    lps_ncopies = 0;
    lpl_reset();
    atomic_store_explicit(&lps_pass_ns, lpa_now_ns(), memory_order_relaxed);
}
