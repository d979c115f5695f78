/*
 * jstring.h — java.lang.String from the VM side, and the intern table.
 *
 * The VM builds Strings exactly as java.lang.String (JDK 17) expects: `value` is a byte[]
 * and `coder` says how to read it, LATIN1 (0) one byte per char if every char is <= 0xFF,
 * else UTF16 (1) two bytes per char in native (little-endian) order.  String.equals
 * compares coders first, so the choice must be exactly this rule.
 *
 * The intern table maps contents to the canonical String; ldc of a string constant and
 * String.intern (JVM_InternString) both go through it.  Its entries are GC roots.
 */
#ifndef LOUPE_JSTRING_H
#define LOUPE_JSTRING_H

#include "loupe.h"
#include "classfile/symbol.h"

#define JSTR_LATIN1 0
#define JSTR_UTF16 1

extern uint32_t jstr_value_off, jstr_coder_off, jstr_hash_off;

bool jstr_init(Thread *t);                                   /* after String is linked */

Object *jstr_new_utf8(Thread *t, const char *mutf8);          /* modified UTF-8, NUL-ended */
Object *jstr_new_utf8_len(Thread *t, const char *s, size_t len);
Object *jstr_new_utf16(Thread *t, const jchar *chars, jint len);
Object *jstr_new_latin1(Thread *t, const char *s, jint len);
/* The canonical instance of the string in *h. */
Object *jstr_intern(Thread *t, Object **h);
/* The canonical instance of a symbol's text (ldc, reflection names). */
Object *jstr_intern_sym(Thread *t, Symbol *s);

jint jstr_length(Object *s);
jchar jstr_char_at(Object *s, jint i);
void jstr_get_region(Object *s, jint start, jint len, jchar *out);
/* Modified UTF-8 of the string: length in bytes (no NUL), and a malloc'd copy. */
size_t jstr_utf8_length(Object *s);
char *jstr_to_utf8(Object *s);
void jstr_utf8_region(Object *s, jint start, jint len, char *out);  /* out needs room */
/* Same but as a Symbol; with `dots_to_slashes` for class names given in Java form. */
Symbol *jstr_to_symbol(Object *s, bool dots_to_slashes);
bool jstr_equals_utf8(Object *s, const char *mutf8);

/* The intern table's references are weak: after the trace, strings that did not survive
 * (`is_live`) are dropped and the others passed to `v` to be updated. */
void jstr_process_interned(bool (*is_live)(Object *o, void *ctx), void (*v)(Object **slot, void *ctx), void *ctx);
uint32_t jstr_interned_count(void);
/* After a moving collection: rehash (hashes are by content, so only the table moves). */
void jstr_after_gc(void);

/* Modified-UTF-8 decoding/encoding helpers shared with JNI. */
jint utf8_count_chars(const char *s, size_t len);
jint utf8_decode(const char *s, size_t len, jchar *out);      /* returns chars written */
size_t utf16_utf8_length(const jchar *s, jint len);
void utf16_to_utf8(const jchar *s, jint len, char *out);      /* writes NUL too */

#endif
