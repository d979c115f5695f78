/*
 * mark.c — marking for the tracing collectors that do not copy (mark-sweep, mark-compact).
 *
 * The marked range is one arena [base, base + reserved).  Two side bitmaps cover it, one
 * bit per 8-byte heap word:
 *
 *   live   every word of every live object is set (not only the first).  So an object is
 *          live iff the bit of its first word is set; a run of clear bits is exactly free
 *          space (the sweep of mark-sweep needs nothing else, and never reads a dead
 *          object); and the live words below an address are a population count.  For
 *          sliding compaction a table holds, per 64-bit word of the bitmap (512 bytes of
 *          heap), the live words below it, so an object's new address is one table load
 *          and one popcount (mark_forward), as in the Compressor of Kermany and Petrank.
 *   gray   objects marked while the mark stack was full: their first word is set here.
 *
 * The trace is depth first through a bounded mark stack.  When it is full the object is
 * marked gray instead of pushed; once the stack is empty the gray bitmap is scanned
 * (within the range where gray bits were set) and the gray objects pushed again.  Each
 * object is scanned once however often the stack overflows, which matters because
 * scanning a java.lang.ref.Reference may discover it (refproc.c), and a reference must be
 * discovered once.  GC stress shrinks the stack to a few entries so that this path runs.
 *
 * Reference processing goes through refproc.c's GCTracer: is_live is the live bit,
 * keep_alive marks and pushes, drain empties the stack.  Nothing moves while marking, so
 * the weak roots (JNI weak globals, the intern table) and monitors are only cleared for
 * dead objects; a compacting collector visits them again later to update them.
 *
 * Sliding compaction of the range (mark_compact) is here too, shared by the mark-compact
 * collector and the generational collector's old generation: the events in address order,
 * then every reference updated, then the objects slid down.
 */
#include "heap/gc.h"

#define STACK_ENTRIES (1u << 16)
#define STRESS_STACK_ENTRIES 32u

static char *base;
static size_t reserved;
static uint64_t *live_bits, *gray_bits;
static size_t *fwd_table;           /* live words below each bitmap word */
static size_t live_words;

static Object **stack;
static size_t sp, stack_cap;
static char *gray_lo, *gray_hi;     /* gray objects lie in [gray_lo, gray_hi) */
static char *mark_top;

bool mark_init(char *b, size_t r) {
    base = b;
    reserved = r;
    size_t words = r / 8 / 64 + 1;
    live_bits = heap_reserve(words * 8);
    gray_bits = heap_reserve(words * 8);
    fwd_table = heap_reserve(words * sizeof(size_t));
    stack_cap = heap_options()->stress_interval > 0 ? STRESS_STACK_ENTRIES : STACK_ENTRIES;
    stack = vm_malloc(stack_cap * sizeof(Object *));
    return live_bits && gray_bits && fwd_table;
}

static inline size_t word_index(const void *p) { return (size_t)((const char *)p - base) >> 3; }
static inline bool in_range(const void *p) { return (const char *)p >= base && (const char *)p < mark_top; }
static inline bool bit_test(const uint64_t *bm, size_t i) { return (bm[i >> 6] >> (i & 63)) & 1; }
static inline void bit_set(uint64_t *bm, size_t i) { bm[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void bit_clear(uint64_t *bm, size_t i) { bm[i >> 6] &= ~((uint64_t)1 << (i & 63)); }

/* Sets bits [from, from + n). */
static void bits_set_range(uint64_t *bm, size_t from, size_t n) {
    size_t end = from + n;
    while (from < end && (from & 63)) bit_set(bm, from++);
    for (; from + 64 <= end; from += 64) bm[from >> 6] = ~(uint64_t)0;
    while (from < end) bit_set(bm, from++);
}

/* First index in [i, end) whose bit equals `want`, or end. */
static size_t bits_find(const uint64_t *bm, size_t i, size_t end, bool want) {
    while (i < end) {
        uint64_t w = bm[i >> 6];
        if (!want) w = ~w;
        w &= ~(uint64_t)0 << (i & 63);
        if (w) {
            size_t r = (i & ~(size_t)63) + (size_t)__builtin_ctzll(w);
            return r < end ? r : end;
        }
        i = (i & ~(size_t)63) + 64;
    }
    return end;
}

bool mark_is_live(Object *o, void *ctx) {
    UNUSED(ctx);
    return !in_range(o) || bit_test(live_bits, word_index(o));
}

char *mark_next_live(char *p, char *top) { return base + 8 * bits_find(live_bits, word_index(p), word_index(top), true); }
char *mark_next_free(char *p, char *top) { return base + 8 * bits_find(live_bits, word_index(p), word_index(top), false); }

/* ---- the trace ---- */

/* Widens the gray range to cover [p, p + 8). */
static void note_gray(char *p) {
    if (!gray_lo || p < gray_lo) gray_lo = p;
    if (p + 8 > gray_hi) gray_hi = p + 8;
}

static void push(Object *o) {
    if (likely(sp < stack_cap)) {
        stack[sp++] = o;
        return;
    }
    bit_set(gray_bits, word_index(o));
    note_gray((char *)o);
}

static void mark_slot(Object **slot, void *ctx) {
    UNUSED(ctx);
    Object *o = *slot;
    if (!in_range(o)) return;
    size_t i = word_index(o);
    if (bit_test(live_bits, i)) return;
    bits_set_range(live_bits, i, heap_object_size(o) >> 3);
    push(o);
}

/* Moves gray objects back onto the (empty) stack, as many as fit, lowest first; false if
 * there were none. */
static bool regray(void) {
    if (!gray_lo) return false;
    size_t i = word_index(gray_lo), end = word_index(gray_hi);
    gray_lo = gray_hi = NULL;
    while (sp < stack_cap && (i = bits_find(gray_bits, i, end, true)) < end) {
        bit_clear(gray_bits, i);
        stack[sp++] = (Object *)(base + 8 * i);
        i++;
    }
    if (i < end) {
        note_gray(base + 8 * i);
        note_gray(base + 8 * (end - 1));
    }
    return true;
}

static void drain(void *ctx) {
    UNUSED(ctx);
    do {
        while (sp) gc_trace_object(stack[--sp], mark_slot, NULL);
    } while (regray());
}

static void ignore_slot(Object **slot, void *ctx) { UNUSED(slot); UNUSED(ctx); }

bool mark_full_heap;

static GCTracer tracer = { mark_is_live, mark_slot, drain, NULL, false };

void mark_heap(char *top) {
    mark_top = top;
    size_t words = (word_index(top) + 63) / 64;
    memset(live_bits, 0, words * 8);
    live_words = 0;
    tracer.unload_classes = mark_full_heap;
    gc_refs_begin(&tracer);
    gc_visit_roots(mark_slot, NULL);
    drain(NULL);
    gc_refs_process();
    gc_process_weak_roots(mark_is_live, ignore_slot, NULL);
}

void mark_heap_strong(char *top) {
    mark_top = top;
    memset(live_bits, 0, (word_index(top) + 63) / 64 * 8);
    gc_visit_roots(mark_slot, NULL);
    drain(NULL);
}

/* ---- sliding compaction ---- */

void mark_compute_forwarding(char *top) {
    size_t n = (word_index(top) + 63) / 64, sum = 0;
    for (size_t w = 0; w < n; w++) {
        fwd_table[w] = sum;
        sum += (size_t)__builtin_popcountll(live_bits[w]);
    }
    live_words = sum;
}

Object *mark_forward(Object *o) {
    if (!in_range(o)) return o;
    size_t i = word_index(o);
    uint64_t below = live_bits[i >> 6] & (((uint64_t)1 << (i & 63)) - 1);
    return (Object *)(base + 8 * (fwd_table[i >> 6] + (size_t)__builtin_popcountll(below)));
}

size_t mark_live_bytes(void) { return live_words * 8; }

static void forward_slot(Object **slot, void *ctx) {
    UNUSED(ctx);
    *slot = mark_forward(*slot);
}

/* Free events for the objects of [p, end), a run the mark bits say holds nothing live
 * (fillers, free chunks among them, are no objects). */
static void report_dead_run(char *p, char *end) {
    while (p < end) {
        Object *o = (Object *)p;
        p += heap_object_size(o);
        if (!heap_is_filler(o)) gc_event_object_free(o);
    }
}

/* Move events for the objects of the live run [p, end) that slide. */
static void report_live_run(char *p, char *end, int arena) {
    while (p < end) {
        Object *o = (Object *)p;
        p += heap_object_size(o);
        Object *n = mark_forward(o);
        if (n != o) gc_event_object_move(arena, o, arena, n);
    }
}

/* The mark bits cover each live object whole, so [base, top) alternates between dead
 * runs and live runs that bits_find finds a word at a time: no object is asked whether
 * it lives, and a pass that reports only the dead skips the live runs whole. */
void mark_report_dead(char *top) {
    for (char *p = base; p < top;) {
        char *live = mark_next_live(p, top);
        report_dead_run(p, live);
        p = mark_next_free(live, top);
    }
}

/* Free and move events, in address order: a listener that keys objects by address never
 * sees a new address that an object not yet reported still holds. */
static void report(char *old_top, int arena) {
    bool frees = GC_EVENT_ON(GCE_OBJECT_FREE), moves = GC_EVENT_ON(GCE_OBJECT_MOVE);
    for (char *p = base; p < old_top;) {
        char *live = mark_next_live(p, old_top);
        if (frees) report_dead_run(p, live);
        p = mark_next_free(live, old_top);
        if (moves) report_live_run(live, p, arena);
    }
}

static void update(char *old_top) {
    gc_visit_roots(forward_slot, NULL);
    for (char *p = mark_next_live(base, old_top); p < old_top;) {
        Object *o = (Object *)p;
        gc_visit_object(o, forward_slot, NULL);
        p = mark_next_live(p + heap_object_size(o), old_top);
    }
    gc_process_weak_roots(mark_is_live, forward_slot, NULL);
}

static void slide(char *old_top) {
    for (char *p = mark_next_live(base, old_top); p < old_top;) {
        Object *o = (Object *)p;
        size_t size = heap_object_size(o);
        Object *n = mark_forward(o);
        p = mark_next_live(p + size, old_top);
        if (n != o) memmove(n, o, size);
    }
}

char *mark_compact(char *top, int arena_id) {
    mark_compute_forwarding(top);
    if (GC_EVENT_ON(GCE_OBJECT_FREE) || GC_EVENT_ON(GCE_OBJECT_MOVE)) report(top, arena_id);
    update(top);
    slide(top);
    return base + mark_live_bytes();
}

