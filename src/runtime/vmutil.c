/*
 * vmutil.c — the VM's own C memory and fatal-error reporting.
 *
 * Running out of C memory is not a Java-level condition Loupe can recover from (the Java
 * heap is separate and reports OutOfMemoryError), so these allocators end the VM with a
 * crash report (runtime/crash.c), as internal errors do.
 */
#include <pthread.h>
#include "loupe.h"
#include "runtime/crash.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where the crash reporter is not linked in (the fuzz target builds the parser and the
 * verifier alone), a fatal error is a message and abort(); crash.c's definition, strong,
 * takes its place everywhere else. */
__attribute__((weak)) void vm_crash_fatal_at(const char *file, int line, void *pc, const char *fmt, va_list ap) {
    UNUSED(pc);
    fflush(stdout);
    fprintf(stderr, "Loupe: fatal error (%s:%d): ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    abort();
}

void vm_fatal_at(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vm_crash_fatal_at(file, line, __builtin_return_address(0), fmt, ap);
}

void vm_unimplemented(const char *what) { vm_crash_fatal("not implemented yet: %s", what); }

static void *check(void *p, size_t n) {
    if (!p && n) vm_fatal("out of C memory (%zu bytes)", n);
    return p;
}

void *vm_malloc(size_t n) { return check(malloc(n ? n : 1), n); }
static pthread_mutex_t lazy_lock = PTHREAD_MUTEX_INITIALIZER;
void vm_lazy_begin(void) { pthread_mutex_lock(&lazy_lock); }
void vm_lazy_end(void) { pthread_mutex_unlock(&lazy_lock); }

void *vm_calloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1), n * size); }
void *vm_realloc(void *p, size_t n) { return check(realloc(p, n ? n : 1), n); }
char *vm_strdup(const char *s) { size_t n = strlen(s) + 1; return memcpy(vm_malloc(n), s, n); }
void vm_free(void *p) { free(p); }

/* ---- growing text ---- */

static void sb_reserve(StrBuf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    b->cap = (b->len + extra + 1) * 2;
    b->s = vm_realloc(b->s, b->cap);
}

void sb_putn(StrBuf *b, const char *s, size_t n) {
    sb_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_puts(StrBuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n > 0) {
        sb_reserve(b, (size_t)n);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void sb_printf(StrBuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *sb_str(const StrBuf *b) { return b->s ? b->s : ""; }

char *vm_asprintf(const char *fmt, ...) {
    StrBuf b = { 0 };
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    return b.s ? b.s : vm_strdup("");
}

BasicType bt_from_char(char c) {
    switch (c) {
    case 'Z': return T_BOOLEAN;
    case 'C': return T_CHAR;
    case 'F': return T_FLOAT;
    case 'D': return T_DOUBLE;
    case 'B': return T_BYTE;
    case 'S': return T_SHORT;
    case 'I': return T_INT;
    case 'J': return T_LONG;
    case 'L': return T_OBJECT;
    case '[': return T_ARRAY;
    case 'V': return T_VOID;
    default: return T_ILLEGAL;
    }
}

char bt_to_char(BasicType t) {
    static const char chars[] = "????ZCFDBSIJL[V";
    return (unsigned)t < sizeof chars - 1 ? chars[t] : '?';
}

const char *bt_name(BasicType t) {
    switch (t) {
    case T_BOOLEAN: return "boolean";
    case T_CHAR: return "char";
    case T_FLOAT: return "float";
    case T_DOUBLE: return "double";
    case T_BYTE: return "byte";
    case T_SHORT: return "short";
    case T_INT: return "int";
    case T_LONG: return "long";
    case T_VOID: return "void";
    case T_OBJECT: return "object";
    case T_ARRAY: return "array";
    default: return "illegal";
    }
}
