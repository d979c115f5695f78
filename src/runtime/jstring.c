/*
 * jstring.c — making and reading java.lang.String objects; the intern table.
 *
 * The intern table is an open-addressed hash of String references keyed by the Java hash
 * of their contents, so a moving collection needs no rehash.  As in HotSpot its references
 * are weak: a string stays interned while something else holds it (a constant pool that
 * resolved the literal, a static field, a local...), and a collection drops the others
 * (jstr_process_interned), after which the survivors are rehashed to close the gaps in
 * the probe sequences.  A lookup can be made from modified UTF-8 (ldc of a constant)
 * without allocating; insertion allocates first and then inserts if absent, because the
 * table lock is never held across an allocation.
 */
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "heap/handles.h"

uint32_t jstr_value_off, jstr_coder_off, jstr_hash_off;
static Class *byte_array_class;

bool jstr_init(Thread *t) {
    Class *s = VMC(String);
    Field *v = class_find_declared_field(s, sym_value, sym_intern_cstr("[B"));
    Field *c = class_find_declared_field(s, sym_coder, sym_intern_cstr("B"));
    Field *h = class_find_declared_field(s, sym_hash, sym_intern_cstr("I"));
    if (!v || !c || !h) vm_fatal("java.lang.String lacks value/coder/hash");
    jstr_value_off = v->offset;
    jstr_coder_off = c->offset;
    jstr_hash_off = h->offset;
    byte_array_class = ld_array_of(t, vm_primitive[T_BYTE]);
    return byte_array_class != NULL;
}

/* ---- modified UTF-8 ---- */

jint utf8_count_chars(const char *s, size_t len) {
    jint n = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        i += c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 1;
        n++;
    }
    return n;
}

jint utf8_decode(const char *s, size_t len, jchar *out) {
    jint n = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            out[n++] = c;
            i++;
        } else if ((c & 0xE0) == 0xC0 && i + 1 < len) {
            out[n++] = (jchar)(((c & 0x1F) << 6) | (s[i + 1] & 0x3F));
            i += 2;
        } else if ((c & 0xF0) == 0xE0 && i + 2 < len) {
            out[n++] = (jchar)(((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F));
            i += 3;
        } else {
            out[n++] = c;   /* malformed: take the byte as a char (HotSpot is as lenient) */
            i++;
        }
    }
    return n;
}

size_t utf16_utf8_length(const jchar *s, jint len) {
    size_t n = 0;
    for (jint i = 0; i < len; i++) n += (s[i] != 0 && s[i] < 0x80) ? 1 : s[i] < 0x800 ? 2 : 3;
    return n;
}

void utf16_to_utf8(const jchar *s, jint len, char *out) {
    for (jint i = 0; i < len; i++) {
        jchar c = s[i];
        if (c != 0 && c < 0x80) {
            *out++ = (char)c;
        } else if (c < 0x800) {
            *out++ = (char)(0xC0 | (c >> 6));
            *out++ = (char)(0x80 | (c & 0x3F));
        } else {
            *out++ = (char)(0xE0 | (c >> 12));
            *out++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *out++ = (char)(0x80 | (c & 0x3F));
        }
    }
    *out = '\0';
}

/* ---- reading ---- */

static inline Object *value_of(Object *s) { return OBJ_FIELD(s, jstr_value_off, Object *); }
static inline int coder_of(Object *s) { return OBJ_FIELD(s, jstr_coder_off, jbyte); }

jint jstr_length(Object *s) {
    Object *v = value_of(s);
    if (!v) return 0;
    return array_length(v) >> coder_of(s);
}

jchar jstr_char_at(Object *s, jint i) {
    Object *v = value_of(s);
    return coder_of(s) == JSTR_LATIN1 ? (jchar)ARRAY_ELEMS(v, uint8_t)[i] : ARRAY_ELEMS(v, jchar)[i];
}

void jstr_get_region(Object *s, jint start, jint len, jchar *out) {
    Object *v = value_of(s);
    if (coder_of(s) == JSTR_LATIN1) {
        const uint8_t *b = ARRAY_ELEMS(v, uint8_t) + start;
        for (jint i = 0; i < len; i++) out[i] = b[i];
    } else {
        memcpy(out, ARRAY_ELEMS(v, jchar) + start, (size_t)len * sizeof(jchar));
    }
}

size_t jstr_utf8_length(Object *s) {
    Object *v = value_of(s);
    jint n = jstr_length(s);
    size_t bytes = 0;
    if (coder_of(s) == JSTR_LATIN1) {
        const uint8_t *b = ARRAY_ELEMS(v, uint8_t);
        for (jint i = 0; i < n; i++) bytes += (b[i] != 0 && b[i] < 0x80) ? 1 : 2;
        return bytes;
    }
    return utf16_utf8_length(ARRAY_ELEMS(v, jchar), n);
}

void jstr_utf8_region(Object *s, jint start, jint len, char *out) {
    jchar small[256];
    jchar *buf = len <= 256 ? small : vm_malloc((size_t)len * sizeof(jchar));
    jstr_get_region(s, start, len, buf);
    utf16_to_utf8(buf, len, out);
    if (buf != small) vm_free(buf);
}

char *jstr_to_utf8(Object *s) {
    size_t n = jstr_utf8_length(s);
    char *out = vm_malloc(n + 1);
    jstr_utf8_region(s, 0, jstr_length(s), out);
    return out;
}

Symbol *jstr_to_symbol(Object *s, bool dots_to_slashes) {
    char *u = jstr_to_utf8(s);
    if (dots_to_slashes)
        for (char *p = u; *p; p++)
            if (*p == '.') *p = '/';
    Symbol *sym = sym_intern_cstr(u);
    vm_free(u);
    return sym;
}

bool jstr_equals_utf8(Object *s, const char *mutf8) {
    char *u = jstr_to_utf8(s);
    bool eq = strcmp(u, mutf8) == 0;
    vm_free(u);
    return eq;
}

/* ---- making ---- */

static Object *make_string(Thread *t, const jchar *chars, jint len) {
    bool latin1 = vm_opts.compact_strings;     /* -XX:-CompactStrings: every string UTF-16 */
    for (jint i = 0; i < len && latin1; i++)
        if (chars[i] > 0xFF) latin1 = false;
    Object *arr = heap_alloc_array(t, byte_array_class, latin1 ? len : len * 2);
    if (!arr) return NULL;
    if (latin1) {
        uint8_t *b = ARRAY_ELEMS(arr, uint8_t);
        for (jint i = 0; i < len; i++) b[i] = (uint8_t)chars[i];
    } else {
        memcpy(ARRAY_ELEMS(arr, jchar), chars, (size_t)len * 2);
    }
    Object **h = hnd_new(t, arr);
    Object *s = heap_alloc_object(t, VMC(String));
    if (s) {
        HEAP_SET_FIELD(s, jstr_value_off, *h);
        OBJ_FIELD(s, jstr_coder_off, jbyte) = latin1 ? JSTR_LATIN1 : JSTR_UTF16;
    }
    *h = NULL;
    return s;
}

Object *jstr_new_utf16(Thread *t, const jchar *chars, jint len) {
    HandleMark hm = hnd_mark(t);
    Object *s = make_string(t, chars, len);
    hnd_release(t, hm);
    return s;
}

Object *jstr_new_utf8_len(Thread *t, const char *s, size_t len) {
    jchar small[256];
    jchar *buf = len <= 256 ? small : vm_malloc(len * sizeof(jchar));
    jint n = utf8_decode(s, len, buf);
    Object *r = jstr_new_utf16(t, buf, n);
    if (buf != small) vm_free(buf);
    return r;
}

Object *jstr_new_utf8(Thread *t, const char *mutf8) { return jstr_new_utf8_len(t, mutf8, strlen(mutf8)); }

Object *jstr_new_latin1(Thread *t, const char *s, jint len) {
    jchar *buf = vm_malloc((size_t)(len ? len : 1) * sizeof(jchar));
    for (jint i = 0; i < len; i++) buf[i] = (unsigned char)s[i];
    Object *r = jstr_new_utf16(t, buf, len);
    vm_free(buf);
    return r;
}

/* ---- interning ---- */

static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;
static Object **itab;
static uint32_t isize, icount;

static uint32_t hash_chars(const jchar *c, jint n) {
    uint32_t h = 0;
    for (jint i = 0; i < n; i++) h = 31 * h + c[i];
    return h;
}

static uint32_t hash_string(Object *s) {
    jint n = jstr_length(s);
    uint32_t h = 0;
    for (jint i = 0; i < n; i++) h = 31 * h + jstr_char_at(s, i);
    return h;
}

static bool equals_chars(Object *s, const jchar *c, jint n) {
    if (jstr_length(s) != n) return false;
    for (jint i = 0; i < n; i++)
        if (jstr_char_at(s, i) != c[i]) return false;
    return true;
}

/* Moves the table's strings into a new table of nsize slots (a power of two). */
static void itab_rehash(uint32_t nsize) {
    Object **nt = vm_calloc(nsize, sizeof(Object *));
    for (uint32_t i = 0; i < isize; i++) {
        Object *s = itab[i];
        if (!s) continue;
        uint32_t j = hash_string(s) & (nsize - 1);
        while (nt[j]) j = (j + 1) & (nsize - 1);
        nt[j] = s;
    }
    vm_free(itab);
    itab = nt;
    isize = nsize;
}

static void itab_grow(void) { itab_rehash(isize ? isize * 2 : 4096); }

/* Finds the canonical string with these chars; if absent and `add` is non-NULL, adds *add. */
static Object *intern_lookup(const jchar *c, jint n, Object **add) {
    uint32_t h = hash_chars(c, n);
    pthread_mutex_lock(&intern_lock);
    if (!itab) itab_grow();
    uint32_t j = h & (isize - 1);
    Object *found = NULL;
    for (Object *s; (s = itab[j]) != NULL; j = (j + 1) & (isize - 1))
        if (equals_chars(s, c, n)) {
            found = s;
            break;
        }
    if (!found && add) {
        found = itab[j] = *add;
        if (++icount * 2 > isize) itab_grow();
    }
    pthread_mutex_unlock(&intern_lock);
    return found;
}

static Object *intern_chars(Thread *t, const jchar *c, jint n) {
    Object *s = intern_lookup(c, n, NULL);
    if (s) return s;
    HandleMark hm = hnd_mark(t);
    s = make_string(t, c, n);
    if (s) {
        Object **h = hnd_new(t, s);
        s = intern_lookup(c, n, h);
    }
    hnd_release(t, hm);
    return s;
}

Object *jstr_intern_sym(Thread *t, Symbol *sym) {
    jchar small[256];
    jchar *buf = sym->len <= 256 ? small : vm_malloc(sym->len * sizeof(jchar));
    jint n = utf8_decode(sym->str, sym->len, buf);
    Object *s = intern_chars(t, buf, n);
    if (buf != small) vm_free(buf);
    return s;
}

Object *jstr_intern(Thread *t, Object **h) {
    UNUSED(t);
    jint n = jstr_length(*h);
    jchar small[256];
    jchar *buf = n <= 256 ? small : vm_malloc((size_t)n * sizeof(jchar));
    jstr_get_region(*h, 0, n, buf);
    Object *s = intern_lookup(buf, n, h);
    if (buf != small) vm_free(buf);
    return s;
}

/* Runs with the world stopped, once the collector knows what survived (no thread holds
 * intern_lock there: it is never held where a thread could stop). */
void jstr_process_interned(bool (*is_live)(Object *o, void *ctx), void (*v)(Object **slot, void *ctx), void *ctx) {
    uint32_t dropped = 0;
    for (uint32_t i = 0; i < isize; i++) {
        if (!itab[i]) continue;
        if (is_live(itab[i], ctx)) {
            v(&itab[i], ctx);
        } else {
            itab[i] = NULL;
            dropped++;
        }
    }
    if (!dropped) return;
    icount -= dropped;
    /* rehash into a table sized for what is left (at most half full, never below 4096) */
    uint32_t nsize = 4096;
    while (icount * 2 > nsize) nsize *= 2;
    itab_rehash(nsize);
}

uint32_t jstr_interned_count(void) {
    pthread_mutex_lock(&intern_lock);
    uint32_t n = icount;
    pthread_mutex_unlock(&intern_lock);
    return n;
}

void jstr_after_gc(void) {}
