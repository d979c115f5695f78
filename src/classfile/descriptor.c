/*
 * descriptor.c — names and descriptors as JVMS 4.2 and 4.3 define them.
 *
 * Three grammars live here, all over modified UTF-8 bytes that the parser has already
 * checked for encoding:
 *
 *   unqualified names   field and method names: non-empty, none of  . ; [ /  and, for
 *                       methods, none of  < >  (the parser admits <init> and <clinit> itself)
 *   class names         '/'-separated unqualified names ("java/lang/String"), or an array
 *                       descriptor ("[I", "[Ljava/lang/String;") where a class is meant
 *   descriptors         B C D F I J S Z, L<class name>; and [<descriptor> for fields (at most
 *                       255 dimensions); (<field descriptor>*)<field descriptor or V> for
 *                       methods
 *
 * Only the syntax is checked: which characters a Java identifier may use is the compiler's
 * business, and since class files of version 49 the JVM takes any character not excluded
 * above.  (Older class files were held to Java identifier rules; accepting the wider
 * alphabet for them too is harmless and keeps one rule.)
 *
 * The validators take explicit lengths, because class-file strings are counted, not
 * terminated.  The walkers (cf_skip_field_desc, cf_method_arg_slots) run over descriptors
 * the parser has already validated, which are NUL-terminated Symbols; they still stop at a
 * NUL so that a bad argument cannot make them run off the end.
 */
#include "classfile/classfile.h"


#define MAX_ARRAY_DIMS 255

/* A class name in internal form: one or more non-empty unqualified names joined by '/'. */
static bool valid_internal_name(const char *s, size_t len) {
    bool segment_start = true;
    for (size_t i = 0; i < len; i++) {
        switch (s[i]) {
        case '.': case ';': case '[':
            return false;
        case '/':
            if (segment_start) return false;    /* leading or doubled '/' */
            segment_start = true;
            break;
        default:
            segment_start = false;
        }
    }
    return !segment_start;                      /* empty, or a trailing '/' */
}

/* Scans one field descriptor in [s, end) — or a return type if void_ok — and returns the
 * position after it, or NULL if none starts at s. */
static const char *scan_field_desc(const char *s, const char *end, bool void_ok) {
    int dims = 0;
    while (s < end && *s == '[') {
        if (++dims > MAX_ARRAY_DIMS) return NULL;
        s++;
    }
    if (s >= end) return NULL;
    switch (*s) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
        return s + 1;
    case 'V':
        return void_ok && dims == 0 ? s + 1 : NULL;
    case 'L': {
        const char *semi = memchr(s + 1, ';', (size_t)(end - s - 1));
        if (!semi || !valid_internal_name(s + 1, (size_t)(semi - s - 1))) return NULL;
        return semi + 1;
    }
    default:
        return NULL;
    }
}

bool cf_valid_field_desc(const char *s, size_t len) {
    return scan_field_desc(s, s + len, false) == s + len;
}

bool cf_valid_method_desc(const char *s, size_t len) {
    const char *end = s + len;
    if (len == 0 || *s != '(') return false;
    const char *p = s + 1;
    while (p < end && *p != ')') {
        p = scan_field_desc(p, end, false);
        if (!p) return false;
    }
    if (p >= end) return false;
    return scan_field_desc(p + 1, end, true) == end;
}

bool cf_valid_class_name(const char *s, size_t len) {
    if (len > 0 && s[0] == '[') return cf_valid_field_desc(s, len);
    return len > 0 && valid_internal_name(s, len);
}

bool cf_valid_unqualified_name(const char *s, size_t len, bool method) {
    if (len == 0) return false;
    for (size_t i = 0; i < len; i++) {
        switch (s[i]) {
        case '.': case ';': case '[': case '/':
            return false;
        case '<': case '>':
            if (method) return false;
            break;
        default:
            break;
        }
    }
    return true;
}

const char *cf_skip_field_desc(const char *s) {
    while (*s == '[') s++;
    if (*s == 'L') {
        while (*s && *s != ';') s++;
        return *s ? s + 1 : s;
    }
    return *s ? s + 1 : s;
}

int cf_method_arg_slots(const char *desc, BasicType *ret) {
    const char *p = desc + (*desc == '(');
    int slots = 0;
    while (*p && *p != ')') {
        slots += (*p == 'J' || *p == 'D') ? 2 : 1;
        p = cf_skip_field_desc(p);
    }
    if (*p == ')') p++;
    if (ret) *ret = bt_from_char(*p);
    return slots;
}
