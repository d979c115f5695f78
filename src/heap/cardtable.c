/*
 * cardtable.c — card marking over one range of the heap, and the object starts that
 * scanning a card needs.
 *
 * A generational collector must find, at a minor collection, every reference from the old
 * generation into the young one without scanning the old generation.  The write barrier
 * (heap.h) marks the card — the 512-byte block of the old range — that holds a slot into
 * which a young object's address was stored; the minor collection then scans only the
 * slots of dirty cards (card_scan), and clears them all once nothing young is left.
 *
 * Cards are bytes, not bits, so that marking is one plain byte store that needs no atomic
 * read-modify-write when threads mark neighbouring cards at once (relaxed atomic stores,
 * so that the race checker sees no data race either).
 *
 * A dirty card may begin in the middle of an object (a large array spans many cards), so
 * scanning it needs the object that covers its first byte.  The range keeps a second side
 * table, a bitmap with one bit per 8-byte word set at the first word of every object
 * (card_note_object, as objects are promoted or allocated there; card_rebuild_starts after
 * a compaction).  The object covering an address is the nearest start at or below it.
 * Dirty cards are visited in address order and the object found for one card is reused for
 * the next while it still covers it, so a large array with many dirty cards is searched
 * backwards once, not once per card.
 */
#include "heap/gc.h"
#include "classfile/class.h"

static char *base;
static size_t range;
static uint8_t *cards;
static uint64_t *starts;

bool card_init(char *b, size_t size) {
    base = b;
    range = size;
    cards = heap_reserve(size / CARD_SIZE + 1);
    starts = heap_reserve(size / 8 / 64 * 8 + 8);
    return cards && starts;
}

static inline size_t card_index(const void *p) { return (size_t)((const char *)p - base) / CARD_SIZE; }
static inline size_t word_index(const void *p) { return (size_t)((const char *)p - base) >> 3; }

bool card_covers(const void *p) { return (const char *)p >= base && (const char *)p < base + range; }

void card_mark(const void *p) { __atomic_store_n(&cards[card_index(p)], 1, __ATOMIC_RELAXED); }

bool card_is_dirty(const void *p) { return __atomic_load_n(&cards[card_index(p)], __ATOMIC_RELAXED) != 0; }

void card_clear(char *from, char *to) {
    if (to > from) memset(&cards[card_index(from)], 0, card_index(to - 1) - card_index(from) + 1);
}

/* ---- object starts ---- */

void card_note_object(Object *o) {
    size_t i = word_index(o);
    __atomic_fetch_or(&starts[i >> 6], (uint64_t)1 << (i & 63), __ATOMIC_RELAXED);
}

void card_rebuild_starts(char *old_top, char *new_top) {
    if (old_top > base) memset(starts, 0, (word_index(old_top - 1) / 64 + 1) * 8);
    for (char *p = base; p < new_top; p += heap_object_size((Object *)p)) card_note_object((Object *)p);
}

/* The object whose first word is the nearest start at or below p. */
static Object *object_covering(const char *p) {
    size_t i = word_index(p);
    uint64_t w = starts[i >> 6] & (~(uint64_t)0 >> (63 - (i & 63)));
    while (!w) w = starts[(i = (i & ~(size_t)63) - 1) >> 6];
    return (Object *)(base + 8 * ((i & ~(size_t)63) + 63 - (size_t)__builtin_clzll(w)));
}

/* ---- scanning ---- */

typedef struct Window {
    char *lo, *hi;
    SlotVisitor v;
    void *ctx;
} Window;

static void visit_in_window(Object **slot, void *ctx) {
    Window *w = ctx;
    if ((char *)slot >= w->lo && (char *)slot < w->hi) w->v(slot, w->ctx);
}

/* The reference slots of o that lie in [lo, hi): an array's elements by index, so that a
 * dirty card of a large array costs the card, not the array. */
static void scan_object(Object *o, Window *w) {
    Class *k = o->klass;
    if (!(k->flags & CF_ARRAY)) {
        gc_visit_object(o, visit_in_window, w);
        return;
    }
    if (!bt_is_ref(k->elem_type)) return;
    Object **e = ARRAY_ELEMS(o, Object *), **end = e + array_length(o);
    Object **from = (Object **)w->lo > e ? (Object **)w->lo : e, **to = (Object **)w->hi < end ? (Object **)w->hi : end;
    for (; from < to; from++)
        if (*from) w->v(from, w->ctx);
}

void card_scan(char *top, SlotVisitor v, void *ctx) {
    Object *cur = NULL;
    char *cur_end = NULL;
    size_t n = top > base ? card_index(top - 1) + 1 : 0;
    for (size_t c = 0; c < n; c++) {
        if (!__atomic_load_n(&cards[c], __ATOMIC_RELAXED)) continue;
        Window w = { base + c * CARD_SIZE, base + (c + 1) * CARD_SIZE, v, ctx };
        if (w.hi > top) w.hi = top;
        char *p = w.lo < cur_end ? (char *)cur : (char *)object_covering(w.lo);
        while (p < w.hi) {
            Object *o = (Object *)p;
            size_t size = heap_object_size(o);
            scan_object(o, &w);
            cur = o;
            cur_end = p + size;
            p += size;
        }
    }
}
