/*
 * symbol.c — the symbol table.
 *
 * An open-addressed hash table of Symbol pointers, resized at 50% load, guarded by one
 * mutex (symbols are interned while parsing class files, rarely on hot paths).  Symbol
 * storage comes from large blocks and is never freed: symbols live as long as the VM.
 */
#include "classfile/symbol.h"
#include <pthread.h>
#include <stdlib.h>

#define DEFINE_SYM(id, text) Symbol *sym_##id;
VM_SYMBOLS(DEFINE_SYM)
#undef DEFINE_SYM

static pthread_mutex_t sym_lock = PTHREAD_MUTEX_INITIALIZER;
static Symbol **table;
static size_t table_size;      /* power of two */
static size_t table_count;

static char *block;
static size_t block_left;

static uint32_t hash_bytes(const char *s, size_t len) {
    uint32_t h = 2166136261u;          /* FNV-1a */
    for (size_t i = 0; i < len; i++) {
        h ^= (uint8_t)s[i];
        h *= 16777619u;
    }
    return h;
}

static Symbol *symbol_alloc(const char *s, size_t len, uint32_t hash) {
    size_t need = ALIGN_UP(sizeof(Symbol) + len + 1, 8);
    if (need > block_left) {
        size_t sz = need > 65536 ? need : 65536;
        block = vm_malloc(sz);
        block_left = sz;
    }
    Symbol *sym = (Symbol *)block;
    block += need;
    block_left -= need;
    sym->hash = hash;
    sym->len = (uint32_t)len;
    memcpy(sym->str, s, len);
    sym->str[len] = '\0';
    return sym;
}

static void grow(void) {
    size_t nsize = table_size ? table_size * 2 : 16384;
    Symbol **nt = vm_calloc(nsize, sizeof *nt);
    for (size_t i = 0; i < table_size; i++) {
        Symbol *s = table[i];
        if (!s) continue;
        size_t j = s->hash & (nsize - 1);
        while (nt[j]) j = (j + 1) & (nsize - 1);
        nt[j] = s;
    }
    vm_free(table);
    table = nt;
    table_size = nsize;
}

static Symbol *find_or_add(const char *s, size_t len, bool add) {
    uint32_t h = hash_bytes(s, len);
    pthread_mutex_lock(&sym_lock);
    if (!table) grow();
    size_t j = h & (table_size - 1);
    Symbol *found = NULL;
    for (Symbol *c; (c = table[j]) != NULL; j = (j + 1) & (table_size - 1)) {
        if (c->hash == h && c->len == len && memcmp(c->str, s, len) == 0) {
            found = c;
            break;
        }
    }
    if (!found && add) {
        found = symbol_alloc(s, len, h);
        table[j] = found;
        if (++table_count * 2 > table_size) grow();
    }
    pthread_mutex_unlock(&sym_lock);
    return found;
}

Symbol *sym_intern(const char *s, size_t len) { return find_or_add(s, len, true); }
Symbol *sym_intern_cstr(const char *s) { return find_or_add(s, strlen(s), true); }
Symbol *sym_lookup(const char *s, size_t len) { return find_or_add(s, len, false); }

void sym_table_init(void) {
#define INIT_SYM(id, text) sym_##id = sym_intern_cstr(text);
    VM_SYMBOLS(INIT_SYM)
#undef INIT_SYM
}
