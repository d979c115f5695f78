/*
 * Symbols: interned modified-UTF-8 strings.
 *
 * Every name and descriptor the VM keeps (class names, member names, descriptors,
 * constant-pool UTF-8 entries) is a Symbol, unique per content, so names compare by
 * pointer.  Symbols live for the life of the VM.  The table is a lock-protected open hash;
 * lookups of the well-known symbols below need no table access at all.
 */
#ifndef LOUPE_SYMBOL_H
#define LOUPE_SYMBOL_H

#include "loupe.h"

struct Symbol {
    uint32_t hash;
    uint32_t len;       /* bytes, excluding the terminating NUL */
    char str[];         /* NUL-terminated; may contain encoded NULs (0xC0 0x80) but no raw NUL */
};

Symbol *sym_intern(const char *s, size_t len);
Symbol *sym_intern_cstr(const char *s);
/* Returns the symbol if it exists, NULL otherwise (never creates). */
Symbol *sym_lookup(const char *s, size_t len);
void sym_table_init(void);

static inline bool sym_eq_cstr(const Symbol *s, const char *c) { return strcmp(s->str, c) == 0; }

/* Well-known symbols, interned at start-up.  S(ident, "text") declares `sym_ident`. */
#define VM_SYMBOLS(S) \
    S(init, "<init>") \
    S(clinit, "<clinit>") \
    S(void_sig, "()V") \
    S(code, "Code") \
    S(java_lang_Object, "java/lang/Object") \
    S(java_lang_Class, "java/lang/Class") \
    S(java_lang_String, "java/lang/String") \
    S(java_lang_Cloneable, "java/lang/Cloneable") \
    S(java_io_Serializable, "java/io/Serializable") \
    S(finalize, "finalize") \
    S(value, "value") \
    S(coder, "coder") \
    S(hash, "hash") \
    S(run, "run") \
    S(main, "main") \
    S(string_ctor_sig, "(Ljava/lang/String;)V") \
    S(throwable_ctor_sig, "(Ljava/lang/String;Ljava/lang/Throwable;)V") \
    S(invoke, "invoke") \
    S(invokeExact, "invokeExact") \
    S(invokeBasic, "invokeBasic") \
    S(linkToVirtual, "linkToVirtual") \
    S(linkToStatic, "linkToStatic") \
    S(linkToSpecial, "linkToSpecial") \
    S(linkToInterface, "linkToInterface") \
    S(linkToNative, "linkToNative")

#define DECLARE_SYM(id, text) extern Symbol *sym_##id;
VM_SYMBOLS(DECLARE_SYM)
#undef DECLARE_SYM

#endif
