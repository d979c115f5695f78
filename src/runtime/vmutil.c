/*
 * vmutil.c — the VM's own C memory and fatal-error reporting.
 *
 * Running out of C memory is not a Java-level condition Loupe can recover from (the Java
 * heap is separate and reports OutOfMemoryError), so these allocators abort with a message.
 */
#include <pthread.h>
#include "loupe.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void vm_fatal(const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "Loupe: fatal error: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

void vm_unimplemented(const char *what) {
    fflush(stdout);
    fprintf(stderr, "Loupe: not implemented yet: %s\n", what);
    abort();
}

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
