/*
 * loupe.h — the types every subsystem of Loupe shares.
 *
 * Loupe is a Java SE 17 virtual machine.  The VM is split into subsystems, one folder
 * each, and every internal function carries its subsystem's prefix:
 *
 *   classfile/  sym_  cf_  cp_  ld_  link_     symbols, parsing, constant pools, loading, linking
 *   heap/       heap_ gc_  hnd_                object layout, allocation, collectors, handles
 *   interp/     interp_ frame_ refmap_         the bytecode interpreter and its frames
 *   runtime/    thread_ mon_ exc_ jstr_ mirror_ vm_   threads, monitors, exceptions, strings, boot
 *   native/     jni_  jvm_  unsafe_ nat_       JNI, the JVM_* interface, VM-provided natives
 *   invoke/     (the Invocation API: JNI_CreateJavaVM and the JavaVM table)
 *
 * Conventions used throughout:
 *  - A function that can fail returns NULL/false/-1 and leaves a pending Java exception in
 *    the current thread (thread->exception).  Callers test and propagate.
 *  - Raw Object pointers are valid only until the next GC point (anything that may allocate
 *    or call Java).  Anything held across a GC point lives in a handle (heap/handles.h) or in
 *    a slot the collector knows (interpreter frames, class statics, CP caches).
 */
#ifndef LOUPE_H
#define LOUPE_H

/* The VM's own version (java.vm.version, thread dumps). */
#define LOUPE_VERSION "0.1"

#include <stdint.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <jni.h>

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define UNUSED(x)   ((void)(x))
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a) (((x) + ((a) - 1)) & ~((uintptr_t)(a) - 1))

typedef struct Object Object;
typedef struct ArrayObject ArrayObject;
typedef struct Class Class;
typedef struct Method Method;
typedef struct Field Field;
typedef struct Symbol Symbol;
typedef struct Thread Thread;
typedef struct Frame Frame;
typedef struct LoaderData LoaderData;
typedef struct Monitor Monitor;

/* One interpreter slot: locals and operand stack entries.  long/double values occupy
 * two slots as the JVMS numbers them; the value lives in the first. */
typedef union Slot {
    jint i;
    jlong j;
    jfloat f;
    jdouble d;
    Object *l;
    void *p;
    uint64_t raw;
} Slot;

/* Basic types.  The primitive codes are those of the newarray instruction (and of JVMTI's
 * and JVMPI's type tags), so they need no translation at those boundaries. */
typedef enum BasicType {
    T_ILLEGAL = 0,
    T_BOOLEAN = 4,
    T_CHAR = 5,
    T_FLOAT = 6,
    T_DOUBLE = 7,
    T_BYTE = 8,
    T_SHORT = 9,
    T_INT = 10,
    T_LONG = 11,
    T_OBJECT = 12,
    T_ARRAY = 13,
    T_VOID = 14,
} BasicType;

static inline bool bt_is_ref(BasicType t) { return t == T_OBJECT || t == T_ARRAY; }
static inline bool bt_is_wide(BasicType t) { return t == T_LONG || t == T_DOUBLE; }

/* Size in bytes of a value of type t in an object or array. */
static inline int bt_size(BasicType t) {
    switch (t) {
    case T_BOOLEAN: case T_BYTE: return 1;
    case T_CHAR: case T_SHORT: return 2;
    case T_INT: case T_FLOAT: return 4;
    default: return 8;
    }
}

/* The basic type a descriptor character stands for ('I' -> T_INT, 'L'/'[' -> refs). */
BasicType bt_from_char(char c);
char bt_to_char(BasicType t);
const char *bt_name(BasicType t);   /* "int", "boolean", ... */

/* Fatal internal error: the crash report (runtime/crash.h) names the message and where it
 * was detected, then the process aborts.  For VM bugs only, never for bad input. */
_Noreturn void vm_fatal_at(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define vm_fatal(...) vm_fatal_at(__FILE__, __LINE__, __VA_ARGS__)
/* Report use of a feature Loupe does not have yet, naming it. */
_Noreturn void vm_unimplemented(const char *what);

/* Allocation that never returns NULL (the VM's own C memory; Java heap is elsewhere). */
void *vm_malloc(size_t n);
void *vm_calloc(size_t n, size_t size);
void *vm_realloc(void *p, size_t n);
char *vm_strdup(const char *s);
void vm_free(void *p);

/* Text of any length, for messages built from names and descriptors (which may be up to
 * 65535 bytes each): never a fixed buffer that overflows or cuts a message short.  Start
 * with StrBuf b = { 0 }; sb_str gives "" before the first append; vm_free(b.s) ends it. */
typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;
void sb_putn(StrBuf *b, const char *s, size_t n);
void sb_puts(StrBuf *b, const char *s);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
const char *sb_str(const StrBuf *b);
/* A new string formatted as by printf, freed with vm_free. */
char *vm_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Values computed on first use and kept in statics (field offsets, mostly): threads may
 * compute them at the same time, but only one stores them, between vm_lazy_begin and
 * vm_lazy_end, after checking the guard again, and stores the guard last (release);
 * readers load the guard with acquire.  Nothing between the two calls may allocate in
 * the Java heap or block: the lock is taken in VM state. */
void vm_lazy_begin(void);
void vm_lazy_end(void);

#endif
