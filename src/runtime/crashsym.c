/*
 * crashsym.c — names for code addresses in the crash report, from the ELF symbol table.
 *
 * dladdr only knows a library's exported symbols, and libjvm.so exports little more than
 * the JNI/JVM entry points (-fvisibility=hidden), so a frame inside the interpreter or the
 * collector would have no name.  The file on disk still has its full .symtab unless it
 * was stripped: this maps the file read-only, finds the function symbol that covers the
 * address (or the nearest one below it), and unmaps it again.  Only system calls and reads
 * of the mapping: safe in a signal handler.
 */
#include "runtime/crash_internal.h"
#include <elf.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct ElfView {
    const unsigned char *data;
    size_t size;
} ElfView;

static bool in_file(const ElfView *v, uint64_t off, uint64_t len) { return off <= v->size && len <= v->size - off; }

static const Elf64_Shdr *section(const ElfView *v, const Elf64_Ehdr *eh, unsigned i) {
    uint64_t off = eh->e_shoff + (uint64_t)i * sizeof(Elf64_Shdr);
    return i < eh->e_shnum && in_file(v, off, sizeof(Elf64_Shdr)) ? (const Elf64_Shdr *)(v->data + off) : NULL;
}

/* The best function symbol for the file-relative address rel in one symbol table. */
static const Elf64_Sym *best_symbol(const ElfView *v, const Elf64_Shdr *tab, uint64_t rel) {
    if (!in_file(v, tab->sh_offset, tab->sh_size) || tab->sh_entsize != sizeof(Elf64_Sym)) return NULL;
    const Elf64_Sym *syms = (const Elf64_Sym *)(v->data + tab->sh_offset), *best = NULL;
    size_t n = tab->sh_size / sizeof(Elf64_Sym);
    for (size_t i = 0; i < n; i++) {
        const Elf64_Sym *s = &syms[i];
        if (ELF64_ST_TYPE(s->st_info) != STT_FUNC || s->st_value == 0 || s->st_value > rel) continue;
        if (rel >= s->st_value + s->st_size) continue;
        if (!best || s->st_value > best->st_value) best = s;
    }
    return best;
}

static bool lookup(const ElfView *v, uint64_t rel, char *buf, size_t n, size_t *off) {
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)v->data;
    if (v->size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64) return false;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        const Elf64_Shdr *sh = section(v, eh, i);
        if (!sh || sh->sh_type != SHT_SYMTAB) continue;
        const Elf64_Shdr *strs = section(v, eh, sh->sh_link);
        const Elf64_Sym *s = strs ? best_symbol(v, sh, rel) : NULL;
        if (!s || s->st_name >= strs->sh_size || !in_file(v, strs->sh_offset, strs->sh_size)) continue;
        const char *name = (const char *)v->data + strs->sh_offset + s->st_name;
        size_t len = strnlen(name, strs->sh_size - s->st_name);
        if (len >= n) len = n - 1;
        memcpy(buf, name, len);
        buf[len] = '\0';
        *off = (size_t)(rel - s->st_value);
        return true;
    }
    return false;
}

bool cr_symbolize(void *pc, const char *path, void *base, char *buf, size_t n, size_t *off) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st;
    void *map = fstat(fd, &st) == 0 && st.st_size > 0 ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    close(fd);
    if (map == MAP_FAILED) return false;
    ElfView v = { map, (size_t)st.st_size };
    bool found = lookup(&v, (uint64_t)((char *)pc - (char *)base), buf, n, off);
    munmap(map, (size_t)st.st_size);
    return found;
}
